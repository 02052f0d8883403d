package bip32

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/base58"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The first key of BIP-32's test vector 1, m.
const (
	vector1Xprv = "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi"
	vector1Xpub = "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8"
)

// payloadOf returns the 78-byte serialization of a valid key string.
func payloadOf(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base58.CheckDecode(s)
	if err != nil || len(b) != serializedLen {
		t.Fatalf("%s: %v", s, err)
	}
	return b
}

// TestParseErrors is the table of bad input: each malformed serialization,
// made from a valid one with one change, gives its named error.
func TestParseErrors(t *testing.T) {
	prv, pub := payloadOf(t, vector1Xprv), payloadOf(t, vector1Xpub)
	// A child (depth 1) to vary depth and fingerprints on.
	m, _ := ParseExtendedKey(vector1Xprv)
	child, _ := m.Derive(1)
	childPrv := payloadOf(t, child.Base58())
	n := testref.N.FillBytes(make([]byte, 32))
	p := testref.P.FillBytes(make([]byte, 32))

	edit := func(b []byte, f func(b []byte)) string {
		c := append([]byte(nil), b...)
		f(c)
		return base58.CheckEncode(c)
	}
	for _, c := range []struct {
		name string
		s    string
		want error
	}{
		{"empty", "", ErrLength},
		{"not Base58 (0)", "x0" + vector1Xprv[2:], ErrEncoding},
		{"not Base58 (space)", vector1Xprv + " ", ErrEncoding},
		{"not Base58 (non-ASCII)", "é" + vector1Xprv, ErrEncoding},
		{"too long for Base58", strings.Repeat("1", 300), ErrLength},
		{"truncated", vector1Xprv[:len(vector1Xprv)-1], ErrLength},
		{"one character more", vector1Xprv + "1", ErrLength},
		{"77 bytes, valid checksum", base58.CheckEncode(prv[:77]), ErrLength},
		{"79 bytes, valid checksum", base58.CheckEncode(append(append([]byte(nil), prv...), 0)), ErrLength},
		{"wrong checksum", vector1Xprv[:len(vector1Xprv)-1] + "j", ErrChecksum},
		{"unknown version", edit(prv, func(b []byte) { b[3]++ }), ErrVersion},
		{"zero version", edit(prv, func(b []byte) { clear(b[:4]) }), ErrVersion},
		{"testnet version, Mainnet only", "", nil}, // below, with nets
		{"depth 0, parent fingerprint", edit(prv, func(b []byte) { b[8] = 1 }), ErrZeroDepth},
		{"depth 0, child number", edit(pub, func(b []byte) { b[12] = 1 }), ErrZeroDepth},
		{"depth 0, hardened child number", edit(prv, func(b []byte) { b[9] = 0x80 }), ErrZeroDepth},
		{"xpub version, private key", edit(prv, func(b []byte) { binary.BigEndian.PutUint32(b, Mainnet.Public) }), ErrVersionMismatch},
		{"xprv version, public key", edit(pub, func(b []byte) { binary.BigEndian.PutUint32(b, Mainnet.Private) }), ErrVersionMismatch},
		{"private key prefix 01", edit(prv, func(b []byte) { b[45] = 1 }), ErrPrivateKey},
		{"private key prefix 04", edit(prv, func(b []byte) { b[45] = 4 }), ErrPrivateKey},
		{"private key prefix ff", edit(prv, func(b []byte) { b[45] = 0xff }), ErrPrivateKey},
		{"private key 0", edit(prv, func(b []byte) { clear(b[46:]) }), ErrPrivateKey},
		{"private key n", edit(prv, func(b []byte) { copy(b[46:], n) }), ErrPrivateKey},
		{"private key 2²⁵⁶−1", edit(prv, func(b []byte) { copy(b[46:], strings.Repeat("\xff", 32)) }), ErrPrivateKey},
		{"private key 0 at depth 1", edit(childPrv, func(b []byte) { clear(b[46:]) }), ErrPrivateKey},
		{"public key prefix 04", edit(pub, func(b []byte) { b[45] = 4 }), ErrPublicKey},
		{"public key prefix 01", edit(pub, func(b []byte) { b[45] = 1 }), ErrPublicKey},
		{"public key prefix 05", edit(pub, func(b []byte) { b[45] = 5 }), ErrPublicKey},
		{"public key x = p", edit(pub, func(b []byte) { copy(b[46:], p) }), ErrPublicKey},
		{"public key x = 0, not on the curve", edit(pub, func(b []byte) { clear(b[46:]) }), ErrPublicKey},
		{"public key x = 7, not on the curve", edit(pub, func(b []byte) { clear(b[46:]); b[77] = 7 }), ErrPublicKey},
	} {
		if c.want == nil {
			continue
		}
		k, err := ParseExtendedKey(c.s)
		if !errors.Is(err, c.want) || k != nil {
			t.Errorf("%s: %v, %v; want %v", c.name, k, err, c.want)
		}
	}
	// The version must be one of the networks given.
	tprv := edit(prv, func(b []byte) { binary.BigEndian.PutUint32(b, Testnet.Private) })
	if _, err := ParseExtendedKey(tprv, Mainnet); !errors.Is(err, ErrVersion) {
		t.Errorf("a tprv with Mainnet only: %v", err)
	}
	if k, err := ParseExtendedKey(tprv); err != nil || k.Network() != Testnet {
		t.Errorf("a tprv by default: %v", err)
	}
	// Depth 1 may have any fingerprint, including 0.
	if _, err := ParseExtendedKey(edit(childPrv, func(b []byte) { clear(b[5:13]) })); err != nil {
		t.Errorf("depth 1 with fingerprint 0 and child 0: %v", err)
	}
}

func TestParsePath(t *testing.T) {
	H := uint32(HardenedKeyStart)
	for _, c := range []struct {
		s    string
		want Path
	}{
		{"m", Path{}},
		{"m/0", Path{0}},
		{"0", Path{0}},
		{"m/0'", Path{H}},
		{"m/0h/1H/2'", Path{H, H + 1, H + 2}},
		{"m/84'/0'/0'/0/5", Path{H + 84, H, H, 0, 5}},
		{"0/5", Path{0, 5}},
		{"2147483647", Path{H - 1}},
		{"2147483647'", Path{1<<32 - 1}},
		{"m/1000000000", Path{1000000000}},
	} {
		p, err := ParsePath(c.s)
		if err != nil || len(p) != len(c.want) {
			t.Errorf("ParsePath(%q) = %v, %v; want %v", c.s, p, err, c.want)
			continue
		}
		for i := range p {
			if p[i] != c.want[i] {
				t.Errorf("ParsePath(%q) = %v, want %v", c.s, p, c.want)
			}
		}
		q, err := ParsePath(p.String())
		if err != nil || len(q) != len(p) {
			t.Errorf("ParsePath(%q.String() = %q): %v", c.s, p.String(), err)
		}
	}
	for _, c := range []struct{ s, msg string }{
		{"", "empty"},
		{"m/", "level 1: empty"},
		{"/0", "level 1: empty"},
		{"m//0", "level 1: empty"},
		{"0/", "level 2: empty"},
		{"m/0/", "level 2: empty"},
		{"M/0", `level 1: "M" is not an index`},
		{"m0", `"m0" is not an index`},
		{"x", `"x" is not an index`},
		{"m/-1", "not an index"},
		{"m/+1", "not an index"},
		{"m/ 1", "not an index"},
		{"m/1 ", "not an index"},
		{"m/1''", "not an index"},
		{"m/1'h", "not an index"},
		{"m/'", "no index before the hardened marker"},
		{"m/h", "no index before the hardened marker"},
		{"m/01", "leading zero"},
		{"m/00'", "leading zero"},
		{"m/2147483648", "not less than 2³¹"},
		{"m/2147483648'", "not less than 2³¹"},
		{"m/4294967295", "not less than 2³¹"},
		{"m/99999999999999999999999999999999", "not less than 2³¹"},
		{"m/0x10", "not an index"},
		{"m/1e3", "not an index"},
		{"m/0/1/" + strings.Repeat("9", 40), `level 3: "99999999999999999999"…`},
		{"m/" + strings.Repeat("0/", 255) + "0", "more than 255 levels"},
	} {
		p, err := ParsePath(c.s)
		if !errors.Is(err, ErrPath) || p != nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("ParsePath(%q) = %v, %v; want ErrPath with %q", c.s, p, err, c.msg)
		}
	}
	if s := (Path{H + 84, H, H, 0, 5}).String(); s != "m/84'/0'/0'/0/5" {
		t.Errorf("String = %s", s)
	}
	if s := (Path{}).String(); s != "m" {
		t.Errorf("String of the empty path = %s", s)
	}
}

// TestZeroValue checks the zero-value rule: secp256k1.ErrUninitialized from
// each function with an error result, a panic naming the type from the
// others, for the zero ExtendedKey, a nil one and a wiped one.
func TestZeroValue(t *testing.T) {
	m, _ := ParseExtendedKey(vector1Xprv)
	wiped, _ := m.Derive(0)
	state, sec, copied := wiped.s, wiped.s.sec, *wiped
	wiped.Zero()
	if wiped.s != nil || state.net != (Network{}) || state.sec != nil || state.pub != nil || *sec != (secrets{}) {
		t.Fatal("Zero left key material")
	}
	wiped.Zero() // twice: nothing
	if _, err := m.Derive(0); err != nil {
		t.Errorf("Zero of a child changed its parent: %v", err)
	}
	for name, k := range map[string]*ExtendedKey{"zero value": new(ExtendedKey), "nil": nil, "wiped": wiped, "copy of a wiped key": &copied} {
		errs := map[string]error{"Validate": k.Validate()}
		_, errs["Derive"] = k.Derive(0)
		_, errs["Derive hardened"] = k.Derive(HardenedKeyStart)
		_, errs["DerivePath"] = k.DerivePath("m/0")
		_, errs["DerivePath m"] = k.DerivePath("m")
		_, errs["Neuter"] = k.Neuter()
		_, errs["WithNetwork"] = k.WithNetwork(Testnet)
		_, errs["PrivateKey"] = k.PrivateKey()
		if k != nil {
			_, errs["MarshalText"] = k.MarshalText()
			_, errs["MarshalJSON"] = k.MarshalJSON()
		}
		for f, err := range errs {
			if !errors.Is(err, secp256k1.ErrUninitialized) {
				t.Errorf("%s: %s = %v, want secp256k1.ErrUninitialized", name, f, err)
			}
		}
		for f, call := range map[string]func(){
			"IsPrivate":         func() { k.IsPrivate() },
			"Depth":             func() { k.Depth() },
			"ParentFingerprint": func() { k.ParentFingerprint() },
			"ChildIndex":        func() { k.ChildIndex() },
			"ChainCode":         func() { k.ChainCode() },
			"Network":           func() { k.Network() },
			"Version":           func() { k.Version() },
			"Fingerprint":       func() { k.Fingerprint() },
			"PublicKey":         func() { k.PublicKey() },
			"Base58":            func() { k.Base58() },
			"Equal":             func() { k.Equal(m) },
			"Equal (argument)":  func() { m.Equal(k) },
		} {
			testref.ExpectPanic(t, name+": "+f, "uninitialized ExtendedKey", call)
		}
		if k != nil {
			if s := k.String(); s != "<uninitialized>" {
				t.Errorf("%s: String = %q", name, s)
			}
		}
	}
}
