//go:build !purego

package group8

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestAssemblyMatchesGeneric checks that the single-function formulas give
// exactly the limbs of the formulas composed of field8 calls (on field8's
// assembly, whose operations they inline), also in place.
func TestAssemblyMatchesGeneric(t *testing.T) {
	if !field8.IFMA() {
		t.Skip("field8 does not run its IFMA assembly here (no AVX-512 IFMA, or the generic backend)")
	}
	r := testref.Rand(t)
	for range 300 {
		var p8 Jacobian8
		var a8 Affine8
		for j := range field8.Lanes {
			p := randomJacobian(r)
			p8.Set(j, &p)
			q := randomJacobian(r)
			var a group.Affine
			a.SetJacobian(&q)
			a8.Set(j, &a)
		}
		var x, y Jacobian8
		double8IFMA(&x, &p8)
		y.doubleGeneric(&p8)
		if x != y {
			t.Fatal("double8IFMA differs from doubleGeneric")
		}
		addAffine8IFMA(&x, &p8, &a8)
		y.addAffineGeneric(&p8, &a8)
		if x != y {
			t.Fatal("addAffine8IFMA differs from addAffineGeneric")
		}
		x = p8
		addAffine8IFMA(&x, &x, &a8)
		if x != y {
			t.Fatal("addAffine8IFMA in place differs")
		}
		x = p8
		double8IFMA(&x, &x)
		y.doubleGeneric(&p8)
		if x != y {
			t.Fatal("double8IFMA in place differs")
		}
	}
}
