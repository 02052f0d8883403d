package silentpayments

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/bech32"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// fuzzKey returns b as a private key if it is one, else a key derived from
// it.
func fuzzKey(b []byte, tag string) *secp256k1.PrivateKey {
	if k, err := secp256k1.NewPrivateKey(b); err == nil {
		return k
	}
	for i := byte(0); ; i++ {
		h := sha256.Sum256(append([]byte(tag+string(i)), b...))
		if k, err := secp256k1.NewPrivateKey(h[:]); err == nil {
			return k
		}
	}
}

// FuzzScan scans arbitrary outputs (any 32-byte strings: invalid x
// coordinates, values ≥ p, duplicates) with an arbitrary tweak and keys,
// optionally with genuine outputs planted at fuzzer-chosen positions. It
// checks that nothing panics and that both scanning methods agree with the
// literal BIP loop.
func FuzzScan(f *testing.F) {
	f.Add(make([]byte, 64), make([]byte, 33), make([]byte, 64), uint32(0))
	f.Add([]byte("keys"), []byte{2}, []byte(strings.Repeat("\xff", 96)), uint32(0x1234))
	f.Add([]byte("labels\x01\x02\x03"), []byte("tweak"), []byte(strings.Repeat("o", 640)), uint32(0xffffffff))
	f.Fuzz(func(t *testing.T, keys, tweak, outs []byte, plant uint32) {
		scan := fuzzKey(keys[:min(32, len(keys))], "scan")
		spend := fuzzKey(keys[min(32, len(keys)):min(64, len(keys))], "spend")
		r, err := NewReceiver(scan, spend.PublicKey())
		if err != nil {
			t.Skip()
		}
		if len(keys) > 64 {
			for _, m := range keys[64:min(len(keys), 68)] {
				if _, err := r.AddLabel(uint32(m)); err != nil {
					t.Skip()
				}
			}
		}
		tw, err := secp256k1.ParsePublicKey(tweak)
		if err != nil {
			tw = fuzzKey(tweak, "tweak").PublicKey()
		}
		var outputs [][32]byte
		for i := 0; i+32 <= len(outs) && len(outputs) < 40; i += 32 {
			outputs = append(outputs, [32]byte(outs[i:i+32]))
		}

		var shared secp256k1.Point
		shared.ScalarMult(&r.scan, tw.Point())
		// Plant up to 3 genuine outputs (k = 0, 1, 2), each direct or with a
		// label, at positions taken from plant.
		ser := [33]byte(shared.BytesCompressed())
		for k := range int(plant & 3) {
			h := hashSharedSecret(&ser, uint32(k))
			var tk secp256k1.Scalar
			tk.SetCanonicalBytes(h[:])
			var P secp256k1.Point
			P.ScalarBaseMult(&tk)
			P.Add(&P, r.spend.Point())
			if sel := int(plant>>(2+4*k)) & 3; sel > 0 {
				var L secp256k1.Point
				L.ScalarBaseMult(&r.labels[(sel-1)%len(r.labels)].tweak)
				P.Add(&P, &L)
			}
			x, err := P.BytesX()
			if err != nil {
				continue
			}
			pos := int(plant>>(4+4*k)) % (len(outputs) + 1)
			outputs = slices.Insert(outputs, pos, [32]byte(x))
		}

		want := referenceScan(t, r, &shared, outputs)
		for _, m := range []int{methodAuto, methodAddition, methodSubtraction, methodProjective} {
			r.method = m
			got, err := r.ScanWithTweak(tw, outputs)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("method %d: found %+v, reference %+v", m, got, want)
			}
		}
		checkSpendable(t, spend, want)
	})
}

// FuzzParseAddress checks that ParseAddress never panics and that a parsed
// version 0 address re-encodes to its input (in lower case).
func FuzzParseAddress(f *testing.F) {
	for _, c := range loadVectors(f) {
		for _, s := range c.Sending {
			for _, r := range s.Given.Recipients {
				f.Add(r.Address)
			}
		}
	}
	f.Add("tsp1qqqqqqq")
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAddress(s)
		if err != nil {
			return
		}
		_, data, _, _ := bech32.Decode(s, maxAddressLength)
		if data[0] == 0 && a.String() != strings.ToLower(s) {
			t.Fatalf("%s re-encodes as %s", s, a.String())
		}
	})
}

// FuzzInputPublicKey checks that the input rules never panic on arbitrary
// scripts and witnesses, and return only compressed keys.
func FuzzInputPublicKey(f *testing.F) {
	for _, c := range loadVectors(f) {
		for _, s := range c.Sending {
			for _, v := range s.Given.Vin {
				f.Add(testref.Hex(f, v.Prevout.ScriptPubKey.Hex), testref.Hex(f, v.ScriptSig), testref.Hex(f, v.TxInWitness))
			}
		}
	}
	f.Fuzz(func(t *testing.T, spk, scriptSig, witness []byte) {
		w, err := parseWitness(witness)
		if err != nil {
			// Use the raw bytes as a one-item stack instead.
			w = [][]byte{witness}
		}
		pub, err := InputPublicKey(spk, scriptSig, w)
		if err != nil {
			if pub != nil {
				t.Fatal("key returned with an error")
			}
			return
		}
		if _, err := secp256k1.ParsePublicKey(pub.BytesCompressed()); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzParseOutpoint checks that ParseOutpoint never panics and that an
// accepted txid round-trips (display order is the reverse of the bytes).
func FuzzParseOutpoint(f *testing.F) {
	f.Add("f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16", uint32(0))
	f.Add("00", uint32(7))
	f.Fuzz(func(t *testing.T, txid string, vout uint32) {
		o, err := ParseOutpoint(txid, vout)
		if err != nil {
			return
		}
		var rev [32]byte
		for i := range rev {
			rev[i] = o.TxID[31-i]
		}
		if hex.EncodeToString(rev[:]) != strings.ToLower(txid) || o.Vout != vout {
			t.Fatalf("ParseOutpoint(%q, %d) = %x, %d", txid, vout, o.TxID, o.Vout)
		}
	})
}

// FuzzParsePrevoutsSummary parses arbitrary bytes as a 65-byte summary: no
// panic, ErrSummaryEncoding exactly when the length, A (checked with
// secp256k1.ParsePublicKey on a compressed prefix) or input_hash (checked
// in math/big: 0 < h < n) is wrong, and a byte-exact round trip otherwise,
// with PublicTweak = input_hash·A in math/big.
func FuzzParsePrevoutsSummary(f *testing.F) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{1}, 32))
	s, _ := NewPrevoutsSummary([]Outpoint{{}}, []*secp256k1.PublicKey{k.PublicKey()})
	f.Add(s.Bytes())
	f.Add(make([]byte, 65))
	f.Add(append(k.PublicKey().BytesCompressed(), testref.Bytes32(testref.N)...))
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParsePrevoutsSummary(b)
		valid := len(b) == 65 && (b[0] == 2 || b[0] == 3)
		if valid {
			_, perr := secp256k1.ParsePublicKey(b[:33])
			h := new(big.Int).SetBytes(b[33:])
			valid = perr == nil && h.Sign() > 0 && h.Cmp(testref.N) < 0
		}
		if !valid {
			if !errors.Is(err, ErrSummaryEncoding) {
				t.Fatalf("%x: %v, want ErrSummaryEncoding", b, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%x: %v", b, err)
		}
		if !bytes.Equal(s.Bytes(), b) {
			t.Fatalf("round trip %x", s.Bytes())
		}
		A := s.PublicKeySum().BytesUncompressed()
		ref := testref.ScalarMult(new(big.Int).SetBytes(b[33:]), testref.Point{X: new(big.Int).SetBytes(A[1:33]), Y: new(big.Int).SetBytes(A[33:])})
		if !bytes.Equal(testref.Compressed(ref), s.PublicTweak().BytesCompressed()) {
			t.Fatal("PublicTweak ≠ input_hash·A (math/big)")
		}
	})
}

// FuzzParsePublicTweak parses arbitrary bytes as tweak data: no panic,
// ErrTweakData for everything but a 33-byte compressed point, which
// round-trips (checked against the root package's parser).
func FuzzParsePublicTweak(f *testing.F) {
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{1}, 32))
	f.Add(k.PublicKey().BytesCompressed())
	f.Add(k.PublicKey().BytesUncompressed())
	f.Add([]byte{0})
	f.Add(make([]byte, 33))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParsePublicTweak(b)
		_, perr := secp256k1.ParsePublicKey(b)
		if len(b) != 33 || perr != nil {
			if !errors.Is(err, ErrTweakData) {
				t.Fatalf("%x: %v, want ErrTweakData", b, err)
			}
			return
		}
		if err != nil || !bytes.Equal(p.BytesCompressed(), b) {
			t.Fatalf("%x: %v", b, err)
		}
	})
}
