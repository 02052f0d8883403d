// Package workers runs n independent jobs on a given number of goroutines,
// for the many-operation APIs (ecdsa.VerifyMany, schnorr.VerifyMany): the
// caller's goroutine takes part, so one worker means no goroutine at all.
package workers

import (
	"sync"
	"sync/atomic"
)

// chunk is the number of jobs a goroutine takes at a time: enough to make
// the shared counter's cost negligible against a signature verification,
// few enough to balance the load.
const chunk = 16

// Run calls job(i) for every i in [0, n), on up to w goroutines (the
// calling one included; w ≤ 1 runs them all on the caller's). Jobs must be
// independent; Run returns when every job has returned.
func Run(n, w int, job func(i int)) {
	w = min(w, (n+chunk-1)/chunk)
	if w <= 1 {
		for i := range n {
			job(i)
		}
		return
	}
	var next atomic.Int64
	work := func() {
		for {
			start := int(next.Add(chunk)) - chunk
			if start >= n {
				return
			}
			for i := start; i < min(start+chunk, n); i++ {
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
