package secp256k1

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand"
	"runtime"
	"sync"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testref"
)

// The tests build inputs whose discrete logarithms are known, Pᵢ = lᵢ·G, so
// that the expected Σ sᵢ·Pᵢ is (Σ sᵢ·lᵢ)·G: one ScalarBaseMult (tested
// against math/big in point_test.go), independent of the code under test.

// msmTestInput is a batch with the discrete logarithm of every point.
type msmTestInput struct {
	name    string
	scalars []*Scalar
	points  []*Point
	logs    []*Scalar
}

// want returns Σ scalars[i]·logs[i]·G (+ g·G).
func (in *msmTestInput) want(g *Scalar) *Point {
	var sum, t Scalar
	for i, s := range in.scalars {
		sum.Add(&sum, t.Multiply(s, in.logs[i]))
	}
	if g != nil {
		sum.Add(&sum, g)
	}
	return new(Point).ScalarBaseMult(&sum)
}

// msmTestScalar returns a scalar that stresses the recodings: uniform, an
// edge value, or m·λ + d for small m and d (a GLV split with tiny halves).
func msmTestScalar(r *rand.Rand) *Scalar {
	switch r.Intn(8) {
	case 0:
		return scalarFromBig(edgeScalars[r.Intn(len(edgeScalars))])
	case 1:
		m, d := NewScalar().SetUint64(uint64(r.Intn(5))), NewScalar().SetUint64(uint64(r.Intn(5)))
		if r.Intn(2) == 0 {
			m.Negate(m)
		}
		if r.Intn(2) == 0 {
			d.Negate(d)
		}
		return m.Multiply(m, &glvLambda).Add(m, d)
	case 2:
		return NewScalar().SetUint64(uint64(r.Intn(1 << 20)))
	default:
		return scalarFromBig(randomScalar(r))
	}
}

// msmTestBatch returns n random points and scalars with their logarithms.
// Points are walked as P + i·D (cheap additions) from random starts, and mixed
// with special entries according to special (0 to 8, out of 8): the
// identity, G, repeats and negations of earlier points with equal or
// opposite scalars, zero scalars. About half of the points are re-encoded
// so that they are affine (Z = 1), the others keep a random Z.
func msmTestBatch(r *rand.Rand, name string, n, special int) *msmTestInput {
	in := &msmTestInput{name: name}
	var p, d Point
	var lp, ld Scalar
	for i := range n {
		if i%64 == 0 {
			lp = *scalarFromBig(randomScalar(r))
			ld = *scalarFromBig(randomScalar(r))
			p.ScalarBaseMult(&lp)
			d.ScalarBaseMult(&ld)
		}
		p.Add(&p, &d)
		lp.Add(&lp, &ld)
		pt, l, s := new(Point).Set(&p), new(Scalar).Set(&lp), msmTestScalar(r)
		if i > 0 && r.Intn(8) < special {
			j := r.Intn(i)
			switch r.Intn(8) {
			case 0:
				pt, l = NewIdentityPoint(), NewScalar()
			case 1:
				pt, l = NewGeneratorPoint(), NewScalar().SetUint64(1)
			case 2: // the same point and scalar: bucket doublings
				pt, l, s = in.points[j], in.logs[j], in.scalars[j]
			case 3: // the same point, opposite scalar: cancellation
				pt, l, s = in.points[j], in.logs[j], NewScalar().Negate(in.scalars[j])
			case 4: // the opposite point, same scalar: cancellation
				pt, l, s = new(Point).Negate(in.points[j]), NewScalar().Negate(in.logs[j]), in.scalars[j]
			case 5: // the same point, another scalar
				pt, l = in.points[j], in.logs[j]
			case 6:
				s = NewScalar()
			case 7: // λ·P with the same scalar: φ(P) collides with a GLV half
				pt, l = new(Point).ScalarMult(&glvLambda, in.points[j]), NewScalar().Multiply(in.logs[j], &glvLambda)
				s = in.scalars[j]
			}
		}
		if r.Intn(2) == 0 && pt.IsIdentity() == 0 {
			pt, _ = new(Point).SetBytes(pt.Bytes()) // Z = 1
		}
		in.scalars = append(in.scalars, s)
		in.points = append(in.points, pt)
		in.logs = append(in.logs, l)
	}
	return in
}

// msmTestUniform returns n copies of one point with one scalar: every
// bucket addition collides.
func msmTestUniform(r *rand.Rand, n int) *msmTestInput {
	in := &msmTestInput{name: fmt.Sprintf("uniform %d", n)}
	l, s := scalarFromBig(randomScalar(r)), scalarFromBig(randomScalar(r))
	p := new(Point).ScalarBaseMult(l)
	for range n {
		in.scalars = append(in.scalars, s)
		in.points = append(in.points, p)
		in.logs = append(in.logs, l)
	}
	return in
}

func msmTestSizes() []int {
	if testing.Short() {
		return []int{0, 1, 2, 3, 17, 88, 89}
	}
	return []int{0, 1, 2, 3, 17, 88, 89, 1000, 5000}
}

func TestVarTimeMultiScalarMult(t *testing.T) {
	r, _ := pointTestRand(t, 1)
	for _, n := range msmTestSizes() {
		for _, special := range []int{0, 2, 8} {
			in := msmTestBatch(r, fmt.Sprintf("n=%d special=%d", n, special), n, special)
			var v Point
			if v.VarTimeMultiScalarMult(in.scalars, in.points) != &v {
				t.Fatal("VarTimeMultiScalarMult does not return its receiver")
			}
			if v.Equal(in.want(nil)) != 1 {
				t.Fatalf("%s: wrong result", in.name)
			}
		}
	}
	for _, in := range []*msmTestInput{msmTestUniform(r, 1), msmTestUniform(r, 300)} {
		var v Point
		if v.VarTimeMultiScalarMult(in.scalars, in.points).Equal(in.want(nil)) != 1 {
			t.Fatalf("%s: wrong result", in.name)
		}
	}
}

// TestVarTimeMultiScalarMultAgainstReference checks small batches against
// the math/big reference, through both engines.
func TestVarTimeMultiScalarMultAgainstReference(t *testing.T) {
	r, count := pointTestRand(t, 20)
	for trial := range count {
		n := []int{1, 2, 5, msmStraussThreshold, msmStraussThreshold + 3}[trial%5]
		want := testref.Identity()
		scalars, points := make([]*Scalar, n), make([]*Point, n)
		for i := range n {
			k, j := randomScalar(r), randomScalar(r)
			p := testref.ScalarMult(j, testref.G)
			want = testref.Add(want, testref.ScalarMult(k, p))
			scalars[i] = scalarFromBig(k)
			points[i] = NewIdentityPoint()
			if !p.Inf {
				points[i] = pointFromRef(t, p)
			}
		}
		var v Point
		v.VarTimeMultiScalarMult(scalars, points)
		checkPoint(t, fmt.Sprintf("VarTimeMultiScalarMult(%d points)", n), &v, want)
	}
}

// TestVarTimeMultiScalarMultAliasing uses an input point as the receiver.
func TestVarTimeMultiScalarMultAliasing(t *testing.T) {
	r, _ := pointTestRand(t, 1)
	for _, n := range []int{3, msmStraussThreshold + 1} {
		in := msmTestBatch(r, "aliasing", n, 0)
		want := in.want(nil)
		v := in.points[1]
		v.VarTimeMultiScalarMult(in.scalars, in.points)
		if v.Equal(want) != 1 {
			t.Fatalf("n=%d: receiver aliasing an input gave a wrong result", n)
		}
	}
}

func TestVarTimeMultiScalarMultPanics(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	var v Point
	mustPanic("different lengths", func() {
		v.VarTimeMultiScalarMult([]*Scalar{NewScalar()}, nil)
	})
	mustPanic("uninitialized point", func() {
		v.VarTimeMultiScalarMult([]*Scalar{NewScalar()}, []*Point{new(Point)})
	})
	many := make([]*Point, msmStraussThreshold+1)
	scalars := make([]*Scalar, len(many))
	for i := range many {
		many[i], scalars[i] = NewGeneratorPoint(), NewScalar()
	}
	many[len(many)-1] = new(Point)
	mustPanic("uninitialized point (Pippenger)", func() {
		v.VarTimeMultiScalarMult(scalars, many)
	})
	// Empty and nil inputs are the identity.
	if v.VarTimeMultiScalarMult(nil, nil).IsIdentity() != 1 {
		t.Error("empty sum is not the identity")
	}
}

// TestPippengerVariants runs every bucket-accumulation variant directly,
// with forced windows, goroutine counts and tiny batches (which exercise the
// deferral queue and the overflow buckets of the affine variant).
func TestPippengerVariants(t *testing.T) {
	r, _ := pointTestRand(t, 1)
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
		for _, gs := range []*Scalar{nil, g} {
			want := in.want(gs)
			for variant := range pippengerVariants {
				for _, cfg := range configs {
					var out group.Jacobian
					varTimePippengerWith(&out, in.scalars, in.points, gs, pippengerConfig{
						variant: variant, window: cfg.window, workers: cfg.workers, batch: cfg.batch,
					})
					var v Point
					if v.setJacobian(&out).Equal(want) != 1 {
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
	r, count := pointTestRand(t, 200)
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
				signedDigits(want, scalarFromBig(v), c)
				for j := range w {
					if d := k.digit(uint(j)*c, c); d != int(want[j]) {
						t.Fatalf("c=%d: digit %d of %x is %d, signedDigits %d", c, j, v, d, want[j])
					}
				}
			}
		}
	}
}

// TestVarTimeMultiScalarMultAllocations checks that the pooled scratch makes
// repeated calls allocation-free (AllocsPerRun runs with GOMAXPROCS = 1, so
// no goroutines are started).
func TestVarTimeMultiScalarMultAllocations(t *testing.T) {
	if msmTestPoolDrops() {
		t.Skip("sync.Pool drops items here (the race detector does so on purpose)")
	}
	r, _ := pointTestRand(t, 1)
	in := msmTestBatch(r, "allocs", 2*msmStraussThreshold, 2)
	var v Point
	if n := testing.AllocsPerRun(5, func() {
		v.VarTimeMultiScalarMult(in.scalars, in.points)
	}); n != 0 {
		t.Errorf("VarTimeMultiScalarMult(%d points) allocates %v times per call", len(in.points), n)
	}
	// Strauss: on the stack up to straussStackPoints, pooled above.
	for _, count := range []int{1, straussStackPoints, straussStackPoints + 1, msmStraussThreshold - 1} {
		in := msmTestBatch(r, "allocs", count, 2)
		if n := testing.AllocsPerRun(5, func() {
			v.VarTimeMultiScalarMult(in.scalars, in.points)
		}); n != 0 {
			t.Errorf("VarTimeMultiScalarMult(%d points) allocates %v times per call", count, n)
		}
	}
	for variant := range pippengerVariants {
		var out group.Jacobian
		if n := testing.AllocsPerRun(3, func() {
			varTimePippengerWith(&out, in.scalars, in.points, nil, pippengerConfig{variant: variant, workers: 1})
		}); n != 0 {
			t.Errorf("variant %d allocates %v times per call", variant, n)
		}
	}
}

// msmTestPoolDrops reports whether a sync.Pool loses items that were just
// Put, as it does at random under the race detector.
func msmTestPoolDrops() bool {
	var p sync.Pool
	for range 100 {
		x := new(int)
		p.Put(x)
		if p.Get() != x {
			return true
		}
	}
	return false
}

// TestPippengerParallelDeterministic checks that the goroutine count does
// not change the result. (Its Jacobian representation may change: the
// windows are grouped differently, so the batches differ.)
func TestPippengerParallelDeterministic(t *testing.T) {
	r, _ := pointTestRand(t, 1)
	in := msmTestBatch(r, "parallel", 500, 1)
	var out group.Jacobian
	var v Point
	varTimePippengerWith(&out, in.scalars, in.points, nil, pippengerConfig{variant: pippengerAffine, workers: 1})
	want := v.setJacobian(&out).Bytes()
	for _, workers := range []int{1, 2, 3, runtime.GOMAXPROCS(0) + 1} {
		varTimePippengerWith(&out, in.scalars, in.points, nil, pippengerConfig{variant: pippengerAffine, workers: workers})
		if got := v.setJacobian(&out).Bytes(); !bytes.Equal(got, want) {
			t.Fatalf("workers=%d: %x, serial %x", workers, got, want)
		}
	}
}

// FuzzVarTimeMultiScalarMult decodes small batches whose entries pick their
// points and scalars from small pools (so that equal and opposite points
// and scalars are common) or from the fuzzer's bytes, and checks every
// variant with small windows against the known discrete logarithms.
func FuzzVarTimeMultiScalarMult(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, 1, 1})
	f.Add([]byte{2, 3, 2, 0x83, 5, 1, 5, 0x81, 0xff, 0xfe})
	f.Add([]byte("a batch of several points with repeated scalars and points!!"))
	poolLogs := []*Scalar{
		NewScalar(), NewScalar().SetUint64(1), NewScalar().SetUint64(2), NewScalar().Negate(NewScalar().SetUint64(1)),
		new(Scalar).Set(&glvLambda), NewScalar().SetUint64(0x1234567),
	}
	g, negG := NewGeneratorPoint(), new(Point).Negate(NewGeneratorPoint())
	poolPoints := make([]*Point, len(poolLogs))
	for i, l := range poolLogs {
		poolPoints[i] = new(Point).ScalarBaseMult(l)
	}
	poolScalars := []*Scalar{
		NewScalar(), NewScalar().SetUint64(1), NewScalar().Negate(NewScalar().SetUint64(1)),
		new(Scalar).Set(&glvLambda), NewScalar().SetUint64(1 << 40),
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 3*12 {
			data = data[:3*12]
		}
		in := &msmTestInput{}
		for e := 0; e+2 < len(data); e += 3 {
			ps, ss, cfg := data[e], data[e+1], data[e+2]
			var l *Scalar
			var p *Point
			if int(ps&0x7f) < len(poolLogs) {
				l, p = poolLogs[ps&0x7f], poolPoints[ps&0x7f]
			} else {
				h := sha256.Sum256(append([]byte("point"), data[:e+1]...))
				l, _ = new(Scalar).SetReducedBytes(h[:])
				p = new(Point).ScalarBaseMult(l)
			}
			if ps&0x80 != 0 {
				l, p = NewScalar().Negate(l), new(Point).Negate(p)
			}
			var s *Scalar
			if int(ss&0x7f) < len(poolScalars) {
				s = poolScalars[ss&0x7f]
			} else {
				h := sha256.Sum256(append([]byte("scalar"), data[:e+2]...))
				s, _ = new(Scalar).SetReducedBytes(h[:])
			}
			if ss&0x80 != 0 {
				s = NewScalar().Negate(s)
			}
			if cfg&1 != 0 && p.IsIdentity() == 0 {
				p, _ = new(Point).SetBytes(p.Bytes()) // Z = 1
			}
			if cfg&2 != 0 {
				p = new(Point).Add(new(Point).Add(p, g), negG) // another Z
			}
			in.scalars = append(in.scalars, s)
			in.points = append(in.points, p)
			in.logs = append(in.logs, l)
		}
		want := in.want(nil)
		var v Point
		if v.VarTimeMultiScalarMult(in.scalars, in.points).Equal(want) != 1 {
			t.Fatal("VarTimeMultiScalarMult: wrong result")
		}
		seed := uint64(0)
		if len(data) >= 8 {
			seed = binary.LittleEndian.Uint64(data)
		}
		for variant := range pippengerVariants {
			cfg := pippengerConfig{variant: variant, window: uint(2 + seed%4), workers: 1 + int(seed>>8%2), batch: int(seed >> 16 % 5)}
			var out group.Jacobian
			varTimePippengerWith(&out, in.scalars, in.points, nil, cfg)
			if v.setJacobian(&out).Equal(want) != 1 {
				t.Fatalf("variant %d, %+v: wrong result", variant, cfg)
			}
		}
	})
}

// Benchmarks, named after libsecp256k1's bench_ecmult: ns/point is the time
// per input point.

var msmBenchSizes = []int{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768}

// msmBenchInput returns n random points (affine, as after decoding) and
// scalars, generated cheaply as a walk P + i·D.
func msmBenchInput(n int) ([]*Scalar, []*Point) {
	r := rand.New(rand.NewSource(int64(n)))
	scalars, points := make([]*Scalar, n), make([]*Point, n)
	var p, d Point
	p.ScalarBaseMult(scalarFromBig(randomScalar(r)))
	d.ScalarBaseMult(scalarFromBig(randomScalar(r)))
	var b [32]byte
	for i := range n {
		p.Add(&p, &d)
		points[i], _ = new(Point).SetBytes(p.Bytes())
		r.Read(b[:])
		scalars[i], _ = new(Scalar).SetReducedBytes(b[:])
	}
	return scalars, points
}

func msmBenchReport(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/point")
}

func BenchmarkEcmultMulti(b *testing.B) {
	for _, n := range msmBenchSizes {
		scalars, points := msmBenchInput(n)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			var v Point
			b.ReportAllocs()
			for b.Loop() {
				v.VarTimeMultiScalarMult(scalars, points)
			}
			msmBenchReport(b, n)
		})
	}
}

var pippengerVariantNames = [pippengerVariants]string{
	pippengerJacobian: "jacobian",
	pippengerAffine:   "affine",
}

// BenchmarkEcmultStrauss runs varTimeStrauss alone, for the threshold.
func BenchmarkEcmultStrauss(b *testing.B) {
	for _, n := range msmBenchSizes {
		if n > 512 {
			break
		}
		scalars, points := msmBenchInput(n)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			var out group.Jacobian
			b.ReportAllocs()
			for b.Loop() {
				varTimeStrauss(&out, scalars, points, nil)
			}
			msmBenchReport(b, n)
		})
	}
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
					var out group.Jacobian
					cfg := pippengerConfig{variant: variant, window: c, workers: 1}
					for b.Loop() {
						varTimePippengerWith(&out, scalars, points, nil, cfg)
					}
					msmBenchReport(b, n)
				})
			}
		}
	}
}

// TestAffineBucketsWindows compares the window sums of the affine buckets
// with those of the Jacobian buckets, window by window, for groups of
// windows and batch sizes that force deferrals, queue overflows, doublings
// and cancellations in the batches.
func TestAffineBucketsWindows(t *testing.T) {
	r, _ := pointTestRand(t, 1)
	inputs := []*msmTestInput{
		msmTestBatch(r, "random", 40, 0),
		msmTestBatch(r, "special", 60, 8),
		msmTestUniform(r, 30),
	}
	for _, in := range inputs {
		for _, c := range []uint{2, 3, 5, 8} {
			s := new(msmScratch)
			live := s.collect(in.scalars, in.points, nil)
			s.points = grow(s.points, 2*live)
			s.keys = grow(s.keys, 2*live)
			s.scalars, s.inputs, s.c = in.scalars, in.points, c
			var ws windowScratch
			ws.prepareChunk(s, 0, live)
			pts, keys := s.points[:2*live], s.keys[:2*live]
			w := pippengerWindows(c)
			want := make([]group.Jacobian, w)
			for j := range w {
				ws.windowJacobian(&want[j], pts, keys, j, c)
			}
			for _, g := range []int{1, 2, w} {
				for _, batch := range []int{1, 2, 3, 5, 64} {
					got := make([]group.Jacobian, w)
					for j0 := 0; j0 < w; j0 += g {
						j1 := min(w, j0+g)
						ws.aff.windowsAffine(got[j0:j1], pts, keys, j0, j1, c, batch)
					}
					for j := range w {
						var a, b Point
						if a.setJacobian(&got[j]).Equal(b.setJacobian(&want[j])) != 1 {
							t.Fatalf("%s, c=%d, group %d, batch %d: window %d differs", in.name, c, g, batch, j)
						}
					}
				}
			}
		}
	}
}
