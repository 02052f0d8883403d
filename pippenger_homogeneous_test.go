package secp256k1

import (
	"fmt"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The homogeneous-coordinate variants of the bucket accumulation, measured
// and not kept (docs/msm.md, "Homogeneous coordinates"). They follow
// libsecp256k1's experiment ("Use homogeneous coordinates in pippenger"):
// the running sums, and optionally the combination of the windows, use the
// complete Renes–Costello–Batina additions of internal/group (12M, no
// squarings) instead of Jacobian additions (12M + 4S), at the price of a
// 2M + 1S conversion per bucket. They live in a test file so that they can be
// re-measured (BenchmarkEcmultVariants) when the field or group backends
// change, without weighing on the library.

type homVariant int

const (
	// homInner: Jacobian buckets, homogeneous running sums, Jacobian
	// combination (libsecp256k1's variant 1).
	homInner homVariant = iota
	// homAll: as homInner, and the combination (doublings included) in
	// homogeneous coordinates (variant 2).
	homAll
	// homSwitch: as homAll, but the rows of doublings in Jacobian
	// coordinates (variant 3).
	homSwitch
	// homBuckets: homogeneous buckets filled by the complete mixed addition
	// (11M), homogeneous running sums and combination (not in libsecp256k1).
	homBuckets
	homVariants
)

var homVariantNames = [homVariants]string{"hom-inner", "hom-all", "hom-switch", "hom-buckets"}

// homScratch holds the buckets of varTimePippengerHomogeneous.
type homScratch struct {
	ws   windowScratch
	hom  []group.Homogeneous
	sums []group.Homogeneous
}

// varTimePippengerHomogeneous is varTimePippengerWith (serial) with the
// bucket accumulation of variant v and window c (0 chooses).
func varTimePippengerHomogeneous(out *group.Jacobian, scalars []*Scalar, points []*Point, g *Scalar, v homVariant, c uint, hs *homScratch) {
	s := msmScratchPool.Get().(*msmScratch)
	defer msmScratchPool.Put(s)
	live := s.collect(scalars, points, g)
	if live == 0 {
		out.Identity()
		return
	}
	if c == 0 {
		c = pippengerWindow(live)
	}
	s.points = grow(s.points, 2*live)
	s.keys = grow(s.keys, 2*live)
	s.scalars, s.inputs, s.g, s.c = scalars, points, g, c
	hs.ws.prepareChunk(s, 0, live)
	s.scalars, s.inputs, s.g = nil, nil, nil
	w := pippengerWindows(c)
	hs.sums = grow(hs.sums, w)
	pts, keys := s.points[:2*live], s.keys[:2*live]
	for j := range w {
		if v == homBuckets {
			hs.windowBuckets(&hs.sums[j], pts, keys, j, c)
		} else {
			hs.windowInner(&hs.sums[j], pts, keys, j, c)
		}
	}
	switch v {
	case homInner:
		var acc, t group.Jacobian
		acc.SetHomogeneous(&hs.sums[w-1])
		for j := w - 2; j >= 0; j-- {
			for range c {
				acc.Double(&acc)
			}
			t.SetHomogeneous(&hs.sums[j])
			acc.VarTimeAdd(&acc, &t)
		}
		*out = acc
	case homSwitch:
		var t group.Jacobian
		acc := hs.sums[w-1]
		for j := w - 2; j >= 0; j-- {
			t.SetHomogeneous(&acc)
			for range c {
				t.Double(&t)
			}
			acc.SetJacobian(&t)
			acc.Add(&acc, &hs.sums[j])
		}
		out.SetHomogeneous(&acc)
	case homAll, homBuckets:
		acc := hs.sums[w-1]
		for j := w - 2; j >= 0; j-- {
			for range c {
				acc.Double(&acc)
			}
			acc.Add(&acc, &hs.sums[j])
		}
		out.SetHomogeneous(&acc)
	}
}

// windowInner sets sum = Σ_b (b + 1)·bucket[b] for window j: Jacobian
// buckets (mixed additions, 8M + 3S), each converted to homogeneous
// coordinates (2M + 1S) for a homogeneous running sum (2 × 12M).
func (hs *homScratch) windowInner(sum *group.Homogeneous, points []group.Affine, keys []pippengerKey, j int, c uint) {
	buckets := hs.ws.fillJacobian(points, keys, j, c)
	var running, total, h group.Homogeneous
	running.Identity()
	total.Identity()
	started := false // the leading identities are skipped, not added
	for b := len(buckets) - 1; b >= 0; b-- {
		if buckets[b].IsIdentity() == 0 {
			h.SetJacobian(&buckets[b])
			if !started {
				running, total, started = h, h, true
				continue
			}
			running.Add(&running, &h)
		}
		if started {
			total.Add(&total, &running)
		}
	}
	*sum = total
}

// windowBuckets is windowInner with homogeneous buckets filled by the
// complete mixed addition (11M), so that no conversion is needed.
func (hs *homScratch) windowBuckets(sum *group.Homogeneous, points []group.Affine, keys []pippengerKey, j int, c uint) {
	hs.hom = grow(hs.hom, windowBuckets(j, c))
	buckets := hs.hom
	clear(buckets) // Z = 0 marks an empty bucket (and a cancelled one)
	pos := uint(j) * c
	var q group.Affine
	for i := range keys {
		d := keys[i].digit(pos, c)
		if d == 0 {
			continue
		}
		q = points[i]
		if d < 0 {
			q.Y.Negate(&q.Y)
			d = -d
		}
		b := &buckets[d-1]
		if b.Z.IsZero() == 1 {
			b.SetAffine(&q)
		} else {
			b.AddAffine(b, &q)
		}
	}
	var running, total group.Homogeneous
	running.Identity()
	total.Identity()
	started := false
	for b := len(buckets) - 1; b >= 0; b-- {
		if buckets[b].Z.IsZero() == 0 {
			if !started {
				running, total, started = buckets[b], buckets[b], true
				continue
			}
			running.Add(&running, &buckets[b])
		}
		if started {
			total.Add(&total, &running)
		}
	}
	*sum = total
}

func TestPippengerHomogeneous(t *testing.T) {
	r, _ := pointTestRand(t, 1)
	inputs := []*msmTestInput{
		msmTestBatch(r, "random 1", 1, 0),
		msmTestBatch(r, "random 50", 50, 0),
		msmTestBatch(r, "special 60", 60, 6),
		msmTestUniform(r, 40),
		{name: "empty"},
	}
	g := scalarFromBig(randomScalar(r))
	var hs homScratch
	for _, in := range inputs {
		for _, gs := range []*Scalar{nil, g} {
			want := in.want(gs)
			for v := range homVariants {
				for _, c := range []uint{0, 2, 4, 7, 11} {
					var out group.Jacobian
					varTimePippengerHomogeneous(&out, in.scalars, in.points, gs, v, c, &hs)
					var got Point
					if got.setJacobian(&out).Equal(want) != 1 {
						t.Fatalf("%s, %s, c=%d, g %v: wrong result", in.name, homVariantNames[v], c, gs != nil)
					}
				}
			}
		}
	}
}

// BenchmarkEcmultVariants runs the kept variants and the homogeneous ones
// on one goroutine with the default window, side by side for benchstat
// (docs/msm.md, "Variants").
func BenchmarkEcmultVariants(b *testing.B) {
	for _, n := range msmBenchSizes {
		scalars, points := msmBenchInput(n)
		for variant := range pippengerVariants {
			b.Run(fmt.Sprintf("N=%d/V=%s", n, pippengerVariantNames[variant]), func(b *testing.B) {
				var out group.Jacobian
				cfg := pippengerConfig{variant: variant, workers: 1}
				b.ReportAllocs()
				for b.Loop() {
					varTimePippengerWith(&out, scalars, points, nil, cfg)
				}
				msmBenchReport(b, n)
			})
		}
		var hs homScratch
		for v := range homVariants {
			b.Run(fmt.Sprintf("N=%d/V=%s", n, homVariantNames[v]), func(b *testing.B) {
				var out group.Jacobian
				b.ReportAllocs()
				for b.Loop() {
					varTimePippengerHomogeneous(&out, scalars, points, nil, v, 0, &hs)
				}
				msmBenchReport(b, n)
			})
		}
	}
}
