//go:build !purego

package group8

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestGatherAssemblyMatchesGeneric checks that the gathers' assembly gives
// exactly the limbs of their generic twins.
func TestGatherAssemblyMatchesGeneric(t *testing.T) {
	if !field8.IFMA() {
		t.Skip("field8 does not run its IFMA assembly here (no AVX-512 IFMA, or the generic backend)")
	}
	r := testref.Rand(t)
	table8 := make([]Affine8, 16)
	table := make([]Affine64, 256)
	for range 100 {
		for i := range table8 {
			for j := range field8.Lanes {
				a := randomAffine(r)
				table8[i].set(j, &a)
			}
		}
		for i := range table {
			a := randomAffine(r)
			table[i] = affine64(&a)
		}
		d := randomOddDigits(r, len(table8))
		var x, y Affine8
		gather8IFMA(&x, &table8[0], &d)
		y.gatherGeneric(table8, &d)
		if x != y {
			t.Fatal("gather8IFMA differs from gatherGeneric")
		}
		d = randomOddDigits(r, len(table))
		gatherAffine8IFMA(&x, &table[0], &d)
		y.gatherAffineGeneric(table, &d)
		if x != y {
			t.Fatal("gatherAffine8IFMA differs from gatherAffineGeneric")
		}
	}
}
