// Package dudect is a statistical timing-leak test in the manner of dudect
// (Reparaz, Balasch and Verbauwhede, "Dude, is my code constant time?",
// DATE 2017; github.com/oreparaz/dudect): it times a function on inputs of
// two classes, a fixed input (class 0) and fresh random inputs (class 1),
// and runs Welch's t-test on the two timing distributions. A function whose
// running time does not depend on its input gives |t| that stays small
// however many measurements are taken; a dependence, even of a few
// nanoseconds, makes |t| grow like the square root of the sample count.
//
// The protocol follows dudect's:
//
//   - Inputs are prepared before they are timed, in chunks: every slot of a
//     chunk gets a class drawn at random and an input of that class, prepared
//     by the same work for both classes (a random input is drawn for class
//     0 too, then replaced by the fixed one), then the chunk is timed slot by
//     slot, so the two classes are interleaved at random and share the same
//     memory layout and machine state.
//   - Each measurement reads the monotonic clock around one call (or a small
//     fixed batch of calls, for functions near the clock's resolution).
//   - A warm-up run, discarded, sets the crop thresholds: the percentiles
//     pₖ = 1 − 0.5^(10(k+1)/Crops) of its timings. Each crop is its own
//     t-test on the measurements at or below its threshold, which removes
//     the long upper tail (interrupts, other processes, garbage collection)
//     that would otherwise swamp a small difference. The uncropped test is
//     kept too, and the result is the largest |t| of all.
//
// The statistics are online (Welford's mean and variance), so the memory
// does not grow with the sample count.
//
// Tests use Run: by default it takes a few thousand measurements and only
// logs the result (the shared two-core machines make timing too noisy to
// fail on); with the environment variable KESTREL_DUDECT set to a sample
// count (for example KESTREL_DUDECT=1e6) it takes that many and fails the
// test if max |t| reaches Threshold. docs/constant-time.md says how to run
// it and what it measured. Under the race detector, Run and RequireLeak
// skip the test (internal/testkit/race.SkipTiming).
package dudect

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// EnvVar is the environment variable that selects the long mode: its value
// is the number of measurements per test, such as 1e6.
const EnvVar = "KESTREL_DUDECT"

// Threshold is the bound on max |t| that the long mode asserts: dudect's
// threshold between "no leak detected" and "probably leaks".
const Threshold = 4.5

// LeakThreshold is the |t| above which a leak counts as certain (dudect's
// "definitely not constant time"); the tests that check that the harness
// detects a deliberate leak require at least this much.
const LeakThreshold = 10

// Crops is the number of cropped t-tests, with thresholds from the 29th to
// the 99.9th percentile of the warm-up timings (dudect uses 100 such
// percentiles; 20 span the same range).
const Crops = 20

// Target is a function under test with its two input classes.
type Target struct {
	// Prepare stores in slot i an input of class c: c = 0 is the fixed
	// input, c = 1 a fresh random one drawn from rng. It is not timed, but
	// what it allocates and touches shapes the memory that the timed call
	// reads, so it must treat both classes alike: copy the fixed input into
	// the slot rather than share it, and do the same work for class 0 as
	// for class 1 (draw a random input and replace it with the fixed one).
	// A class-1 preparation that allocated more than class 0's made the
	// class-1 calls of a test 300 ns slower (|t| = 16 in 100,000
	// measurements).
	Prepare func(i, c int, rng *rand.Rand)
	// Run calls the function under test on the input in slot i. Only Run
	// is timed; it should store its result where the compiler cannot drop
	// it.
	Run func(i int)
	// Slots is the number of inputs prepared at once (default 1000).
	Slots int
	// Batch is the number of calls to Run per measurement (default 1).
	Batch int
}

// TTest is one of Welch's t-tests of a Result.
type TTest struct {
	// Name is "raw" or "crop pNN.N" (the percentile of the threshold).
	Name string
	// Max is the crop threshold in nanoseconds per measurement (+Inf for
	// the raw test).
	Max float64
	// N is the number of measurements of each class that the test kept.
	N [2]int
	// Mean is the mean of each class in nanoseconds per measurement.
	Mean [2]float64
	// T is Welch's t statistic, class 0 minus class 1.
	T float64
}

// Result is the outcome of Measure.
type Result struct {
	Samples int           // measurements taken (not counting the warm-up)
	Batch   int           // calls per measurement
	Tests   []TTest       // the raw test, then the crops by increasing threshold
	Elapsed time.Duration // wall time of the whole run, preparation included
	Seed    uint64        // the seed of the class and input draws
}

// Max returns the test with the largest |t|.
func (r *Result) Max() TTest {
	best := r.Tests[0]
	for _, tt := range r.Tests[1:] {
		if math.Abs(tt.T) > math.Abs(best.T) {
			best = tt
		}
	}
	return best
}

// MaxAbsT returns the largest |t| of all the tests.
func (r *Result) MaxAbsT() float64 { return math.Abs(r.Max().T) }

func (r *Result) String() string {
	m, raw := r.Max(), r.Tests[0]
	return fmt.Sprintf("max |t| = %.2f (%s: n = %d + %d, means %.0f / %.0f ns); raw t = %.2f, means %.0f / %.0f ns; %d measurements × %d calls, %d per class, %v, seed %d",
		math.Abs(m.T), m.Name, m.N[0], m.N[1], m.Mean[0], m.Mean[1],
		raw.T, raw.Mean[0], raw.Mean[1], r.Samples, r.Batch, raw.N, r.Elapsed.Round(time.Millisecond), r.Seed)
}

// welford accumulates a count, mean and sum of squared deviations online.
type welford struct {
	n, mean, m2 float64
}

func (w *welford) push(x float64) {
	w.n++
	d := x - w.mean
	w.mean += d / w.n
	w.m2 += d * (x - w.mean)
}

// welch returns Welch's t statistic for the difference of the means of a
// and b, 0 when either has fewer than two values.
func welch(a, b *welford) float64 {
	if a.n < 2 || b.n < 2 {
		return 0
	}
	va, vb := a.m2/(a.n-1), b.m2/(b.n-1)
	den := math.Sqrt(va/a.n + vb/b.n)
	if den == 0 {
		if a.mean == b.mean {
			return 0
		}
		return math.Copysign(math.Inf(1), a.mean-b.mean)
	}
	return (a.mean - b.mean) / den
}

// cropPercentile returns dudect's percentile for crop k in [0, Crops).
func cropPercentile(k int) float64 {
	return 1 - math.Pow(0.5, 10*float64(k+1)/Crops)
}

// percentile returns the p-quantile of the sorted values (nearest rank).
func percentile(sorted []float64, p float64) float64 {
	i := int(p * float64(len(sorted)-1))
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// Measure times tg on samples measurements after a discarded warm-up of
// about a tenth as many (at least 200, at most 10000), with classes and
// random inputs drawn from seed, and returns the t-tests.
func Measure(tg Target, samples int, seed uint64) *Result {
	start := time.Now()
	slots := tg.Slots
	if slots <= 0 {
		slots = 1000
	}
	batch := max(tg.Batch, 1)
	rng := rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15))
	classes := make([]uint8, slots)
	times := make([]float64, slots)

	// One OS thread for the whole run: a migration between measurements
	// adds noise (the runtime may still preempt).
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()

	// chunk prepares n slots with random classes and times each.
	chunk := func(n int) {
		for i := range n {
			c := int(rng.Uint32() & 1)
			classes[i] = uint8(c)
			tg.Prepare(i, c, rng)
		}
		for i := range n {
			t0 := time.Now()
			for range batch {
				tg.Run(i)
			}
			times[i] = float64(time.Since(t0))
		}
	}

	warm := min(max(samples/10, 200), 10000)
	warmTimes := make([]float64, 0, warm)
	for len(warmTimes) < warm {
		n := min(slots, warm-len(warmTimes))
		chunk(n)
		warmTimes = append(warmTimes, times[:n]...)
	}
	slices.Sort(warmTimes)
	limits := make([]float64, 1+Crops)
	limits[0] = math.Inf(1)
	for k := range Crops {
		limits[1+k] = percentile(warmTimes, cropPercentile(k))
	}

	stats := make([][2]welford, len(limits))
	for done := 0; done < samples; {
		n := min(slots, samples-done)
		chunk(n)
		for i, x := range times[:n] {
			c := classes[i]
			for k, lim := range limits {
				if x <= lim {
					stats[k][c].push(x)
				}
			}
		}
		done += n
	}

	r := &Result{Samples: samples, Batch: batch, Seed: seed}
	for k := range limits {
		tt := TTest{
			Name: "raw",
			Max:  limits[k],
			N:    [2]int{int(stats[k][0].n), int(stats[k][1].n)},
			Mean: [2]float64{stats[k][0].mean, stats[k][1].mean},
			T:    welch(&stats[k][0], &stats[k][1]),
		}
		if k > 0 {
			tt.Name = fmt.Sprintf("crop p%.1f", 100*cropPercentile(k-1))
		}
		r.Tests = append(r.Tests, tt)
	}
	r.Elapsed = time.Since(start)
	return r
}

// Samples returns the number of measurements for a test whose default is
// def, and whether the long mode is on: the value of EnvVar if it is set
// (a count such as 1000000 or 1e6), otherwise def, divided by 4 (at least
// 200) under -short.
func Samples(t testing.TB, def int) (n int, long bool) {
	if s := strings.TrimSpace(os.Getenv(EnvVar)); s != "" {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f < 1 || f > 1e12 {
			t.Fatalf("%s=%q: want a sample count such as 1e6", EnvVar, s)
		}
		return int(f), true
	}
	if testing.Short() {
		return max(def/4, 200), false
	}
	return def, false
}

// Run measures tg with the sample count of Samples(t, def) and logs the
// result; in the long mode it fails the test if max |t| ≥ Threshold. Under
// the race detector it skips the test instead.
func Run(t *testing.T, tg Target, def int) *Result {
	t.Helper()
	race.SkipTiming(t)
	n, long := Samples(t, def)
	seed := uint64(time.Now().UnixNano())
	r := Measure(tg, n, seed)
	t.Logf("dudect: %v", r)
	if long && r.MaxAbsT() >= Threshold {
		t.Errorf("timing depends on the input class: max |t| = %.2f ≥ %.1f (%s)", r.MaxAbsT(), Threshold, r.Max().Name)
	}
	return r
}

// FixedVsRandom is the Target of most timing tests: 1000 slots of T, class
// 0 a copy of *fixed, class 1 random(rng), and Run calling f on the slot,
// so both classes are timed from the same memory. random is called for
// class 0 too, and its result replaced, so that both classes are prepared
// alike.
func FixedVsRandom[T any](fixed *T, random func(*rand.Rand) T, f func(*T)) Target {
	return FixedVsRandomFresh(fixed, random, nil, f)
}

// FixedVsRandomFresh is FixedVsRandom for an input with a part outside the
// classes: after a slot has its class's input, fresh (if not nil) completes
// it, untimed, in both classes alike. It serves inputs that the call
// consumes, such as a secret nonce, which must be new for every call, and
// randomness that real use draws afresh for every call.
func FixedVsRandomFresh[T any](fixed *T, random func(*rand.Rand) T, fresh func(*T, *rand.Rand), f func(*T)) Target {
	const slots = 1000
	in := make([]T, slots)
	return Target{
		Slots: slots,
		Prepare: func(i, c int, rng *rand.Rand) {
			in[i] = random(rng)
			if c == 0 {
				in[i] = *fixed
			}
			if fresh != nil {
				fresh(&in[i], rng)
			}
		},
		Run: func(i int) { f(&in[i]) },
	}
}

// RunChecked checks tg with RequireDistinct(t, tg, result) and, if that
// passes, runs it as Run does, then checks that no timed call added an
// error to fails (the Failures that tg's Run adds its calls' errors to).
func RunChecked(t *testing.T, tg Target, def int, result func() []byte, fails *Failures) *Result {
	t.Helper()
	RequireDistinct(t, tg, result)
	if t.Failed() {
		return nil
	}
	r := Run(t, tg, def)
	fails.Check(t)
	return r
}

// RequireDistinct checks, untimed, that the classes of tg differ where it
// matters, so that the timing test can fail: it prepares and runs slot 0
// with the fixed input, slot 1 with a random one, and slot 0 with the fixed
// input again, calling result after each run for what the call computed
// (nil if it failed). The two fixed results must be equal and the random
// one must differ from them; none may be nil. It catches a random class
// that repeats the fixed input, a fixed class that is not fixed, and a call
// that ignores its slot or fails instead of doing the work.
func RequireDistinct(t testing.TB, tg Target, result func() []byte) {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 7))
	var got [3][]byte
	for k, c := range []int{0, 1, 0} {
		tg.Prepare(k&1, c, rng)
		tg.Run(k & 1)
		if got[k] = result(); got[k] == nil {
			t.Errorf("the call on a class-%d input failed", c)
			return
		}
	}
	switch {
	case string(got[0]) != string(got[2]):
		t.Errorf("the fixed class is not fixed: %x, then %x", got[0], got[2])
	case string(got[0]) == string(got[1]):
		t.Errorf("the random class gave the fixed class's result %x", got[0])
	}
}

// Failures counts the timed calls that returned an error. A test of a
// function that can fail adds every call's error and checks after Run
// that none failed: a call that returns early times an error path, not the
// work the test is about (such as a secret nonce used twice).
type Failures struct {
	n    int
	last error
}

// Add counts err if it is not nil.
func (f *Failures) Add(err error) {
	if err != nil {
		f.n++
		f.last = err
	}
}

// Check fails t if any call failed.
func (f *Failures) Check(t testing.TB) {
	t.Helper()
	if f.n > 0 {
		t.Errorf("%d timed calls failed (the last with %v): the test timed an error path", f.n, f.last)
	}
}

// RequireLeak is the check that the harness can fail: tg times a function
// known to depend on its input class, and max |t| must reach LeakThreshold,
// from 5000 measurements or, where timing is coarse or noisy, from 50000
// (js/wasm under node on a loaded machine measured a 15% gap as 5% and
// |t| = 6.42 from 5000). |t| grows with the square root of the count; a
// harness that cannot see the leak stays near 0 however long it runs.
// Under the race detector it skips the test.
func RequireLeak(t testing.TB, name string, tg Target) {
	t.Helper()
	race.SkipTiming(t)
	var maxT float64
	for _, n := range []int{5000, 50000} {
		r := Measure(tg, n, 1)
		t.Logf("dudect: %v", r)
		if maxT = r.MaxAbsT(); maxT >= LeakThreshold {
			return
		}
	}
	t.Errorf("%s's dependence on its input was not detected: max |t| = %.2f < %d", name, maxT, LeakThreshold)
}

// RandomBytes fills b from rng: it is testref.FillRandom, which new code
// calls, kept while musig2's timing test still calls it.
func RandomBytes(rng *rand.Rand, b []byte) { testref.FillRandom(rng, b) }
