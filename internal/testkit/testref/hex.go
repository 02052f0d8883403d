package testref

import (
	"encoding/hex"
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
