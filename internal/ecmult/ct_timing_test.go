package ecmult

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Statistical timing tests (internal/testkit/dudect, docs/constant-time.md) of the
// constant-time engines: each secret input is timed as a fixed value
// (class 0) against fresh random values (class 1). By default the tests
// only log |t|; KESTREL_DUDECT=1e6 runs a million measurements per test and
// fails on max |t| ≥ 4.5.
//
// The fixed values include the scalars that a window or comb method handles
// differently if it is not constant time: 1 (one nonzero digit, and for
// GLV a zero second half) and 2¹²⁸ (every digit but one zero), besides a
// random fixed value.

// dudectScalar returns a random nonzero scalar drawn from rng.
func dudectScalar(rng *rand.Rand) scalar.Scalar {
	var b [32]byte
	var s scalar.Scalar
	for s.IsZero() == 1 {
		testref.FillRandom(rng, b[:])
		s.SetReducedBytes(&b)
	}
	return s
}

// dudectPoint returns a random point with Z = 1, drawn from rng.
func dudectPoint(rng *rand.Rand) group.Jacobian {
	k := dudectScalar(rng)
	return *affine(baseMult(&k))
}

type dudectFixedScalar struct {
	name string
	s    scalar.Scalar
}

// dudectFixedScalars returns the fixed class-0 scalars: 1, 2¹²⁸ and a
// random value.
func dudectFixedScalars() []dudectFixedScalar {
	var one, pow128 scalar.Scalar
	one.SetUint64(1)
	pow128.SetUint128(0, 1)
	return []dudectFixedScalar{
		{"1", one},
		{"2^128", pow128},
		{"random", dudectScalar(rand.New(rand.NewPCG(1, 1)))},
	}
}

// scalarTarget times f on a secret scalar: fixed (class 0) or random.
func scalarTarget(fixed *scalar.Scalar, f func(*scalar.Scalar)) dudect.Target {
	return dudect.FixedVsRandom(fixed, dudectScalar, f)
}

// TestDudectScalarBaseMult times the blinded comb k·G in the secret k.
func TestDudectScalarBaseMult(t *testing.T) {
	for _, fx := range dudectFixedScalars() {
		t.Run("k="+fx.name, func(t *testing.T) {
			var p group.Jacobian
			dudect.Run(t, scalarTarget(&fx.s, func(k *scalar.Scalar) { ScalarBaseMult(&p, k) }), 3000)
		})
	}
}

// TestDudectScalarBaseMult8 times the eight-lane comb in its secret
// scalars: the fixed value in every lane (class 0) against eight fresh
// random scalars. It runs the IFMA assembly only (where field8 has it).
func TestDudectScalarBaseMult8(t *testing.T) {
	var v [field8.Lanes]group.Jacobian
	dudectLanes(t, 1000, func(k *[Lanes2]scalar.Scalar) { ScalarBaseMult8(&v, (*[field8.Lanes]scalar.Scalar)(k[:field8.Lanes])) })
}

// TestDudectScalarBaseMult16 is TestDudectScalarBaseMult8 for the two
// interleaved groups of ScalarBaseMult16.
func TestDudectScalarBaseMult16(t *testing.T) {
	var v [Lanes2]group.Jacobian
	dudectLanes(t, 500, func(k *[Lanes2]scalar.Scalar) { ScalarBaseMult16(&v, k) })
}

// TestDudectScalarMult8 times the eight-lane k·P in its secret scalars,
// for eight public points, as TestDudectScalarBaseMult8.
func TestDudectScalarMult8(t *testing.T) {
	var P [field8.Lanes]group.Jacobian
	var v [field8.Lanes]group.Jacobian
	rng := rand.New(rand.NewPCG(6, 6))
	for j := range P {
		P[j] = dudectPoint(rng)
	}
	dudectLanes(t, 500, func(k *[Lanes2]scalar.Scalar) { ScalarMult8(&v, (*[field8.Lanes]scalar.Scalar)(k[:field8.Lanes]), &P) })
}

// TestDudectScalarMult16 is TestDudectScalarMult8 for the two interleaved
// groups of ScalarMult16, sixteen public points.
func TestDudectScalarMult16(t *testing.T) {
	var P, v [Lanes2]group.Jacobian
	rng := rand.New(rand.NewPCG(7, 7))
	for j := range P {
		P[j] = dudectPoint(rng)
	}
	dudectLanes(t, 300, func(k *[Lanes2]scalar.Scalar) { ScalarMult16(&v, k, &P) })
}

// dudectLanes times f, a multiplication on eight or sixteen lanes (an
// eight-lane f uses the first eight scalars), in its secret scalars: each
// of dudectFixedScalars in every lane (class 0) against fresh random
// scalars, n measurements. It runs the IFMA assembly only.
func dudectLanes(t *testing.T, n int, f func(k *[Lanes2]scalar.Scalar)) {
	if !field8.IFMA() {
		t.Skip("field8 does not run its IFMA assembly here")
	}
	random := func(rng *rand.Rand) (k [Lanes2]scalar.Scalar) {
		for j := range k {
			k[j] = dudectScalar(rng)
		}
		return k
	}
	for _, fx := range dudectFixedScalars() {
		t.Run("k="+fx.name, func(t *testing.T) {
			var fixed [Lanes2]scalar.Scalar
			for j := range fixed {
				fixed[j] = fx.s
			}
			dudect.Run(t, dudect.FixedVsRandom(&fixed, random, f), n)
		})
	}
}

// TestDudectScalarMult times the GLV k·P in the secret k, for a public P.
func TestDudectScalarMult(t *testing.T) {
	P := dudectPoint(rand.New(rand.NewPCG(2, 2)))
	for _, fx := range dudectFixedScalars() {
		t.Run("k="+fx.name, func(t *testing.T) {
			var p group.Jacobian
			dudect.Run(t, scalarTarget(&fx.s, func(k *scalar.Scalar) { ScalarMult(&p, k, &P) }), 2000)
		})
	}
}

// TestDudectScalarMultSecretPoint times k·P in the secret P (as in ECDH
// with a secret peer point, or a tweak of a secret point), for a fixed k:
// P fixed (G, or a random point) against random points.
func TestDudectScalarMultSecretPoint(t *testing.T) {
	k := dudectScalar(rand.New(rand.NewPCG(3, 3)))
	for _, fx := range []struct {
		name string
		p    group.Jacobian
	}{
		{"G", *generator()},
		{"random", dudectPoint(rand.New(rand.NewPCG(4, 4)))},
	} {
		t.Run("P="+fx.name, func(t *testing.T) {
			var p group.Jacobian
			dudect.Run(t, dudect.FixedVsRandom(&fx.p, dudectPoint, func(q *group.Jacobian) { ScalarMult(&p, &k, q) }), 2000)
		})
	}
}

// TestDudectDetectsLeak is the check that the harness can fail on this
// package's code: the variable-time a·A + b·G skips the additions of zero
// wNAF digits, so for a = 1 (a single nonzero digit, and a zero second GLV
// half) it is much faster than for a random a, and the harness must see it
// with a short run.
func TestDudectDetectsLeak(t *testing.T) {
	var one, zero scalar.Scalar
	one.SetUint64(1)
	A := dudectPoint(rand.New(rand.NewPCG(5, 5)))
	dudect.RequireLeak(t, "VarTimeMult1G", scalarTarget(&one, func(a *scalar.Scalar) {
		valid(VarTimeMult1G(a, &A, &zero))
	}))
}
