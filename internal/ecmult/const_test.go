package ecmult

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestScalarMult checks the constant-time k·P against the reference, for
// the edge scalars and random ones, on the special points of the Strauss
// tests (the identity included) and random points, with Z = 1 and Z ≠ 1.
func TestScalarMult(t *testing.T) {
	r, n := testRand(t, 100)
	points := straussTestSpecialPoints(r)
	ks := append([]*big.Int(nil), edgeScalars...)
	for range n {
		ks = append(ks, randomScalar(r))
		points = append(points, testref.ScalarMult(randomScalar(r), testref.G))
	}
	for i, k := range ks {
		p := points[i%len(points)]
		want := testref.ScalarMult(k, p)
		for _, rr := range [2]bool{false, true} {
			P := jacobianFromRef(p, nil)
			if rr {
				P = jacobianFromRef(p, r)
			}
			var v group.Jacobian
			ScalarMult(&v, scalarFromBig(k), P)
			checkPoint(t, fmt.Sprintf("%x·%x (Z ≠ 1: %v)", k, testref.Compressed(p), rr), &v, want)
		}
	}
}

// TestXOnlyScalarMult checks the x-only engine behind ellswift's XDH against
// the reference: x(k·P) from x(P) alone, for random and edge scalars.
func TestXOnlyScalarMult(t *testing.T) {
	r, n := testRand(t, 100)
	nMinus1 := new(big.Int).Sub(testref.N, big.NewInt(1))
	for i := range n {
		k, j := randomScalar(r), randomScalar(r)
		switch i {
		case 0:
			k = big.NewInt(1)
		case 1:
			k = nMinus1
		case 2:
			k = big.NewInt(2)
		}
		if k.Sign() == 0 || j.Sign() == 0 {
			continue
		}
		p := testref.ScalarMult(j, testref.G)
		if i%2 == 0 {
			p = testref.Neg(p) // either lift gives the same x
		}
		want := testref.ScalarMult(k, p)
		var x field.Element
		xP := elementFromBig(p.X)
		XOnlyScalarMult(&x, &xP, scalarFromBig(k))
		if got := new(big.Int).SetBytes(x.Bytes()); got.Cmp(want.X) != 0 {
			t.Fatalf("x(%v·P) = %x, want %x", k, got, want.X)
		}
		// The same x from a fraction xn/xd with a random xd ≠ 0 (xd = 1
		// in the first case).
		dd := big.NewInt(1)
		if i > 0 {
			dd = new(big.Int).Add(new(big.Int).Rand(r, new(big.Int).Sub(testref.P, big.NewInt(1))), big.NewInt(1))
		}
		xn := elementFromBig(new(big.Int).Mod(new(big.Int).Mul(p.X, dd), testref.P))
		xd := elementFromBig(dd)
		XOnlyScalarMultFrac(&x, &xn, &xd, scalarFromBig(k))
		if got := new(big.Int).SetBytes(x.Bytes()); got.Cmp(want.X) != 0 {
			t.Fatalf("XOnlyScalarMultFrac: x(%v·P) = %x, want %x", k, got, want.X)
		}
	}
}
