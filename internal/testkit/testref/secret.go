package testref

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

// The checks of the key types' zero-value rule and secret hygiene, shared
// by the root package and the protocol packages that hold keys.

// ExpectPanic fails t unless f panics with a string message that contains
// want.
func ExpectPanic(t testing.TB, name, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if msg, ok := r.(string); !ok || !strings.Contains(msg, want) {
			t.Errorf("%s: panic %v, want one containing %q", name, r, want)
		}
	}()
	f()
}

// SecretStrings returns the texts in which fmt could show the 32-byte
// big-endian secret b: its hex in both cases, and its four 64-bit limbs
// (internal/scalar's representation) in decimal and in hex.
func SecretStrings(b []byte) []string {
	s := hex.EncodeToString(b)
	out := []string{s, strings.ToUpper(s)}
	for i := range 4 {
		w := binary.BigEndian.Uint64(b[24-8*i:])
		out = append(out, fmt.Sprint(w), fmt.Sprintf("%x", w), fmt.Sprintf("%X", w))
	}
	return out
}

// CheckRedacted fails t if fmt, with any of the verbs that could show a
// value (%v, %+v, %#v, %s, %x, %X, %d, %q), prints one of secrets for one
// of args.
func CheckRedacted(t testing.TB, secrets []string, args ...any) {
	t.Helper()
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x", "%X", "%d", "%q"} {
		for _, arg := range args {
			out := fmt.Sprintf(verb, arg)
			for _, s := range secrets {
				if strings.Contains(out, s) {
					t.Fatalf("fmt.Sprintf(%q, %T) = %q contains secret %q", verb, arg, out, s)
				}
			}
		}
	}
}
