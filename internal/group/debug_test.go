//go:build secp256k1debug

package group

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
)

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
	table := []Affine{Generator, Generator}
	var a Affine
	expectPanic(t, "secp256k1debug: group: Lookup index out of range", func() {
		a.Lookup(table, 2)
	})
	var inf, v Jacobian
	var zr field.Element
	expectPanic(t, "secp256k1debug: group: mixed addition with p the identity", func() {
		v.VarTimeAddAffineZr(&inf, &Generator, &zr)
	})
	var g Jacobian
	g.SetAffine(&Generator)
	expectPanic(t, "secp256k1debug: field: Select condition is not 0 or 1", func() {
		v.Select(&g, &inf, 3)
	})
}
