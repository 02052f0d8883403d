// Package debugtest holds the helper shared by the tests of the
// kestrel_debug checks (the debug_test.go files of the root package and of
// internal/field, internal/scalar, internal/group and internal/safegcd).
package debugtest

import "testing"

// ExpectPanic runs f and fails t unless f panics with exactly want.
func ExpectPanic(t testing.TB, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if r := recover(); r != want {
			t.Errorf("panic %v, want %q", r, want)
		}
	}()
	f()
}
