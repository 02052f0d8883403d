//go:build kestrel_debug

package group

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug/debugtest"
	"github.com/kestrel-crypto/secp256k1/internal/field"
)

// The kestrel_debug checks fire: each case breaks an invariant on purpose
// and expects the panic.

func TestDebugChecks(t *testing.T) {
	table := []Affine{Generator, Generator}
	var a Affine
	debugtest.ExpectPanic(t, "kestrel_debug: group: Lookup index out of range", func() {
		a.Lookup(table, 2)
	})
	var inf, v Jacobian
	var zr field.Element
	debugtest.ExpectPanic(t, "kestrel_debug: group: mixed addition with p the identity", func() {
		v.VarTimeAddAffineZr(&inf, &Generator, &zr)
	})
	var g Jacobian
	g.SetAffine(&Generator)
	debugtest.ExpectPanic(t, "kestrel_debug: field: Select condition is not 0 or 1", func() {
		v.Select(&g, &inf, 3)
	})
	// x′ = x₀, the isogeny's kernel, which no point of E′(F_p) has.
	var one, y field.Element
	one.One()
	debugtest.ExpectPanic(t, "kestrel_debug: group: isoMap: point above the kernel", func() {
		v.isoMap(&isoX0, &one, &y)
	})
	// A point of E′ mapped to E: any other (x′, y′) is not on E′, and its
	// image is not on E.
	debugtest.ExpectPanic(t, "kestrel_debug: group: MapToCurve: result not on the curve", func() {
		v.isoMap(&one, &one, &one)
	})
}
