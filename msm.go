package secp256k1

import "github.com/kestrel-crypto/secp256k1/internal/group"

// VarTimeMultiScalarMult sets v = Σ scalars[i]·points[i] and returns v (the
// identity for empty inputs). It is not constant time: use it only with
// public inputs, as in batch verification. It panics if the slices have
// different lengths.
//
// Below msmStraussThreshold points it uses Strauss' method (interleaved wNAF
// with GLV), above it Pippenger's bucket method with GLV and affine buckets
// (docs/msm.md). Large inputs run on up to GOMAXPROCS goroutines.
// Pippenger's scratch memory (about 180 bytes per point, 380 if the point is
// not affine yet) comes from a sync.Pool, so repeated calls with many points
// do not allocate.
func (v *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	if len(scalars) != len(points) {
		panic("secp256k1: VarTimeMultiScalarMult with different numbers of scalars and points")
	}
	checkInitialized(points...)
	var r group.Jacobian
	varTimeMultiScalarMult(&r, scalars, points, nil)
	return v.setJacobian(&r)
}

// msmStraussThreshold is the number of points from which Pippenger's method
// is faster than Strauss' (docs/msm.md, "Threshold"): the crossover measured
// between 36 and 44 points here, with and without the assembly field
// (libsecp256k1's own two engines cross between 60 and 90).
const msmStraussThreshold = 40

// varTimeMultiScalarMult sets out = Σ scalars[i]·points[i] + g·G, where g
// may be nil (no generator term). The slices have equal lengths and the
// points are initialised.
func varTimeMultiScalarMult(out *group.Jacobian, scalars []*Scalar, points []*Point, g *Scalar) {
	if len(points) < msmStraussThreshold {
		varTimeStrauss(out, scalars, points, g)
		return
	}
	varTimePippenger(out, scalars, points, g)
}
