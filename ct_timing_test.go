package secp256k1

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/dudect"
)

// Statistical timing tests (internal/dudect, docs/constant-time.md): each
// secret input is timed as a fixed value (class 0) against fresh random
// values (class 1). By default the tests only log |t|; KESTREL_DUDECT=1e6
// runs a million measurements per test and fails on max |t| ≥ 4.5.
//
// The fixed values include the scalars that a window or comb method handles
// differently if it is not constant time: 1 (one nonzero digit, and for
// GLV a zero second half) and 2¹²⁸ (every digit but one zero), besides a
// random fixed value.

// dudectScalar returns a random nonzero scalar drawn from rng.
func dudectScalar(rng *rand.Rand) Scalar {
	var b [32]byte
	for {
		dudect.RandomBytes(rng, b[:])
		var s Scalar
		s.SetReducedBytes(b[:])
		if s.IsZero() == 0 {
			return s
		}
	}
}

// dudectPoint returns a random point with Z = 1 (through its encoding),
// drawn from rng.
func dudectPoint(rng *rand.Rand) Point {
	k := dudectScalar(rng)
	var p Point
	p.ScalarBaseMult(&k)
	if _, err := p.SetBytes(p.Bytes()); err != nil {
		panic(err)
	}
	return p
}

type dudectFixedScalar struct {
	name string
	s    Scalar
}

// dudectFixedScalars returns the fixed class-0 scalars: 1, 2¹²⁸ and a
// random value.
func dudectFixedScalars() []dudectFixedScalar {
	var one, pow128 Scalar
	one.SetUint64(1)
	var b [32]byte
	b[15] = 1 // 2¹²⁸, big-endian
	if _, err := pow128.SetCanonicalBytes(b[:]); err != nil {
		panic(err)
	}
	return []dudectFixedScalar{
		{"1", one},
		{"2^128", pow128},
		{"random", dudectScalar(rand.New(rand.NewPCG(1, 1)))},
	}
}

// scalarTarget times f on a secret scalar: fixed (class 0) or random.
func scalarTarget(fixed *Scalar, f func(*Scalar)) dudect.Target {
	return dudect.FixedVsRandom(fixed, dudectScalar, f)
}

// TestDudectScalarBaseMult times the blinded comb k·G in the secret k.
func TestDudectScalarBaseMult(t *testing.T) {
	for _, fx := range dudectFixedScalars() {
		t.Run("k="+fx.name, func(t *testing.T) {
			var p Point
			dudect.Run(t, scalarTarget(&fx.s, func(k *Scalar) { p.ScalarBaseMult(k) }), 3000)
		})
	}
}

// TestDudectScalarMult times the GLV k·P in the secret k, for a public P.
func TestDudectScalarMult(t *testing.T) {
	P := dudectPoint(rand.New(rand.NewPCG(2, 2)))
	for _, fx := range dudectFixedScalars() {
		t.Run("k="+fx.name, func(t *testing.T) {
			var p Point
			dudect.Run(t, scalarTarget(&fx.s, func(k *Scalar) { p.ScalarMult(k, &P) }), 2000)
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
		p    Point
	}{
		{"G", *NewGeneratorPoint()},
		{"random", dudectPoint(rand.New(rand.NewPCG(4, 4)))},
	} {
		t.Run("P="+fx.name, func(t *testing.T) {
			var p Point
			dudect.Run(t, dudect.FixedVsRandom(&fx.p, dudectPoint, func(q *Point) { p.ScalarMult(&k, q) }), 2000)
		})
	}
}

// TestDudectScalarInvert times the constant-time safegcd inversion mod n.
func TestDudectScalarInvert(t *testing.T) {
	fixed := dudectFixedScalars()
	for _, fx := range []dudectFixedScalar{fixed[0], fixed[2]} {
		t.Run("x="+fx.name, func(t *testing.T) {
			var s Scalar
			dudect.Run(t, scalarTarget(&fx.s, func(x *Scalar) { s.Invert(x) }), 20000)
		})
	}
}

// TestDudectDetectsLeak is the check that the harness can fail on this
// package's code: the variable-time inversion stops as soon as g reaches 0,
// which for x = 1 happens sooner than for a random x (about 15% here), and
// the harness must see it, in every mode, with a short run.
func TestDudectDetectsLeak(t *testing.T) {
	var one, s Scalar
	one.SetUint64(1)
	dudect.RequireLeak(t, "VarTimeInvert", scalarTarget(&one, func(x *Scalar) { s.VarTimeInvert(x) }))
}
