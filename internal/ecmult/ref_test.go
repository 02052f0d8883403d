package ecmult

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The helpers of the package's tests: conversions between the engines'
// types and the math/big reference of internal/testkit/testref, which the results
// are checked against.

// testRand returns a seeded source (the seed is logged) and a case count
// scaled down by -short.
func testRand(t testing.TB, full int) (*rand.Rand, int) {
	t.Helper()
	return testref.Rand(t), testref.Short{Div: 20, Min: 5}.Count(t, full)
}

// edgeScalars are scalars that stress the scalar multiplications:
// testref's fixed GLV edge scalars (values next to 0, n, n/2, the powers of
// two and the multiples of λ) and the bounds 15 and 16 of 5-bit signed
// digits.
var edgeScalars = func() []*big.Int {
	return append(testref.GLVFixedEdgeScalars(), big.NewInt(15), big.NewInt(16))
}()

// randomScalar returns an edge scalar or a uniform one.
func randomScalar(r *rand.Rand) *big.Int {
	if r.Intn(4) == 0 {
		return edgeScalars[r.Intn(len(edgeScalars))]
	}
	b := make([]byte, 32)
	r.Read(b)
	return new(big.Int).Mod(new(big.Int).SetBytes(b), testref.N)
}

// scalarFromBig returns x mod n as a Scalar.
func scalarFromBig(x *big.Int) *scalar.Scalar {
	b := [32]byte(testref.Bytes32(new(big.Int).Mod(x, testref.N)))
	s, err := new(scalar.Scalar).SetCanonicalBytes(&b)
	if err != nil {
		panic(err)
	}
	return s
}

// elementFromBig returns x (0 ≤ x < p) as a field element.
func elementFromBig(x *big.Int) field.Element {
	b := [32]byte(testref.Bytes32(x))
	var e field.Element
	e.SetBytes(&b)
	return e
}

// jacobianFromRef returns the reference point p in Jacobian coordinates: with
// Z = 1 if r is nil, and otherwise rescaled by a random t ≠ 0 to
// (t²X, t³Y, tZ).
func jacobianFromRef(p testref.Point, r *rand.Rand) *group.Jacobian {
	v := new(group.Jacobian)
	if p.Inf {
		return v.Identity()
	}
	v.SetAffine(&group.Affine{X: elementFromBig(p.X), Y: elementFromBig(p.Y)})
	if r != nil {
		rescale(v, r)
	}
	return v
}

// rescale multiplies v's Jacobian coordinates by a random t ≠ 0.
func rescale(v *group.Jacobian, r *rand.Rand) {
	var b [32]byte
	r.Read(b[:])
	b[31] |= 1 // nonzero
	var s, s2 field.Element
	s.SetBytes(&b)
	s2.Square(&s)
	v.X.Multiply(&v.X, &s2)
	s2.Multiply(&s2, &s)
	v.Y.Multiply(&v.Y, &s2)
	v.Z.Multiply(&v.Z, &s)
}

// refFromJacobian returns v as a reference point.
func refFromJacobian(v *group.Jacobian) testref.Point {
	var a group.Affine
	if _, ok := a.VarTimeSetJacobian(v); ok != 1 {
		return testref.Identity()
	}
	return testref.Point{X: new(big.Int).SetBytes(a.X.Bytes()), Y: new(big.Int).SetBytes(a.Y.Bytes())}
}

// checkPoint fails if v is not the reference point want.
func checkPoint(t testing.TB, what string, v *group.Jacobian, want testref.Point) {
	t.Helper()
	if got := refFromJacobian(v); !testref.Equal(got, want) || !testref.IsOnCurve(got) {
		t.Fatalf("%s = %x, want %x", what, testref.Uncompressed(got), testref.Uncompressed(want))
	}
}

// baseMult returns k·G by ScalarBaseMult.
func baseMult(k *scalar.Scalar) *group.Jacobian {
	v := new(group.Jacobian)
	ScalarBaseMult(v, k)
	return v
}
