package ecdsa

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// bip66Cases are encodings derived from BIP-66's rules; each must fail the
// strict parser.
var bip66Cases = map[string]string{
	"too short":             "30050201010201",
	"wrong sequence tag":    "3106020101020101",
	"sequence length long":  "3007020101020101",
	"sequence length short": "3005020101020101",
	"r tag":                 "3006030101020101",
	"s tag":                 "3006020101030101",
	"zero-length r":         "30050200020101",
	"zero-length s":         "30050201010200",
	"negative r":            "3006020181020101",
	"negative s":            "3006020101020181",
	"r padding":             "300702020001020101",
	"s padding":             "300702010102020001",
	"r length past end":     "3006020901020101",
	"trailing bytes":        "300602010102010100",
	"long-form length":      "308106020101020101",
	"s length past end":     "3006020101020901",
	"missing s":             "3003020101",
}

func TestParseDERRejectsBIP66Violations(t *testing.T) {
	for name, h := range bip66Cases {
		b := testref.Hex(t, h)
		if _, err := ParseDERSignature(b); err == nil {
			t.Errorf("%s: %x accepted", name, b)
		}
	}
	// Minimal valid: r = s = 1.
	if sig, err := ParseDERSignature(testref.Hex(t, "3006020101020101")); err != nil || sig.r.IsZero() == 1 {
		t.Fatalf("minimal DER rejected: %v", err)
	}
	// r or s not less than n (n itself, or 33 significant bytes) is
	// rejected with ErrOverflow.
	nInt := append([]byte{0x02, 0x21, 0x00}, testref.N.Bytes()...)
	bigInt := append([]byte{0x02, 0x21, 0x01}, make([]byte, 32)...)
	one := []byte{0x02, 0x01, 0x01}
	for name, ints := range map[string][2][]byte{
		"r = n": {nInt, one}, "s = n": {one, nInt},
		"r = 2²⁵⁶": {bigInt, one}, "s = 2²⁵⁶": {one, bigInt},
	} {
		der := append([]byte{0x30, byte(len(ints[0]) + len(ints[1]))}, ints[0]...)
		der = append(der, ints[1]...)
		if sig, err := ParseDERSignature(der); sig != nil || !errors.Is(err, ErrOverflow) {
			t.Errorf("%s: %v, want ErrOverflow", name, err)
		}
	}
}

func TestLaxDER(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		ok       bool
		r, s     byte // expected low bytes, 0 for the (0, 0) signature
	}{
		{"strict", "3006020101020102", true, 1, 2},
		{"wrong sequence length", "3045020101020102", true, 1, 2},
		{"trailing garbage", "3006020101020102ffff", true, 1, 2},
		{"long-form seq length", "308200060201010201020000", true, 1, 2},
		{"long-form int length", "30080281010102810102", true, 1, 2},
		{"negative r taken as positive", "3006020181020102", true, 0x81, 2},
		{"padded ok", "300a02040000000102020002", true, 1, 2},
		{"r over 32 bytes", "302a022101" + "0000000000000000000000000000000000000000000000000000000000000000" + "0201" + "02", true, 0, 0},
		{"no sequence", "0206020101020102", false, 0, 0},
		{"no s", "30030201010000", false, 0, 0},
		{"length beyond input", "300602ff01020102", false, 0, 0},
		{"empty", "", false, 0, 0},
	} {
		sig, err := ParseDERSignatureLax(testref.Hex(t, tc.in))
		if (err == nil) != tc.ok {
			t.Errorf("%s: err = %v, want ok = %v", tc.name, err, tc.ok)
			continue
		}
		if err != nil {
			continue
		}
		rb, sb := sig.r.Bytes(), sig.s.Bytes()
		if rb[31] != tc.r || sb[31] != tc.s || !bytes.Equal(rb[:31], make([]byte, 31)) {
			t.Errorf("%s: r, s = %x, %x", tc.name, rb, sb)
		}
	}
}

// TestLaxDEROverflowNeverVerifies checks the (0, 0) that ParseDERSignatureLax
// returns for an r or s of more than 32 bytes or not less than n: Verify
// rejects it for any key and hash.
func TestLaxDEROverflowNeverVerifies(t *testing.T) {
	r := testref.Rand(t)
	n := testref.N.FillBytes(make([]byte, 32))
	for name, in := range map[string]string{
		"r over 32 bytes": "302a022101" + strings.Repeat("00", 32) + "020102",
		"r = n":           "3026022100" + hex.EncodeToString(n) + "020102",
		"s = n":           "3026020102022100" + hex.EncodeToString(n),
	} {
		sig, err := ParseDERSignatureLax(testref.Hex(t, in))
		if err != nil || !sig.Equal(new(Signature)) {
			t.Fatalf("%s: %v, %v; want the signature (0, 0)", name, sig, err)
		}
		for _, hash := range [][]byte{nil, make([]byte, 32), n} {
			if pub := testkey.Random(t, r).PublicKey(); Verify(pub, hash, sig) {
				t.Fatalf("%s: (0, 0) verified", name)
			}
		}
	}
}

// FuzzParseDER checks that the strict, lax and compact parsers never panic,
// that strict DER round-trips exactly, and that whatever the strict parser
// accepts the lax parser reads the same way.
func FuzzParseDER(f *testing.F) {
	for _, h := range bip66Cases {
		f.Add(testref.Hex(f, h))
	}
	f.Add(testref.Hex(f, "3006020101020101"))
	f.Fuzz(func(t *testing.T, b []byte) {
		sig, err := ParseDERSignature(b)
		lax, laxErr := ParseDERSignatureLax(b)
		_, _ = ParseCompactSignature(b)
		if err != nil {
			return
		}
		if !bytes.Equal(sig.DER(), b) {
			t.Fatalf("DER round trip: %x -> %x", b, sig.DER())
		}
		if laxErr != nil || !lax.Equal(sig) {
			t.Fatalf("lax parser disagrees on strict DER %x", b)
		}
	})
}

func FuzzRecover(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 65))
	f.Fuzz(func(t *testing.T, hash, sig []byte) {
		pub, err := RecoverPublicKey(hash, sig)
		if err == nil && pub == nil {
			t.Fatal("nil key without error")
		}
		_, _, _ = RecoverCompact(hash, sig)
		_, _ = RecoverEthereum(hash, sig)
	})
}
