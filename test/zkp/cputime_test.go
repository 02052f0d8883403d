package zkp

import (
	"os"
	"runtime"
	"sort"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time this thread's process has used (user +
// system), a better clock than the wall on a loaded shared machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_THREAD, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuRatio runs a and b alternately, rounds times each, n operations a
// round, and returns the median per-operation CPU times and their ratio.
// Set KZKP_CPU_ROUNDS to run the tests that use it.
func cpuRatio(t *testing.T, n int, a, b func()) (ta, tb time.Duration, ratio float64) {
	rounds, _ := strconv.Atoi(os.Getenv("KZKP_CPU_ROUNDS"))
	if rounds == 0 {
		t.Skip("set KZKP_CPU_ROUNDS to compare CPU times")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var as, bs []time.Duration
	for range rounds {
		t0 := cpuTime()
		for range n {
			a()
		}
		t1 := cpuTime()
		for range n {
			b()
		}
		t2 := cpuTime()
		as = append(as, (t1-t0)/time.Duration(n))
		bs = append(bs, (t2-t1)/time.Duration(n))
	}
	med := func(d []time.Duration) time.Duration {
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return d[len(d)/2]
	}
	ta, tb = med(as), med(bs)
	return ta, tb, float64(ta) / float64(tb)
}
