package bip32

import (
	"encoding/binary"
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/base58"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Fuzz targets for the two parsers: the extended-key parser (from strings,
// and from 78-byte serializations with a valid checksum, which random
// strings almost never have, against an independent statement of BIP-32's
// rules) and the path parser. No input panics, and each accepted input
// round-trips.

func extendedKeySeeds(f *testing.F, add func(string)) {
	for _, s := range []string{vector1Xprv, vector1Xpub, "", "xprv", "1111", strings.Repeat("z", 120)} {
		add(s)
	}
	var v bip32Vectors
	testref.JSON(f, "../testdata/bip-0032/bip32_test_vectors.json", &v)
	for _, tv := range v.Valid {
		for _, c := range tv.Chains {
			add(c.Xprv)
			add(c.Xpub)
		}
	}
	for _, c := range v.InvalidExtendedKeys {
		add(c.Key)
	}
}

func FuzzParseExtendedKey(f *testing.F) {
	extendedKeySeeds(f, func(s string) { f.Add(s) })
	f.Fuzz(func(t *testing.T, s string) {
		k, err := ParseExtendedKey(s)
		if err != nil {
			if k != nil {
				t.Fatal("a key and an error")
			}
			return
		}
		if got := k.Base58(); got != s {
			t.Fatalf("ParseExtendedKey(%q) serializes as %q", s, got)
		}
		y, err := ParseExtendedKey(k.Base58())
		if err != nil || !y.Equal(k) {
			t.Fatalf("parse(serialize(x)) != x: %v", err)
		}
	})
}

// fuzzNet is a network whose versions start with a zero byte (leading '1's
// in Base58) for the payload fuzzer.
var fuzzNet = Network{Private: 0x00000001, Public: 0x00000002}

// refParse states BIP-32's rules for a 78-byte serialization on its own:
// the error ParseExtendedKey must return, or nil.
func refParse(b []byte, nets []Network) error {
	version := binary.BigEndian.Uint32(b)
	private, known := false, false
	for _, n := range nets {
		if version == n.Private || version == n.Public {
			private, known = version == n.Private, true
			break
		}
	}
	switch {
	case !known:
		return ErrVersion
	case b[4] == 0 && (binary.BigEndian.Uint32(b[5:]) != 0 || binary.BigEndian.Uint32(b[9:]) != 0):
		return ErrZeroDepth
	case private && (b[45] == 2 || b[45] == 3), !private && b[45] == 0:
		return ErrVersionMismatch
	case private:
		k := new(big.Int).SetBytes(b[46:])
		if b[45] != 0 || k.Sign() == 0 || k.Cmp(testref.N) >= 0 {
			return ErrPrivateKey
		}
		return nil
	}
	x := new(big.Int).SetBytes(b[46:])
	if b[45] != 2 && b[45] != 3 {
		return ErrPublicKey
	}
	if _, ok := testref.Lift(x, uint(b[45]&1)); !ok {
		return ErrPublicKey
	}
	return nil
}

func FuzzParseExtendedKeyPayload(f *testing.F) {
	extendedKeySeeds(f, func(s string) {
		if b, err := base58.Decode(s); err == nil && len(b) >= 4 {
			f.Add(b[:len(b)-4])
		}
	})
	f.Fuzz(func(t *testing.T, b []byte) {
		nets := []Network{Mainnet, Testnet, fuzzNet}
		k, err := ParseExtendedKey(base58.CheckEncode(b), nets...)
		if len(b) != serializedLen {
			if !errors.Is(err, ErrLength) {
				t.Fatalf("%d bytes: %v, want ErrLength", len(b), err)
			}
			return
		}
		if want := refParse(b, nets); !errors.Is(err, want) || (want == nil) != (err == nil) {
			t.Fatalf("ParseExtendedKey(%x) = %v, the rules say %v", b, err, want)
		}
		if err != nil {
			return
		}
		var out [serializedLen]byte
		k.serialize(&out)
		if !slices.Equal(out[:], b) {
			t.Fatalf("reserialized %x as %x", b, out)
		}
		// A public key's children, and a private key's, do not panic.
		if _, err := k.Derive(uint32(b[0]) << 24); err != nil && !errors.Is(err, ErrHardenedFromPublic) && !errors.Is(err, ErrMaxDepth) {
			t.Fatalf("Derive: %v", err)
		}
		if k.IsPrivate() {
			priv, _ := k.PrivateKey()
			if !priv.PublicKey().Equal(k.PublicKey()) {
				t.Fatal("PublicKey")
			}
		}
		if _, err := secp256k1.ParsePublicKey(k.PublicKey().BytesCompressed()); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"m", "m/0", "m/84'/0'/0'/0/5", "0/5", "m/0h/1H", "", "m/", "//", "m/01", "m/2147483648",
		"2147483647'", "m/-1", "m/ 1", "M/0", "m/1''", strings.Repeat("0/", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePath(s)
		if err != nil {
			if !errors.Is(err, ErrPath) || p != nil {
				t.Fatalf("ParsePath(%q) = %v, %v", s, p, err)
			}
			return
		}
		q, err := ParsePath(p.String())
		if err != nil || !slices.Equal(p, q) {
			t.Fatalf("ParsePath(%q) = %v; ParsePath(%q) = %v, %v", s, p, p.String(), q, err)
		}
		// The accepted syntax is canonical: only the hardened marker and
		// the m/ prefix have other spellings.
		want := strings.NewReplacer("h", "'", "H", "'").Replace(s)
		if want != "m" && !strings.HasPrefix(want, "m/") {
			want = "m/" + want
		}
		if p.String() != want {
			t.Fatalf("ParsePath(%q).String() = %q, want %q", s, p.String(), want)
		}
		if len(p) > maxDepth {
			t.Fatalf("%d levels", len(p))
		}
	})
}
