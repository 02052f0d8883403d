package field

import (
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
)

// This file holds the portable Go arithmetic. It is always compiled and
// always tested: it is the reference that every assembly routine is checked
// against. Bounds are argued in docs/design.md, "Field element bounds".

// add256 returns a + b mod 2²⁵⁶ and the carry out (0 or 1).
func add256(a, b *[4]uint64) ([4]uint64, uint64) {
	var r [4]uint64
	var cy uint64
	r[0], cy = bits.Add64(a[0], b[0], 0)
	r[1], cy = bits.Add64(a[1], b[1], cy)
	r[2], cy = bits.Add64(a[2], b[2], cy)
	r[3], cy = bits.Add64(a[3], b[3], cy)
	return r, cy
}

// feAddGeneric sets v = a + b mod p, with v in [0, 2²⁵⁶).
func feAddGeneric(v, a, b *Element) {
	var r0, r1, r2, r3, cy uint64
	r0, cy = bits.Add64(a.l[0], b.l[0], 0)
	r1, cy = bits.Add64(a.l[1], b.l[1], cy)
	r2, cy = bits.Add64(a.l[2], b.l[2], cy)
	r3, cy = bits.Add64(a.l[3], b.l[3], cy)
	// A carry out means the sum is 2²⁵⁶ + r ≡ r + c. Adding c can carry
	// again only if r ≥ 2²⁵⁶ − c; the result then wraps to below c, and the
	// second addition of c into limb 0 (< c + c < 2³⁴) cannot carry.
	r0, cy = bits.Add64(r0, c&-cy, 0)
	r1, cy = bits.Add64(r1, 0, cy)
	r2, cy = bits.Add64(r2, 0, cy)
	r3, cy = bits.Add64(r3, 0, cy)
	if debug.Enabled {
		debug.Assert(cy == 0 || r0 < c, "field: Add: second carry did not wrap below c")
		debug.Assert(noCarry(r0, c&-cy), "field: Add: last addition of c carried")
	}
	r0 += c & -cy
	v.l = [4]uint64{r0, r1, r2, r3}
}

// feSubGeneric sets v = a − b mod p, with v in [0, 2²⁵⁶).
func feSubGeneric(v, a, b *Element) {
	var r0, r1, r2, r3, bw uint64
	r0, bw = bits.Sub64(a.l[0], b.l[0], 0)
	r1, bw = bits.Sub64(a.l[1], b.l[1], bw)
	r2, bw = bits.Sub64(a.l[2], b.l[2], bw)
	r3, bw = bits.Sub64(a.l[3], b.l[3], bw)
	// A borrow means the difference wrapped to r = a − b + 2²⁵⁶ ≡ a − b + c,
	// so subtract c. That borrows again only if r < c; the result is then
	// r − c + 2²⁵⁶ ≥ 2²⁵⁶ − c, whose limb 0 is ≥ 2⁶⁴ − c, so the second
	// subtraction of c from limb 0 cannot borrow.
	r0, bw = bits.Sub64(r0, c&-bw, 0)
	r1, bw = bits.Sub64(r1, 0, bw)
	r2, bw = bits.Sub64(r2, 0, bw)
	r3, bw = bits.Sub64(r3, 0, bw)
	if debug.Enabled {
		debug.Assert(bw == 0 || r0 >= 1<<64-c, "field: Subtract: second borrow left limb 0 below 2⁶⁴ − c")
		debug.Assert(r0 >= c&-bw, "field: Subtract: last subtraction of c borrowed")
	}
	r0 -= c & -bw
	v.l = [4]uint64{r0, r1, r2, r3}
}

// feHalfGeneric sets v = a/2 mod p: a if even, else a + p, shifted right by one.
// a + p < 2²⁵⁷, so the result is < 2²⁵⁶.
func feHalfGeneric(v, a *Element) {
	mask := -(a.l[0] & 1)
	var t0, t1, t2, t3, cy uint64
	t0, cy = bits.Add64(a.l[0], p0&mask, 0)
	t1, cy = bits.Add64(a.l[1], p1&mask, cy)
	t2, cy = bits.Add64(a.l[2], p2&mask, cy)
	t3, cy = bits.Add64(a.l[3], p3&mask, cy)
	if debug.Enabled {
		debug.Assert(t0&1 == 0, "field: Half: numerator is odd, the shift is not exact")
	}
	v.l[0] = t0>>1 | t1<<63
	v.l[1] = t1>>1 | t2<<63
	v.l[2] = t2>>1 | t3<<63
	v.l[3] = t3>>1 | cy<<63
}

// fold returns (r0 + r1·2⁶⁴ + r2·2¹²⁸ + r3·2¹⁹² + r4·2²⁵⁶) mod p as a value
// in [0, 2²⁵⁶), for any r4 < 2⁶⁴.
func fold(r0, r1, r2, r3, r4 uint64) [4]uint64 {
	// r4·2²⁵⁶ ≡ r4·c, and r4·c < 2⁶⁴·2³³ fits in two limbs (hh < 2³³).
	hh, ll := bits.Mul64(r4, c)
	if debug.Enabled {
		debug.Assert(hh < 1<<33, "field: fold: r4·c does not fit 97 bits")
	}
	var cy uint64
	r0, cy = bits.Add64(r0, ll, 0)
	r1, cy = bits.Add64(r1, hh, cy)
	r2, cy = bits.Add64(r2, 0, cy)
	r3, cy = bits.Add64(r3, 0, cy)
	// On a carry out the wrapped value is below r4·c < 2⁹⁷, so limb 1 is
	// below 2³³ and adding c plus a carry into limbs 0 and 1 cannot carry
	// further.
	if debug.Enabled {
		debug.Assert(cy == 0 || r1 < 1<<33 && r2|r3 == 0, "field: fold: wrapped value is not below 2⁹⁷")
	}
	r0, cy = bits.Add64(r0, c&-cy, 0)
	if debug.Enabled {
		debug.Assert(noCarry(r1, cy), "field: fold: carry out of limb 1")
	}
	r1 += cy
	return [4]uint64{r0, r1, r2, r3}
}

// feMulGeneric sets v = a·b mod p, with v in [0, 2²⁵⁶).
func feMulGeneric(v, a, b *Element) {
	a0, a1, a2, a3 := a.l[0], a.l[1], a.l[2], a.l[3]
	b0, b1, b2, b3 := b.l[0], b.l[1], b.l[2], b.l[3]
	var cy uint64

	// Row 0: a0·b into r0..r4.
	h0, l0 := bits.Mul64(a0, b0)
	h1, l1 := bits.Mul64(a0, b1)
	h2, l2 := bits.Mul64(a0, b2)
	h3, l3 := bits.Mul64(a0, b3)
	r0 := l0
	r1, cy := bits.Add64(l1, h0, 0)
	r2, cy := bits.Add64(l2, h1, cy)
	r3, cy := bits.Add64(l3, h2, cy)
	if debug.Enabled {
		debug.Assert(noCarry(h3, cy), "field: feMul: row 0 top word overflows")
	}
	r4 := h3 + cy // hᵢ ≤ 2⁶⁴ − 2, so hᵢ + 1 does not overflow

	// Row 1: a1·b into r1..r5.
	h0, l0 = bits.Mul64(a1, b0)
	h1, l1 = bits.Mul64(a1, b1)
	h2, l2 = bits.Mul64(a1, b2)
	h3, l3 = bits.Mul64(a1, b3)
	l1, cy = bits.Add64(l1, h0, 0)
	l2, cy = bits.Add64(l2, h1, cy)
	l3, cy = bits.Add64(l3, h2, cy)
	if debug.Enabled {
		debug.Assert(noCarry(h3, cy), "field: feMul: row 1 top word overflows")
	}
	h3 += cy
	r1, cy = bits.Add64(r1, l0, 0)
	r2, cy = bits.Add64(r2, l1, cy)
	r3, cy = bits.Add64(r3, l2, cy)
	r4, cy = bits.Add64(r4, l3, cy)
	if debug.Enabled {
		debug.Assert(noCarry(h3, cy), "field: feMul: a·(b0 + b1·2⁶⁴) overflows 384 bits")
	}
	r5 := h3 + cy // r0..r5 hold a·(b0 + b1·2⁶⁴) < 2³⁸⁴: no overflow

	// Row 2: a2·b into r2..r6.
	h0, l0 = bits.Mul64(a2, b0)
	h1, l1 = bits.Mul64(a2, b1)
	h2, l2 = bits.Mul64(a2, b2)
	h3, l3 = bits.Mul64(a2, b3)
	l1, cy = bits.Add64(l1, h0, 0)
	l2, cy = bits.Add64(l2, h1, cy)
	l3, cy = bits.Add64(l3, h2, cy)
	if debug.Enabled {
		debug.Assert(noCarry(h3, cy), "field: feMul: row 2 top word overflows")
	}
	h3 += cy
	r2, cy = bits.Add64(r2, l0, 0)
	r3, cy = bits.Add64(r3, l1, cy)
	r4, cy = bits.Add64(r4, l2, cy)
	r5, cy = bits.Add64(r5, l3, cy)
	if debug.Enabled {
		debug.Assert(noCarry(h3, cy), "field: feMul: a·(b0 + b1·2⁶⁴ + b2·2¹²⁸) overflows 448 bits")
	}
	r6 := h3 + cy

	// Row 3: a3·b into r3..r7.
	h0, l0 = bits.Mul64(a3, b0)
	h1, l1 = bits.Mul64(a3, b1)
	h2, l2 = bits.Mul64(a3, b2)
	h3, l3 = bits.Mul64(a3, b3)
	l1, cy = bits.Add64(l1, h0, 0)
	l2, cy = bits.Add64(l2, h1, cy)
	l3, cy = bits.Add64(l3, h2, cy)
	if debug.Enabled {
		debug.Assert(noCarry(h3, cy), "field: feMul: row 3 top word overflows")
	}
	h3 += cy
	r3, cy = bits.Add64(r3, l0, 0)
	r4, cy = bits.Add64(r4, l1, cy)
	r5, cy = bits.Add64(r5, l2, cy)
	r6, cy = bits.Add64(r6, l3, cy)
	if debug.Enabled {
		debug.Assert(noCarry(h3, cy), "field: feMul: a·b overflows 512 bits")
	}
	r7 := h3 + cy

	// Reduce: t = L + H·2²⁵⁶ ≡ L + H·c. Each rᵢ·c (i = 4..7) is a two-limb
	// product with a high part below 2³³, so the top limb t4 stays below
	// 2³³ + 2, and fold finishes. This block is repeated in feSquareGeneric
	// rather than called: a call costs about 1.5 ns, and inlining it made
	// squaring 35% faster (benchstat in the commit message).
	h0, l0 = bits.Mul64(r4, c)
	h1, l1 = bits.Mul64(r5, c)
	h2, l2 = bits.Mul64(r6, c)
	h3, l3 = bits.Mul64(r7, c)
	r0, cy = bits.Add64(r0, l0, 0)
	r1, cy = bits.Add64(r1, l1, cy)
	r2, cy = bits.Add64(r2, l2, cy)
	r3, cy = bits.Add64(r3, l3, cy)
	t4 := h3 + cy // h3 < 2³³: no overflow
	r1, cy = bits.Add64(r1, h0, 0)
	r2, cy = bits.Add64(r2, h1, cy)
	r3, cy = bits.Add64(r3, h2, cy)
	t4 += cy
	if debug.Enabled {
		debug.Assert(h0|h1|h2|h3 < 1<<33, "field: reduction: rᵢ·c has a high word ≥ 2³³")
		debug.Assert(t4 < 1<<33+2, "field: reduction: top word t4 ≥ 2³³ + 2")
	}
	v.l = fold(r0, r1, r2, r3, t4)
}

// feSquareGeneric sets v = a² mod p, with v in [0, 2²⁵⁶), using 10 products:
// the 6 cross products aᵢ·aⱼ (i < j) once, doubled, plus the 4 squares.
func feSquareGeneric(v, a *Element) {
	a0, a1, a2, a3 := a.l[0], a.l[1], a.l[2], a.l[3]
	var cy uint64

	h01, l01 := bits.Mul64(a0, a1)
	h02, l02 := bits.Mul64(a0, a2)
	h03, l03 := bits.Mul64(a0, a3)
	h12, l12 := bits.Mul64(a1, a2)
	h13, l13 := bits.Mul64(a1, a3)
	h23, l23 := bits.Mul64(a2, a3)

	// Cross sum C = Σ_{i<j} aᵢaⱼ·2^(64(i+j)) into r1..r6.
	// a0·(a1, a2, a3) at limbs 1..4.
	r1 := l01
	r2, cy := bits.Add64(l02, h01, 0)
	r3, cy := bits.Add64(l03, h02, cy)
	if debug.Enabled {
		debug.Assert(noCarry(h03, cy), "field: feSquare: a0·(a1, a2, a3) overflows")
	}
	r4 := h03 + cy
	// a1·(a2, a3) at limbs 3..5. The partial sum is below 2³⁸⁴ (the worst
	// case, all limbs 2⁶⁴ − 1, gives 2³⁸⁴ − 2²⁵⁷ + 2¹⁹² − 2¹²⁸ + 2⁶⁴), so the
	// carry into limb 5 does not overflow.
	l13, cy = bits.Add64(l13, h12, 0)
	if debug.Enabled {
		debug.Assert(noCarry(h13, cy), "field: feSquare: a1·(a2, a3) overflows")
	}
	h13 += cy
	r3, cy = bits.Add64(r3, l12, 0)
	r4, cy = bits.Add64(r4, l13, cy)
	if debug.Enabled {
		debug.Assert(noCarry(h13, cy), "field: feSquare: partial cross sum ≥ 2³⁸⁴")
	}
	r5 := h13 + cy
	// a2·a3 at limbs 5..6; C < 2⁴⁴⁸.
	r5, cy = bits.Add64(r5, l23, 0)
	if debug.Enabled {
		debug.Assert(noCarry(h23, cy), "field: feSquare: cross sum ≥ 2⁴⁴⁸")
	}
	r6 := h23 + cy

	// Double: 2C < 2⁴⁴⁹ spreads into r1..r7.
	r7 := r6 >> 63
	r6 = r6<<1 | r5>>63
	r5 = r5<<1 | r4>>63
	r4 = r4<<1 | r3>>63
	r3 = r3<<1 | r2>>63
	r2 = r2<<1 | r1>>63
	r1 <<= 1

	// Add the squares aᵢ² at limbs 2i, 2i+1; the total a² < 2⁵¹² fits.
	h0, l0 := bits.Mul64(a0, a0)
	h1, l1 := bits.Mul64(a1, a1)
	h2, l2 := bits.Mul64(a2, a2)
	h3, l3 := bits.Mul64(a3, a3)
	r0 := l0
	r1, cy = bits.Add64(r1, h0, 0)
	r2, cy = bits.Add64(r2, l1, cy)
	r3, cy = bits.Add64(r3, h1, cy)
	r4, cy = bits.Add64(r4, l2, cy)
	r5, cy = bits.Add64(r5, h2, cy)
	r6, cy = bits.Add64(r6, l3, cy)
	if debug.Enabled {
		debug.Assert(r7 <= 1 && noCarry(r7+h3, cy) && noCarry(r7, h3), "field: feSquare: a² overflows 512 bits")
	}
	r7, _ = bits.Add64(r7, h3, cy)

	// Reduce exactly as in feMulGeneric.
	h0, l0 = bits.Mul64(r4, c)
	h1, l1 = bits.Mul64(r5, c)
	h2, l2 = bits.Mul64(r6, c)
	h3, l3 = bits.Mul64(r7, c)
	r0, cy = bits.Add64(r0, l0, 0)
	r1, cy = bits.Add64(r1, l1, cy)
	r2, cy = bits.Add64(r2, l2, cy)
	r3, cy = bits.Add64(r3, l3, cy)
	t4 := h3 + cy // h3 < 2³³: no overflow
	r1, cy = bits.Add64(r1, h0, 0)
	r2, cy = bits.Add64(r2, h1, cy)
	r3, cy = bits.Add64(r3, h2, cy)
	t4 += cy
	if debug.Enabled {
		debug.Assert(h0|h1|h2|h3 < 1<<33, "field: reduction: rᵢ·c has a high word ≥ 2³³")
		debug.Assert(t4 < 1<<33+2, "field: reduction: top word t4 ≥ 2³³ + 2")
	}
	v.l = fold(r0, r1, r2, r3, t4)
}

// feSquareNGeneric sets v = a^(2ⁿ) mod p by n squarings (n ≤ 0 copies a),
// with v in [0, 2²⁵⁶).
func feSquareNGeneric(v, a *Element, n int) {
	*v = *a
	for range n {
		feSquareGeneric(v, v)
	}
}

// feSquareN2Generic sets v = a^(2ⁿ) and w = b^(2ⁿ) mod p, with v and w in
// [0, 2²⁵⁶): feSquareNGeneric on each. v and w must not be the same Element.
func feSquareN2Generic(v, a, w, b *Element, n int) {
	x, y := *a, *b
	feSquareNGeneric(v, &x, n)
	feSquareNGeneric(w, &y, n)
}

// feMulSmallGeneric sets v = a·k mod p for k < 2³², with v in [0, 2²⁵⁶).
func feMulSmallGeneric(v, a *Element, k uint64) {
	if debug.Enabled {
		debug.Assert(k < 1<<32, "field: MultiplySmall: k ≥ 2³²")
	}
	h0, l0 := bits.Mul64(a.l[0], k)
	h1, l1 := bits.Mul64(a.l[1], k)
	h2, l2 := bits.Mul64(a.l[2], k)
	h3, l3 := bits.Mul64(a.l[3], k)
	var cy uint64
	l1, cy = bits.Add64(l1, h0, 0)
	l2, cy = bits.Add64(l2, h1, cy)
	l3, cy = bits.Add64(l3, h2, cy)
	h3 += cy // h3 < 2³²
	if debug.Enabled {
		debug.Assert(h3 < 1<<32, "field: MultiplySmall: a·k ≥ 2²⁸⁸")
	}
	v.l = fold(l0, l1, l2, l3, h3)
}
