package testref

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

// Checks of the rules for keys that need no key type: the panics of the
// zero-value rule and the fmt hygiene of secrets. testkey has the checks
// that need the root package's types.

// ExpectPanic checks that f panics with a string containing want.
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

// ErrorOrPanic runs f and returns its error, or its panic as an error
// ("panic: …"): for tests that a call fails closed instead of panicking.
func ErrorOrPanic(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// SecretTexts returns the texts by which fmt could show the 32-byte
// big-endian secret b: its hex in either case, its bytes in decimal (as %v
// prints a [32]byte), and the four 64-bit limbs of a scalar (least
// significant first, as the root's Scalar holds them) in decimal and in hex
// of either case.
func SecretTexts(b []byte) []string {
	texts := []string{
		hex.EncodeToString(b),
		strings.ToUpper(hex.EncodeToString(b)),
		strings.Trim(fmt.Sprint(b), "[]"),
	}
	for i := range 4 {
		w := binary.BigEndian.Uint64(b[24-8*i:])
		texts = append(texts, fmt.Sprint(w), fmt.Sprintf("%x", w), fmt.Sprintf("%X", w))
	}
	return texts
}

// CheckRedacted checks that no fmt verb prints any of secrets (see
// SecretTexts) for any of args.
func CheckRedacted(t testing.TB, secrets []string, args ...any) {
	t.Helper()
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x", "%X", "%d", "%q"} {
		for _, arg := range args {
			out := fmt.Sprintf(verb, arg)
			for _, s := range secrets {
				if strings.Contains(out, s) {
					t.Fatalf("fmt.Sprintf(%q, %T) = %q contains the secret %q", verb, arg, out, s)
				}
			}
		}
	}
}
