package group

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
)

// TestBatchSetJacobian checks the constant-time batch conversion against
// one SetJacobian per point, on multiples of G with non-trivial Z.
func TestBatchSetJacobian(t *testing.T) {
	for n := 0; n <= 17; n++ {
		in := make([]Jacobian, n)
		var p Jacobian
		p.SetAffine(&Generator)
		for i := range in {
			p.Double(&p)
			p.VarTimeAddAffine(&p, &Generator)
			in[i] = p
		}
		out := make([]Affine, n)
		BatchSetJacobian(out, in, make([]field.Element, n))
		for i := range in {
			var want Affine
			if _, ok := want.SetJacobian(&in[i]); ok != 1 {
				t.Fatal("identity in test input")
			}
			if out[i].Equal(&want) != 1 || out[i].IsOnCurve() != 1 {
				t.Fatalf("n=%d: point %d differs", n, i)
			}
		}
	}
}
