package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"golang.org/x/sys/unix"
)

// cpuTime returns the CPU time of the whole process (all threads: the
// garbage collector's work is charged to the library that allocates).
func cpuTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts); err != nil {
		panic(err)
	}
	return time.Duration(ts.Nano())
}

// A Result is one library's times for one operation, in nanoseconds per
// operation over the rounds.
type Result struct {
	Op, Lib        string
	Min, Median    float64
	Rounds, Iters  int     // rounds, and operations per round
	Ref            string  // the library of the ratio's denominator
	Ratio, RatioLo float64 // Median/ref's Median, Min/ref's Min
}

// timing holds the measurement settings.
type timing struct {
	rounds int
	batch  time.Duration // CPU time of one library's batch in one round
}

// runBatch runs f on n consecutive cases and returns the CPU time taken.
func runBatch(f func(int) bool, n, cases int, start int) time.Duration {
	t0 := cpuTime()
	for k := range n {
		if !f((start + k) % cases) {
			panic("operation failed during timing")
		}
	}
	return cpuTime() - t0
}

// measure times op for each library that offers it. Each library first gets
// its batch size (operations per round) calibrated so that a batch takes
// about t.batch; then, for t.rounds rounds, each library runs one batch in
// turn, the starting library rotating from round to round.
func measure(op Op, libs []*Lib, d *Dataset, t timing, progress io.Writer) []Result {
	type entry struct {
		lib   *Lib
		f     func(int) bool
		iters int
		times []float64
	}
	var es []*entry
	cases := d.Len()
	for _, l := range libs {
		if f := op.Run(l, d); f != nil {
			es = append(es, &entry{lib: l, f: f})
		}
	}
	if len(es) == 0 {
		return nil
	}
	runtime.GC()
	for _, e := range es {
		n := 1
		for {
			el := runBatch(e.f, n, cases, 0)
			if el >= t.batch/4 || n >= 1<<30 {
				e.iters = max(1, int(float64(n)*float64(t.batch)/float64(max(el, 1))))
				break
			}
			n *= 2
		}
		runBatch(e.f, e.iters, cases, 0) // warm-up at full size
	}
	for r := range t.rounds {
		for k := range es {
			e := es[(r+k)%len(es)]
			el := runBatch(e.f, e.iters, cases, r*e.iters)
			e.times = append(e.times, float64(el.Nanoseconds())/float64(e.iters))
		}
	}
	var out []Result
	for _, e := range es {
		slices.Sort(e.times)
		out = append(out, Result{
			Op: op.Name, Lib: e.lib.Name,
			Min: e.times[0], Median: median(e.times),
			Rounds: t.rounds, Iters: e.iters,
		})
	}
	setRatios(out)
	if progress != nil {
		fmt.Fprintf(progress, "%-18s", op.Name)
		for _, r := range out {
			fmt.Fprintf(progress, "  %s %s", r.Lib, formatDuration(r.Median))
		}
		fmt.Fprintln(progress)
	}
	return out
}

func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

// refOrder is the preference for the reference of the ratios: libsecp256k1
// where it has the operation, else the base revision of an old/new run
// (bench/basecompare.sh), else Kestrel.
var refOrder = []string{"libsecp", "base", "kestrel", "geth", "btcec", "decred"}

// setRatios sets Ref and the ratios of one operation's results.
func setRatios(rs []Result) {
	for _, name := range refOrder {
		for _, ref := range rs {
			if ref.Lib != name {
				continue
			}
			for i := range rs {
				rs[i].Ref = ref.Lib
				rs[i].Ratio = rs[i].Median / ref.Median
				rs[i].RatioLo = rs[i].Min / ref.Min
			}
			return
		}
	}
}

// formatDuration prints nanoseconds with three significant digits.
func formatDuration(ns float64) string {
	switch {
	case ns >= 999.5e3:
		return sig3(ns/1e6) + " ms"
	case ns >= 999.5:
		return sig3(ns/1e3) + " µs"
	default:
		return sig3(ns) + " ns"
	}
}

// sig3 prints v ≥ 0 with three significant digits and no exponent.
func sig3(v float64) string {
	switch {
	case v >= 99.95:
		return fmt.Sprintf("%.0f", v)
	case v >= 9.995:
		return fmt.Sprintf("%.1f", v)
	case v >= 0.9995:
		return fmt.Sprintf("%.2f", v)
	default:
		return fmt.Sprintf("%.3f", v)
	}
}
