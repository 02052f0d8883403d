package ecmult

import (
	"fmt"
	"math/big"
	"runtime"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// TestPippengerVariants runs every bucket-accumulation variant directly,
// with forced windows, goroutine counts and tiny batches (which exercise the
// deferral queue and the overflow buckets of the affine variant).
func TestPippengerVariants(t *testing.T) {
	r, _ := testRand(t, 1)
	inputs := []*msmTestInput{
		msmTestBatch(r, "random 1", 1, 0),
		msmTestBatch(r, "random 7", 7, 0),
		msmTestBatch(r, "random 60", 60, 0),
		msmTestBatch(r, "special 60", 60, 6),
		msmTestBatch(r, "all special 40", 40, 8),
		msmTestUniform(r, 50),
		{name: "empty"},
	}
	if !testing.Short() {
		inputs = append(inputs, msmTestBatch(r, "special 700", 700, 3))
	}
	type config struct {
		window  uint
		workers int
		batch   int
	}
	configs := []config{
		{0, 1, 0}, {0, 2, 0}, {2, 1, 0}, {3, 3, 0}, {4, 1, 1}, {5, 1, 2}, {6, 2, 3},
		{8, 1, 0}, {10, 2, 7}, {13, 1, 0},
	}
	g := scalarFromBig(randomScalar(r))
	for _, in := range inputs {
		for _, gs := range []*scalar.Scalar{nil, g} {
			want := in.want(gs)
			for variant := range pippengerVariants {
				for _, cfg := range configs {
					out := valid(varTimePippengerWith(in.scalars, in.points, gs, pippengerConfig{
						variant: variant, window: cfg.window, workers: cfg.workers, batch: cfg.batch,
					}))
					if out.Equal(want) != 1 {
						t.Fatalf("%s, variant %d, %+v, g %v: wrong result", in.name, variant, cfg, gs != nil)
					}
				}
			}
		}
	}
}

// TestPippengerRecoding checks that the offset digits of every window width
// rebuild the 128-bit half and stay in [−2^(c−1), 2^(c−1)).
func TestPippengerRecoding(t *testing.T) {
	r, count := testRand(t, 200)
	values := []*big.Int{
		big.NewInt(0), big.NewInt(1),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1)),
		new(big.Int).Lsh(big.NewInt(1), 127),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1)),
	}
	for range count {
		values = append(values, new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), 128)))
	}
	for c := uint(2); c <= 20; c++ {
		w := pippengerWindows(c)
		for _, v := range values {
			off := pippengerOffset(c)
			k := recodeHalf(v.Uint64(), new(big.Int).Rsh(v, 64).Uint64(), &off)
			sum := new(big.Int)
			for j := w - 1; j >= 0; j-- {
				d := k.digit(uint(j)*c, c)
				if d < -(1<<(c-1)) || d >= 1<<(c-1) {
					t.Fatalf("c=%d: digit %d of %x is %d", c, j, v, d)
				}
				sum.Lsh(sum, c)
				sum.Add(sum, big.NewInt(int64(d)))
			}
			if sum.Cmp(v) != 0 {
				t.Fatalf("c=%d: digits of %x rebuild %x", c, v, sum)
			}
			// The same digits as the carry-propagating recoding: both are the
			// unique form with W digits in [−2^(c−1), 2^(c−1)).
			if c <= 7 {
				want := make([]int8, w)
				scalar.SignedDigits(want, scalarFromBig(v), c)
				for j := range w {
					if d := k.digit(uint(j)*c, c); d != int(want[j]) {
						t.Fatalf("c=%d: digit %d of %x is %d, SignedDigits %d", c, j, v, d, want[j])
					}
				}
			}
		}
	}
}

// TestPippengerParallelDeterministic checks that the goroutine count does
// not change the result. (Its Jacobian representation may change: the
// windows are grouped differently, so the batches differ.)
func TestPippengerParallelDeterministic(t *testing.T) {
	r, _ := testRand(t, 1)
	in := msmTestBatch(r, "parallel", 500, 1)
	out := valid(varTimePippengerWith(in.scalars, in.points, nil, pippengerConfig{variant: pippengerAffine, workers: 1}))
	want := refFromJacobian(&out)
	for _, workers := range []int{1, 2, 3, runtime.GOMAXPROCS(0) + 1} {
		out = valid(varTimePippengerWith(in.scalars, in.points, nil, pippengerConfig{variant: pippengerAffine, workers: workers}))
		checkPoint(t, fmt.Sprintf("workers=%d", workers), &out, want)
	}
}

// TestAffineBucketsWindows compares the window sums of the affine buckets
// with those of the Jacobian buckets, window by window, for groups of
// windows and batch sizes that force deferrals, queue overflows, doublings
// and cancellations in the batches, on every path (lanePaths).
func TestAffineBucketsWindows(t *testing.T) {
	r, _ := testRand(t, 1)
	inputs := []*msmTestInput{
		msmTestBatch(r, "random", 40, 0),
		msmTestBatch(r, "special", 60, 8),
		msmTestUniform(r, 30),
	}
	for _, in := range inputs {
		for _, c := range []uint{2, 3, 5, 8} {
			s := new(msmScratch)
			live, ok := s.collect(in.scalars, in.points, nil)
			if !ok {
				t.Fatalf("%s: valid inputs reported invalid", in.name)
			}
			s.points = grow(s.points, 2*live)
			s.keys = grow(s.keys, 2*live)
			s.scalars, s.inputs, s.c = in.scalars, in.points, c
			s.points52 = make([]aff52, 2*live)
			var ws windowScratch
			ws.prepareChunk(s, 0, live)
			pts, keys := s.points[:2*live], s.keys[:2*live]
			w := pippengerWindows(c)
			want := make([]group.Jacobian, w)
			for j := range w {
				ws.windowJacobian(&want[j], pts, keys, j, c)
			}
			for _, path := range lanePaths() {
				restore := setLanePath(path)
				pts52 := s.points52
				if path == "scalar" {
					pts52 = nil
				}
				for _, g := range []int{1, 2, w} {
					for _, batch := range []int{1, 2, 3, 5, 9, 64} {
						got := make([]group.Jacobian, w)
						for j0 := 0; j0 < w; j0 += g {
							j1 := min(w, j0+g)
							ws.aff.windowsAffine(got[j0:j1], pts, pts52, keys, j0, j1, c, batch)
						}
						for j := range w {
							if got[j].Equal(&want[j]) != 1 {
								t.Fatalf("%s, %s, c=%d, group %d, batch %d: window %d differs", in.name, path, c, g, batch, j)
							}
						}
					}
				}
				restore()
			}
		}
	}
}

var pippengerVariantNames = [pippengerVariants]string{
	pippengerJacobian: "jacobian",
	pippengerAffine:   "affine",
}

// BenchmarkEcmultWindow sweeps the bucket window of the variants that
// matter, for the window table (docs/msm.md, "Window table").
func BenchmarkEcmultWindow(b *testing.B) {
	for _, n := range msmBenchSizes {
		if n < 32 {
			continue
		}
		scalars, points := msmBenchInput(n)
		for _, variant := range []pippengerVariant{pippengerJacobian, pippengerAffine} {
			for c := uint(3); c <= 16; c++ {
				b.Run(fmt.Sprintf("V=%s/N=%d/c=%d", pippengerVariantNames[variant], n, c), func(b *testing.B) {
					cfg := pippengerConfig{variant: variant, window: c, workers: 1}
					for b.Loop() {
						valid(varTimePippengerWith(scalars, points, nil, cfg))
					}
					msmBenchReport(b, n)
				})
			}
		}
	}
}
