package secp256k1

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testref"
)

// straussTestRef returns Σ ks[i]·ps[i] + g·G by the math/big reference; g
// may be nil.
func straussTestRef(ks []*big.Int, ps []testref.Point, g *big.Int) testref.Point {
	acc := testref.Identity()
	for i := range ks {
		acc = testref.Add(acc, testref.ScalarMult(ks[i], ps[i]))
	}
	if g != nil {
		acc = testref.Add(acc, testref.ScalarMult(g, testref.G))
	}
	return acc
}

// straussTestPoint returns a Point equal to the reference point p. If r is
// not nil, its Jacobian coordinates are rescaled by a random factor t,
// (t²X, t³Y, tZ), so that Z ≠ 1.
func straussTestPoint(t testing.TB, p testref.Point, r *rand.Rand) *Point {
	if p.Inf {
		return NewIdentityPoint()
	}
	v := pointFromRef(t, p)
	if r != nil {
		straussTestRescale(v, r)
	}
	return v
}

// straussTestRescale multiplies v's Jacobian coordinates by a random t ≠ 0.
func straussTestRescale(v *Point, r *rand.Rand) {
	var b [32]byte
	r.Read(b[:])
	b[31] |= 1 // nonzero
	var s, s2 field.Element
	s.SetBytes(&b)
	s2.Square(&s)
	v.p.X.Multiply(&v.p.X, &s2)
	s2.Multiply(&s2, &s)
	v.p.Y.Multiply(&v.p.Y, &s2)
	v.p.Z.Multiply(&v.p.Z, &s)
}

// straussTestLambda is λ as a big.Int.
var straussTestLambda = bigHex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72")

// straussTestSpecialPoints returns points that stress the table and the
// main loop: the identity, ±G, the λ-multiples of G (whose λ-tables
// coincide with other points' tables), 2¹²⁸·G (the base of the second G
// table), and a random point.
func straussTestSpecialPoints(r *rand.Rand) []testref.Point {
	lambda2 := new(big.Int).Mul(straussTestLambda, straussTestLambda)
	ks := []*big.Int{
		big.NewInt(0), big.NewInt(1), new(big.Int).Sub(testref.N, big.NewInt(1)),
		straussTestLambda, lambda2, new(big.Int).Neg(straussTestLambda),
		new(big.Int).Lsh(big.NewInt(1), 128), randomScalar(r),
	}
	out := make([]testref.Point, len(ks))
	for i, k := range ks {
		out[i] = testref.ScalarMult(k, testref.G)
	}
	return out
}

// straussTestGScalars returns scalars b that stress the split
// b = b₁ + b₂·2¹²⁸: only b₁ or only b₂ nonzero, values around 2¹²⁸, n − 1.
func straussTestGScalars(r *rand.Rand) []*big.Int {
	pow := func(e uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), e) }
	rnd := func(bits int) *big.Int { return new(big.Int).Rand(r, pow(uint(bits))) }
	nm1 := new(big.Int).Sub(testref.N, big.NewInt(1))
	return []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(16383), big.NewInt(16385),
		new(big.Int).Sub(pow(128), big.NewInt(1)), pow(128), new(big.Int).Add(pow(128), big.NewInt(1)),
		rnd(128),                        // only b₁
		new(big.Int).Lsh(rnd(127), 128), // only b₂
		new(big.Int).Lsh(big.NewInt(3), 128),
		new(big.Int).Add(new(big.Int).Lsh(rnd(127), 128), new(big.Int).Sub(pow(128), big.NewInt(1))),
		pow(255), nm1, new(big.Int).Sub(testref.N, pow(128)),
		new(big.Int).Rsh(testref.N, 1),
	}
}

// straussTestAScalars returns the GLV edge scalars of glv_test.go (multiples
// and near multiples of λ, powers of two, basis vectors, and a sample of the
// rounding-boundary scalars where a half reaches its bound), plus a few
// values k₁ + k₂·λ with k₁, k₂ near ±2¹²⁷.
func straussTestAScalars(r *rand.Rand, boundary int) []*big.Int {
	all := glvTestEdgeScalars(r)
	// The structured cases come first, then 2·200·4 rounding-boundary
	// scalars: keep the former, sample the latter.
	fixed := max(len(all)-1600, min(len(all), 100))
	out := append([]*big.Int(nil), all[:fixed]...)
	for range boundary {
		if fixed < len(all) {
			out = append(out, all[fixed+r.Intn(len(all)-fixed)])
		}
	}
	h := new(big.Int).Lsh(big.NewInt(1), 127)
	hm := new(big.Int).Sub(h, big.NewInt(1))
	for _, k1 := range []*big.Int{hm, new(big.Int).Neg(hm), h, big.NewInt(0)} {
		for _, k2 := range []*big.Int{hm, new(big.Int).Neg(h), big.NewInt(1)} {
			k := new(big.Int).Mul(k2, straussTestLambda)
			k.Add(k, k1)
			out = append(out, k.Mod(k, testref.N))
		}
	}
	return out
}

func TestVarTimeDoubleScalarBaseMult(t *testing.T) {
	r, n := pointTestRand(t, 100)
	special := straussTestSpecialPoints(r)
	gScalars := straussTestGScalars(r)
	aScalars := straussTestAScalars(r, 40)
	if testing.Short() {
		r.Shuffle(len(aScalars), func(i, j int) { aScalars[i], aScalars[j] = aScalars[j], aScalars[i] })
		aScalars = aScalars[:20]
	}
	check := func(a, b *big.Int, A testref.Point) {
		t.Helper()
		want := straussTestRef([]*big.Int{a}, []testref.Point{A}, b)
		var v Point
		v.VarTimeDoubleScalarBaseMult(scalarFromBig(a), straussTestPoint(t, A, r), scalarFromBig(b))
		checkPoint(t, fmt.Sprintf("%x·A + %x·G (A = %x)", a, b, testref.Compressed(A)), &v, want)
	}
	// Every edge a against a special point and a random b, and the reverse.
	for i, a := range aScalars {
		check(a, randomScalar(r), special[i%len(special)])
	}
	for _, b := range gScalars {
		for _, A := range special {
			check(randomScalar(r), b, A)
		}
		check(big.NewInt(0), b, special[7])
	}
	// a·A = −b·G (the result is the identity) and a·A = b·G (the result
	// is a doubling), with A = k·G.
	for range 4 {
		a, k := randomScalar(r), randomScalar(r)
		A := testref.ScalarMult(k, testref.G)
		ak := new(big.Int).Mul(a, k)
		check(a, new(big.Int).Mod(new(big.Int).Neg(ak), testref.N), A)
		check(a, new(big.Int).Mod(ak, testref.N), A)
	}
	for range n {
		a, b := randomScalar(r), randomScalar(r)
		A := testref.ScalarMult(randomScalar(r), testref.G)
		check(a, b, A)
	}
}

// TestVarTimeDoubleScalarBaseMultAliasing checks v = a·v + b·G.
func TestVarTimeDoubleScalarBaseMultAliasing(t *testing.T) {
	r, _ := pointTestRand(t, 1)
	a, b, k := randomScalar(r), randomScalar(r), randomScalar(r)
	A := testref.ScalarMult(k, testref.G)
	want := straussTestRef([]*big.Int{a}, []testref.Point{A}, b)
	v := straussTestPoint(t, A, r)
	v.VarTimeDoubleScalarBaseMult(scalarFromBig(a), v, scalarFromBig(b))
	checkPoint(t, "aliased VarTimeDoubleScalarBaseMult", v, want)
}

// TestVarTimeStrauss checks the multi-point core with 0 to 17 points, with
// and without a G term, including identity points, zero scalars, repeated
// and opposite points, λ-related points, and Z ≠ 1.
func TestVarTimeStrauss(t *testing.T) {
	r, n := pointTestRand(t, 4)
	special := straussTestSpecialPoints(r)
	for _, count := range []int{0, 1, 2, 3, 4, 5, 17} {
		for trial := range n {
			ks := make([]*big.Int, count)
			ps := make([]testref.Point, count)
			for i := range count {
				ks[i] = randomScalar(r)
				switch trial % 4 {
				case 0: // random points
					ps[i] = testref.ScalarMult(randomScalar(r), testref.G)
				case 1: // special points, sometimes zero scalars
					ps[i] = special[r.Intn(len(special))]
					if r.Intn(4) == 0 {
						ks[i] = big.NewInt(0)
					}
				case 2: // repeats and negations of the first point
					if i == 0 {
						ps[i] = testref.ScalarMult(randomScalar(r), testref.G)
					} else {
						ps[i] = ps[r.Intn(i)]
						if r.Intn(2) == 0 {
							ps[i] = testref.Neg(ps[i])
						}
					}
				case 3: // the same point with cancelling scalars
					if i == 0 {
						ps[i] = testref.ScalarMult(randomScalar(r), testref.G)
					} else {
						ps[i] = ps[0]
						if i%2 == 1 {
							ks[i] = new(big.Int).Sub(testref.N, ks[i-1])
						}
					}
				}
			}
			var g *big.Int
			switch trial % 3 {
			case 1:
				g = randomScalar(r)
			case 2:
				g = big.NewInt(0)
			}
			want := straussTestRef(ks, ps, g)

			scalars := make([]*Scalar, count)
			points := make([]*Point, count)
			for i := range count {
				scalars[i] = scalarFromBig(ks[i])
				points[i] = straussTestPoint(t, ps[i], r)
			}
			var gs *Scalar
			if g != nil {
				gs = scalarFromBig(g)
			}
			var out group.Jacobian
			varTimeStrauss(&out, scalars, points, gs)
			var v Point
			v.setJacobian(&out)
			checkPoint(t, fmt.Sprintf("varTimeStrauss(%d points, trial %d)", count, trial), &v, want)
		}
	}
}

func TestVarTimeStraussPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("varTimeStrauss with different lengths did not panic")
		}
	}()
	var out group.Jacobian
	varTimeStrauss(&out, []*Scalar{NewScalar()}, nil, nil)
}

func TestVarTimeStraussAllocations(t *testing.T) {
	r, _ := pointTestRand(t, 1)
	a, b := scalarFromBig(randomScalar(r)), scalarFromBig(randomScalar(r))
	A := straussTestPoint(t, testref.ScalarMult(randomScalar(r), testref.G), r)
	var v Point
	if n := testing.AllocsPerRun(10, func() {
		v.VarTimeDoubleScalarBaseMult(a, A, b)
	}); n != 0 {
		t.Errorf("VarTimeDoubleScalarBaseMult allocates %v times", n)
	}
	scalars := []*Scalar{a, b, a, b}
	points := []*Point{A, A, NewGeneratorPoint(), A}
	var out group.Jacobian
	if n := testing.AllocsPerRun(10, func() {
		varTimeStrauss(&out, scalars[:straussStackPoints], points[:straussStackPoints], b)
	}); n != 0 {
		t.Errorf("varTimeStrauss with %d points allocates %v times", straussStackPoints, n)
	}
	if n := testing.AllocsPerRun(10, func() {
		_ = v.VarTimeXEqualsScalar(a)
	}); n != 0 {
		t.Errorf("VarTimeXEqualsScalar allocates %v times", n)
	}
}

func TestVarTimeXEqualsScalar(t *testing.T) {
	r, n := pointTestRand(t, 100)
	one := big.NewInt(1)
	check := func(p testref.Point, rs *big.Int, want bool) {
		t.Helper()
		for _, rescale := range []bool{false, true} {
			rr := r
			if !rescale {
				rr = nil
			}
			v := straussTestPoint(t, p, rr)
			if got := v.VarTimeXEqualsScalar(scalarFromBig(rs)); got != want {
				t.Fatalf("VarTimeXEqualsScalar(%x) on %x (rescaled %v) = %v, want %v",
					rs, testref.Compressed(p), rescale, got, want)
			}
		}
	}
	// p − n: the x coordinates in [n, p) reduce to x − n < p − n.
	pMinusNBig := new(big.Int).Sub(testref.P, testref.N)
	if got := scalarTestBigFromLimbs(pMinusN[:]); got.Cmp(pMinusNBig) != 0 {
		t.Fatalf("pMinusN = %x, want %x", got, pMinusNBig)
	}

	// The identity never matches.
	if NewIdentityPoint().VarTimeXEqualsScalar(NewScalar()) {
		t.Error("the identity matched r = 0")
	}
	// Random points: x mod n matches, neighbours and small values do not
	// (the small values go through the r + n < p branch).
	for range n {
		p := testref.ScalarMult(randomScalar(r), testref.G)
		if p.Inf {
			continue
		}
		x := new(big.Int).Mod(p.X, testref.N)
		check(p, x, true)
		check(testref.Neg(p), x, true)
		check(p, new(big.Int).Add(x, one), false)
		check(p, new(big.Int).Sub(x, one), false)
		check(p, big.NewInt(r.Int63()), false)
	}
	// Points with x ∈ [n, p): x = n + d for the first few d that lift.
	found := 0
	for d := int64(0); found < 8 && d < 1000; d++ {
		x := new(big.Int).Add(testref.N, big.NewInt(d))
		p, ok := testref.Lift(x, uint(d&1))
		if !ok {
			continue
		}
		found++
		rs := big.NewInt(d) // x mod n
		check(p, rs, true)
		check(testref.Neg(p), rs, true)
		check(p, big.NewInt(d+1), false)
		if d > 0 {
			check(p, big.NewInt(d-1), false)
		}
	}
	// And x just below p: x mod n = x − n is close to p − n (the branch's
	// upper end).
	for d := int64(1); found < 16 && d < 1000; d++ {
		x := new(big.Int).Sub(testref.P, big.NewInt(d))
		p, ok := testref.Lift(x, 0)
		if !ok {
			continue
		}
		found++
		check(p, new(big.Int).Sub(x, testref.N), true)
	}
	if found < 16 {
		t.Fatalf("found only %d points with x ≥ n", found)
	}
	// Points with small x (< p − n): r = x matches directly, and r = x is
	// also tried as x − n in vain when it does not.
	found = 0
	for x := int64(1); found < 4 && x < 1000; x++ {
		p, ok := testref.Lift(big.NewInt(x), 0)
		if !ok {
			continue
		}
		found++
		check(p, big.NewInt(x), true)
		check(p, big.NewInt(x+1), false)
	}
}

// FuzzDoubleScalarBaseMult checks a·A + b·G, with A = k·G, against the
// reference (a·k + b)·G, for a, b, k each given by 32 bytes (reduced mod n;
// shorter inputs are padded with zeros, longer ones truncated).
func FuzzDoubleScalarBaseMult(f *testing.F) {
	f.Add(make([]byte, 96))
	ff := make([]byte, 96)
	for i := range ff {
		ff[i] = 0xff
	}
	f.Add(ff)
	seed := make([]byte, 96)
	copy(seed[0:32], straussTestLambda.Bytes())
	seed[63] = 1
	seed[95] = 2
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		var buf [96]byte
		copy(buf[:], data)
		var ss [3]*Scalar
		var bs [3]*big.Int
		for i := range ss {
			s, err := new(Scalar).SetReducedBytes(buf[32*i : 32*i+32])
			if err != nil {
				t.Fatal(err)
			}
			ss[i] = s
			bs[i] = new(big.Int).Mod(new(big.Int).SetBytes(buf[32*i:32*i+32]), testref.N)
		}
		A := testref.ScalarMult(bs[2], testref.G)
		m := new(big.Int).Mul(bs[0], bs[2])
		m.Add(m, bs[1])
		want := testref.ScalarMult(m, testref.G)
		var v Point
		v.VarTimeDoubleScalarBaseMult(ss[0], straussTestPoint(t, A, nil), ss[1])
		checkPoint(t, "VarTimeDoubleScalarBaseMult", &v, want)
	})
}

// straussBenchInputs returns fixed pseudo-random a, A, b.
func straussBenchInputs(b *testing.B) (*Scalar, *Point, *Scalar) {
	r := rand.New(rand.NewSource(1))
	a, k, g := randomScalar(r), randomScalar(r), randomScalar(r)
	A := pointFromRef(b, testref.ScalarMult(k, testref.G))
	loadGTables()
	return scalarFromBig(a), A, scalarFromBig(g)
}

// BenchmarkEcmult1pG is a·A + b·G (libsecp256k1's bench_ecmult row
// ecmult_1p_g; the core of ECDSA and Schnorr verification).
func BenchmarkEcmult1pG(b *testing.B) {
	a, A, g := straussBenchInputs(b)
	var v Point
	b.ReportAllocs()
	for b.Loop() {
		v.VarTimeDoubleScalarBaseMult(a, A, g)
	}
}

// BenchmarkEcmult0pG is b·G through varTimeStrauss (no point).
func BenchmarkEcmult0pG(b *testing.B) {
	_, _, g := straussBenchInputs(b)
	var out group.Jacobian
	b.ReportAllocs()
	for b.Loop() {
		varTimeStrauss(&out, nil, nil, g)
	}
}

// BenchmarkEcmult1p is a·A through varTimeStrauss (no G term).
func BenchmarkEcmult1p(b *testing.B) {
	a, A, _ := straussBenchInputs(b)
	scalars, points := []*Scalar{a}, []*Point{A}
	var out group.Jacobian
	b.ReportAllocs()
	for b.Loop() {
		varTimeStrauss(&out, scalars, points, nil)
	}
}
