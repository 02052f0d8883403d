package ecmult

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestTable checks Table.Set's entries against math/big: (2i + 1)·P and
// β·x of each, for P with Z ≠ 1.
func TestTable(t *testing.T) {
	r, _ := testRand(t, 1)
	k := randomScalar(r)
	if new(big.Int).Mod(k, testref.N).Sign() == 0 {
		k = big.NewInt(1) // randomScalar's edges include 0: P must not be O here (TestTableSetRejects)
	}
	P := testref.ScalarMult(k, testref.G)
	var tab Table
	if !tab.Set(jacobianFromRef(P, r)) {
		t.Fatal("Set fails for a curve point")
	}
	for i := range tab.pts {
		want := testref.ScalarMult(big.NewInt(int64(2*i+1)), P)
		var v group.Jacobian
		v.SetAffine(&tab.pts[i])
		checkPoint(t, fmt.Sprintf("entry %d", i), &v, want)
		v.X = tab.bx[i]
		checkPoint(t, fmt.Sprintf("β-entry %d", i), &v, testref.ScalarMult(testref.Lambda, want))
	}
}

// TestTableSetRejects checks that Set refuses the identity and a point off
// the curve, which would otherwise make any check pass.
func TestTableSetRejects(t *testing.T) {
	var tab Table
	var id group.Jacobian
	if tab.Set(&id) {
		t.Error("Set accepts the identity")
	}
	var off group.Jacobian
	off.X.SetUint64(1)
	off.Y.SetUint64(1)
	off.Z.One()
	if tab.Set(&off) {
		t.Error("Set accepts (1, 1)")
	}
	off.Y.SetUint64(0) // (x, 0): doubles to Z = 0
	if tab.Set(&off) {
		t.Error("Set accepts (1, 0)")
	}
}

// TestVarTimeMult2GTable checks a·A + b·B + g·G with B's Table against
// math/big: the edge scalars of the GLV split as b (and as a), special
// points, zero scalars, a nil g, and sums that are the identity or a
// doubling.
func TestVarTimeMult2GTable(t *testing.T) {
	r, n := testRand(t, 40)
	special := straussTestSpecialPoints(r)
	edges := straussTestAScalars(r, 40)
	gScalars := append(straussTestGScalars(r), nil)
	check := func(a *big.Int, A testref.Point, b *big.Int, B testref.Point, g *big.Int) {
		t.Helper()
		var tab Table
		if B.Inf {
			if tab.Set(jacobianFromRef(B, r)) {
				t.Fatal("Set accepts the identity")
			}
			return
		}
		if !tab.Set(jacobianFromRef(B, r)) {
			t.Fatalf("Set(%x) fails (a = %x, b = %x)", testref.Compressed(B), a, b)
		}
		want := straussTestRef([]*big.Int{a, b}, []testref.Point{A, B}, g)
		var gs *scalar.Scalar
		if g != nil {
			gs = scalarFromBig(g)
		}
		v := valid(VarTimeMult2GTable(scalarFromBig(a), jacobianFromRef(A, r), scalarFromBig(b), &tab, gs))
		checkPoint(t, fmt.Sprintf("%x·A + %x·B + %v·G", a, b, g), &v, want)
	}
	rndPoint := func() testref.Point { return testref.ScalarMult(randomScalar(r), testref.G) }
	for i, b := range edges {
		check(randomScalar(r), rndPoint(), b, rndPoint(), gScalars[i%len(gScalars)])
		check(b, special[i%len(special)], randomScalar(r), rndPoint(), randomScalar(r))
	}
	for i, B := range special[1:] { // B = O has no table
		check(randomScalar(r), special[i%len(special)], randomScalar(r), B, randomScalar(r))
		check(big.NewInt(0), rndPoint(), randomScalar(r), B, nil)
		check(randomScalar(r), rndPoint(), big.NewInt(0), B, randomScalar(r))
	}
	// b·B = −a·A (identity), b·B = a·A (doubling), and b·B = −g·G.
	// B = (a·k/b)·G for A = k·G, so that b·B = a·A.
	for range 4 {
		a, b, k := randomScalar(r), randomScalar(r), randomScalar(r)
		if b.Sign() == 0 {
			b = big.NewInt(1) // randomScalar's edges include 0, which has no inverse
		}
		ak := new(big.Int).Mul(a, k)
		A := testref.ScalarMult(k, testref.G)
		B := testref.ScalarMult(new(big.Int).Mod(new(big.Int).Mul(ak, new(big.Int).ModInverse(b, testref.N)), testref.N), testref.G)
		check(new(big.Int).Mod(new(big.Int).Neg(a), testref.N), A, b, B, nil)
		check(a, A, b, B, nil)
		check(big.NewInt(0), A, b, B, new(big.Int).Mod(new(big.Int).Neg(ak), testref.N))
	}
	for range n {
		check(randomScalar(r), rndPoint(), randomScalar(r), rndPoint(), randomScalar(r))
	}
}

func TestVarTimeMult2GTableAllocations(t *testing.T) {
	race.SkipAllocs(t)
	r, _ := testRand(t, 1)
	a, b := scalarFromBig(randomScalar(r)), scalarFromBig(randomScalar(r))
	A := jacobianFromRef(testref.ScalarMult(randomScalar(r), testref.G), r)
	var tab Table
	tab.Set(A)
	if n := testing.AllocsPerRun(10, func() {
		valid(VarTimeMult2GTable(a, A, b, &tab, a))
	}); n != 0 {
		t.Errorf("VarTimeMult2GTable allocates %v times", n)
	}
}

// BenchmarkEcmult2pG and BenchmarkEcmult1p1tG are a·A + b·B + g·G with B's
// table built per call (as MuSig2's and FROST's partial-signature checks
// had it) and prebuilt (Table).
func BenchmarkEcmult2pG(b *testing.B) {
	a, A, g := straussBenchInputs()
	B := baseMult(g)
	b.ReportAllocs()
	for b.Loop() {
		valid(VarTimeMult2G(a, A, g, B, g))
	}
}

func BenchmarkEcmult1p1tG(b *testing.B) {
	a, A, g := straussBenchInputs()
	var tab Table
	tab.Set(baseMult(g))
	b.ReportAllocs()
	for b.Loop() {
		valid(VarTimeMult2GTable(a, A, g, &tab, g))
	}
}

func BenchmarkTableSet(b *testing.B) {
	_, A, _ := straussBenchInputs()
	var tab Table
	b.ReportAllocs()
	for b.Loop() {
		tab.Set(A)
	}
}
