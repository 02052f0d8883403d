package ecmult

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
)

// The tests build inputs whose discrete logarithms are known, Pᵢ = lᵢ·G, so
// that the expected Σ sᵢ·Pᵢ is (Σ sᵢ·lᵢ)·G: one ScalarBaseMult (tested
// against math/big in gen_test.go), independent of the code under test.

// msmTestInput is a batch with the discrete logarithm of every point.
type msmTestInput struct {
	name    string
	scalars []*scalar.Scalar
	points  []*group.Jacobian
	logs    []*scalar.Scalar
}

// want returns Σ scalars[i]·logs[i]·G (+ g·G).
func (in *msmTestInput) want(g *scalar.Scalar) *group.Jacobian {
	var sum, t scalar.Scalar
	for i, s := range in.scalars {
		sum.Add(&sum, t.Multiply(s, in.logs[i]))
	}
	if g != nil {
		sum.Add(&sum, g)
	}
	return baseMult(&sum)
}

// add appends a point with its scalar and logarithm.
func (in *msmTestInput) add(s *scalar.Scalar, p *group.Jacobian, l *scalar.Scalar) {
	in.scalars = append(in.scalars, s)
	in.points = append(in.points, p)
	in.logs = append(in.logs, l)
}

// check fails if out is not in.want(g).
func (in *msmTestInput) check(t testing.TB, what string, out *group.Jacobian, g *scalar.Scalar) {
	t.Helper()
	if out.Equal(in.want(g)) != 1 {
		t.Fatalf("%s: %s, g %v: wrong result", in.name, what, g != nil)
	}
}

// affine returns p with Z = 1 (the identity stays as it is).
func affine(p *group.Jacobian) *group.Jacobian {
	var a group.Affine
	if _, ok := a.VarTimeSetJacobian(p); ok != 1 {
		return p
	}
	return new(group.Jacobian).SetAffine(&a)
}

// mulLambda returns λ·p = φ(p), with Z = 1, for p not the identity.
func mulLambda(p *group.Jacobian) *group.Jacobian {
	var a group.Affine
	a.VarTimeSetJacobian(p)
	a.MulLambda(&a)
	return new(group.Jacobian).SetAffine(&a)
}

func newScalar(x uint64) *scalar.Scalar { return new(scalar.Scalar).SetUint64(x) }

func negScalar(x *scalar.Scalar) *scalar.Scalar { return new(scalar.Scalar).Negate(x) }

func generator() *group.Jacobian { return new(group.Jacobian).SetAffine(&group.Generator) }

// msmTestScalar returns a scalar that stresses the recodings: uniform, an
// edge value, m·λ + d for small m and d (a GLV split with tiny halves), or
// a short ±k, k < 2¹²⁸ (no split).
func msmTestScalar(r *rand.Rand) *scalar.Scalar {
	switch r.Intn(8) {
	case 0:
		return scalarFromBig(edgeScalars[r.Intn(len(edgeScalars))])
	case 1:
		m, d := newScalar(uint64(r.Intn(5))), newScalar(uint64(r.Intn(5)))
		if r.Intn(2) == 0 {
			m.Negate(m)
		}
		if r.Intn(2) == 0 {
			d.Negate(d)
		}
		return m.Multiply(m, &scalar.Lambda).Add(m, d)
	case 2:
		return newScalar(uint64(r.Intn(1 << 20)))
	case 3: // ±k with k < 2¹²⁸, as batch verification's coefficients: not split
		b := make([]byte, 16)
		r.Read(b)
		if r.Intn(4) == 0 {
			b[0] = 0xff // close to 2¹²⁸
		}
		k := scalarFromBig(new(big.Int).SetBytes(b))
		if r.Intn(2) == 0 {
			k.Negate(k)
		}
		return k
	default:
		return scalarFromBig(randomScalar(r))
	}
}

// msmTestBatch returns n random points and scalars with their logarithms.
// Points are walked as P + i·D (cheap additions) from random starts, and mixed
// with special entries according to special (0 to 8, out of 8): the
// identity, G, repeats and negations of earlier points with equal or
// opposite scalars, zero scalars. About half of the points are made
// affine (Z = 1), the others keep the Z of the walk.
func msmTestBatch(r *rand.Rand, name string, n, special int) *msmTestInput {
	in := &msmTestInput{name: name}
	var p, d group.Jacobian
	var lp, ld scalar.Scalar
	for i := range n {
		if i%64 == 0 {
			lp = *scalarFromBig(randomScalar(r))
			ld = *scalarFromBig(randomScalar(r))
			ScalarBaseMult(&p, &lp)
			ScalarBaseMult(&d, &ld)
		}
		p.VarTimeAdd(&p, &d)
		lp.Add(&lp, &ld)
		pt, l, s := new(group.Jacobian).Set(&p), new(scalar.Scalar).Set(&lp), msmTestScalar(r)
		if i > 0 && r.Intn(8) < special {
			j := r.Intn(i)
			switch r.Intn(8) {
			case 0:
				pt, l = new(group.Jacobian).Identity(), newScalar(0)
			case 1:
				pt, l = generator(), newScalar(1)
			case 2: // the same point and scalar: bucket doublings
				pt, l, s = in.points[j], in.logs[j], in.scalars[j]
			case 3: // the same point, opposite scalar: cancellation
				pt, l, s = in.points[j], in.logs[j], negScalar(in.scalars[j])
			case 4: // the opposite point, same scalar: cancellation
				pt, l, s = new(group.Jacobian).Negate(in.points[j]), negScalar(in.logs[j]), in.scalars[j]
			case 5: // the same point, another scalar
				pt, l = in.points[j], in.logs[j]
			case 6:
				s = newScalar(0)
			case 7: // λ·P with the same scalar: φ(P) collides with a GLV half
				if in.points[j].IsIdentity() == 0 {
					pt, l = mulLambda(in.points[j]), new(scalar.Scalar).Multiply(in.logs[j], &scalar.Lambda)
				}
				s = in.scalars[j]
			}
		}
		if r.Intn(2) == 0 {
			pt = affine(pt)
		}
		in.add(s, pt, l)
	}
	return in
}

// msmTestUniform returns n copies of one point with one scalar: every
// bucket addition collides.
func msmTestUniform(r *rand.Rand, n int) *msmTestInput {
	in := &msmTestInput{name: fmt.Sprintf("uniform %d", n)}
	l, s := scalarFromBig(randomScalar(r)), scalarFromBig(randomScalar(r))
	p := baseMult(l)
	for range n {
		in.add(s, p, l)
	}
	return in
}

func msmTestSizes() []int {
	if testing.Short() {
		return []int{0, 1, 2, 3, 17, 88, 89}
	}
	return []int{0, 1, 2, 3, 17, 88, 89, 1000, 5000}
}

// TestVarTimeMultiScalarMult runs both engines, Strauss below
// msmStraussThreshold points and Pippenger above, with and without a G
// term.
func TestVarTimeMultiScalarMult(t *testing.T) {
	r, _ := testRand(t, 1)
	g := scalarFromBig(randomScalar(r))
	sizes := append(msmTestSizes(), msmStraussThreshold-1, msmStraussThreshold)
	for _, n := range sizes {
		for _, special := range []int{0, 2, 8} {
			in := msmTestBatch(r, fmt.Sprintf("n=%d special=%d", n, special), n, special)
			for _, gs := range []*scalar.Scalar{nil, g} {
				v := valid(VarTimeMultiScalarMult(in.scalars, in.points, gs))
				in.check(t, "VarTimeMultiScalarMult", &v, gs)
			}
		}
	}
	for _, in := range []*msmTestInput{msmTestUniform(r, 1), msmTestUniform(r, 300)} {
		v := valid(VarTimeMultiScalarMult(in.scalars, in.points, nil))
		in.check(t, "VarTimeMultiScalarMult", &v, nil)
	}
}

// TestVarTimeMultiScalarMultPanics checks the length check, on both sides
// of the threshold (the engines themselves do not check), and that empty
// inputs give the identity.
func TestVarTimeMultiScalarMultPanics(t *testing.T) {
	for _, n := range []int{0, 1, msmStraussThreshold, msmStraussThreshold + 1} {
		scalars := make([]*scalar.Scalar, n+1)
		points := make([]*group.Jacobian, n)
		for i := range points {
			scalars[i], points[i] = newScalar(1), generator()
		}
		scalars[n] = newScalar(1)
		for name, f := range map[string]func(){
			"more scalars": func() { VarTimeMultiScalarMult(scalars, points, nil) },
			"more points":  func() { VarTimeMultiScalarMult(scalars[:n], append(points, generator()), nil) },
		} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%d points, %s: no panic", n, name)
					}
				}()
				f()
			}()
		}
	}
	if v, ok := VarTimeMultiScalarMult(nil, nil, nil); !ok || v.IsIdentity() != 1 {
		t.Error("empty sum is not the identity")
	}
}

// TestEnginesAliasing uses an input point as the output of each engine (for
// the variable-time ones, which return their sum, as the variable it is
// assigned to).
func TestEnginesAliasing(t *testing.T) {
	r, _ := testRand(t, 1)
	k, b := scalarFromBig(randomScalar(r)), scalarFromBig(randomScalar(r))
	p := *baseMult(scalarFromBig(randomScalar(r)))
	rescale(&p, r)
	var want group.Jacobian
	ScalarMult(&want, k, &p)
	v := p
	if ScalarMult(&v, k, &v); v.Equal(&want) != 1 {
		t.Error("ScalarMult with v = p")
	}
	want = valid(VarTimeMult1G(k, &p, b))
	v = p
	if v = valid(VarTimeMult1G(k, &v, b)); v.Equal(&want) != 1 {
		t.Error("VarTimeMult1G with v = A")
	}
	for _, n := range []int{3, msmStraussThreshold + 1} {
		in := msmTestBatch(r, "aliasing", n, 0)
		want := in.want(b)
		points := append([]*group.Jacobian(nil), in.points...)
		points[1] = new(group.Jacobian).Set(points[1])
		*points[1] = valid(VarTimeMultiScalarMult(in.scalars, points, b))
		if points[1].Equal(want) != 1 {
			t.Errorf("VarTimeMultiScalarMult(%d points) with out = points[1]", n)
		}
	}
}

// TestVarTimeMultiScalarMultAllocations checks that the pooled scratch makes
// repeated calls allocation-free (AllocsPerRun runs with GOMAXPROCS = 1, so
// no goroutines are started).
func TestVarTimeMultiScalarMultAllocations(t *testing.T) {
	race.SkipAllocs(t)
	r, _ := testRand(t, 1)
	g := scalarFromBig(randomScalar(r))
	in := msmTestBatch(r, "allocs", 2*msmStraussThreshold, 2)
	if n := testing.AllocsPerRun(5, func() {
		valid(VarTimeMultiScalarMult(in.scalars, in.points, g))
	}); n != 0 {
		t.Errorf("VarTimeMultiScalarMult(%d points) allocates %v times per call", len(in.points), n)
	}
	// Strauss: on the stack up to straussStackPoints, pooled above.
	for _, count := range []int{1, straussStackPoints, straussStackPoints + 1, msmStraussThreshold - 1} {
		in := msmTestBatch(r, "allocs", count, 2)
		if n := testing.AllocsPerRun(5, func() {
			valid(VarTimeMultiScalarMult(in.scalars, in.points, g))
		}); n != 0 {
			t.Errorf("VarTimeMultiScalarMult(%d points) allocates %v times per call", count, n)
		}
	}
	for variant := range pippengerVariants {
		if n := testing.AllocsPerRun(3, func() {
			valid(varTimePippengerWith(in.scalars, in.points, nil, pippengerConfig{variant: variant, workers: 1}))
		}); n != 0 {
			t.Errorf("variant %d allocates %v times per call", variant, n)
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
	poolLogs := []*scalar.Scalar{
		newScalar(0), newScalar(1), newScalar(2), negScalar(newScalar(1)),
		new(scalar.Scalar).Set(&scalar.Lambda), newScalar(0x1234567),
	}
	g, negG := generator(), new(group.Jacobian).Negate(generator())
	poolPoints := make([]*group.Jacobian, len(poolLogs))
	for i, l := range poolLogs {
		poolPoints[i] = baseMult(l)
	}
	poolScalars := []*scalar.Scalar{
		newScalar(0), newScalar(1), negScalar(newScalar(1)),
		new(scalar.Scalar).Set(&scalar.Lambda), newScalar(1 << 40),
	}
	hashScalar := func(prefix string, b []byte) *scalar.Scalar {
		h := sha256.Sum256(append([]byte(prefix), b...))
		return new(scalar.Scalar).SetReducedBytes(&h)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 3*12 {
			data = data[:3*12]
		}
		in := &msmTestInput{}
		for e := 0; e+2 < len(data); e += 3 {
			ps, ss, cfg := data[e], data[e+1], data[e+2]
			var l *scalar.Scalar
			var p *group.Jacobian
			if int(ps&0x7f) < len(poolLogs) {
				l, p = poolLogs[ps&0x7f], poolPoints[ps&0x7f]
			} else {
				l = hashScalar("point", data[:e+1])
				p = baseMult(l)
			}
			if ps&0x80 != 0 {
				l, p = negScalar(l), new(group.Jacobian).Negate(p)
			}
			var s *scalar.Scalar
			if int(ss&0x7f) < len(poolScalars) {
				s = poolScalars[ss&0x7f]
			} else {
				s = hashScalar("scalar", data[:e+2])
			}
			if ss&0x80 != 0 {
				s = negScalar(s)
			}
			if cfg&1 != 0 {
				p = affine(p) // Z = 1
			}
			if cfg&2 != 0 {
				p = new(group.Jacobian).VarTimeAdd(new(group.Jacobian).VarTimeAdd(p, g), negG) // another Z
			}
			in.add(s, p, l)
		}
		v := valid(VarTimeMultiScalarMult(in.scalars, in.points, nil))
		in.check(t, "VarTimeMultiScalarMult", &v, nil)
		seed := uint64(0)
		if len(data) >= 8 {
			seed = binary.LittleEndian.Uint64(data)
		}
		for variant := range pippengerVariants {
			cfg := pippengerConfig{variant: variant, window: uint(2 + seed%4), workers: 1 + int(seed>>8%2), batch: int(seed >> 16 % 5)}
			v = valid(varTimePippengerWith(in.scalars, in.points, nil, cfg))
			in.check(t, fmt.Sprintf("variant %d, %+v", variant, cfg), &v, nil)
		}
	})
}

// Benchmarks, named after libsecp256k1's bench_ecmult: ns/point is the time
// per input point.

var msmBenchSizes = []int{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768}

// msmBenchInput returns n random points (affine, as after decoding) and
// scalars, generated cheaply as a walk P + i·D.
func msmBenchInput(n int) ([]*scalar.Scalar, []*group.Jacobian) {
	r := rand.New(rand.NewSource(int64(n)))
	scalars, points := make([]*scalar.Scalar, n), make([]*group.Jacobian, n)
	p := baseMult(scalarFromBig(randomScalar(r)))
	d := baseMult(scalarFromBig(randomScalar(r)))
	var b [32]byte
	for i := range n {
		p.VarTimeAdd(p, d)
		points[i] = affine(p)
		r.Read(b[:])
		scalars[i] = new(scalar.Scalar).SetReducedBytes(&b)
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
			b.ReportAllocs()
			for b.Loop() {
				valid(VarTimeMultiScalarMult(scalars, points, nil))
			}
			msmBenchReport(b, n)
		})
	}
}

// BenchmarkEcmultStrauss runs varTimeStrauss alone, for the threshold.
func BenchmarkEcmultStrauss(b *testing.B) {
	for _, n := range msmBenchSizes {
		if n > 512 {
			break
		}
		scalars, points := msmBenchInput(n)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				valid(varTimeStrauss(scalars, points, nil))
			}
			msmBenchReport(b, n)
		})
	}
}

// BenchmarkEcmultMultiWorkers is VarTimeMultiScalarMultWorkers with one and
// two workers at 8192 and 32768 points.
func BenchmarkEcmultMultiWorkers(b *testing.B) {
	for _, n := range []int{8192, 32768} {
		scalars, points := msmBenchInput(n)
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("N=%d/workers=%d", n, w), func(b *testing.B) {
				for b.Loop() {
					valid(VarTimeMultiScalarMultWorkers(scalars, points, nil, w))
				}
				msmBenchReport(b, n)
			})
		}
	}
}
