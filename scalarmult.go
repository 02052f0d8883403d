package secp256k1

import (
	"sync"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	iworkers "github.com/kestrel-crypto/secp256k1/internal/workers"
)

// The scalar multiplications of the public API: wrappers over the engines of
// internal/ecmult (docs/design.md, "Layers").

// ScalarMult sets v = x·p and returns v, in constant time.
func (v *Point) ScalarMult(x *Scalar, p *Point) *Point {
	checkInitialized(p)
	var r group.Jacobian
	ecmult.ScalarMult(&r, &x.val, &p.p)
	return v.setJacobian(&r)
}

// ScalarBaseMult sets v = x·G and returns v, in constant time: a signed-digit
// comb over precomputed multiples of G, with scalar and projective blinding
// that is refreshed from crypto/rand.
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	var r group.Jacobian
	ecmult.ScalarBaseMult(&r, &x.val)
	return v.setJacobian(&r)
}

// VarTimeDoubleScalarBaseMult sets v = a·A + b·G and returns v. It is not
// constant time: use it only with public inputs, as in signature
// verification. It does not allocate.
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	checkInitialized(A)
	r, ok := ecmult.VarTimeMult1G(&a.val, &A.p, &b.val)
	checkEngine(ok)
	return v.setJacobian(&r)
}

// VarTimeMultiScalarMult sets v = Σ scalars[i]·points[i] and returns v (the
// identity for empty inputs). It is not constant time: use it only with
// public inputs, as in batch verification. It panics if the slices have
// different lengths.
//
// Below msmStraussThreshold points it uses Strauss' method (interleaved wNAF
// with GLV), above it Pippenger's bucket method with GLV and affine buckets
// (docs/msm.md), on the calling goroutine (VarTimeMultiScalarMultWorkers
// spreads it over more). Pippenger's scratch memory (about 180 bytes per
// point, 380 if the point is not affine yet) comes from a sync.Pool, so
// repeated calls with many points do not allocate.
func (v *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	return v.VarTimeMultiScalarMultWorkers(scalars, points, 1)
}

// UseGOMAXPROCS, given as a number of workers (to
// Point.VarTimeMultiScalarMultWorkers, schnorr.BatchVerifier.SetWorkers and
// the other many-operation APIs), means runtime.GOMAXPROCS(0) goroutines.
const UseGOMAXPROCS = -1

// Workers returns the number of goroutines that a workers argument of the
// many-operation APIs stands for: runtime.GOMAXPROCS(0) for UseGOMAXPROCS,
// 1 for any other value below 1, and workers itself otherwise.
func Workers(workers int) int {
	return iworkers.Count(workers)
}

// VarTimeMultiScalarMultWorkers is VarTimeMultiScalarMult on up to workers
// goroutines, the calling one included (see Workers: 1, the default of
// VarTimeMultiScalarMult, runs on the calling goroutine alone;
// UseGOMAXPROCS on GOMAXPROCS goroutines). Only Pippenger's method, from
// about 40 points, splits its work. The result does not depend on workers.
func (v *Point) VarTimeMultiScalarMultWorkers(scalars []*Scalar, points []*Point, workers int) *Point {
	if len(scalars) != len(points) {
		panic("secp256k1: VarTimeMultiScalarMult with different numbers of scalars and points")
	}
	checkInitialized(points...)
	in := msmInputPool.Get().(*msmInput)
	defer msmInputPool.Put(in)
	in.scalars, in.points = in.scalars[:0], in.points[:0]
	for i, p := range points {
		in.scalars = append(in.scalars, &scalars[i].val)
		in.points = append(in.points, &p.p)
	}
	r, ok := ecmult.VarTimeMultiScalarMultWorkers(in.scalars, in.points, nil, Workers(workers))
	// Drop the pointers, so that the pool does not keep the inputs alive.
	clear(in.scalars)
	clear(in.points)
	checkEngine(ok)
	return v.setJacobian(&r)
}

// checkEngine panics if a variable-time engine of internal/ecmult reported
// an input point off the curve (ok false). Every Point is on the curve (the
// constructors and decoders check), so that is a broken invariant, not an
// answer: the engine's sum is then no sum of the inputs and must not be
// returned as one.
func checkEngine(ok bool) {
	if !ok {
		panic("secp256k1: a Point is not on the curve (internal error)")
	}
}

// msmInput holds the internal views of VarTimeMultiScalarMult's inputs; a
// pool of them keeps repeated calls allocation-free.
type msmInput struct {
	scalars []*scalar.Scalar
	points  []*group.Jacobian
}

var msmInputPool = sync.Pool{New: func() any { return new(msmInput) }}

// VarTimeXEqualsScalar reports whether v is not the identity and its affine x
// coordinate, reduced mod n, equals r: the final check of ECDSA
// verification. It is not constant time: use it only with public inputs.
//
// It needs no inversion: with v = (X, Y, Z), x = X/Z², so x ≡ r (mod n) with
// x < p < 2n means x = r or x = r + n, the second possible only if
// r + n < p; each is tested as r·Z² = X in the field. libsecp256k1's
// secp256k1_gej_eq_x_var and the r + n < p branch of
// secp256k1_ecdsa_sig_verify.
func (v *Point) VarTimeXEqualsScalar(r *Scalar) bool {
	checkInitialized(v)
	return ecmult.VarTimeXEqualsScalar(&v.p, &r.val)
}

// ScalarBaseMultMany returns scalars[i]·G for every i, in constant time in
// every scalar, as many ScalarBaseMult calls would, for callers with many
// independent keys to compute (key generation in bulk, a range of BIP-32
// children). On CPUs with AVX-512 IFMA it computes eight at a time on the
// vector lanes of internal/group8 (docs/ecmult.md, "Eight at a time"),
// about three times the throughput of single calls; elsewhere it is single
// calls. Pass the points to NewPublicKeys to get their public keys with one
// field inversion for all. It allocates the returned points together.
func ScalarBaseMultMany(scalars []*Scalar) []*Point {
	n := len(scalars)
	ks := make([]scalar.Scalar, n)
	for i, x := range scalars {
		ks[i] = x.val
	}
	jac := make([]group.Jacobian, n)
	ecmult.ScalarBaseMultMany(jac, ks)
	clear(ks)
	points := make([]Point, n)
	out := make([]*Point, n)
	for i := range points {
		out[i] = points[i].setJacobian(&jac[i])
	}
	clear(jac)
	return out
}
