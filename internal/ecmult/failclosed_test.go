package ecmult

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// valid returns the sum of a variable-time engine given valid inputs, and
// panics if the engine reported them invalid.
func valid(p group.Jacobian, ok bool) group.Jacobian {
	if !ok {
		panic("ecmult: valid inputs reported invalid")
	}
	return p
}

// offCurve returns (0, 0) with Z = 1, the point that the zero value of a
// public key (x = y = 0) becomes. It is not on the curve (0 ≠ 0³ + 7), and
// its doubling has Z = 0.
func offCurve() *group.Jacobian {
	var p group.Jacobian
	p.Z.One()
	return &p
}

// msmEngine is one way to run a variable-time multi-scalar multiplication.
type msmEngine struct {
	name string
	f    func(scalars []*scalar.Scalar, points []*group.Jacobian, g *scalar.Scalar) (group.Jacobian, bool)
}

func msmEngines() []msmEngine {
	engines := []msmEngine{
		{"VarTimeMultiScalarMult", VarTimeMultiScalarMult},
		{"varTimeStrauss", varTimeStrauss},
		{"varTimePippenger", varTimePippenger},
	}
	for variant := range pippengerVariants {
		for _, workers := range []int{1, 2} {
			cfg := pippengerConfig{variant: variant, workers: workers}
			engines = append(engines, msmEngine{
				fmt.Sprintf("varTimePippengerWith(%+v)", cfg),
				func(scalars []*scalar.Scalar, points []*group.Jacobian, g *scalar.Scalar) (group.Jacobian, bool) {
					return varTimePippengerWith(scalars, points, g, cfg)
				},
			})
		}
	}
	return engines
}

// checkFails fails unless f reports failure with a sum that is not the
// identity. A kestrel_debug build may instead stop at an invariant check of
// internal/group, which panics: that fails closed too.
func checkFails(t *testing.T, what string, f func() (group.Jacobian, bool)) {
	t.Helper()
	sum, ok, panicked := func() (sum group.Jacobian, ok bool, panicked any) {
		defer func() {
			if debug.Enabled {
				panicked = recover()
			}
		}()
		sum, ok = f()
		return
	}()
	if panicked != nil {
		if msg, _ := panicked.(string); !strings.HasPrefix(msg, "kestrel_debug: group: ") {
			panic(panicked)
		}
		return
	}
	if ok {
		t.Errorf("%s: ok for an input off the curve", what)
	}
	if sum.IsIdentity() == 1 {
		t.Errorf("%s: the identity for an input off the curve", what)
	}
}

// TestEnginesFailClosed feeds the off-curve (0, 0) with Z = 1 to every
// variable-time engine, alone and at the first, a middle and the last
// position of batches on both sides of the Strauss threshold. Without the
// check, Strauss returned the identity, so that a batch verification with
// an invalid signature said "valid". Every engine must report the failure;
// the same batches without the point still give the right sum.
func TestEnginesFailClosed(t *testing.T) {
	r, _ := testRand(t, 1)
	// a ≠ 0: with a = 0 the point off the curve is a dead input, which the
	// engines rightly skip (TestEnginesSkipDeadOffCurve).
	a, g := nonzeroScalar(r), scalarFromBig(randomScalar(r))
	for _, b := range []*scalar.Scalar{newScalar(0), g} {
		checkFails(t, "VarTimeMult1G", func() (group.Jacobian, bool) {
			return VarTimeMult1G(a, offCurve(), b)
		})
	}
	// (x, 0) with another Z: still y = 0.
	p := offCurve()
	p.X.SetUint64(5)
	rescale(p, r)
	checkFails(t, "VarTimeMult1G((5, 0), rescaled)", func() (group.Jacobian, bool) {
		return VarTimeMult1G(a, p, g)
	})

	sizes := []int{0, 1, 2, straussStackPoints, msmStraussThreshold - 2, msmStraussThreshold, 90}
	for _, n := range sizes {
		in := msmTestBatch(r, fmt.Sprintf("n=%d", n), n, 2)
		for _, pos := range []int{0, n / 2, n} {
			scalars := append(append(append([]*scalar.Scalar(nil), in.scalars[:pos]...), msmTestNonzeroScalar(r)), in.scalars[pos:]...)
			points := append(append(append([]*group.Jacobian(nil), in.points[:pos]...), offCurve()), in.points[pos:]...)
			for _, e := range msmEngines() {
				for _, gs := range []*scalar.Scalar{nil, g} {
					what := fmt.Sprintf("%s, %d points, (0, 0) at %d, g %v", e.name, n+1, pos, gs != nil)
					checkFails(t, what, func() (group.Jacobian, bool) { return e.f(scalars, points, gs) })
				}
			}
		}
		for _, e := range msmEngines() {
			for _, gs := range []*scalar.Scalar{nil, g} {
				sum := valid(e.f(in.scalars, in.points, gs))
				in.check(t, e.name, &sum, gs)
			}
		}
	}
}

// TestEnginesSkipDeadOffCurve checks that a point off the curve with a zero
// scalar is dropped like any other dead input: nothing is computed with it,
// and the sum of the others is right.
func TestEnginesSkipDeadOffCurve(t *testing.T) {
	r, _ := testRand(t, 1)
	for _, n := range []int{1, msmStraussThreshold + 1} {
		in := msmTestBatch(r, fmt.Sprintf("n=%d", n), n, 0)
		in.add(newScalar(0), offCurve(), newScalar(0))
		for _, e := range msmEngines() {
			sum := valid(e.f(in.scalars, in.points, nil))
			in.check(t, e.name, &sum, nil)
		}
	}
}

// nonzeroScalar returns randomScalar's scalars other than 0 mod n.
func nonzeroScalar(r *rand.Rand) *scalar.Scalar {
	for {
		if s := scalarFromBig(randomScalar(r)); s.IsZero() == 0 {
			return s
		}
	}
}

// msmTestNonzeroScalar returns msmTestScalar's scalars other than 0.
func msmTestNonzeroScalar(r *rand.Rand) *scalar.Scalar {
	for {
		if s := msmTestScalar(r); s.IsZero() == 0 {
			return s
		}
	}
}
