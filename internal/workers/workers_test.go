package workers

import (
	"sync/atomic"
	"testing"
)

// TestRun checks that every job runs exactly once, for job counts around
// the chunk size and several worker counts.
func TestRun(t *testing.T) {
	for _, n := range []int{0, 1, chunk - 1, chunk, chunk + 1, 10 * chunk, 1000} {
		for _, w := range []int{-1, 0, 1, 2, 3, 8} {
			counts := make([]atomic.Int32, n)
			Run(n, w, func(i int) { counts[i].Add(1) })
			for i := range counts {
				if c := counts[i].Load(); c != 1 {
					t.Fatalf("n = %d, w = %d: job %d ran %d times", n, w, i, c)
				}
			}
		}
	}
}
