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

// VarTimeMultiScalarMult returns Σ scalars[i]·points[i] + g·G and true,
// where g may be nil (no generator term); zero scalars and identity points
// are allowed, and empty inputs give the identity. It is not constant time:
// use it only with public inputs, as in batch verification. It panics if
// the slices have different lengths.
//
// It returns (invalidSum, false) when it detects an input point, with a
// nonzero scalar, that is not on the curve and would otherwise turn the sum
// into the identity (varTimeStrauss, varTimePippenger); the caller must
// then treat the verification as failed. It is no full on-curve check: it
// catches what would vanish into the identity, for one test per call
// (Strauss) or per input (Pippenger). The sum is a result, not an out
// parameter, so that no caller can take it without receiving ok.
//
// Below msmStraussThreshold points it uses Strauss' method (interleaved
// wNAF with GLV), above it Pippenger's bucket method with GLV and affine
// buckets (docs/msm.md), on the calling goroutine. Its scratch memory comes
// from sync.Pools, so repeated calls do not allocate.
func VarTimeMultiScalarMult(scalars []*scalar.Scalar, points []*group.Jacobian, g *scalar.Scalar) (group.Jacobian, bool) {
	return VarTimeMultiScalarMultWorkers(scalars, points, g, 1)
}

// VarTimeMultiScalarMultWorkers is VarTimeMultiScalarMult on up to workers
// goroutines (the calling one included): Pippenger's method splits its
// work when workers > 1 and the input is large enough to gain from it
// (pippengerParallelMin live points); workers ≤ 1 runs on the calling
// goroutine alone. The result does not depend on workers.
func VarTimeMultiScalarMultWorkers(scalars []*scalar.Scalar, points []*group.Jacobian, g *scalar.Scalar, workers int) (group.Jacobian, bool) {
	if len(scalars) != len(points) {
		panic("ecmult: VarTimeMultiScalarMult with different numbers of scalars and points")
	}
	if len(points) < msmStraussThreshold {
		return varTimeStrauss(scalars, points, g)
	}
	return varTimePippengerWith(scalars, points, g, pippengerConfig{variant: pippengerAffine, maxWorkers: max(workers, 1)})
}
