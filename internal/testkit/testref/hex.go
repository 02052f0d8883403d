package testref

import (
	"encoding/hex"
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
