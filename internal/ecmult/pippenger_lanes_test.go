package ecmult

import (
	"fmt"
	"math/big"
	"math/rand"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// lanePaths names the paths of the affine buckets that this machine can
// run: "scalar" (pippenger_affine.go alone, what CPUs without IFMA run),
// "lanes-generic" (the lane path over the generic twins) and, where the CPU
// has IFMA, "lanes-ifma" (the assembly).
func lanePaths() []string {
	paths := []string{"scalar", "lanes-generic"}
	if slices.Contains(field8.Backends(), "ifma") {
		paths = append(paths, "lanes-ifma")
	}
	return paths
}

// setLanePath selects a path of lanePaths and returns a function that
// restores the previous one.
func setLanePath(path string) (restore func()) {
	old := forceLanes
	backend := "generic"
	switch path {
	case "scalar":
		forceLanes = false
	case "lanes-generic":
		forceLanes = true
	case "lanes-ifma":
		backend, forceLanes = "ifma", false
	default:
		panic("unknown lane path " + path)
	}
	restoreBackend := field8.SetBackend(backend)
	if useLanes() != (path != "scalar") {
		panic("setLanePath: " + path + " did not take")
	}
	return func() {
		forceLanes = old
		restoreBackend()
	}
}

// TestLanePaths compares every path's MSM with the independent reference
// (the logarithms' sum times G) and with the scalar path, for sizes that
// pick Pippenger, inputs with many doublings, cancellations and equal
// digits, one and two workers, and batch sizes that leave partial groups
// of lanes.
func TestLanePaths(t *testing.T) {
	r, _ := testRand(t, 1)
	inputs := []*msmTestInput{
		msmTestBatch(r, "random 40", 40, 0),
		msmTestBatch(r, "random 101", 101, 0),
		msmTestBatch(r, "special 90", 90, 6),
		msmTestBatch(r, "all special 64", 64, 8),
		msmTestUniform(r, 48),
		msmTestEqualScalars(r, 80),
	}
	if !testing.Short() {
		inputs = append(inputs,
			msmTestBatch(r, "random 1500", 1500, 0),
			msmTestBatch(r, "special 2000", 2000, 4),
			msmTestUniform(r, 700),
			msmTestEqualScalars(r, 3000))
	}
	g := scalarFromBig(randomScalar(r))
	for _, in := range inputs {
		for _, gs := range []*scalar.Scalar{nil, g} {
			want := in.want(gs)
			for _, path := range lanePaths() {
				restore := setLanePath(path)
				for _, cfg := range []pippengerConfig{
					{variant: pippengerAffine, workers: 1},
					{variant: pippengerAffine, workers: 2},
					{variant: pippengerAffine, workers: 1, batch: 13},
					{variant: pippengerAffine, workers: 2, batch: 4, window: 6},
				} {
					out := valid(varTimePippengerWith(in.scalars, in.points, gs, cfg))
					if out.Equal(want) != 1 {
						t.Fatalf("%s, %s, %+v, g %v: wrong result", in.name, path, cfg, gs != nil)
					}
				}
				out := valid(VarTimeMultiScalarMultWorkers(in.scalars, in.points, gs, 2))
				if out.Equal(want) != 1 {
					t.Fatalf("%s, %s, VarTimeMultiScalarMultWorkers: wrong result", in.name, path)
				}
				restore()
			}
		}
	}
}

// msmTestEqualScalars returns n distinct points with one scalar: in every
// window all points fall into the same bucket.
func msmTestEqualScalars(r *rand.Rand, n int) *msmTestInput {
	b := msmTestBatch(r, "", n, 0)
	in := &msmTestInput{name: fmt.Sprintf("equal scalars %d", n)}
	s := msmTestScalar(r)
	for i := range n {
		in.add(s, b.points[i], b.logs[i])
	}
	return in
}

// randomLaneBatch returns buckets, points and a batch of entries into
// distinct buckets for the lane passes: limbs random below 2⁵² (so also
// values above p), and with probability 1/4 an entry whose point has its
// bucket's x, in the same limbs or as x and x + p.
func randomLaneBatch(r *rand.Rand, groups int) (buckets, points []aff52, eb, ep []int32) {
	limbs := func() (l [5]uint64) {
		for i := range l {
			l[i] = r.Uint64() & (1<<52 - 1)
		}
		return l
	}
	n := 8 * groups
	buckets = make([]aff52, n+3)
	points = make([]aff52, n)
	for i := range buckets {
		buckets[i] = aff52{X: limbs(), Y: limbs()}
	}
	perm := r.Perm(len(buckets))
	for e := range n {
		points[e] = aff52{X: limbs(), Y: limbs()}
		b := int32(perm[e])
		p := int32(e)
		if r.Intn(2) == 0 {
			p = ^p
		}
		if r.Intn(4) == 0 {
			a := &buckets[b]
			points[e].X = a.X
			if r.Intn(2) == 0 {
				// A small x and x + p, another representation of it.
				v := uint64(r.Intn(0x3D0))
				a.X = [5]uint64{v}
				points[e].X = p52
				points[e].X[0] += v
			}
		}
		eb, ep = append(eb, b), append(ep, p)
	}
	return buckets, points, eb, ep
}

// TestLanePassesAsm checks that the assembly of both lane passes gives the
// generic twins' limbs exactly: den, the prefix products, the special
// masks, the inverse and the buckets.
func TestLanePassesAsm(t *testing.T) {
	if !slices.Contains(field8.Backends(), "ifma") {
		t.Skip("the CPU has no AVX-512 IFMA: the generic twins run everywhere (TestLanePaths)")
	}
	r := testref.Rand(t)
	sawSpecial := false
	for iter := range 300 {
		groups := 2 * (1 + iter%4)
		buckets, points, eb, ep := randomLaneBatch(r, groups)
		type result struct {
			den, prefix, ax, qx []field8.Element8
			special             []uint8
			inv                 [2]field8.Element8
			buckets             []aff52
		}
		var inv [2]field8.Element8
		for h := range inv {
			for i := range 5 {
				for j := range 8 {
					inv[h].L[i][j] = r.Uint64() & (1<<52 - 1)
				}
			}
		}
		run := func(backend string) result {
			defer field8.SetBackend(backend)()
			res := result{
				den: make([]field8.Element8, groups), prefix: make([]field8.Element8, groups+2),
				ax: make([]field8.Element8, groups), qx: make([]field8.Element8, groups),
				special: make([]uint8, groups), inv: inv, buckets: slices.Clone(buckets),
			}
			res.prefix[0], res.prefix[1] = laneOne, laneOne
			lanePrefix(res.den, res.prefix, res.ax, res.qx, res.special, res.buckets, points, eb, ep)
			laneApply(&res.inv, res.den, res.prefix, res.ax, res.qx, res.special, res.buckets, points, eb, ep)
			return res
		}
		asm, gen := run("ifma"), run("generic")
		if !slices.Equal(asm.den, gen.den) || !slices.Equal(asm.prefix, gen.prefix) ||
			!slices.Equal(asm.ax, gen.ax) || !slices.Equal(asm.qx, gen.qx) {
			t.Fatalf("groups %d: the first pass's den, prefix products or x differ", groups)
		}
		if !slices.Equal(asm.special, gen.special) {
			t.Fatalf("groups %d: special %x, generic %x", groups, asm.special, gen.special)
		}
		if asm.inv != gen.inv || !slices.Equal(asm.buckets, gen.buckets) {
			t.Fatalf("groups %d: the second pass's inverse or buckets differ", groups)
		}
		for _, s := range gen.special {
			sawSpecial = sawSpecial || s != 0
		}
	}
	if !sawSpecial {
		t.Fatal("no special lane was generated")
	}
}

// TestZeroLanes checks zeroLanes against the definition: a lane is 0 mod p
// exactly when its value is k·p for k < 16.
func TestZeroLanes(t *testing.T) {
	r := testref.Rand(t)
	for range 2000 {
		var v field8.Element8
		var want uint8
		for j := range 8 {
			if r.Intn(2) == 0 {
				for i := range 5 {
					v.L[i][j] = r.Uint64() & (1<<52 - 1)
				}
				continue // a random value is 0 mod p with negligible probability
			}
			// k·p in 5x52 limbs, for k < 16: below 2²⁶⁰.
			k := uint64(r.Intn(16))
			var c uint64
			for i := range 5 {
				x := k*p52[i] + c
				v.L[i][j], c = x&(1<<52-1), x>>52
			}
			want |= 1 << j
			if r.Intn(4) == 0 && v.L[0][j] > 0 {
				v.L[0][j]-- // k·p − 1: not zero
				want &^= 1 << j
			}
		}
		if got := zeroLanes(&v); got != want {
			t.Fatalf("zeroLanes(%x) = %08b, want %08b", v, got, want)
		}
	}
}

// BenchmarkLanePasses times both passes over a batch of 1024 entries into
// 4096 buckets, per entry, with the backend of field8's default.
func BenchmarkLanePasses(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	const groups = 128
	buckets, points, eb, ep := randomLaneBatch(r, groups)
	buckets = append(buckets, make([]aff52, 4096-len(buckets))...)
	den := make([]field8.Element8, groups)
	prefix := make([]field8.Element8, groups+2)
	ax := make([]field8.Element8, groups)
	qx := make([]field8.Element8, groups)
	special := make([]uint8, groups)
	var inv [2]field8.Element8
	for _, pass := range []string{"prefix", "apply"} {
		b.Run(pass, func(b *testing.B) {
			for b.Loop() {
				if pass == "prefix" {
					lanePrefix(den, prefix, ax, qx, special, buckets, points, eb, ep)
				} else {
					laneApply(&inv, den, prefix, ax, qx, special, buckets, points, eb, ep)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*8*groups), "ns/entry")
		})
	}
}

// TestSumLanes checks the window sums of the lane path (overflow points
// folded, running sums in lanes or the fallback) against the single-element
// running sum, for windows with overflow points, with an overflow point that
// cancels its bucket, with empty buckets, and with an exceptional case for
// group8's formulas; and that sumWindowLanes runs on windows of 64 buckets
// and more, and declines the exceptional one.
func TestSumLanes(t *testing.T) {
	r := testref.Rand(t)
	for _, path := range lanePaths()[1:] {
		restore := setLanePath(path)
		for _, half := range []int{8, 64, 136} {
			const windows = 4
			n := windows * half
			ab := affineBuckets{
				buckets: make([]group.Affine, n), buckets52: make([]aff52, n+1),
				state: make([]uint32, n), overflow: make([]group.Jacobian, n), gen: 2,
			}
			point := func() *group.Jacobian {
				// Uniform and nonzero: randomScalar's edge values include 0.
				k := new(big.Int).Rand(r, new(big.Int).Sub(testref.N, big.NewInt(1)))
				return baseMult(scalarFromBig(k.Add(k, big.NewInt(1))))
			}
			for b := range n {
				p := point()
				ab.buckets[b].VarTimeSetJacobian(p)
				ab.buckets52[b].set(&ab.buckets[b])
				ab.state[b] = 1
				switch w := b / half; {
				case w == 1 && r.Intn(6) == 0:
					ab.overflow[b] = *point()
					ab.overUsed = true
				case w == 1 && r.Intn(20) == 0:
					ab.overflow[b].SetAffine(new(group.Affine).Negate(&ab.buckets[b]))
					ab.overUsed = true
				case w == 2 && r.Intn(10) == 0:
					ab.state[b] = 0
				}
			}
			// Window 3: lane 0's first bucket is −R₀, which cancels its
			// starting point: an exceptional case for group8.
			top := 3*half + half/8 - 1
			ab.buckets[top].Negate(&laneStart[0])
			ab.buckets52[top].set(&ab.buckets[top])
			want := make([]group.Jacobian, windows)
			for j := range windows {
				ab.sum(&want[j], j*half, half)
			}
			got := make([]group.Jacobian, windows)
			if half >= 64 {
				ab.foldOverflow()
				for j := range windows {
					if ab.sumWindowLanes(&got[j], j*half, half) != (j < 3) {
						t.Fatalf("%s, %d buckets: sumWindowLanes on window %d declined %v", path, half, j, j < 3)
					}
				}
			}
			ab.sumLanes(got, 0, windows, half)
			for j := range windows {
				if got[j].Equal(&want[j]) != 1 {
					t.Fatalf("%s, %d buckets: window %d differs from the running sum", path, half, j)
				}
			}
		}
		restore()
	}
}

// BenchmarkEcmultMultiLanes is BenchmarkEcmultMulti at three sizes on each
// path of lanePaths (the "scalar" path is what field8.SetBackend("generic")
// and CPUs without IFMA run), in one binary.
func BenchmarkEcmultMultiLanes(b *testing.B) {
	for _, n := range []int{1024, 8192, 32768} {
		scalars, points := msmBenchInput(n)
		for _, path := range lanePaths() {
			b.Run(fmt.Sprintf("N=%d/path=%s", n, path), func(b *testing.B) {
				defer setLanePath(path)()
				for b.Loop() {
					valid(VarTimeMultiScalarMult(scalars, points, nil))
				}
				msmBenchReport(b, n)
			})
		}
	}
}
