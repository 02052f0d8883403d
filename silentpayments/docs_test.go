package silentpayments

import (
	"bytes"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// Tests of "must" and "never" statements of the doc comments that no other
// test checks; each names its statement.

// TestDocConvertBitsLeftover checks bech32m.go's convertBits: "without it
// [pad], leftover bits must number fewer than from and be zero"; either
// violation is refused.
func TestDocConvertBitsLeftover(t *testing.T) {
	payload := bytes.Repeat([]byte{0xa5}, 66) // 528 bits: 2 padding bits in 5-bit groups
	five, ok := convertBits(payload, 8, 5, true)
	if !ok {
		t.Fatal("convertBits(8 → 5) refused")
	}
	if back, ok := convertBits(five, 5, 8, false); !ok || !bytes.Equal(back, payload) {
		t.Fatalf("round trip = %x, %v", back, ok)
	}
	extra := append(bytes.Clone(five), 0) // 7 leftover bits ≥ 5
	if _, ok := convertBits(extra, 5, 8, false); ok {
		t.Error("7 leftover bits accepted")
	}
	if _, ok := convertBits([]byte{0}, 5, 8, false); ok {
		t.Error("5 leftover bits accepted")
	}
	nonZero := bytes.Clone(five)
	nonZero[len(nonZero)-1] |= 1
	if _, ok := convertBits(nonZero, 5, 8, false); ok {
		t.Error("non-zero leftover bits accepted")
	}
	// The same rule, at the address level: one more 5-bit group.
	rng := testref.PCG(t)
	a := &Address{Scan: testkey.Random(t, rng).PublicKey(), Spend: testkey.Random(t, rng).PublicKey()}
	_, data, err := bech32mDecode(a.String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseAddress(bech32mEncode("sp", append(data, 0))); err == nil {
		t.Error("an address with 7 leftover bits parsed")
	}
}
