package silentpayments

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

func pointAffine(p *secp256k1.Point) group.Affine {
	pub, err := secp256k1.NewPublicKey(p)
	if err != nil {
		panic(err)
	}
	return publicKeyAffine(pub)
}

// TestAddAffineBatch checks the batched affine sums against the root
// package's point addition, including the exceptional cases T = B (a
// doubling) and T = −B (the point at infinity), which take the unified
// formula.
func TestAddAffineBatch(t *testing.T) {
	rng := testref.PCG(t)
	T := testkey.Random(t, rng).PublicKey().Point()
	var negT, twoT secp256k1.Point
	negT.Negate(T)
	twoT.Double(T)
	points := []*secp256k1.Point{
		testkey.Random(t, rng).PublicKey().Point(),
		T,
		testkey.Random(t, rng).PublicKey().Point(),
		&negT,
		&twoT,
	}
	B := make([]group.Affine, len(points))
	for i, p := range points {
		B[i] = pointAffine(p)
	}
	Ta := pointAffine(T)
	for n := 1; n <= len(B); n++ {
		var sc scratch
		sc.grow(n)
		addAffineBatch(&sc, &Ta, B[:n])
		for j := range n {
			var want secp256k1.Point
			want.Add(T, points[j])
			if want.IsIdentity() == 1 {
				if sc.valid[j] {
					t.Errorf("n=%d, j=%d: T + B = 𝒪 reported valid", n, j)
				}
				continue
			}
			w := pointAffine(&want)
			if !sc.valid[j] || sc.sums[j].X.Equal(&w.X) != 1 || sc.sums[j].Y.Equal(&w.Y) != 1 {
				t.Errorf("n=%d, j=%d: wrong sum", n, j)
			}
		}
	}
}
