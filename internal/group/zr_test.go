package group

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
)

// TestVarTimeAddAffineZr checks that the sum equals VarTimeAddAffine's and
// that Z₃ = Z₁·zr, in the general case, for a doubling (p = a) and for the
// identity (p = −a).
func TestVarTimeAddAffineZr(t *testing.T) {
	var p Jacobian
	p.SetAffine(&Generator)
	for i := range 20 {
		p.Double(&p) // non-trivial Z
		var a Affine
		var q Jacobian
		q.Double(&p)
		q.VarTimeAddAffine(&q, &Generator)
		a.SetJacobian(&q) // a = 2p + G
		switch i {
		case 1:
			a.SetJacobian(&p) // doubling
		case 2:
			a.SetJacobian(&p)
			a.Negate(&a) // identity
		}
		var want, got Jacobian
		var zr, z3 field.Element
		want.VarTimeAddAffine(&p, &a)
		got.VarTimeAddAffineZr(&p, &a, &zr)
		if got.Equal(&want) != 1 {
			t.Fatalf("case %d: sum differs", i)
		}
		z3.Multiply(&p.Z, &zr)
		if z3.Equal(&got.Z) != 1 {
			t.Fatalf("case %d: Z₃ ≠ Z₁·zr", i)
		}
		// Aliasing: v = p.
		alias := p
		var zr2 field.Element
		alias.VarTimeAddAffineZr(&alias, &a, &zr2)
		if alias != got || zr2.Equal(&zr) != 1 {
			t.Fatalf("case %d: aliasing", i)
		}
	}
}

// TestAddAffineDistinctZr checks the branch-free general case against
// VarTimeAddAffineZr, coordinates and ratio alike, with aliasing.
func TestAddAffineDistinctZr(t *testing.T) {
	var p Jacobian
	p.SetAffine(&Generator)
	for i := range 20 {
		p.Double(&p) // non-trivial Z
		var a Affine
		var q Jacobian
		q.Double(&p)
		q.VarTimeAddAffine(&q, &Generator)
		a.SetJacobian(&q) // a = 2p + G ≠ ±p
		var want, got Jacobian
		var zrWant, zr field.Element
		want.VarTimeAddAffineZr(&p, &a, &zrWant)
		got.AddAffineDistinctZr(&p, &a, &zr)
		if !sameCoordinates(&got, &want) || zr.Equal(&zrWant) != 1 {
			t.Fatalf("case %d: differs from VarTimeAddAffineZr", i)
		}
		alias := p
		alias.AddAffineDistinctZr(&alias, &a, &zr)
		if !sameCoordinates(&alias, &want) {
			t.Fatalf("case %d: aliasing", i)
		}
	}
}
