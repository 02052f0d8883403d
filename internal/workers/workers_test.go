package workers

import (
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
)

// TestCount checks the meaning of the workers arguments.
func TestCount(t *testing.T) {
	if Count(-1) != runtime.GOMAXPROCS(0) || Count(0) != 1 || Count(-5) != 1 || Count(1) != 1 || Count(4) != 4 {
		t.Errorf("Count: %d %d %d %d %d", Count(-1), Count(0), Count(-5), Count(1), Count(4))
	}
}

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

// TestRunChunks checks that the ranges of RunChunks and RunChunksOf cover
// every job exactly once, with ranges of the given size (the last one
// shorter).
func TestRunChunks(t *testing.T) {
	for _, n := range []int{0, 1, 7, 8, 9, 64, 1001} {
		for _, size := range []int{1, 8} {
			for _, w := range []int{-1, 1, 2, 3, 8} {
				for _, of := range []bool{false, true} {
					counts := make([]atomic.Int32, n)
					job := func(_ []struct{}, counts []atomic.Int32, start, end int) {
						if start%size != 0 || end-start > size || end <= start || (end-start < size && end != n) {
							t.Errorf("n = %d, size %d: range [%d, %d)", n, size, start, end)
						}
						for i := start; i < end; i++ {
							counts[i].Add(1)
						}
					}
					if of {
						RunChunksOf(make([]struct{}, n), counts, size, w, job)
					} else {
						RunChunks(n, size, w, func(start, end int) { job(nil, counts, start, end) })
					}
					for i := range counts {
						if c := counts[i].Load(); c != 1 {
							t.Fatalf("n = %d, size %d, w = %d, RunChunksOf %v: job %d ran %d times", n, size, w, of, i, c)
						}
					}
				}
			}
		}
	}
}

// TestRunChunksOfAllocs checks that RunChunksOf on one goroutine, with a
// job that does not allocate, does not allocate.
func TestRunChunksOfAllocs(t *testing.T) {
	race.SkipAllocs(t)
	items, sums := make([]int, 100), make([]int, 100)
	if a := testing.AllocsPerRun(10, func() {
		RunChunksOf(items, sums, 8, 1, addChunk)
	}); a != 0 {
		t.Errorf("RunChunksOf allocates %v times", a)
	}
}

// addChunk adds items[start:end] to sums[start:end].
func addChunk(items, sums []int, start, end int) {
	for i := start; i < end; i++ {
		sums[i] += items[i]
	}
}
