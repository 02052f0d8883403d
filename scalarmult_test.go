package secp256k1

import (
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The contracts of the scalar-multiplication wrappers of scalarmult.go:
// results, receivers, aliasing, panics and allocations. The engines behind
// them are tested in internal/ecmult; point_test.go checks the results of
// all four against the math/big reference too.

// msmTestSizes are point counts on both sides of internal/ecmult's
// thresholds: straussStackPoints (4: Strauss' scratch on the stack up to
// there) and msmStraussThreshold (40: Strauss below, Pippenger from there).
var msmTestSizes = []int{1, 2, 4, 5, 39, 40, 43, 80}

// withOtherZ returns a copy of p (not the identity) with a Z coordinate
// other than 1: (p + G) − G.
func withOtherZ(p *Point) *Point {
	g := NewGeneratorPoint()
	v := new(Point).Add(p, g)
	return v.Subtract(v, g)
}

// msmTestPoints returns n random points, as many with Z ≠ 1 as not, and n
// random scalars.
func msmTestPoints(t testing.TB, n int) ([]*Scalar, []*Point) {
	r, _ := pointTestRand(t, 1)
	scalars, points := make([]*Scalar, n), make([]*Point, n)
	for i := range n {
		scalars[i] = scalarFromBig(randomScalar(r))
		points[i] = new(Point).ScalarBaseMult(scalarFromBig(randomScalar(r)))
		if i%2 == 1 {
			points[i] = withOtherZ(points[i])
		}
	}
	return scalars, points
}

// TestVarTimeMultiScalarMultAgainstReference checks batches on both sides of
// the Strauss–Pippenger threshold against the math/big reference, and that
// the receiver is returned.
func TestVarTimeMultiScalarMultAgainstReference(t *testing.T) {
	r, count := pointTestRand(t, 20)
	for trial := range count {
		n := []int{1, 2, 5, 40, 43}[trial%5]
		want := testref.Identity()
		scalars, points := make([]*Scalar, n), make([]*Point, n)
		for i := range n {
			k, j := randomScalar(r), randomScalar(r)
			p := testref.ScalarMult(j, testref.G)
			want = testref.Add(want, testref.ScalarMult(k, p))
			scalars[i] = scalarFromBig(k)
			points[i] = NewIdentityPoint()
			if !p.Inf {
				points[i] = pointFromRef(t, p)
			}
		}
		var v Point
		if v.VarTimeMultiScalarMult(scalars, points) != &v {
			t.Fatal("VarTimeMultiScalarMult does not return its receiver")
		}
		checkPoint(t, fmt.Sprintf("VarTimeMultiScalarMult(%d points)", n), &v, want)
	}
}

// TestVarTimeDoubleScalarBaseMultAliasing checks v = a·v + b·G, with
// v's Z ≠ 1.
func TestVarTimeDoubleScalarBaseMultAliasing(t *testing.T) {
	r, _ := pointTestRand(t, 1)
	a, b, k := randomScalar(r), randomScalar(r), big.NewInt(0)
	for k.Sign() == 0 {
		k = randomScalar(r)
	}
	A := testref.ScalarMult(k, testref.G)
	want := testref.Add(testref.ScalarMult(a, A), testref.ScalarMult(b, testref.G))
	v := withOtherZ(pointFromRef(t, A))
	if v.VarTimeDoubleScalarBaseMult(scalarFromBig(a), v, scalarFromBig(b)) != v {
		t.Fatal("VarTimeDoubleScalarBaseMult does not return its receiver")
	}
	checkPoint(t, "aliased VarTimeDoubleScalarBaseMult", v, want)
}

// TestVarTimeMultiScalarMultAliasing uses an input point as the receiver.
func TestVarTimeMultiScalarMultAliasing(t *testing.T) {
	for _, n := range []int{3, 41} {
		scalars, points := msmTestPoints(t, n)
		want := new(Point).VarTimeMultiScalarMult(scalars, points)
		v := points[1]
		v.VarTimeMultiScalarMult(scalars, points)
		if v.Equal(want) != 1 {
			t.Fatalf("n=%d: receiver aliasing an input gave a wrong result", n)
		}
	}
}

func TestScalarMultPanics(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	var v Point
	k := NewScalar().SetUint64(7)
	mustPanic("different lengths", func() {
		v.VarTimeMultiScalarMult([]*Scalar{NewScalar()}, nil)
	})
	mustPanic("different lengths (more points)", func() {
		v.VarTimeMultiScalarMult(nil, []*Point{NewGeneratorPoint()})
	})
	mustPanic("uninitialized point", func() {
		v.VarTimeMultiScalarMult([]*Scalar{NewScalar()}, []*Point{new(Point)})
	})
	many := make([]*Point, 41)
	scalars := make([]*Scalar, len(many))
	for i := range many {
		many[i], scalars[i] = NewGeneratorPoint(), NewScalar()
	}
	many[len(many)-1] = new(Point)
	mustPanic("uninitialized point (Pippenger)", func() {
		v.VarTimeMultiScalarMult(scalars, many)
	})
	mustPanic("ScalarMult of an uninitialized point", func() {
		v.ScalarMult(k, new(Point))
	})
	mustPanic("VarTimeDoubleScalarBaseMult of an uninitialized point", func() {
		v.VarTimeDoubleScalarBaseMult(k, new(Point), k)
	})
	mustPanic("VarTimeXEqualsScalar of an uninitialized point", func() {
		new(Point).VarTimeXEqualsScalar(k)
	})
	// Empty and nil inputs are the identity.
	if v.VarTimeMultiScalarMult(nil, nil).IsIdentity() != 1 {
		t.Error("empty sum is not the identity")
	}
}

// TestVarTimeEnginesFailClosed checks that the wrappers do not return a sum
// that the engines reported invalid: a Point off the curve, which no
// constructor makes, here (0, 0) with Z = 1, makes them panic. (A
// kestrel_debug build stops earlier, at the input check.)
func TestVarTimeEnginesFailClosed(t *testing.T) {
	var bad Point
	bad.p.Z.One()
	a := scalarFromBig(big.NewInt(3))
	scalars, points := msmTestPoints(t, 41) // Pippenger from 40 points
	want := "not on the curve"
	if debug.Enabled {
		want = "point not on secp256k1"
	}
	testref.ExpectPanic(t, "VarTimeDoubleScalarBaseMult", want, func() {
		new(Point).VarTimeDoubleScalarBaseMult(a, &bad, a)
	})
	for _, n := range []int{1, 3, 41} {
		// The bad point gets a nonzero scalar: with 0 it would take no part
		// in the sum and be skipped, as any unused input.
		ps, ss := slices.Clone(points[:n]), slices.Clone(scalars[:n])
		ps[n/2], ss[n/2] = &bad, a
		testref.ExpectPanic(t, fmt.Sprintf("VarTimeMultiScalarMult(%d points)", n), want, func() {
			new(Point).VarTimeMultiScalarMult(ss, ps)
		})
	}
}

func TestScalarMultAllocations(t *testing.T) {
	race.SkipAllocs(t)
	r, _ := pointTestRand(t, 1)
	a, b := scalarFromBig(randomScalar(r)), scalarFromBig(randomScalar(r))
	A := withOtherZ(pointFromRef(t, testref.ScalarMult(randomScalar(r), testref.G)))
	var v Point
	if n := testing.AllocsPerRun(10, func() {
		v.VarTimeDoubleScalarBaseMult(a, A, b)
	}); n != 0 {
		t.Errorf("VarTimeDoubleScalarBaseMult allocates %v times", n)
	}
	if n := testing.AllocsPerRun(10, func() {
		_ = v.VarTimeXEqualsScalar(a)
	}); n != 0 {
		t.Errorf("VarTimeXEqualsScalar allocates %v times", n)
	}
	// VarTimeMultiScalarMult's views of its inputs, and the engines'
	// scratch, come from pools (AllocsPerRun runs with GOMAXPROCS = 1, so
	// no goroutines are started).
	for _, count := range msmTestSizes {
		scalars, points := msmTestPoints(t, count)
		if n := testing.AllocsPerRun(5, func() {
			v.VarTimeMultiScalarMult(scalars, points)
		}); n != 0 {
			t.Errorf("VarTimeMultiScalarMult(%d points) allocates %v times per call", count, n)
		}
	}
}

func TestVarTimeXEqualsScalar(t *testing.T) {
	r, n := pointTestRand(t, 100)
	one := big.NewInt(1)
	check := func(p testref.Point, rs *big.Int, want bool) {
		t.Helper()
		for _, rescale := range []bool{false, true} {
			v := pointFromRef(t, p)
			if rescale {
				v = withOtherZ(v)
			}
			if got := v.VarTimeXEqualsScalar(scalarFromBig(rs)); got != want {
				t.Fatalf("VarTimeXEqualsScalar(%x) on %x (rescaled %v) = %v, want %v",
					rs, testref.Compressed(p), rescale, got, want)
			}
		}
	}
	// The identity never matches.
	if NewIdentityPoint().VarTimeXEqualsScalar(NewScalar()) {
		t.Error("the identity matched r = 0")
	}
	// Random points: x mod n matches, neighbours and small values do not
	// (the small values go through the r + n < p branch).
	for range n {
		p := testref.ScalarMult(randomScalar(r), testref.G)
		if p.Inf {
			continue
		}
		x := new(big.Int).Mod(p.X, testref.N)
		check(p, x, true)
		check(testref.Neg(p), x, true)
		check(p, new(big.Int).Add(x, one), false)
		check(p, new(big.Int).Sub(x, one), false)
		check(p, big.NewInt(r.Int63()), false)
	}
	// Points with x ∈ [n, p): x = n + d for the first few d that lift.
	found := 0
	for d := int64(0); found < 8 && d < 1000; d++ {
		x := new(big.Int).Add(testref.N, big.NewInt(d))
		p, ok := testref.Lift(x, uint(d&1))
		if !ok {
			continue
		}
		found++
		rs := big.NewInt(d) // x mod n
		check(p, rs, true)
		check(testref.Neg(p), rs, true)
		check(p, big.NewInt(d+1), false)
		if d > 0 {
			check(p, big.NewInt(d-1), false)
		}
	}
	// And x just below p: x mod n = x − n is close to p − n (the branch's
	// upper end).
	for d := int64(1); found < 16 && d < 1000; d++ {
		x := new(big.Int).Sub(testref.P, big.NewInt(d))
		p, ok := testref.Lift(x, 0)
		if !ok {
			continue
		}
		found++
		check(p, new(big.Int).Sub(x, testref.N), true)
	}
	if found < 16 {
		t.Fatalf("found only %d points with x ≥ n", found)
	}
	// Points with small x (< p − n): r = x matches directly, and r = x is
	// also tried as x − n in vain when it does not.
	found = 0
	for x := int64(1); found < 4 && x < 1000; x++ {
		p, ok := testref.Lift(big.NewInt(x), 0)
		if !ok {
			continue
		}
		found++
		check(p, big.NewInt(x), true)
		check(p, big.NewInt(x+1), false)
	}
}

// TestVarTimeMultiScalarMultWorkers checks that the result does not depend
// on the number of workers, against a sum of single multiplications, on
// both sides of the Strauss/Pippenger threshold and of Pippenger's
// parallel minimum.
func TestVarTimeMultiScalarMultWorkers(t *testing.T) {
	r := testref.Rand(t)
	for _, n := range []int{3, 45, 200} {
		scalars := make([]*Scalar, n)
		points := make([]*Point, n)
		want := NewIdentityPoint()
		for i := range n {
			var b [32]byte
			r.Read(b[:])
			scalars[i] = new(Scalar)
			scalars[i].SetReducedBytes(b[:])
			r.Read(b[:])
			k := new(Scalar)
			k.SetReducedBytes(b[:])
			points[i] = new(Point).ScalarBaseMult(k)
			want.Add(want, new(Point).ScalarMult(scalars[i], points[i]))
		}
		for _, w := range []int{1, 2, 5, UseGOMAXPROCS, 0, -3} {
			got := new(Point).VarTimeMultiScalarMultWorkers(scalars, points, w)
			if got.Equal(want) != 1 {
				t.Errorf("n = %d, workers %d: wrong sum", n, w)
			}
		}
	}
	if Workers(UseGOMAXPROCS) != runtime.GOMAXPROCS(0) || Workers(0) != 1 || Workers(-5) != 1 || Workers(4) != 4 {
		t.Error("Workers maps its argument wrongly")
	}
}
