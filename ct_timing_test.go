package secp256k1

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Statistical timing tests (internal/testkit/dudect, docs/constant-time.md) of the
// scalar inversion: the secret input is timed as a fixed value (class 0)
// against fresh random values (class 1). By default the tests only log |t|;
// KESTREL_DUDECT=1e6 runs a million measurements per test and fails on
// max |t| ≥ 4.5. Those of the scalar multiplications are in internal/ecmult.

// dudectScalar returns a random nonzero scalar drawn from rng.
func dudectScalar(rng *rand.Rand) Scalar {
	var b [32]byte
	for {
		testref.FillRandom(rng, b[:])
		var s Scalar
		s.SetReducedBytes(b[:])
		if s.IsZero() == 0 {
			return s
		}
	}
}

// scalarTarget times f on a secret scalar: fixed (class 0) or random.
func scalarTarget(fixed *Scalar, f func(*Scalar)) dudect.Target {
	return dudect.FixedVsRandom(fixed, dudectScalar, f)
}

// TestDudectScalarInvert times the constant-time safegcd inversion mod n,
// for x fixed to 1 or to a random value.
func TestDudectScalarInvert(t *testing.T) {
	var one Scalar
	one.SetUint64(1)
	for _, fx := range []struct {
		name string
		s    Scalar
	}{
		{"1", one},
		{"random", dudectScalar(rand.New(rand.NewPCG(1, 1)))},
	} {
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
