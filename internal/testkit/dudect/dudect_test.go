package dudect

import (
	"crypto/subtle"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestWelch checks the online t statistic against the two-pass textbook
// formula.
func TestWelch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var xs, ys []float64
	var a, b welford
	for range 1000 {
		x := 1e4 + 100*rng.NormFloat64()
		y := 1e4 + 3 + 150*rng.NormFloat64()
		xs, ys = append(xs, x), append(ys, y)
		a.push(x)
		b.push(y)
	}
	meanVar := func(v []float64) (m, s2 float64) {
		for _, x := range v {
			m += x
		}
		m /= float64(len(v))
		for _, x := range v {
			s2 += (x - m) * (x - m)
		}
		return m, s2 / float64(len(v)-1)
	}
	mx, vx := meanVar(xs)
	my, vy := meanVar(ys)
	want := (mx - my) / math.Sqrt(vx/float64(len(xs))+vy/float64(len(ys)))
	if got := welch(&a, &b); math.Abs(got-want) > 1e-9*math.Abs(want) {
		t.Errorf("welch = %v, want %v", got, want)
	}
	var c, d welford
	c.push(1)
	if welch(&c, &d) != 0 {
		t.Errorf("welch with fewer than two values is not 0")
	}
}

// TestCropPercentiles checks that the crop thresholds span dudect's range.
func TestCropPercentiles(t *testing.T) {
	if p := cropPercentile(0); math.Abs(p-(1-math.Sqrt(0.5))) > 1e-12 {
		t.Errorf("first crop percentile = %v", p)
	}
	if p := cropPercentile(Crops - 1); math.Abs(p-(1-1.0/1024)) > 1e-12 {
		t.Errorf("last crop percentile = %v", p)
	}
	sorted := []float64{1, 2, 3, 4, 5}
	if percentile(sorted, 0.5) != 3 || percentile(sorted, 0.999) != 4 || percentile(sorted, 1) != 5 {
		t.Errorf("percentile of %v is wrong", sorted)
	}
}

// equalTarget times eq on 64-byte secrets compared with a public reference:
// class 0 is the reference itself, class 1 random bytes, which differ from
// it in the first byte with probability 255/256.
func equalTarget(eq func(a, b []byte) bool) Target {
	const slots = 1000
	var ref [64]byte
	testref.FillRandom(rand.New(rand.NewPCG(3, 4)), ref[:])
	in := make([][64]byte, slots)
	var sink bool
	return Target{
		Slots: slots,
		Batch: 8,
		Prepare: func(i, c int, rng *rand.Rand) {
			testref.FillRandom(rng, in[i][:])
			if c == 0 {
				in[i] = ref
			}
		},
		Run: func(i int) { sink = sink != eq(in[i][:], ref[:]) },
	}
}

// leakyEqual is a comparison that returns at the first difference: its
// running time tells how long a prefix the inputs share.
//
//go:noinline
func leakyEqual(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestDetectsEarlyExit is the check that the harness can fail: an
// early-exit comparison of a secret, a leak of a few tens of nanoseconds per
// call, must give |t| above LeakThreshold in a run of a fraction of a second.
func TestDetectsEarlyExit(t *testing.T) {
	race.SkipTiming(t)
	r := Measure(equalTarget(leakyEqual), 20000, 5)
	t.Logf("dudect: %v", r)
	if r.MaxAbsT() < LeakThreshold {
		t.Errorf("the early-exit comparison was not detected: max |t| = %.2f < %d", r.MaxAbsT(), LeakThreshold)
	}
}

// TestDudectConstantTimeCompare runs the harness on crypto/subtle's
// comparison, the constant-time twin of leakyEqual: reported by default,
// asserted in the long mode (a check of the harness itself).
func TestDudectConstantTimeCompare(t *testing.T) {
	Run(t, equalTarget(func(a, b []byte) bool { return subtle.ConstantTimeCompare(a, b) == 1 }), 20000)
}

// errorRecorder is a testing.TB that records Errorf instead of failing.
type errorRecorder struct {
	testing.TB
	failed bool
}

func (e *errorRecorder) Errorf(string, ...any) { e.failed = true }
func (e *errorRecorder) Logf(string, ...any)   {}
func (e *errorRecorder) Helper()               {}

// TestRequireLeak checks both outcomes of RequireLeak: silent on the
// early-exit comparison, an error on the constant-time one (after both
// rounds of measurements).
func TestRequireLeak(t *testing.T) {
	race.SkipTiming(t) // here: through the recorders, the skip would name race.go
	leaky := &errorRecorder{TB: t}
	RequireLeak(leaky, "leakyEqual", equalTarget(leakyEqual))
	if leaky.failed {
		t.Error("RequireLeak failed on the early-exit comparison")
	}
	ct := &errorRecorder{TB: t}
	RequireLeak(ct, "ConstantTimeCompare", equalTarget(func(a, b []byte) bool { return subtle.ConstantTimeCompare(a, b) == 1 }))
	if !ct.failed {
		t.Error("RequireLeak passed a constant-time comparison")
	}
}

// TestRequireDistinct checks that RequireDistinct accepts a target whose
// classes differ and rejects the three setups it is for: a random class
// that repeats the fixed input, a fixed class that is not fixed, and a call
// that fails.
func TestRequireDistinct(t *testing.T) {
	fixed := uint64(3)
	var out uint64
	var failed bool
	result := func() []byte {
		if failed {
			return nil
		}
		return []byte{byte(out), byte(out >> 8), byte(out >> 16), byte(out >> 24)}
	}
	square := func(x *uint64) { out = *x * *x }
	for _, c := range []struct {
		name   string
		random func(*rand.Rand) uint64
		fresh  func(*uint64, *rand.Rand)
		fail   bool
		ok     bool
	}{
		{name: "distinct", random: func(r *rand.Rand) uint64 { return r.Uint64() }, ok: true},
		{name: "random repeats fixed", random: func(*rand.Rand) uint64 { return fixed }},
		{name: "fixed not fixed", random: func(r *rand.Rand) uint64 { return r.Uint64() },
			fresh: func(x *uint64, r *rand.Rand) { *x ^= r.Uint64() }},
		{name: "call fails", random: func(r *rand.Rand) uint64 { return r.Uint64() }, fail: true},
	} {
		failed = c.fail
		rec := &errorRecorder{TB: t}
		RequireDistinct(rec, FixedVsRandomFresh(&fixed, c.random, c.fresh, square), result)
		if rec.failed == c.ok {
			t.Errorf("%s: RequireDistinct failed = %v", c.name, rec.failed)
		}
	}
}

// TestFailures checks that Failures reports only when a call failed.
func TestFailures(t *testing.T) {
	var f Failures
	f.Add(nil)
	rec := &errorRecorder{TB: t}
	f.Check(rec)
	if rec.failed {
		t.Error("Check failed with no failed call")
	}
	f.Add(errors.New("early return"))
	f.Check(rec)
	if !rec.failed {
		t.Error("Check passed after a failed call")
	}
}
