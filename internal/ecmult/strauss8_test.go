package ecmult

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// digitSum returns Σᵢ d[i][j]·2^(w·i) and fails unless every digit is odd
// with |d| < bound.
func digitSum[D ~[][lanes]int32](t *testing.T, d D, j int, w uint, bound int32) *big.Int {
	t.Helper()
	sum := new(big.Int)
	for i := len(d) - 1; i >= 0; i-- {
		x := d[i][j]
		if x%2 == 0 || x >= bound || x <= -bound {
			t.Fatalf("digit %d of lane %d is %d", i, j, x)
		}
		sum.Lsh(sum, w)
		sum.Add(sum, big.NewInt(int64(x)))
	}
	return sum
}

// TestRecodeOdd checks recodeOdd against math/big: the digits of
// c = 2·(±m) − 1 sum to c, for m next to 0 and 2¹²⁸ and at random.
func TestRecodeOdd(t *testing.T) {
	r, count := testRand(t, 2000)
	ms := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), new(big.Int).Lsh(big.NewInt(1), 127),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))}
	for range count {
		ms = append(ms, new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), uint(1+r.Intn(128)))))
	}
	for _, m := range ms {
		lo := new(big.Int).And(m, new(big.Int).SetUint64(^uint64(0))).Uint64()
		hi := new(big.Int).Rsh(m, 64).Uint64()
		for _, neg := range []bool{false, true} {
			if neg && m.Sign() == 0 {
				continue // SplitGLVSigned never gives −0
			}
			c := new(big.Int).Lsh(m, 1)
			if neg {
				c.Neg(c)
			}
			c.Sub(c, big.NewInt(1))
			var dA strauss8Digits
			var dG strauss8GDigits
			j := r.Intn(lanes)
			recodeOdd(dA[:], j, lo, hi, neg, strauss8Window)
			if got := digitSum(t, dA[:], j, strauss8Window, 1<<strauss8Window); got.Cmp(c) != 0 {
				t.Fatalf("width 5, m = %x, neg %v: digits sum to %x", m, neg, got)
			}
			recodeOdd(dG[:], j, lo, hi, neg, strauss8GWindow)
			if got := digitSum(t, dG[:], j, strauss8GWindow, 2*strauss8GEntries); got.Cmp(c) != 0 {
				t.Fatalf("width 13, m = %x, neg %v: digits sum to %x", m, neg, got)
			}
		}
	}
}

// strauss8EdgeScalars returns scalars whose recodings stress the offsets:
// those for which a half of v = (k + K)/2 is 0 (k = 2v − K with v = t,
// v = λ·t, v = 2¹²⁸·t for small t, and v = 0), and edgeScalars.
func strauss8EdgeScalars(r *rand.Rand) []*big.Int {
	kA := new(big.Int).Add(big.NewInt(1), testref.Lambda)
	kG := new(big.Int).Add(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 128))
	from := func(v, k *big.Int) *big.Int {
		x := new(big.Int).Lsh(v, 1)
		x.Sub(x, k)
		return x.Mod(x, testref.N)
	}
	out := append([]*big.Int{}, edgeScalars...)
	for _, small := range []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(5), new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), 100))} {
		lam := new(big.Int).Mul(small, testref.Lambda)
		high := new(big.Int).Lsh(small, 128)
		for _, k := range []*big.Int{kA, kG} {
			out = append(out, from(small, k), from(lam, k), from(high, k))
		}
	}
	return out
}

// TestRecodeScalars checks the two recodings modulo n: a ≡ Σ d1·2⁵ⁱ +
// λ·Σ d2·2⁵ⁱ and b ≡ Σ d1·2¹³ⁱ + 2¹²⁸·Σ d2·2¹³ⁱ.
func TestRecodeScalars(t *testing.T) {
	r, count := testRand(t, 1000)
	ks := strauss8EdgeScalars(r)
	for range count {
		ks = append(ks, randomScalar(r))
	}
	for _, k := range ks {
		s := scalarFromBig(k)
		j := r.Intn(lanes)
		var dA1, dA2 strauss8Digits
		var dG1, dG2 strauss8GDigits
		recodeGLV(&dA1, &dA2, j, s)
		recodeBase(&dG1, &dG2, j, s)
		sum := digitSum(t, dA2[:], j, strauss8Window, 1<<strauss8Window)
		sum.Mul(sum, testref.Lambda)
		sum.Add(sum, digitSum(t, dA1[:], j, strauss8Window, 1<<strauss8Window))
		if sum.Mod(sum, testref.N).Cmp(k) != 0 {
			t.Fatalf("recodeGLV(%x) sums to %x", k, sum)
		}
		sum = digitSum(t, dG2[:], j, strauss8GWindow, 2*strauss8GEntries)
		sum.Lsh(sum, 128)
		sum.Add(sum, digitSum(t, dG1[:], j, strauss8GWindow, 2*strauss8GEntries))
		if sum.Mod(sum, testref.N).Cmp(k) != 0 {
			t.Fatalf("recodeBase(%x) sums to %x", k, sum)
		}
	}
}

// strauss8RandomKey returns a random or edge k ≢ 0 (mod n).
func strauss8RandomKey(r *rand.Rand) *big.Int {
	k := new(big.Int).Mod(randomScalar(r), testref.N)
	if k.Sign() == 0 {
		k.SetInt64(7)
	}
	return k
}

// strauss8RandomPoint returns k·G for a random or edge k ≢ 0 (mod n).
func strauss8RandomPoint(r *rand.Rand) testref.Point {
	return testref.ScalarMult(strauss8RandomKey(r), testref.G)
}

// strauss8Case is the input of one lane.
type strauss8Case struct {
	a, b *big.Int
	A    testref.Point // not the identity
	// exceptional marks inputs that may take the single path: a result
	// that is the identity or met a doubling, A off the curve.
	exceptional bool
}

// strauss8Lanes returns a[j]·A[j] + b[j]·G in every lane j of one group,
// except in the lanes marked in fail (A[j] is not a curve point) and in
// those whose Z is 0 (an exceptional addition, or the identity): the raw
// lanes that checkStrauss8 inspects.
func strauss8Lanes(a *[lanes]scalar.Scalar, A *[lanes]group.Affine, b *[lanes]scalar.Scalar) (group8.Jacobian8, [lanes]bool) {
	var st strauss8Set
	st.prepare(a, A, b)
	strauss8Run(&st, nil)
	return st.r, st.fail
}

// sameTables reports whether st and u have the same failed lanes and, in
// the others, the same table entries mod p.
func sameTables(st, u *strauss8Set) bool {
	if st.fail != u.fail {
		return false
	}
	for i := range st.tab {
		for _, pair := range [][2]*group8.Affine8{{&st.tab[i], &u.tab[i]}, {&st.tabLam[i], &u.tabLam[i]}} {
			for j := range lanes {
				if st.fail[j] {
					continue
				}
				var x, y, x2, y2 field.Element
				getLane(&pair[0].X, j, &x)
				getLane(&pair[0].Y, j, &y)
				getLane(&pair[1].X, j, &x2)
				getLane(&pair[1].Y, j, &y2)
				if x.Equal(&x2)&y.Equal(&y2) == 0 {
					return false
				}
			}
		}
	}
	return true
}

// checkStrauss8 runs VarTimeMult1G16 (which runs VarTimeMult1G8 for up to
// eight) on the cases and checks each lane against VarTimeMult1G and, for
// curve points, the math/big reference, and that the lanes from len(cases)
// up are left alone. It also checks that the lanes of cases not marked
// exceptional were computed by the lanes (strauss8Lanes, or strauss8Run on
// two groups above eight), not by the fallback.
func checkStrauss8(t *testing.T, cases []strauss8Case) {
	t.Helper()
	n := len(cases)
	var a, b [Lanes2]scalar.Scalar
	var A [Lanes2]group.Affine
	for j, c := range cases {
		a[j], b[j] = *scalarFromBig(c.a), *scalarFromBig(c.b)
		A[j] = group.Affine{X: elementFromBig(c.A.X), Y: elementFromBig(c.A.Y)}
	}
	var out [Lanes2]group.Jacobian
	var ok [Lanes2]bool
	for j := n; j < Lanes2; j++ {
		out[j].X.SetUint64(uint64(j)) // a marker
	}
	VarTimeMult1G16(&out, &ok, &a, &A, &b, n)
	var raw [2]group8.Jacobian8
	var fail [Lanes2]bool
	if n <= lanes {
		ha, hA, hb := *(*[lanes]scalar.Scalar)(a[:lanes]), *(*[lanes]group.Affine)(A[:lanes]), *(*[lanes]scalar.Scalar)(b[:lanes])
		for j := n; j < lanes; j++ {
			ha[j], hb[j], hA[j] = ha[0], hb[0], hA[0]
		}
		var f [lanes]bool
		raw[0], f = strauss8Lanes(&ha, &hA, &hb)
		copy(fail[:], f[:])
	} else {
		var st, st2 strauss8Set
		prepare16(&st, &st2, &a, &A, &b, n)
		// The tables built together are those built apart.
		var sep, sep2 strauss8Set
		sep.prepareFrom(a[:lanes], A[:lanes], b[:lanes], lanes)
		sep2.prepareFrom(a[lanes:], A[lanes:], b[lanes:], n-lanes)
		if !sameTables(&st, &sep) || !sameTables(&st2, &sep2) {
			t.Fatalf("%d lanes: the tables of strauss8Tables16 differ from strauss8Tables'", n)
		}
		strauss8Run(&st, &st2)
		raw[0], raw[1] = st.r, st2.r
		copy(fail[:], st.fail[:])
		copy(fail[lanes:], st2.fail[:])
	}
	for j, c := range cases {
		var p group.Jacobian
		getJacobianLane(&raw[j/lanes], j%lanes, &p)
		identity := testref.IsOnCurve(c.A) && straussTestRef([]*big.Int{c.a}, []testref.Point{c.A}, c.b).Inf
		if !c.exceptional && !identity && (fail[j] || p.Z.IsZero() == 1) {
			t.Fatalf("lane %d of %d (a = %x, b = %x): the lanes failed", j, n, c.a, c.b)
		}
	}
	for j, c := range cases {
		var Aj group.Jacobian
		Aj.SetAffine(&A[j])
		want, wantOK := VarTimeMult1G(&a[j], &Aj, &b[j])
		if ok[j] != wantOK || (ok[j] && out[j].Equal(&want) != 1) {
			t.Fatalf("lane %d of %d (a = %x, b = %x): differs from VarTimeMult1G", j, n, c.a, c.b)
		}
		if testref.IsOnCurve(c.A) {
			checkPoint(t, "lane", &out[j], straussTestRef([]*big.Int{c.a}, []testref.Point{c.A}, c.b))
		}
	}
	for j := n; j < Lanes2; j++ {
		var marker field.Element
		marker.SetUint64(uint64(j))
		if out[j].X.Equal(&marker) != 1 || ok[j] {
			t.Fatalf("lane %d beyond n = %d was written", j, n)
		}
	}
}

// TestVarTimeMult1G8 checks the eight lanes, and the two groups of eight of
// VarTimeMult1G16, against the single path and math/big, on each field8
// backend, with edge scalars for a and b, special points, lanes whose
// result is the identity or needs a doubling, a point off the curve, and
// every lane count up to sixteen.
func TestVarTimeMult1G8(t *testing.T) {
	for _, be := range field8.Backends() {
		t.Run(be, func(t *testing.T) {
			defer field8.SetBackend(be)()
			r, count := testRand(t, 40)
			if be == "generic" {
				count = max(count/4, 3)
			}
			points := straussTestSpecialPoints(r)[1:] // without the identity
			edges := strauss8EdgeScalars(r)
			gEdges := straussTestGScalars(r)
			pick := func(s []*big.Int) *big.Int {
				if r.Intn(2) == 0 {
					return s[r.Intn(len(s))]
				}
				return randomScalar(r)
			}
			randomCase := func() strauss8Case {
				// The special points are small multiples of G and λ·G, whose
				// sums with the generator's multiples can meet an
				// exceptional addition: they may take the single path.
				c := strauss8Case{a: pick(edges), b: pick(gEdges), A: points[r.Intn(len(points))], exceptional: true}
				switch r.Intn(6) {
				case 0, 1: // A = k·G, a·A = ∓b·G: the identity or a doubling
					c.exceptional = true
					k := strauss8RandomKey(r)
					c.A = testref.ScalarMult(k, testref.G)
					c.b = new(big.Int).Mul(c.a, k)
					if r.Intn(2) == 0 {
						c.b.Neg(c.b)
					}
					c.b.Mod(c.b, testref.N)
				case 2, 3:
					c.A, c.exceptional = strauss8RandomPoint(r), false
				}
				return c
			}
			for i := range count {
				cases := make([]strauss8Case, 1+i%Lanes2)
				for j := range cases {
					cases[j] = randomCase()
				}
				if i%5 == 0 {
					// Not a curve point: the single path decides.
					j := r.Intn(len(cases))
					cases[j].A = testref.Point{X: big.NewInt(1), Y: big.NewInt(1)}
					cases[j].exceptional = true
				}
				checkStrauss8(t, cases)
			}
		})
	}
}

// TestStrauss8Fallback forces lanes to look exceptional (Z = 0 after the
// chain; lanes j and j + 8 together with sixteen) and checks that they still
// get VarTimeMult1G's results, which are not the identity.
func TestStrauss8Fallback(t *testing.T) {
	r := testref.Rand(t)
	forced := 0
	defer func() { strauss8Hook = nil }()
	strauss8Hook = func(v group8.Jacobian8) group8.Jacobian8 {
		for j := range lanes {
			if forced>>j&1 == 1 {
				for i := range 5 {
					v.Z.L[i][j] = 0
				}
			}
		}
		return v
	}
	for i := range 8 {
		forced = r.Intn(1 << lanes)
		cases := make([]strauss8Case, lanes+i%2*lanes)
		for j := range cases {
			cases[j] = strauss8Case{a: randomScalar(r), b: randomScalar(r), A: strauss8RandomPoint(r)}
		}
		checkStrauss8(t, cases)
	}
}

// strauss8BenchInputs returns fixed pseudo-random inputs of eight lanes,
// with the generator tables loaded.
func strauss8BenchInputs() (a *[lanes]scalar.Scalar, A *[lanes]group.Affine, g *[lanes]scalar.Scalar) {
	r := rand.New(rand.NewSource(1))
	a, A, g = new([lanes]scalar.Scalar), new([lanes]group.Affine), new([lanes]scalar.Scalar)
	for j := range lanes {
		a[j], g[j] = *scalarFromBig(randomScalar(r)), *scalarFromBig(randomScalar(r))
		p := strauss8RandomPoint(r)
		A[j] = group.Affine{X: elementFromBig(p.X), Y: elementFromBig(p.Y)}
	}
	loadGTables()
	return a, A, g
}

// BenchmarkEcmult1pG8 is eight a·A + b·G on the lanes, per lane (compare
// with BenchmarkEcmult1pG), with each field8 backend.
func BenchmarkEcmult1pG8(b *testing.B) {
	a, A, g := strauss8BenchInputs()
	for _, be := range field8.Backends() {
		b.Run("backend="+be, func(b *testing.B) {
			defer field8.SetBackend(be)()
			var out [lanes]group.Jacobian
			var ok [lanes]bool
			b.ReportAllocs()
			for b.Loop() {
				VarTimeMult1G8(&out, &ok, a, A, g, lanes)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lanes), "ns/lane")
		})
		b.Run("lanes=16/backend="+be, func(b *testing.B) {
			defer field8.SetBackend(be)()
			var a2, g2 [Lanes2]scalar.Scalar
			var A2 [Lanes2]group.Affine
			for j := range Lanes2 {
				a2[j], A2[j], g2[j] = a[j%lanes], A[(j+3)%lanes], g[(j+5)%lanes]
			}
			var out [Lanes2]group.Jacobian
			var ok [Lanes2]bool
			b.ReportAllocs()
			for b.Loop() {
				VarTimeMult1G16(&out, &ok, &a2, &A2, &g2, Lanes2)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*Lanes2), "ns/lane")
		})
	}
}

// TestStrauss8Allocations checks that VarTimeMult1G8 does not allocate
// (beyond the one-time generator tables).
func TestStrauss8Allocations(t *testing.T) {
	race.SkipAllocs(t)
	a, A, g := strauss8BenchInputs()
	var out [lanes]group.Jacobian
	var ok [lanes]bool
	if n := testing.AllocsPerRun(3, func() { VarTimeMult1G8(&out, &ok, a, A, g, lanes) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
	var a2, g2 [Lanes2]scalar.Scalar
	var A2 [Lanes2]group.Affine
	for j := range Lanes2 {
		a2[j], A2[j], g2[j] = a[j%lanes], A[j%lanes], g[j%lanes]
	}
	var out2 [Lanes2]group.Jacobian
	var ok2 [Lanes2]bool
	if n := testing.AllocsPerRun(3, func() { VarTimeMult1G16(&out2, &ok2, &a2, &A2, &g2, Lanes2) }); n != 0 {
		t.Errorf("sixteen lanes: %v allocations", n)
	}
}
