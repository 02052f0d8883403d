package scalar

import (
	"math"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The GLV constants and the split's edge cases are testref's (GLVA1 …
// GLVEdgeScalars), which the scalar-multiplication tests share.

var (
	glvTestBound1 = testref.BigHex("A2A8918CA85BAFE22016D0B917E4DD77") // SplitGLV's |k1| bound
	glvTestBound2 = testref.BigHex("8A65287BD47179FB2BE08846CEA267ED") // SplitGLV's |k2| bound
)

func TestGLVConstants(t *testing.T) {
	n, p := scalarTestOrder, testref.P
	one := big.NewInt(1)
	if want := new(big.Int).Sub(scalarTestPow2(256), big.NewInt(1<<32+977)); p.Cmp(want) != 0 {
		t.Fatal("testref.P ≠ 2²⁵⁶ − 2³² − 977")
	}
	lambda := scalarTestToBig(&Lambda)
	var betaBytes [32]byte
	group.Beta.PutBytes(&betaBytes)
	beta := new(big.Int).SetBytes(betaBytes[:])

	if lambda.Cmp(testref.Lambda) != 0 || beta.Cmp(testref.Beta) != 0 {
		t.Errorf("λ = %x and group.Beta = %x, want testref's %x and %x", lambda, beta, testref.Lambda, testref.Beta)
	}
	if beta.Cmp(p) >= 0 || lambda.Cmp(n) >= 0 {
		t.Error("β or λ is not reduced")
	}
	// Primitive cube roots of unity: x ≠ 1 and x² + x + 1 ≡ 0 (so x³ ≡ 1).
	for _, c := range []struct {
		name string
		x, m *big.Int
	}{{"λ", lambda, n}, {"β", beta, p}} {
		if new(big.Int).Exp(c.x, big.NewInt(3), c.m).Cmp(one) != 0 {
			t.Errorf("%s³ ≢ 1", c.name)
		}
		if c.x.Cmp(one) == 0 {
			t.Errorf("%s = 1", c.name)
		}
		s := new(big.Int).Mul(c.x, c.x)
		s.Add(s, c.x).Add(s, one).Mod(s, c.m)
		if s.Sign() != 0 {
			t.Errorf("%s² + %s + 1 ≢ 0", c.name, c.name)
		}
	}

	// G is on the curve, and λ·G = (β·Gx, Gy): this λ (internal/scalar's)
	// goes with this β (internal/group's).
	if !testref.IsOnCurve(testref.G) {
		t.Fatal("G is not on the curve")
	}
	lg := testref.ScalarMult(lambda, testref.G)
	bx := new(big.Int).Mul(beta, testref.G.X)
	bx.Mod(bx, p)
	if !testref.Equal(lg, testref.Point{X: bx, Y: testref.G.Y}) {
		t.Errorf("λ·G = (%x, %x), want (β·Gx, Gy) = (%x, %x)", lg.X, lg.Y, bx, testref.G.Y)
	}

	// The lattice basis: a + b·λ ≡ 0 (mod n) and a1·b2 − a2·b1 = n.
	a1, b1, a2, b2 := testref.GLVA1, testref.GLVB1, testref.GLVA2, testref.GLVB2
	for i, ab := range [][2]*big.Int{{a1, b1}, {a2, b2}} {
		v := new(big.Int).Mul(ab[1], lambda)
		v.Add(v, ab[0]).Mod(v, n)
		if v.Sign() != 0 {
			t.Errorf("a%d + b%d·λ ≢ 0 (mod n)", i+1, i+1)
		}
	}
	det := new(big.Int).Mul(a1, b2)
	det.Sub(det, new(big.Int).Mul(a2, b1))
	if det.Cmp(n) != 0 {
		t.Errorf("a1·b2 − a2·b1 = %x, want n", det)
	}
	if testref.BigFromLimbs(glvMinusB1[:]).Cmp(new(big.Int).Neg(b1)) != 0 {
		t.Error("glvMinusB1 ≠ −b1")
	}
	if testref.BigFromLimbs(glvB2[:]).Cmp(b2) != 0 {
		t.Error("glvB2 ≠ b2")
	}

	// g1 = round(2³⁸⁴·b2/n), g2 = round(2³⁸⁴·(−b1)/n) (testref.GLVG1, GLVG2).
	round := func(num *big.Int) *big.Int {
		num = new(big.Int).Lsh(num, 384)
		num.Add(num, new(big.Int).Rsh(n, 1)) // + n/2, then floor: round half up
		return num.Div(num, n)
	}
	if g := round(b2); testref.BigFromLimbs(glvG1[:]).Cmp(g) != 0 || testref.GLVG1.Cmp(g) != 0 {
		t.Errorf("glvG1 = %x, testref.GLVG1 = %x, want %x", testref.BigFromLimbs(glvG1[:]), testref.GLVG1, g)
	}
	if g := round(new(big.Int).Neg(b1)); testref.BigFromLimbs(glvG2[:]).Cmp(g) != 0 || testref.GLVG2.Cmp(g) != 0 {
		t.Errorf("glvG2 = %x, testref.GLVG2 = %x, want %x", testref.BigFromLimbs(glvG2[:]), testref.GLVG2, g)
	}

	// The largest c1, c2 (at k = n − 1) are b2 and −b1, so that the products
	// c1·(−b1) and c2·b2 in SplitGLV are below n.
	nm1 := new(big.Int).Sub(n, one)
	if c := testref.RoundShift384(nm1, testref.BigFromLimbs(glvG1[:])); c.Cmp(b2) != 0 {
		t.Errorf("c1(n − 1) = %x, want b2", c)
	}
	if c := testref.RoundShift384(nm1, testref.BigFromLimbs(glvG2[:])); c.Cmp(new(big.Int).Neg(b1)) != 0 {
		t.Errorf("c2(n − 1) = %x, want −b1", c)
	}
	if new(big.Int).Mul(b2, new(big.Int).Neg(b1)).Cmp(n) >= 0 {
		t.Error("b2·(−b1) ≥ n")
	}

	// The documented bounds: ⌊(a1 + a2)/2⌋ + 1 and ⌊(−b1 + b2)/2⌋ + 1
	// (docs/scalar.md, "GLV"), which glv.go's debug checks use too.
	bound1 := new(big.Int).Add(a1, a2)
	bound1.Rsh(bound1, 1).Add(bound1, one)
	bound2 := new(big.Int).Sub(b2, b1)
	bound2.Rsh(bound2, 1).Add(bound2, one)
	if bound1.Cmp(glvTestBound1) != 0 || bound2.Cmp(glvTestBound2) != 0 {
		t.Errorf("bounds are %x, %x; documented %x, %x", bound1, bound2, glvTestBound1, glvTestBound2)
	}
	if testref.BigFromLimbs(glvBound1[:]).Cmp(glvTestBound1) != 0 || testref.BigFromLimbs(glvBound2[:]).Cmp(glvTestBound2) != 0 {
		t.Error("glvBound1 or glvBound2 differs from the documented bounds")
	}
	if glvTestBound1.BitLen() > 128 || glvTestBound2.BitLen() > 128 {
		t.Error("bounds exceed 2¹²⁸")
	}
}

func TestGLVMulShift384(t *testing.T) {
	r := testref.Rand(t)
	inputs := testref.GLVEdgeScalars(r)
	for range 5000 {
		inputs = append(inputs, testref.RandomScalar(r))
	}
	for _, g := range [][4]uint64{glvG1, glvG2} {
		gb := testref.BigFromLimbs(g[:])
		for _, k := range inputs {
			kl := *scalarTestFromBig(k)
			lo, hi := mulShift384(&kl.l, &g)
			if got, want := testref.BigFromLimbs([]uint64{lo, hi}), testref.RoundShift384(k, gb); got.Cmp(want) != 0 {
				t.Fatalf("mulShift384(%x, %x) = %x, want %x", k, gb, got, want)
			}
		}
	}
}

// glvTestSigned returns the integer in (−n/2, n/2] congruent to s.
func glvTestSigned(s *Scalar) *big.Int {
	v := scalarTestToBig(s)
	if s.IsHigh() == 1 {
		v.Sub(v, scalarTestOrder)
	}
	return v
}

func TestSplitGLV(t *testing.T) {
	r := testref.Rand(t)
	inputs := testref.GLVEdgeScalars(r)
	nEdge := len(inputs)
	count := 100000
	if testing.Short() {
		count = 10000
	}
	for range count {
		inputs = append(inputs, testref.RandomScalar(r))
	}
	lambda := scalarTestToBig(&Lambda)
	maxAbs := [2]*big.Int{new(big.Int), new(big.Int)}
	for i, kb := range inputs {
		k := scalarTestFromBig(kb)
		k1, k2 := SplitGLV(k)

		// k ≡ k1 + k2·λ, with the Scalar operations (tested against math/big
		// in scalar_test.go).
		var sum Scalar
		sum.Multiply(&k2, &Lambda)
		sum.Add(&sum, &k1)
		if sum.Equal(k) != 1 {
			t.Fatalf("SplitGLV(%x): k1 + k2·λ ≠ k", kb)
		}
		// The bounds, on the signed values.
		v1, v2 := glvTestSigned(&k1), glvTestSigned(&k2)
		for j, v := range []*big.Int{v1, v2} {
			a := new(big.Int).Abs(v)
			if a.Cmp(maxAbs[j]) > 0 {
				maxAbs[j] = a
			}
		}
		if new(big.Int).Abs(v1).Cmp(glvTestBound1) > 0 || new(big.Int).Abs(v2).Cmp(glvTestBound2) > 0 {
			t.Fatalf("SplitGLV(%x) = %x, %x: out of bounds", kb, v1, v2)
		}
		// Independently with math/big for the edge cases and a sample.
		if i < nEdge || i%64 == 0 {
			want := new(big.Int).Mul(v2, lambda)
			want.Add(want, v1).Mod(want, scalarTestOrder)
			if want.Cmp(kb) != 0 {
				t.Fatalf("SplitGLV(%x): math/big disagrees", kb)
			}
		}

		// The signed variant.
		h1, h2, neg1, neg2 := SplitGLVSigned(k)
		if h1.l[2]|h1.l[3]|h2.l[2]|h2.l[3] != 0 {
			t.Fatalf("SplitGLVSigned(%x): halves not below 2¹²⁸", kb)
		}
		var a, b Scalar
		a.Set(&h1)
		a.CondNegate(neg1)
		b.Set(&h2)
		b.CondNegate(neg2)
		if a.Equal(&k1) != 1 || b.Equal(&k2) != 1 {
			t.Fatalf("SplitGLVSigned(%x) disagrees with SplitGLV", kb)
		}
		if (neg1 == 1) != (v1.Sign() < 0) || (neg2 == 1) != (v2.Sign() < 0) {
			t.Fatalf("SplitGLVSigned(%x): wrong signs", kb)
		}
	}
	t.Logf("largest |k1| = %x (2^%.3f), |k2| = %x (2^%.3f)", maxAbs[0], glvTestLog2(maxAbs[0]),
		maxAbs[1], glvTestLog2(maxAbs[1]))
}

func glvTestLog2(v *big.Int) float64 {
	f, _ := new(big.Float).SetInt(v).Float64()
	return math.Log2(f)
}

func BenchmarkScalarSplitGLV(b *testing.B) {
	k, _ := scalarTestBenchInputs()
	var k1, k2 Scalar
	b.ReportAllocs()
	for b.Loop() {
		k1, k2 = SplitGLV(&k)
		k.l[0] ^= k1.l[0] ^ k2.l[0]
	}
	scalarTestSink = k
}

// TestVarTimeSplitGLVShort checks VarTimeSplitGLVShort against math/big: a k
// with |k| < 2¹²⁸ (as an integer in (−n/2, n/2)) comes back whole, with a
// zero second half; any other k gets SplitGLVSigned's halves. It also pins
// the reason for the function: SplitGLV gives one k2 for all of [2¹²⁷+ε, 2¹²⁸).
func TestVarTimeSplitGLVShort(t *testing.T) {
	r := testref.Rand(t)
	two128 := scalarTestPow2(128)
	var inputs []*big.Int
	for _, v := range []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(two128, big.NewInt(1)), two128,
		scalarTestPow2(127), new(big.Int).Add(scalarTestPow2(127), big.NewInt(1))} {
		inputs = append(inputs, v, new(big.Int).Sub(scalarTestOrder, v))
	}
	for range 2000 {
		short := new(big.Int).Rand(r, two128)
		inputs = append(inputs, short, new(big.Int).Sub(scalarTestOrder, short), testref.RandomScalar(r))
	}
	var lastK2 *Scalar
	sameK2 := 0
	for _, kb := range inputs {
		kb = new(big.Int).Mod(kb, scalarTestOrder)
		k := scalarTestFromBig(kb)
		signed := glvTestSigned(k)
		h1, h2, neg1, neg2 := VarTimeSplitGLVShort(k)
		if new(big.Int).Abs(signed).Cmp(two128) < 0 {
			want, wantNeg := new(big.Int).Abs(signed), 0
			if signed.Sign() < 0 {
				wantNeg = 1
			}
			if scalarTestToBig(&h1).Cmp(want) != 0 || neg1 != wantNeg || h2.IsZero() != 1 || neg2 != 0 {
				t.Fatalf("VarTimeSplitGLVShort(%x) = (%x, %d), (%x, %d), want (%x, %d) and 0", kb,
					scalarTestToBig(&h1), neg1, scalarTestToBig(&h2), neg2, want, wantNeg)
			}
			if signed.Sign() > 0 && signed.Cmp(new(big.Int).Add(scalarTestPow2(127), scalarTestPow2(120))) > 0 {
				_, k2 := SplitGLV(k)
				if lastK2 != nil && k2.Equal(lastK2) == 1 {
					sameK2++
				}
				lastK2 = &k2
			}
			continue
		}
		w1, w2, wn1, wn2 := SplitGLVSigned(k)
		if h1.Equal(&w1) != 1 || h2.Equal(&w2) != 1 || neg1 != wn1 || neg2 != wn2 {
			t.Fatalf("VarTimeSplitGLVShort(%x) differs from SplitGLVSigned", kb)
		}
	}
	if sameK2 < 100 {
		t.Errorf("SplitGLV gave one k2 for only %d consecutive short scalars in [2¹²⁷ + 2¹²⁰, 2¹²⁸); the doc comment's reason is stale", sameK2)
	}
}
