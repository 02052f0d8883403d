package scalar

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

var (
	glvTestP      = scalarTestBigFromHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F")
	glvTestGx     = scalarTestBigFromHex("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798")
	glvTestGy     = scalarTestBigFromHex("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8")
	glvTestA1     = scalarTestBigFromHex("3086D221A7D46BCDE86C90E49284EB15")
	glvTestB1     = new(big.Int).Neg(scalarTestBigFromHex("E4437ED6010E88286F547FA90ABFE4C3"))
	glvTestA2     = scalarTestBigFromHex("114CA50F7A8E2F3F657C1108D9D44CFD8")
	glvTestB2     = scalarTestBigFromHex("3086D221A7D46BCDE86C90E49284EB15")
	glvTestBound1 = scalarTestBigFromHex("A2A8918CA85BAFE22016D0B917E4DD77") // splitGLV's |k1| bound
	glvTestBound2 = scalarTestBigFromHex("8A65287BD47179FB2BE08846CEA267ED") // splitGLV's |k2| bound
)

// glvTestAffineAdd returns P + Q on y² = x³ + 7 over p, in affine
// coordinates with nil for the point at infinity. It is slow and simple: a
// reference for the test only.
func glvTestAffineAdd(px, py, qx, qy *big.Int) (*big.Int, *big.Int) {
	p := glvTestP
	if px == nil {
		return qx, qy
	}
	if qx == nil {
		return px, py
	}
	var l *big.Int
	if px.Cmp(qx) == 0 {
		if new(big.Int).Mod(new(big.Int).Add(py, qy), p).Sign() == 0 {
			return nil, nil
		}
		// λ = 3x² / 2y
		num := new(big.Int).Mul(px, px)
		num.Mul(num, big.NewInt(3))
		den := new(big.Int).Lsh(py, 1)
		l = num.Mul(num, den.ModInverse(den.Mod(den, p), p))
	} else {
		num := new(big.Int).Sub(qy, py)
		den := new(big.Int).Sub(qx, px)
		l = num.Mul(num, den.ModInverse(den.Mod(den, p), p))
	}
	l.Mod(l, p)
	rx := new(big.Int).Mul(l, l)
	rx.Sub(rx, px).Sub(rx, qx).Mod(rx, p)
	ry := new(big.Int).Sub(px, rx)
	ry.Mul(ry, l).Sub(ry, py).Mod(ry, p)
	return rx, ry
}

func glvTestScalarMult(k, px, py *big.Int) (*big.Int, *big.Int) {
	var rx, ry *big.Int
	for i := k.BitLen() - 1; i >= 0; i-- {
		rx, ry = glvTestAffineAdd(rx, ry, rx, ry)
		if k.Bit(i) == 1 {
			rx, ry = glvTestAffineAdd(rx, ry, px, py)
		}
	}
	return rx, ry
}

func TestGLVConstants(t *testing.T) {
	n, p := scalarTestOrder, glvTestP
	one := big.NewInt(1)
	if want := new(big.Int).Sub(scalarTestPow2(256), big.NewInt(1<<32+977)); p.Cmp(want) != 0 {
		t.Fatal("glvTestP ≠ 2²⁵⁶ − 2³² − 977")
	}
	lambda := scalarTestToBig(&glvLambda)
	beta := scalarTestBigFromLimbs(glvBeta[:])

	if new(big.Int).SetBytes(glvBetaBytes[:]).Cmp(beta) != 0 {
		t.Error("glvBetaBytes and glvBeta differ")
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

	// G is on the curve, and λ·G = (β·Gx, Gy): this λ goes with this β.
	rhs := new(big.Int).Exp(glvTestGx, big.NewInt(3), p)
	rhs.Add(rhs, big.NewInt(7)).Mod(rhs, p)
	if new(big.Int).Exp(glvTestGy, scalarTestTwo, p).Cmp(rhs) != 0 {
		t.Fatal("G is not on the curve")
	}
	lx, ly := glvTestScalarMult(lambda, glvTestGx, glvTestGy)
	bx := new(big.Int).Mul(beta, glvTestGx)
	bx.Mod(bx, p)
	if lx.Cmp(bx) != 0 || ly.Cmp(glvTestGy) != 0 {
		t.Errorf("λ·G = (%x, %x), want (β·Gx, Gy) = (%x, %x)", lx, ly, bx, glvTestGy)
	}

	// The lattice basis: a + b·λ ≡ 0 (mod n) and a1·b2 − a2·b1 = n.
	for i, ab := range [][2]*big.Int{{glvTestA1, glvTestB1}, {glvTestA2, glvTestB2}} {
		v := new(big.Int).Mul(ab[1], lambda)
		v.Add(v, ab[0]).Mod(v, n)
		if v.Sign() != 0 {
			t.Errorf("a%d + b%d·λ ≢ 0 (mod n)", i+1, i+1)
		}
	}
	det := new(big.Int).Mul(glvTestA1, glvTestB2)
	det.Sub(det, new(big.Int).Mul(glvTestA2, glvTestB1))
	if det.Cmp(n) != 0 {
		t.Errorf("a1·b2 − a2·b1 = %x, want n", det)
	}
	if scalarTestBigFromLimbs(glvMinusB1[:]).Cmp(new(big.Int).Neg(glvTestB1)) != 0 {
		t.Error("glvMinusB1 ≠ −b1")
	}
	if scalarTestBigFromLimbs(glvB2[:]).Cmp(glvTestB2) != 0 {
		t.Error("glvB2 ≠ b2")
	}

	// g1 = round(2³⁸⁴·b2/n), g2 = round(2³⁸⁴·(−b1)/n).
	round := func(num *big.Int) *big.Int {
		num = new(big.Int).Lsh(num, 384)
		num.Add(num, new(big.Int).Rsh(n, 1)) // + n/2, then floor: round half up
		return num.Div(num, n)
	}
	if g := round(glvTestB2); scalarTestBigFromLimbs(glvG1[:]).Cmp(g) != 0 {
		t.Errorf("glvG1 = %x, want %x", scalarTestBigFromLimbs(glvG1[:]), g)
	}
	if g := round(new(big.Int).Neg(glvTestB1)); scalarTestBigFromLimbs(glvG2[:]).Cmp(g) != 0 {
		t.Errorf("glvG2 = %x, want %x", scalarTestBigFromLimbs(glvG2[:]), g)
	}

	// The largest c1, c2 (at k = n − 1) are b2 and −b1, so that the products
	// c1·(−b1) and c2·b2 in splitGLV are below n.
	nm1 := new(big.Int).Sub(n, one)
	if c := glvTestRoundShift(nm1, scalarTestBigFromLimbs(glvG1[:])); c.Cmp(glvTestB2) != 0 {
		t.Errorf("c1(n − 1) = %x, want b2", c)
	}
	if c := glvTestRoundShift(nm1, scalarTestBigFromLimbs(glvG2[:])); c.Cmp(new(big.Int).Neg(glvTestB1)) != 0 {
		t.Errorf("c2(n − 1) = %x, want −b1", c)
	}
	if new(big.Int).Mul(glvTestB2, new(big.Int).Neg(glvTestB1)).Cmp(n) >= 0 {
		t.Error("b2·(−b1) ≥ n")
	}

	// The documented bounds: ⌊(a1 + a2)/2⌋ + 1 and ⌊(−b1 + b2)/2⌋ + 1
	// (docs/scalar.md, "GLV").
	b1 := new(big.Int).Add(glvTestA1, glvTestA2)
	b1.Rsh(b1, 1).Add(b1, one)
	b2 := new(big.Int).Sub(glvTestB2, glvTestB1)
	b2.Rsh(b2, 1).Add(b2, one)
	if b1.Cmp(glvTestBound1) != 0 || b2.Cmp(glvTestBound2) != 0 {
		t.Errorf("bounds are %x, %x; documented %x, %x", b1, b2, glvTestBound1, glvTestBound2)
	}
	if glvTestBound1.BitLen() > 128 || glvTestBound2.BitLen() > 128 {
		t.Error("bounds exceed 2¹²⁸")
	}
}

// glvTestRoundShift returns round(k·g/2³⁸⁴), half up.
func glvTestRoundShift(k, g *big.Int) *big.Int {
	v := new(big.Int).Mul(k, g)
	v.Add(v, scalarTestPow2(383))
	return v.Rsh(v, 384)
}

// glvTestEdgeScalars returns split edge cases: small values, multiples and
// near multiples of λ, powers of two, and values of k where k·g1/2³⁸⁴ or
// k·g2/2³⁸⁴ is within 1/g of a rounding boundary (…½).
func glvTestEdgeScalars(r *rand.Rand) []*big.Int {
	n := scalarTestOrder
	lambda := scalarTestToBig(&glvLambda)
	var out []*big.Int
	add := func(v *big.Int) {
		out = append(out, new(big.Int).Mod(v, n))
	}
	for _, v := range scalarTestEdgeBigs {
		add(v)
	}
	for m := int64(-3); m <= 3; m++ {
		ml := new(big.Int).Mul(big.NewInt(m), lambda)
		for d := int64(-2); d <= 2; d++ {
			add(new(big.Int).Add(ml, big.NewInt(d)))
		}
	}
	add(new(big.Int).Mul(lambda, lambda)) // λ²
	for _, e := range []uint{126, 127, 128, 129, 192, 255} {
		for d := int64(-1); d <= 1; d++ {
			add(new(big.Int).Add(scalarTestPow2(e), big.NewInt(d)))
			add(new(big.Int).Sub(n, new(big.Int).Add(scalarTestPow2(e), big.NewInt(d))))
		}
	}
	// Multiples of the basis vectors' first coordinates and their sums.
	for _, v := range []*big.Int{glvTestA1, glvTestA2, new(big.Int).Add(glvTestA1, glvTestA2),
		new(big.Int).Sub(glvTestA2, glvTestA1)} {
		add(v)
		add(new(big.Int).Neg(v))
	}
	// Rounding boundaries: k·g ≈ (t + ½)·2³⁸⁴.
	for _, g := range []*big.Int{scalarTestBigFromLimbs(glvG1[:]), scalarTestBigFromLimbs(glvG2[:])} {
		maxT := glvTestRoundShift(new(big.Int).Sub(n, big.NewInt(1)), g)
		for range 200 {
			tv := new(big.Int).Rand(r, maxT)
			target := new(big.Int).Lsh(tv, 384)
			target.Add(target, scalarTestPow2(383))
			k := new(big.Int).Div(target, g) // k·g ≤ target < (k+1)·g
			for d := int64(-1); d <= 2; d++ {
				kd := new(big.Int).Add(k, big.NewInt(d))
				if kd.Sign() >= 0 && kd.Cmp(n) < 0 {
					out = append(out, kd)
				}
			}
		}
	}
	return out
}

func TestGLVMulShift384(t *testing.T) {
	r := rand.New(rand.NewSource(scalarTestSeed(t)))
	inputs := glvTestEdgeScalars(r)
	for range 5000 {
		s := scalarTestRandom(r)
		inputs = append(inputs, scalarTestToBig(&s))
	}
	for _, g := range [][4]uint64{glvG1, glvG2} {
		gb := scalarTestBigFromLimbs(g[:])
		for _, k := range inputs {
			kl := *scalarTestFromBig(k)
			lo, hi := mulShift384(&kl.l, &g)
			if got, want := scalarTestBigFromLimbs([]uint64{lo, hi}), glvTestRoundShift(k, gb); got.Cmp(want) != 0 {
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
	r := rand.New(rand.NewSource(scalarTestSeed(t)))
	inputs := glvTestEdgeScalars(r)
	nEdge := len(inputs)
	count := 100000
	if testing.Short() {
		count = 10000
	}
	for range count {
		s := scalarTestRandom(r)
		inputs = append(inputs, scalarTestToBig(&s))
	}
	lambda := scalarTestToBig(&glvLambda)
	maxAbs := [2]*big.Int{new(big.Int), new(big.Int)}
	for i, kb := range inputs {
		k := scalarTestFromBig(kb)
		k1, k2 := splitGLV(k)

		// k ≡ k1 + k2·λ, with the Scalar operations (tested against math/big
		// in scalar_test.go).
		var sum Scalar
		sum.Multiply(&k2, &glvLambda)
		sum.Add(&sum, &k1)
		if sum.Equal(k) != 1 {
			t.Fatalf("splitGLV(%x): k1 + k2·λ ≠ k", kb)
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
			t.Fatalf("splitGLV(%x) = %x, %x: out of bounds", kb, v1, v2)
		}
		// Independently with math/big for the edge cases and a sample.
		if i < nEdge || i%64 == 0 {
			want := new(big.Int).Mul(v2, lambda)
			want.Add(want, v1).Mod(want, scalarTestOrder)
			if want.Cmp(kb) != 0 {
				t.Fatalf("splitGLV(%x): math/big disagrees", kb)
			}
		}

		// The signed variant.
		h1, h2, neg1, neg2 := splitGLVSigned(k)
		if h1.l[2]|h1.l[3]|h2.l[2]|h2.l[3] != 0 {
			t.Fatalf("splitGLVSigned(%x): halves not below 2¹²⁸", kb)
		}
		var a, b Scalar
		a.Set(&h1)
		a.condNegate(neg1)
		b.Set(&h2)
		b.condNegate(neg2)
		if a.Equal(&k1) != 1 || b.Equal(&k2) != 1 {
			t.Fatalf("splitGLVSigned(%x) disagrees with splitGLV", kb)
		}
		if (neg1 == 1) != (v1.Sign() < 0) || (neg2 == 1) != (v2.Sign() < 0) {
			t.Fatalf("splitGLVSigned(%x): wrong signs", kb)
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
		k1, k2 = splitGLV(&k)
		k.l[0] ^= k1.l[0] ^ k2.l[0]
	}
	scalarTestSink = k
}
