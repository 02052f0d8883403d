package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// msmStraussThreshold is the number of points from which Pippenger's method
// is faster than Strauss' (docs/msm.md, "Threshold"): the crossover measured
// between 36 and 44 points here, with and without the assembly field
// (libsecp256k1's own two engines cross between 60 and 90).
const msmStraussThreshold = 40

// VarTimeMultiScalarMult sets out = Σ scalars[i]·points[i] + g·G, where g
// may be nil (no generator term); zero scalars and identity points are
// allowed, and empty inputs give the identity. It is not constant time: use
// it only with public inputs, as in batch verification. It panics if the
// slices have different lengths.
//
// Below msmStraussThreshold points it uses Strauss' method (interleaved
// wNAF with GLV), above it Pippenger's bucket method with GLV and affine
// buckets (docs/msm.md), on up to GOMAXPROCS goroutines. Its scratch memory
// comes from sync.Pools, so repeated calls do not allocate.
func VarTimeMultiScalarMult(out *group.Jacobian, scalars []*scalar.Scalar, points []*group.Jacobian, g *scalar.Scalar) {
	if len(scalars) != len(points) {
		panic("ecmult: VarTimeMultiScalarMult with different numbers of scalars and points")
	}
	if len(points) < msmStraussThreshold {
		varTimeStrauss(out, scalars, points, g)
		return
	}
	varTimePippenger(out, scalars, points, g)
}
