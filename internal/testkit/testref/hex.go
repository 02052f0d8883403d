package testref

import (
	"encoding/hex"
	"encoding/json"
	"math/big"
	"testing"
)

// Hex decodes the hex string s (upper- or lower-case), failing the test
// with the offending string if s is not valid hex.
func Hex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// MustHex decodes the hex string s as Hex does, for a package-level value
// where there is no test to fail: it panics if s is not valid hex.
func MustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic("testref: bad hex constant " + s)
	}
	return b
}

// BigHex returns the non-negative integer of the hex digits s (upper- or
// lower-case, no prefix). It panics if s is not hex: for constants and
// vectors, which only a programmer writes.
func BigHex(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 16)
	if !ok || x.Sign() < 0 {
		panic("testref: bad hex constant " + s)
	}
	return x
}

// HexBytes is a JSON hex string of a test vector (upper- or lower-case):
// null decodes to nil, and "" to an empty, non-nil slice.
type HexBytes []byte

// UnmarshalJSON decodes a JSON hex string or null into h.
func (h *HexBytes) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*h = nil
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	d, err := hex.DecodeString(s)
	if err != nil {
		return err
	}
	*h = append(HexBytes{}, d...) // non-nil even when empty
	return nil
}
