package silentpayments

import (
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/bech32"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

func TestAddressRoundTrip(t *testing.T) {
	rng := testref.PCG(t)
	for range 20 {
		a := &Address{HRP: TestnetHRP, Scan: testkey.Random(t, rng).PublicKey(), Spend: testkey.Random(t, rng).PublicKey()}
		for _, hrp := range []string{MainnetHRP, TestnetHRP, "sprt"} {
			a.HRP = hrp
			s := a.String()
			if !strings.HasPrefix(s, hrp+"1q") {
				t.Fatalf("address %s does not start with %s1q", s, hrp)
			}
			for _, in := range []string{s, strings.ToUpper(s)} {
				b, err := ParseAddress(in)
				if err != nil {
					t.Fatalf("ParseAddress(%s): %v", in, err)
				}
				if b.HRP != hrp || !b.Scan.Equal(a.Scan) || !b.Spend.Equal(a.Spend) {
					t.Fatalf("round trip of %s", in)
				}
			}
		}
	}
	a := &Address{Scan: testkey.Random(t, rng).PublicKey(), Spend: testkey.Random(t, rng).PublicKey()}
	if !strings.HasPrefix(a.String(), "sp1q") {
		t.Errorf("empty HRP does not encode as sp")
	}
	for _, hrp := range []string{"SP", "s p", strings.Repeat("s", 84)} {
		a.HRP = hrp
		if s := a.String(); s != "" {
			t.Errorf("invalid HRP %q encodes as %s", hrp, s)
		}
	}
}

// encodeRaw encodes a payload with any version and checksum variant.
func encodeRaw(hrp string, version byte, payload []byte, v bech32.Variant) string {
	five, _ := bech32.ConvertBits(payload, 8, 5, true)
	return bech32.Encode(hrp, append([]byte{version}, five...), v)
}

func TestParseAddressRules(t *testing.T) {
	rng := testref.PCG(t)
	scan, spend := testkey.Random(t, rng).PublicKey(), testkey.Random(t, rng).PublicKey()
	keys := append(scan.BytesCompressed(), spend.BytesCompressed()...)
	valid := encodeRaw("sp", 0, keys, bech32.Bech32m)
	if a, err := ParseAddress(valid); err != nil || !a.Scan.Equal(scan) {
		t.Fatalf("valid address rejected: %v", err)
	}
	// Versions 1–30 may carry more than 66 bytes: the first 66 are read.
	long := append(append([]byte{}, keys...), 1, 2, 3)
	for _, v := range []byte{1, 30} {
		if a, err := ParseAddress(encodeRaw("sp", v, long, bech32.Bech32m)); err != nil || !a.Spend.Equal(spend) {
			t.Errorf("version %d with extra data rejected: %v", v, err)
		}
	}
	mixed := []byte(valid)
	i := strings.IndexAny(valid[4:], "acdefghjklmnpqrstuvwxyz") + 4
	mixed[i] -= 'a' - 'A'
	flipped := []byte(valid)
	if flipped[10] == 'q' {
		flipped[10] = 'p'
	} else {
		flipped[10] = 'q'
	}
	badKey := append([]byte{}, keys...)
	badKey[0] = 4
	offCurve := append([]byte{}, keys...)
	copy(offCurve[1:33], make([]byte, 32)) // x = 0: 7 is not a square mod p
	for name, s := range map[string]string{
		"bech32 checksum":   encodeRaw("sp", 0, keys, bech32.Bech32),
		"version 31":        encodeRaw("sp", 31, keys, bech32.Bech32m),
		"v0, 67 bytes":      encodeRaw("sp", 0, long[:67], bech32.Bech32m),
		"v0, 65 bytes":      encodeRaw("sp", 0, keys[:65], bech32.Bech32m),
		"v1, 65 bytes":      encodeRaw("sp", 1, keys[:65], bech32.Bech32m),
		"bad key prefix":    encodeRaw("sp", 0, badKey, bech32.Bech32m),
		"key not on curve":  encodeRaw("sp", 0, offCurve, bech32.Bech32m),
		"mixed case":        string(mixed),
		"changed character": string(flipped),
		"no separator":      strings.ReplaceAll(valid, "1", ""),
		"empty HRP":         valid[2:],
		"empty":             "",
		"too long":          encodeRaw("sp", 1, make([]byte, 700), bech32.Bech32m),
		"bad character":     valid[:20] + "b" + valid[21:],
		"space":             valid[:20] + " " + valid[21:],
		"only a checksum":   "sp1qqqqqq",
		"short data":        encodeRaw("sp", 0, nil, bech32.Bech32m),
	} {
		if _, err := ParseAddress(s); err == nil {
			t.Errorf("%s: %s accepted", name, s)
		}
	}
	// The 66-byte payload leaves 2 padding bits in its 5-bit groups: they
	// must be zero, and one more group (7 leftover bits) is refused.
	_, data, _, err := bech32.Decode(valid, maxAddressLength)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseAddress(bech32.Encode("sp", append(data, 0), bech32.Bech32m)); err == nil {
		t.Errorf("an address with 7 leftover bits parsed")
	}
	data[len(data)-1] |= 1
	if _, err := ParseAddress(bech32.Encode("sp", data, bech32.Bech32m)); err == nil {
		t.Errorf("non-zero padding accepted")
	}
}
