package field8

import (
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestLin checks Lin against math/big on the combinations that the point
// formulas use, with edge-case limbs (all ones, p and its neighbours, zero),
// also in place, and that Sub and Add are Lin's special cases limb for limb.
func TestLin(t *testing.T) {
	r := testref.Rand(t)
	combos := []struct {
		k uint64
		c []int
	}{
		{4, []int{2, -2, -2}}, {0, []int{3}}, {0, []int{2}}, {2, []int{1, -2}},
		{8, []int{1, -8}}, {0, []int{4}}, {2, []int{2, -2}}, {2, []int{1, -1, -1}},
		{2, []int{1, -1, -2}}, {1, []int{1, -1}}, {0, []int{1, 1}},
	}
	for range 200 {
		for _, cb := range combos {
			xs := make([]*Element8, len(cb.c))
			terms := make([]Term, len(cb.c))
			for i, c := range cb.c {
				xs[i] = randomElement8(r)
				terms[i] = Term{c, xs[i]}
			}
			var v Element8
			v.Lin(cb.k, terms...)
			checkLimbs(t, "Lin", &v)
			for j := range Lanes {
				// Every limb of the exact sum in [0, 2⁶²): reduce5's bound.
				for l := range 5 {
					sum := new(big.Int).SetUint64(cb.k * p32[l])
					for i, c := range cb.c {
						sum.Add(sum, new(big.Int).Mul(big.NewInt(int64(c)), new(big.Int).SetUint64(xs[i].L[l][j])))
					}
					if sum.Sign() < 0 || sum.BitLen() > 62 {
						t.Fatalf("k = %d, %v: limb %d of lane %d is %x", cb.k, cb.c, l, j, sum)
					}
				}
				want := new(big.Int).Mul(new(big.Int).SetUint64(32*cb.k), bigP)
				for i, c := range cb.c {
					want.Add(want, new(big.Int).Mul(big.NewInt(int64(c)), laneBig(xs[i], j)))
				}
				got := laneBig(&v, j)
				if got.Mod(got, bigP).Cmp(want.Mod(want, bigP)) != 0 {
					t.Fatalf("k = %d, %v: lane %d wrong", cb.k, cb.c, j)
				}
			}
			alias := *xs[0]
			terms[0].X = &alias
			alias.Lin(cb.k, terms...)
			if alias != v {
				t.Fatal("Lin in place differs")
			}
		}
		a, b := randomElement8(r), randomElement8(r)
		var s, l Element8
		s.Sub(a, b)
		l.Lin(1, Term{1, a}, Term{-1, b})
		if s != l {
			t.Fatal("Sub differs from Lin(1, a, −b)")
		}
		s.Add(a, b)
		l.Lin(0, Term{1, a}, Term{1, b})
		if s != l {
			t.Fatal("Add differs from Lin(0, a, b)")
		}
	}
}
