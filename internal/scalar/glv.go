package scalar

import (
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
)

// The GLV endomorphism (Gallant, Lambert, Vanstone, CRYPTO 2001).
//
// secp256k1 has an efficiently computable endomorphism φ(x, y) = (β·x, y),
// where β is a primitive cube root of unity mod p. On the group it acts as
// multiplication by λ, a primitive cube root of unity mod n: λ·P = φ(P). A
// scalar k is split as k ≡ k1 + k2·λ (mod n) with |k1|, |k2| < 2¹²⁸, so that
// k·P = k1·P + k2·φ(P) is a double multiplication with half-length scalars.
//
// The split is libsecp256k1's secp256k1_scalar_split_lambda; the constants
// come from the lattice basis of Guide to Elliptic Curve Cryptography,
// Algorithm 3.74. docs/scalar.md, "GLV", derives the bounds.
// TestGLVConstants recomputes every constant with math/big.

// Lambda is λ = 0x5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72,
// the cube root of unity mod n with λ·(x, y) = (β·x, y).
var Lambda = Scalar{l: [4]uint64{0xDF02967C1B23BD72, 0x122E22EA20816678, 0xA5261C028812645A, 0x5363AD4CC05C30E0}}

// The reduced lattice basis {(a1, b1), (a2, b2)} of the split, with
// a + b·λ ≡ 0 (mod n) and a1·b2 − a2·b1 = n:
//
//	a1 =  0x3086D221A7D46BCDE86C90E49284EB15   (126 bits)
//	b1 = −0xE4437ED6010E88286F547FA90ABFE4C3   (128 bits)
//	a2 =  0x114CA50F7A8E2F3F657C1108D9D44CFD8  (129 bits)
//	b2 =  0x3086D221A7D46BCDE86C90E49284EB15   (= a1)
//
// Only −b1 and b2 are needed, as two limbs each.
var (
	glvMinusB1 = [2]uint64{0x6F547FA90ABFE4C3, 0xE4437ED6010E8828}
	glvB2      = [2]uint64{0xE86C90E49284EB15, 0x3086D221A7D46BCD}
)

// g1 = round(2³⁸⁴·b2/n) and g2 = round(2³⁸⁴·(−b1)/n), so that
// c1 = round(k·g1/2³⁸⁴) ≈ k·b2/n and c2 = round(k·g2/2³⁸⁴) ≈ −k·b1/n.
var (
	glvG1 = [4]uint64{0xE893209A45DBB031, 0x3DAA8A1471E8CA7F, 0xE86C90E49284EB15, 0x3086D221A7D46BCD}
	glvG2 = [4]uint64{0x1571B4AE8AC47F71, 0x221208AC9DF506C6, 0x6F547FA90ABFE4C4, 0xE4437ED6010E8828}
)

// SplitGLV returns k1, k2 with k ≡ k1 + k2·λ (mod n), where each of k1, k2 is
// either less than 2¹²⁸ or greater than n − 2¹²⁸ (it represents an integer of
// absolute value less than 2¹²⁸). Precisely, as signed integers,
//
//	|k1| ≤ 0xA2A8918CA85BAFE22016D0B917E4DD77 < 2¹²⁷·³⁵
//	|k2| ≤ 0x8A65287BD47179FB2BE08846CEA267ED < 2¹²⁷·¹³
//
// (docs/scalar.md, "GLV"). SplitGLV is constant time.
func SplitGLV(k *Scalar) (k1, k2 Scalar) {
	// c1 = round(k·g1/2³⁸⁴) ≈ k·b2/n and c2 = round(k·g2/2³⁸⁴) ≈ −k·b1/n.
	// Both are nondecreasing in k, and at k = n − 1 they are exactly b2 and
	// −b1 (TestGLVConstants), so c1 ≤ b2 < 2¹²⁶ and c2 ≤ −b1 < 2¹²⁸.
	c1lo, c1hi := mulShift384(&k.l, &glvG1)
	c2lo, c2hi := mulShift384(&k.l, &glvG2)
	if debug.Enabled {
		_, b1 := bits.Sub64(glvB2[0], c1lo, 0)
		_, b1 = bits.Sub64(glvB2[1], c1hi, b1)
		_, b2 := bits.Sub64(glvMinusB1[0], c2lo, 0)
		_, b2 = bits.Sub64(glvMinusB1[1], c2hi, b2)
		debug.Assert(b1 == 0 && b2 == 0, "SplitGLV: c1 > b2 or c2 > −b1")
	}

	// k2 = c1·(−b1) − c2·b2 mod n. Both products are below b2·(−b1) < 2²⁵⁴ < n,
	// so they are already reduced scalars.
	var t1, t2 Scalar
	t1.l[0], t1.l[1], t1.l[2], t1.l[3] = mul128(c1lo, c1hi, glvMinusB1[0], glvMinusB1[1])
	t2.l[0], t2.l[1], t2.l[2], t2.l[3] = mul128(c2lo, c2hi, glvB2[0], glvB2[1])
	k2.Subtract(&t1, &t2)

	// k1 = k − k2·λ mod n.
	k1.Multiply(&k2, &Lambda)
	k1.Subtract(k, &k1)
	if debug.Enabled {
		checkGLV(k, &k1, &k2)
	}
	return k1, k2
}

// SplitGLVSigned returns k1, k2 < 2¹²⁸ and signs neg1, neg2 ∈ {0, 1} with
// k ≡ (−1)^neg1·k1 + (−1)^neg2·k2·λ (mod n). It is constant time.
func SplitGLVSigned(k *Scalar) (k1, k2 Scalar, neg1, neg2 int) {
	k1, k2 = SplitGLV(k)
	// A half above (n − 1)/2 represents a negative integer, −(n − k_i), of
	// absolute value below 2¹²⁸ (SplitGLV's bound).
	neg1 = k1.IsHigh()
	neg2 = k2.IsHigh()
	k1.CondNegate(neg1)
	k2.CondNegate(neg2)
	if debug.Enabled {
		debug.Assert(k1.l[2]|k1.l[3]|k2.l[2]|k2.l[3] == 0, "SplitGLVSigned: a half is not below 2¹²⁸")
	}
	return k1, k2, neg1, neg2
}

// mulShift384 returns round(k·g/2³⁸⁴) as two limbs (lo, hi), for k < n and
// any 256-bit g, in constant time.
//
// The result is less than 2¹²⁸: k·g/2³⁸⁴ < n·2²⁵⁶/2³⁸⁴ = n/2¹²⁸ < 2¹²⁸ − 1,
// so adding 1/2 and rounding down stays below 2¹²⁸ and the final carry is
// zero.
func mulShift384(k, g *[4]uint64) (lo, hi uint64) {
	_, _, _, _, _, r5, r6, r7 := mul512(k, g)
	// Round to nearest: add bit 383, the most significant bit dropped.
	var c uint64
	lo, c = bits.Add64(r6, r5>>63, 0)
	if debug.Enabled {
		debug.Assert(noCarry64(r7, c), "mulShift384: result not below 2¹²⁸")
	}
	hi, _ = bits.Add64(r7, 0, c)
	return lo, hi
}

// mul128 returns the 256-bit product (a0 + a1·2⁶⁴)·(b0 + b1·2⁶⁴) as four
// little-endian limbs.
func mul128(a0, a1, b0, b1 uint64) (r0, r1, r2, r3 uint64) {
	h00, l00 := bits.Mul64(a0, b0)
	h01, l01 := bits.Mul64(a0, b1)
	h10, l10 := bits.Mul64(a1, b0)
	h11, l11 := bits.Mul64(a1, b1)
	var c uint64
	// a0·b: limbs l00, h00 + l01, h01 (+ carry); h01 ≤ 2⁶⁴ − 2.
	r0 = l00
	r1, c = bits.Add64(h00, l01, 0)
	r2, _ = bits.Add64(h01, 0, c)
	// + a1·b·2⁶⁴: limbs l10, h10 + l11, h11 at offset 1; the total is below
	// 2²⁵⁶, so the carry out of r3 is zero.
	t2, c := bits.Add64(h10, l11, 0)
	t3, _ := bits.Add64(h11, 0, c)
	r1, c = bits.Add64(r1, l10, 0)
	r2, c = bits.Add64(r2, t2, c)
	if debug.Enabled {
		debug.Assert(noCarry64(t3, c), "mul128: product not below 2²⁵⁶")
	}
	r3, _ = bits.Add64(t3, 0, c)
	return
}

// The checks of the debug build (internal/debug). They are called only
// under `if debug.Enabled`, so a normal build drops them; they are variable
// time.

// noCarry64 reports whether x + y fits 64 bits.
func noCarry64(x, y uint64) bool { return x+y >= x }

// glvBound1 and glvBound2 are SplitGLV's bounds on |k1| and |k2|
// (docs/scalar.md, "GLV"), as low and high limbs.
var (
	glvBound1 = [2]uint64{0x2016D0B917E4DD77, 0xA2A8918CA85BAFE2}
	glvBound2 = [2]uint64{0x2BE08846CEA267ED, 0x8A65287BD47179FB}
)

// withinSigned reports whether s, read as a signed integer (s or s − n),
// has an absolute value at most bound.
func withinSigned(s *Scalar, bound *[2]uint64) bool {
	abs := *s
	abs.CondNegate(s.IsHigh())
	if abs.l[2]|abs.l[3] != 0 {
		return false
	}
	_, b := bits.Sub64(bound[0], abs.l[0], 0)
	_, b = bits.Sub64(bound[1], abs.l[1], b)
	return b == 0
}

// checkGLV asserts SplitGLV's contract: k ≡ k1 + k2·λ (mod n) with
// |k1| and |k2| within their bounds.
func checkGLV(k, k1, k2 *Scalar) {
	checkReduced("SplitGLV", k1, k2)
	if !withinSigned(k1, &glvBound1) || !withinSigned(k2, &glvBound2) {
		debug.Fail("SplitGLV: |k1| or |k2| above its bound")
	}
	var t Scalar
	t.Multiply(k2, &Lambda)
	t.Add(&t, k1)
	if t.Equal(k) == 0 {
		debug.Fail("SplitGLV: k1 + k2·λ ≠ k")
	}
}

// VarTimeSplitGLVShort is SplitGLVSigned, except that it does not split a k
// whose absolute value (k or n − k) is below 2¹²⁸: it returns k1 = |k|,
// k2 = 0 and neg2 = 0. Such a k is already a half, and its split would not
// be shorter: for k in [2¹²⁷, 2¹²⁸) SplitGLV rounds c2 up to 1 and returns
// the same k2 = −b2 for every k, so that in a multi-scalar multiplication
// of many short scalars (batch verification's 128-bit coefficients) every
// λ-half costs additions with the same digits (one bucket per window in
// Pippenger's method). Variable time: it branches on the size of k.
func VarTimeSplitGLVShort(k *Scalar) (k1, k2 Scalar, neg1, neg2 int) {
	if k.l[2]|k.l[3] == 0 {
		return *k, Scalar{}, 0, 0
	}
	var m Scalar
	m.Negate(k)
	if m.l[2]|m.l[3] == 0 {
		return m, Scalar{}, 1, 0
	}
	return SplitGLVSigned(k)
}
