package base58

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"strings"
	"testing"
)

// Bitcoin Core's src/test/data/base58_encode_decode.json.
var vectors = []struct{ hex, enc string }{
	{"", ""},
	{"61", "2g"},
	{"626262", "a3gV"},
	{"636363", "aPEr"},
	{"73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"},
	{"00eb15231dfceb60925886b67d065299925915aeb172c06647", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"},
	{"516b6fcd0f", "ABnLTmg"},
	{"bf4f89001e670274dd", "3SEo3LWLoPntC"},
	{"572e4794", "3EFU7m"},
	{"ecac89cad93923c02321", "EJDM8drfXA6uyA"},
	{"10c8511e", "Rt5zm"},
	{"00000000000000000000", "1111111111"},
}

func TestVectors(t *testing.T) {
	for _, v := range vectors {
		b, _ := hex.DecodeString(v.hex)
		if got := Encode(b); got != v.enc {
			t.Errorf("Encode(%s) = %q, want %q", v.hex, got, v.enc)
		}
		if got, err := Decode(v.enc); err != nil || !bytes.Equal(got, b) {
			t.Errorf("Decode(%q) = %x, %v", v.enc, got, err)
		}
	}
}

// TestAgainstBig checks Encode against the definition with math/big: the
// big-endian number in base 58, a '1' per leading zero byte.
func TestAgainstBig(t *testing.T) {
	for i := range 300 {
		b := bytes.Repeat([]byte{byte(i), byte(i * 7), 0}, i%11)
		if i%3 == 0 {
			b = append([]byte{0, 0}, b...)
		}
		n := new(big.Int).SetBytes(b)
		var digits []byte
		for n.Sign() > 0 {
			m := new(big.Int)
			n.DivMod(n, big.NewInt(58), m)
			digits = append([]byte{alphabet[m.Int64()]}, digits...)
		}
		zeros := len(b) - len(bytes.TrimLeft(b, "\x00"))
		want := strings.Repeat("1", zeros) + string(digits)
		if got := Encode(b); got != want {
			t.Fatalf("Encode(%x) = %q, want %q", b, got, want)
		}
		if back, err := Decode(want); err != nil || !bytes.Equal(back, b) {
			t.Fatalf("Decode(%q) = %x, %v", want, back, err)
		}
	}
}

func TestCheck(t *testing.T) {
	// The P2PKH address of the payload 00 ‖ HASH160 from the vectors above.
	payload, _ := hex.DecodeString("00" + "eb15231dfceb60925886b67d065299925915aeb1")
	s := CheckEncode(payload)
	if got, err := CheckDecode(s); err != nil || !bytes.Equal(got, payload) {
		t.Fatalf("CheckDecode(CheckEncode) = %x, %v", got, err)
	}
	// The vector "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L" is payload ‖ 72c06647,
	// which is not the checksum.
	if _, err := CheckDecode("1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"); err != ErrChecksum {
		t.Errorf("wrong checksum: %v", err)
	}
	for _, bad := range []string{"", "1", "2g", "0OIl", s[:len(s)-1] + "0", strings.Repeat("2", MaxLen+1)} {
		if _, err := CheckDecode(bad); err == nil {
			t.Errorf("CheckDecode(%q) succeeded", bad)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, v := range vectors {
		f.Add(v.enc)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := Decode(s)
		if err != nil {
			return
		}
		if got := Encode(b); got != s {
			t.Fatalf("Encode(Decode(%q)) = %q", s, got)
		}
		_, _ = CheckDecode(s)
	})
}
