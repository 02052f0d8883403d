package ecmult

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
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

// straussTestSpecialPoints returns points that stress the table and the
// main loop: the identity, ±G, the λ-multiples of G (whose λ-tables
// coincide with other points' tables), 2¹²⁸·G (the base of the second G
// table), and a random point.
func straussTestSpecialPoints(r *rand.Rand) []testref.Point {
	lambda2 := new(big.Int).Mul(testref.Lambda, testref.Lambda)
	ks := []*big.Int{
		big.NewInt(0), big.NewInt(1), new(big.Int).Sub(testref.N, big.NewInt(1)),
		testref.Lambda, lambda2, new(big.Int).Neg(testref.Lambda),
		new(big.Int).Lsh(big.NewInt(1), 128),
		// A uniform nonzero scalar: randomScalar's edges include 0, and
		// callers take the points after the first as not the identity.
		new(big.Int).Add(new(big.Int).Rand(r, new(big.Int).Sub(testref.N, big.NewInt(1))), big.NewInt(1)),
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

// straussTestAScalars returns testref's GLV edge scalars (multiples and near
// multiples of λ, powers of two, basis vectors, and boundary scalars at the
// split's rounding boundaries, where a half reaches its bound), plus a few
// values k₁ + k₂·λ with k₁, k₂ near ±2¹²⁷.
func straussTestAScalars(r *rand.Rand, boundary int) []*big.Int {
	out := append(testref.GLVFixedEdgeScalars(), testref.GLVBoundaryScalars(r, max(1, boundary/8))...)
	h := new(big.Int).Lsh(big.NewInt(1), 127)
	hm := new(big.Int).Sub(h, big.NewInt(1))
	for _, k1 := range []*big.Int{hm, new(big.Int).Neg(hm), h, big.NewInt(0)} {
		for _, k2 := range []*big.Int{hm, new(big.Int).Neg(h), big.NewInt(1)} {
			k := new(big.Int).Mul(k2, testref.Lambda)
			k.Add(k, k1)
			out = append(out, k.Mod(k, testref.N))
		}
	}
	return out
}

func TestVarTimeMult1G(t *testing.T) {
	r, n := testRand(t, 100)
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
		v := valid(VarTimeMult1G(scalarFromBig(a), jacobianFromRef(A, r), scalarFromBig(b)))
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

// TestVarTimeStrauss checks the multi-point core with 0 to 17 points, with
// and without a G term, including identity points, zero scalars, repeated
// and opposite points, λ-related points, and Z ≠ 1.
func TestVarTimeStrauss(t *testing.T) {
	r, n := testRand(t, 4)
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

			scalars := make([]*scalar.Scalar, count)
			points := make([]*group.Jacobian, count)
			for i := range count {
				scalars[i] = scalarFromBig(ks[i])
				points[i] = jacobianFromRef(ps[i], r)
			}
			var gs *scalar.Scalar
			if g != nil {
				gs = scalarFromBig(g)
			}
			out := valid(varTimeStrauss(scalars, points, gs))
			checkPoint(t, fmt.Sprintf("varTimeStrauss(%d points, trial %d)", count, trial), &out, want)
		}
	}
}

// TestVarTimeMult2 checks a·A + b·B against math/big, with random, special
// (identity, repeated, opposite) points and zero scalars.
func TestVarTimeMult2(t *testing.T) {
	r, n := testRand(t, 8)
	special := straussTestSpecialPoints(r)
	for trial := range n {
		ks := []*big.Int{randomScalar(r), randomScalar(r)}
		ps := []testref.Point{testref.ScalarMult(randomScalar(r), testref.G), testref.ScalarMult(randomScalar(r), testref.G)}
		switch trial % 4 {
		case 1:
			ps[1] = special[r.Intn(len(special))]
		case 2:
			ps[1] = testref.Neg(ps[0])
			ks[1] = ks[0]
		case 3:
			ks[0] = big.NewInt(0)
		}
		want := straussTestRef(ks, ps, nil)
		out := valid(VarTimeMult2(scalarFromBig(ks[0]), jacobianFromRef(ps[0], r), scalarFromBig(ks[1]), jacobianFromRef(ps[1], r)))
		checkPoint(t, fmt.Sprintf("VarTimeMult2(trial %d)", trial), &out, want)
	}
}

func TestVarTimeStraussAllocations(t *testing.T) {
	race.SkipAllocs(t)
	r, _ := testRand(t, 1)
	a, b := scalarFromBig(randomScalar(r)), scalarFromBig(randomScalar(r))
	A := jacobianFromRef(testref.ScalarMult(randomScalar(r), testref.G), r)
	if n := testing.AllocsPerRun(10, func() {
		valid(VarTimeMult1G(a, A, b))
	}); n != 0 {
		t.Errorf("VarTimeMult1G allocates %v times", n)
	}
	B := jacobianFromRef(testref.ScalarMult(randomScalar(r), testref.G), r)
	if n := testing.AllocsPerRun(10, func() {
		valid(VarTimeMult2(a, A, b, B))
	}); n != 0 {
		t.Errorf("VarTimeMult2 allocates %v times", n)
	}
	var g group.Jacobian
	g.SetAffine(&group.Generator)
	scalars := []*scalar.Scalar{a, b, a, b}
	points := []*group.Jacobian{A, A, &g, A}
	if n := testing.AllocsPerRun(10, func() {
		valid(varTimeStrauss(scalars[:straussStackPoints], points[:straussStackPoints], b))
	}); n != 0 {
		t.Errorf("varTimeStrauss with %d points allocates %v times", straussStackPoints, n)
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
	copy(seed[0:32], testref.Lambda.Bytes())
	seed[63] = 1
	seed[95] = 2
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		var buf [96]byte
		copy(buf[:], data)
		var ss [3]scalar.Scalar
		var bs [3]*big.Int
		for i := range ss {
			ss[i].SetReducedBytes((*[32]byte)(buf[32*i : 32*i+32]))
			bs[i] = new(big.Int).Mod(new(big.Int).SetBytes(buf[32*i:32*i+32]), testref.N)
		}
		A := testref.ScalarMult(bs[2], testref.G)
		m := new(big.Int).Mul(bs[0], bs[2])
		m.Add(m, bs[1])
		want := testref.ScalarMult(m, testref.G)
		v := valid(VarTimeMult1G(&ss[0], jacobianFromRef(A, nil), &ss[1]))
		checkPoint(t, "VarTimeMult1G", &v, want)
	})
}

// straussBenchInputs returns fixed pseudo-random a, A, b.
func straussBenchInputs() (*scalar.Scalar, *group.Jacobian, *scalar.Scalar) {
	r := rand.New(rand.NewSource(1))
	a, k, g := randomScalar(r), randomScalar(r), randomScalar(r)
	A := jacobianFromRef(testref.ScalarMult(k, testref.G), nil)
	loadGTables()
	return scalarFromBig(a), A, scalarFromBig(g)
}

// BenchmarkEcmult1pG is a·A + b·G (libsecp256k1's bench_ecmult row
// ecmult_1p_g; the core of ECDSA and Schnorr verification).
func BenchmarkEcmult1pG(b *testing.B) {
	a, A, g := straussBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		valid(VarTimeMult1G(a, A, g))
	}
}

// BenchmarkEcmult0pG is b·G through varTimeStrauss (no point).
func BenchmarkEcmult0pG(b *testing.B) {
	_, _, g := straussBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		valid(varTimeStrauss(nil, nil, g))
	}
}

// BenchmarkEcmult1p is a·A through varTimeStrauss (no G term).
func BenchmarkEcmult1p(b *testing.B) {
	a, A, _ := straussBenchInputs()
	scalars, points := []*scalar.Scalar{a}, []*group.Jacobian{A}
	b.ReportAllocs()
	for b.Loop() {
		valid(varTimeStrauss(scalars, points, nil))
	}
}
