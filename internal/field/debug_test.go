//go:build secp256k1debug

package field

import "testing"

// The secp256k1debug checks fire: each case breaks an invariant on purpose
// and expects the panic.

// expectPanic runs f and fails unless it panics with exactly want.
func expectPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if r := recover(); r != want {
			t.Errorf("panic %v, want %q", r, want)
		}
	}()
	f()
}

func TestDebugChecks(t *testing.T) {
	var a, b, v Element
	a.SetUint64(3)
	b.SetUint64(5)
	expectPanic(t, "secp256k1debug: field: Select condition is not 0 or 1", func() {
		v.Select(&a, &b, 2)
	})
	expectPanic(t, "secp256k1debug: field: Swap condition is not 0 or 1", func() {
		a.Swap(&b, -1)
	})
	expectPanic(t, "secp256k1debug: field: OrMask mask is not 0 or all ones", func() {
		v.OrMask(&a, 1)
	})
	expectPanic(t, "secp256k1debug: field: MultiplySmall: k ≥ 2³²", func() {
		feMulSmallGeneric(&v, &a, 1<<32)
	})
	den := []Element{a, b}
	expectPanic(t, "secp256k1debug: field: BatchInvert: inv aliases den", func() {
		BatchInvert(den, den, make([]Element, 2))
	})
}
