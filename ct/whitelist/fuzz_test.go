package whitelist

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzParseSignature: no panic, only ErrEncoding, and what parses encodes
// back to the same bytes; Verify on it does not panic.
func FuzzParseSignature(f *testing.F) {
	online, offline, sub, onSK, sumSK := benchWhitelist(f, 2)
	sig, err := Sign(online, offline, sub, onSK, sumSK, 0)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(sig.Bytes())
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseSignature(b)
		if err != nil {
			if !errors.Is(err, ErrEncoding) {
				t.Fatal(err)
			}
			return
		}
		if !bytes.Equal(s.Bytes(), b) {
			t.Fatal("Bytes differs from the parsed input")
		}
		if Verify(s, online, offline, sub) && !bytes.Equal(b, sig.Bytes()) {
			t.Fatal("another signature verifies")
		}
	})
}
