package field

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestDudectInvert is a statistical timing test of the constant-time
// inversion (internal/testkit/dudect, docs/constant-time.md): a fixed input (class
// 0: 1, whose safegcd run would end after a few divsteps if it could stop
// early, and a random value) against fresh random inputs (class 1). Like
// every test of this package it runs once per backend. By default it only
// logs |t|; KESTREL_DUDECT=1e6 runs a million measurements per input and
// fails on max |t| ≥ 4.5. TestDudectDetectsVarTimeInvert is its control.
func TestDudectInvert(t *testing.T) {
	var one, fixed Element
	one.One()
	var b [32]byte
	testref.FillRandom(rand.New(rand.NewPCG(1, 1)), b[:])
	fixed.SetBytes(&b)
	for _, fx := range []struct {
		name string
		x    *Element
	}{{"1", &one}, {"random", &fixed}} {
		t.Run("x="+fx.name, func(t *testing.T) {
			var v Element
			dudect.Run(t, elementTarget(fx.x, func(x *Element) { v.Invert(x) }), 20000)
		})
	}
}

// TestDudectDetectsVarTimeInvert checks that the harness sees the leak of
// the variable-time inversion, which stops early for 1, in a short run.
func TestDudectDetectsVarTimeInvert(t *testing.T) {
	var one, v Element
	one.One()
	dudect.RequireLeak(t, "VarTimeInvert", elementTarget(&one, func(x *Element) { v.VarTimeInvert(x) }))
}

// elementTarget times f on a secret element: fixed (class 0) or uniformly
// random below 2²⁵⁶ (class 1).
func elementTarget(fixed *Element, f func(*Element)) dudect.Target {
	return dudect.FixedVsRandom(fixed, func(rng *rand.Rand) (x Element) {
		x.l = [4]uint64{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()}
		return x
	}, f)
}
