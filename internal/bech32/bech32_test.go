package bech32

import (
	"bytes"
	"strings"
	"testing"
)

// The valid and invalid strings of BIP-350's "Test vectors for Bech32m" and
// BIP-173's "Test vectors" for bech32 (the checksum-level vectors; the segwit
// address vectors belong to the address code). Each valid string of one
// variant is invalid in the other, as BIP-350 notes.
var (
	validBech32 = []string{
		"A12UEL5L",
		"a12uel5l",
		"an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
		"abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
		"11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j",
		"split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w",
		"?1ezyfcl",
	}
	validBech32m = []string{
		"A1LQFN3A",
		"a1lqfn3a",
		"an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6",
		"abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
		"11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8",
		"split1checkupstagehandshakeupstreamerranterredcaperredlc445v",
		"?1v759aa",
	}
	invalid = []string{
		"\x201xj0phk", "\x7f1g6xzxy", "\x801vctc34", // HRP character out of range
		"an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4", // over 90
		"qyrz8wqd2c9m", "1qyrz8wqd2c9m", // no separator, empty HRP
		"y1b0jsk6g", "lt1igcx5c0", // invalid data character
		"in1muywd",               // too short checksum
		"mm1crxm3i", "au1s5cgom", // invalid character in checksum
		"M1VUXWEZ",            // checksum of the upper-case HRP
		"16plkw9", "1p2gdwpf", // empty HRP
		"\x201nwldj5", "\x7f1axkwrx", "\x801eym55h", // bech32: HRP character out of range
		"pzry9x0s0muk", "1pzry9x0s0muk", "x1b4n0q5v", "li1dgmt3", "de1lg7wt\xff",
		"A1G7SGD8", "10a06t8", "1qzzfhee",
		"a12UEL5L", // mixed case
	}
)

func TestVectors(t *testing.T) {
	for _, tc := range []struct {
		v       Variant
		strings []string
	}{{Bech32, validBech32}, {Bech32m, validBech32m}} {
		for _, s := range tc.strings {
			hrp, data, v, err := Decode(s, 90)
			if err != nil || v != tc.v {
				t.Errorf("Decode(%q) = variant %d, %v; want %d", s, v, err, tc.v)
				continue
			}
			if got := Encode(hrp, data, v); got != strings.ToLower(s) {
				t.Errorf("Encode(Decode(%q)) = %q", s, got)
			}
			// One changed character breaks the checksum.
			b := []byte(strings.ToLower(s))
			i := len(b) - 3
			b[i] = charset[(strings.IndexByte(charset, b[i])+1)%32]
			if _, _, _, err := Decode(string(b), 90); err == nil {
				t.Errorf("Decode(%q) with one character changed succeeded", s)
			}
		}
	}
	for _, s := range invalid {
		if hrp, data, v, err := Decode(s, 90); err != ErrInvalid {
			t.Errorf("Decode(%q) = %q, %x, %d, %v; want ErrInvalid", s, hrp, data, v, err)
		}
	}
	// The length limit is the caller's.
	long := validBech32m[2]
	if _, _, _, err := Decode(long, len(long)-1); err != ErrInvalid {
		t.Errorf("Decode over maxLen: %v", err)
	}
}

func TestConvertBits(t *testing.T) {
	payload := bytes.Repeat([]byte{0xa5}, 66) // 528 bits: 2 padding bits in 5-bit groups
	five, ok := ConvertBits(payload, 8, 5, true)
	if !ok || len(five) != 106 {
		t.Fatalf("ConvertBits(8 → 5) = %d values, %v", len(five), ok)
	}
	if back, ok := ConvertBits(five, 5, 8, false); !ok || !bytes.Equal(back, payload) {
		t.Fatalf("round trip = %x, %v", back, ok)
	}
	for name, in := range map[string][]byte{
		"7 leftover bits":        append(bytes.Clone(five), 0),
		"5 leftover bits":        {0},
		"non-zero leftover bits": append(bytes.Clone(five[:len(five)-1]), five[len(five)-1]|1),
		"a value over 5 bits":    {32},
	} {
		if _, ok := ConvertBits(in, 5, 8, false); ok {
			t.Errorf("%s accepted", name)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range append(append(validBech32, validBech32m...), invalid...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hrp, data, v, err := Decode(s, 1023)
		if err != nil {
			return
		}
		if got := Encode(hrp, data, v); got != strings.ToLower(s) {
			t.Fatalf("Encode(Decode(%q)) = %q", s, got)
		}
	})
}
