package secp256k1

import "github.com/kestrel-crypto/secp256k1/internal/group"

// VarTimeMultiScalarMult sets v = Σ scalars[i]·points[i] and returns v (the
// identity for empty inputs). It is not constant time. It panics if the
// slices have different lengths.
func (v *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	if len(scalars) != len(points) {
		panic("secp256k1: VarTimeMultiScalarMult with different numbers of scalars and points")
	}
	checkInitialized(points...)
	var acc, t group.Jacobian
	for i := range points {
		scalarMultWindow4(&t, scalars[i], &points[i].p)
		acc.VarTimeAdd(&acc, &t)
	}
	return v.setJacobian(&acc)
}
