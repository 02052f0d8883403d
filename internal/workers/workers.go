// Package workers runs n independent jobs on a given number of goroutines,
// for the many-operation APIs (ecdsa.VerifyMany, schnorr.VerifyMany): the
// caller's goroutine takes part, so one worker means no goroutine at all.
package workers

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// chunk is the number of jobs a goroutine takes at a time: enough to make
// the shared counter's cost negligible against a signature verification,
// few enough to balance the load.
const chunk = 16

// Count returns the number of goroutines that a workers argument of the
// many-operation APIs stands for (secp256k1.Workers, for the packages that
// cannot import the root): runtime.GOMAXPROCS(0) for −1
// (secp256k1.UseGOMAXPROCS), 1 for any other value below 1, and w itself
// otherwise.
func Count(w int) int {
	if w == -1 {
		return runtime.GOMAXPROCS(0)
	}
	return max(w, 1)
}

// Run calls job(i) for every i in [0, n), on up to w goroutines (the
// calling one included; w ≤ 1 runs them all on the caller's). Jobs must be
// independent; Run returns when every job has returned.
func Run(n, w int, job func(i int)) {
	run(n, w, chunk, job)
}

// RunChunks calls job(start, end) for the consecutive ranges [start, end)
// of size jobs (the last one shorter) that cover [0, n), on up to w
// goroutines as Run, each goroutine taking one range at a time: for jobs
// that work on several items at once, as the eight lanes of
// ecdsa.VerifyMany.
func RunChunks(n, size, w int, job func(start, end int)) {
	run((n+size-1)/size, w, 1, func(c int) {
		job(c*size, min(n, (c+1)*size))
	})
}

// RunChunksOf is RunChunks over len(items) jobs for a job that takes the
// items and their results as arguments instead of capturing them: where
// the ranges all run on the calling goroutine (w ≤ 1, or a single range)
// it calls job(items, res, start, end) itself, and nothing escapes to the
// heap, so that a job that does not allocate leaves the call
// allocation-free. A closure given to RunChunks escapes, since goroutines
// may share it.
func RunChunksOf[I, R any](items []I, res []R, size, w int, job func(items []I, res []R, start, end int)) {
	n := len(items)
	if w <= 1 || n <= size {
		for start := 0; start < n; start += size {
			job(items, res, start, min(start+size, n))
		}
		return
	}
	RunChunks(n, size, w, func(start, end int) { job(items, res, start, end) })
}

// run is Run with the goroutines taking grab jobs at a time.
func run(n, w, grab int, job func(i int)) {
	w = min(w, (n+grab-1)/grab)
	if w <= 1 {
		for i := range n {
			job(i)
		}
		return
	}
	var next atomic.Int64
	work := func() {
		for {
			start := int(next.Add(int64(grab))) - grab
			if start >= n {
				return
			}
			for i := start; i < min(start+grab, n); i++ {
				job(i)
			}
		}
	}
	var wg sync.WaitGroup
	for range w - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
}
