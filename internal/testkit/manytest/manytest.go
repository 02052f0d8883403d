// Package manytest holds what the tests and benchmarks of the VerifyMany
// functions (ecdsa, schnorr) share.
package manytest

import (
	"fmt"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
)

// Sizes runs f with each field8 backend for every n from 1 to 20 (with
// -short, on the generic backend, about 4 ms per chunk of eight, only
// n = 1, 5, 9, 13, 17), and the share of invalid items it should use:
// none, some or all, in turn.
func Sizes(t *testing.T, f func(t *testing.T, n int, invalid float64)) {
	for _, be := range field8.Backends() {
		t.Run(be, func(t *testing.T) {
			defer field8.SetBackend(be)()
			for n := 1; n <= 20; n++ {
				if be == "generic" && testing.Short() && n%4 != 1 {
					continue
				}
				f(t, n, []float64{0, 0.3, 1}[n%3])
			}
		})
	}
}

// Chunks returns the results of lanes, a VerifyMany's lane path, on the
// items in chunks of eight, whatever the CPU.
func Chunks[T any](items []T, lanes func(items []T, out []bool)) []bool {
	out := make([]bool, len(items))
	for start := 0; start < len(items); start += field8.Lanes {
		end := min(len(items), start+field8.Lanes)
		lanes(items[start:end], out[start:end])
	}
	return out
}

// Bench benchmarks, on n valid signatures and one goroutine, per signature
// (ns/sig): path=lanes, many() on the eight-lane path (only on a CPU with
// IFMA); path=single, many() with the generic field8 backend, which takes
// the single path as CPUs without IFMA do; and path=verify, verify(i) for
// every i. Every result must be true.
func Bench(b *testing.B, n int, many func() []bool, verify func(i int) bool) {
	run := func(name string, f func()) {
		b.Run(fmt.Sprintf("n=%d/path=%s", n, name), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sig")
		})
	}
	check := func(out []bool) {
		for _, ok := range out {
			if !ok {
				b.Fatal("a valid signature failed")
			}
		}
	}
	if field8.IFMA() {
		run("lanes", func() { check(many()) })
	}
	run("single", func() {
		defer field8.SetBackend("generic")()
		check(many())
	})
	run("verify", func() {
		for i := range n {
			if !verify(i) {
				b.Fatal("a valid signature failed")
			}
		}
	})
}

// Allocs checks that many, a VerifyMany on one worker, allocates once (its
// results) on each path: the lanes (on a CPU with IFMA) and the single path
// that the generic field8 backend takes, as CPUs without IFMA do.
func Allocs(t *testing.T, many func() []bool) {
	t.Helper()
	for _, be := range field8.Backends() {
		restore := field8.SetBackend(be)
		n := testing.AllocsPerRun(3, func() { many() })
		restore()
		if n != 1 {
			t.Errorf("backend %s: VerifyMany on one worker allocates %v times, want 1 (the results)", be, n)
		}
	}
}
