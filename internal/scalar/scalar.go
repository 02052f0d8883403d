// Package scalar implements arithmetic modulo the order n of secp256k1's
// group: libsecp256k1's scalar layer, with the GLV split and the recodings
// that the scalar-multiplication engines consume (internal/ecmult). The
// root package's Scalar wraps it. docs/scalar.md explains the
// representation and the reduction.
package scalar

import (
	"encoding/binary"
	"errors"
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/safegcd"
)

// A Scalar is an integer modulo the group order
//
//	n = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141.
//
// The zero value is 0. Every method is constant time unless its name starts
// with VarTime.
type Scalar struct {
	// l holds the value l[0] + l[1]·2⁶⁴ + l[2]·2¹²⁸ + l[3]·2¹⁹² as four
	// little-endian 64-bit limbs. It is always fully reduced: 0 ≤ value < n,
	// so every value has exactly one representation and the zero value is 0.
	l [4]uint64
}

// The limbs of n, little-endian.
const (
	n0 = 0xBFD25E8CD0364141
	n1 = 0xBAAEDCE6AF48A03B
	n2 = 0xFFFFFFFFFFFFFFFE
	n3 = 0xFFFFFFFFFFFFFFFF
)

// The limbs of c = 2²⁵⁶ − n = 0x1_4551231950B75FC4_402DA1732FC9BEBF, the
// constant of the special reduction 2²⁵⁶ ≡ c (mod n). c < 1.28·2¹²⁸ has 129
// bits: c0 and c1 are both < 2⁶⁴/3 < 2⁶³ and the third limb is 1.
const (
	c0 = 0x402DA1732FC9BEBF
	c1 = 0x4551231950B75FC4
)

// The limbs of (n − 1)/2, the largest "low" scalar (see IsHigh).
const (
	h0 = 0xDFE92F46681B20A0
	h1 = 0x5D576E7357A4501D
	h2 = 0xFFFFFFFFFFFFFFFF
	h3 = 0x7FFFFFFFFFFFFFFF
)

// N is the group order n as little-endian limbs.
var N = [4]uint64{n0, n1, n2, n3}

// scalarModulus holds the safegcd precomputation for inverses modulo n.
var scalarModulus = safegcd.New(&N)

// ErrOverflow is returned by SetCanonicalBytes when the encoded value is not
// less than the group order n.
var ErrOverflow = errors.New("scalar: value is not less than the group order")

// Set sets s = x, and returns s.
func (s *Scalar) Set(x *Scalar) *Scalar {
	*s = *x
	return s
}

// SetUint64 sets s = x, and returns s.
func (s *Scalar) SetUint64(x uint64) *Scalar {
	// x < 2⁶⁴ < n: no reduction.
	s.l = [4]uint64{x, 0, 0, 0}
	return s
}

// SetUint128 sets s = lo + hi·2⁶⁴, and returns s.
func (s *Scalar) SetUint128(lo, hi uint64) *Scalar {
	// x < 2¹²⁸ < n: no reduction.
	s.l = [4]uint64{lo, hi, 0, 0}
	return s
}

// Limbs returns s as four little-endian 64-bit limbs, fully reduced.
func (s *Scalar) Limbs() [4]uint64 {
	return s.l
}

// SetCanonicalBytes sets s = x, where x is the 32-byte big-endian encoding of
// a value less than n, and returns s. If x ≥ n it returns nil and
// ErrOverflow, and s is unchanged. The value of b is processed in constant
// time; only whether it is accepted can be observed.
func (s *Scalar) SetCanonicalBytes(b *[32]byte) (*Scalar, error) {
	l0, l1, l2, l3 := limbsFromBytes(b)
	// l − n borrows exactly when l < n.
	var borrow uint64
	_, borrow = bits.Sub64(l0, n0, 0)
	_, borrow = bits.Sub64(l1, n1, borrow)
	_, borrow = bits.Sub64(l2, n2, borrow)
	_, borrow = bits.Sub64(l3, n3, borrow)
	if borrow == 0 {
		return nil, ErrOverflow
	}
	s.l[0], s.l[1], s.l[2], s.l[3] = l0, l1, l2, l3
	if debug.Enabled {
		checkReduced("SetCanonicalBytes", s)
	}
	return s, nil
}

// SetReducedBytes sets s = x mod n, where x is a 32-byte big-endian integer,
// and returns s: the conversion of a hash to a scalar (ECDSA's bits2int with
// the reduction of SEC 1 §4.1.3, BIP-340's challenge). Its output is not
// uniform: values below 2²⁵⁶ − n are about twice as likely.
func (s *Scalar) SetReducedBytes(b *[32]byte) *Scalar {
	l0, l1, l2, l3 := limbsFromBytes(b)
	// x < 2²⁵⁶ < 2n, so one conditional subtraction reduces it.
	s.l[0], s.l[1], s.l[2], s.l[3] = reduceOnce(l0, l1, l2, l3, 0)
	if debug.Enabled {
		checkReduced("SetReducedBytes", s)
	}
	return s
}

// SetUniformBytes sets s = x mod n, where x is a 64-byte big-endian integer,
// and returns s. If b is uniformly random, s is uniform up to a statistical
// distance of less than 2⁻²⁵⁶.
func (s *Scalar) SetUniformBytes(b *[64]byte) *Scalar {
	s.l[0], s.l[1], s.l[2], s.l[3] = reduce512(
		binary.BigEndian.Uint64(b[56:]), binary.BigEndian.Uint64(b[48:]),
		binary.BigEndian.Uint64(b[40:]), binary.BigEndian.Uint64(b[32:]),
		binary.BigEndian.Uint64(b[24:]), binary.BigEndian.Uint64(b[16:]),
		binary.BigEndian.Uint64(b[8:]), binary.BigEndian.Uint64(b[0:]))
	if debug.Enabled {
		checkReduced("SetUniformBytes", s)
	}
	return s
}

// PutBytes writes the 32-byte big-endian canonical encoding of s to out.
func (s *Scalar) PutBytes(out *[32]byte) {
	if debug.Enabled {
		checkReduced("PutBytes", s)
	}
	binary.BigEndian.PutUint64(out[0:], s.l[3])
	binary.BigEndian.PutUint64(out[8:], s.l[2])
	binary.BigEndian.PutUint64(out[16:], s.l[1])
	binary.BigEndian.PutUint64(out[24:], s.l[0])
}

// limbsFromBytes decodes a 256-bit big-endian integer into little-endian limbs.
func limbsFromBytes(b *[32]byte) (l0, l1, l2, l3 uint64) {
	return binary.BigEndian.Uint64(b[24:]), binary.BigEndian.Uint64(b[16:]),
		binary.BigEndian.Uint64(b[8:]), binary.BigEndian.Uint64(b[0:])
}

// Equal returns 1 if s and t are equal, and 0 otherwise.
func (s *Scalar) Equal(t *Scalar) int {
	if debug.Enabled {
		checkReduced("Equal", s, t)
	}
	// Both are reduced, so equal values have equal limbs.
	d := (s.l[0] ^ t.l[0]) | (s.l[1] ^ t.l[1]) | (s.l[2] ^ t.l[2]) | (s.l[3] ^ t.l[3])
	return int(isZeroWord(d))
}

// IsZero returns 1 if s is 0, and 0 otherwise.
func (s *Scalar) IsZero() int {
	return int(isZeroWord(s.l[0] | s.l[1] | s.l[2] | s.l[3]))
}

// IsHigh returns 1 if s > (n − 1)/2, and 0 otherwise. An ECDSA signature is
// "low-S" when its s does not satisfy IsHigh.
func (s *Scalar) IsHigh() int {
	// (n − 1)/2 − s borrows exactly when s > (n − 1)/2.
	_, b := bits.Sub64(h0, s.l[0], 0)
	_, b = bits.Sub64(h1, s.l[1], b)
	_, b = bits.Sub64(h2, s.l[2], b)
	_, b = bits.Sub64(h3, s.l[3], b)
	return int(b)
}

// IsOdd returns 1 if s is odd (as an integer in [0, n)), and 0 otherwise.
func (s *Scalar) IsOdd() int {
	return int(s.l[0] & 1)
}

// isZeroWord returns 1 if x == 0, and 0 otherwise, in constant time.
func isZeroWord(x uint64) uint64 {
	// x | −x has its top bit set exactly when x ≠ 0.
	return 1 ^ ((x | -x) >> 63)
}

// Select sets s = a if cond == 1, and s = b if cond == 0, and returns s. cond
// must be 0 or 1; the choice is made in constant time.
func (s *Scalar) Select(a, b *Scalar, cond int) *Scalar {
	if debug.Enabled {
		debug.Assert(cond == 0 || cond == 1, "Scalar.Select: condition is not 0 or 1")
		checkReduced("Select", a, b)
	}
	m := -uint64(cond) // all ones if cond == 1, zero if cond == 0
	s.l[0] = b.l[0] ^ (m & (a.l[0] ^ b.l[0]))
	s.l[1] = b.l[1] ^ (m & (a.l[1] ^ b.l[1]))
	s.l[2] = b.l[2] ^ (m & (a.l[2] ^ b.l[2]))
	s.l[3] = b.l[3] ^ (m & (a.l[3] ^ b.l[3]))
	return s
}

// CondNegate sets s = −s if cond == 1, leaves s unchanged if cond == 0, and
// returns s. cond must be 0 or 1; the choice is made in constant time.
func (s *Scalar) CondNegate(cond int) *Scalar {
	if debug.Enabled {
		debug.Assert(cond == 0 || cond == 1, "Scalar.CondNegate: condition is not 0 or 1")
	}
	var t Scalar
	t.Negate(s)
	return s.Select(&t, s, cond)
}

// Add sets s = x + y mod n, and returns s.
func (s *Scalar) Add(x, y *Scalar) *Scalar {
	if debug.Enabled {
		checkReduced("Add", x, y)
		defer checkReduced("Add", s)
	}
	var carry uint64
	r0, carry := bits.Add64(x.l[0], y.l[0], 0)
	r1, carry := bits.Add64(x.l[1], y.l[1], carry)
	r2, carry := bits.Add64(x.l[2], y.l[2], carry)
	r3, carry := bits.Add64(x.l[3], y.l[3], carry)
	// x + y = r + carry·2²⁵⁶ < 2n, so subtract n once if x + y ≥ n, as
	// reduceOnce does (written out here: a call would cost as much as the
	// addition).
	var b uint64
	t0, b := bits.Sub64(r0, n0, 0)
	t1, b := bits.Sub64(r1, n1, b)
	t2, b := bits.Sub64(r2, n2, b)
	t3, b := bits.Sub64(r3, n3, b)
	m := -(carry | (b ^ 1)) // all ones if x + y ≥ n
	s.l[0] = r0 ^ (m & (t0 ^ r0))
	s.l[1] = r1 ^ (m & (t1 ^ r1))
	s.l[2] = r2 ^ (m & (t2 ^ r2))
	s.l[3] = r3 ^ (m & (t3 ^ r3))
	return s
}

// reduceOnce returns v mod n for v = r + carry·2²⁵⁶ < 2n (carry ≤ 1), by one
// constant-time conditional subtraction of n.
func reduceOnce(r0, r1, r2, r3, carry uint64) (uint64, uint64, uint64, uint64) {
	// t = r − n mod 2²⁵⁶. v ≥ n exactly when the 257-bit subtraction v − n
	// does not borrow, that is when carry == 1 or r − n does not borrow.
	// (If carry == 1 then v − n = t < n, since v < 2n.)
	var b uint64
	t0, b := bits.Sub64(r0, n0, 0)
	t1, b := bits.Sub64(r1, n1, b)
	t2, b := bits.Sub64(r2, n2, b)
	t3, b := bits.Sub64(r3, n3, b)
	m := -(carry | (b ^ 1)) // all ones if v ≥ n
	return r0 ^ (m & (t0 ^ r0)), r1 ^ (m & (t1 ^ r1)), r2 ^ (m & (t2 ^ r2)), r3 ^ (m & (t3 ^ r3))
}

// Subtract sets s = x − y mod n, and returns s.
func (s *Scalar) Subtract(x, y *Scalar) *Scalar {
	if debug.Enabled {
		checkReduced("Subtract", x, y)
		defer checkReduced("Subtract", s)
	}
	var b uint64
	d0, b := bits.Sub64(x.l[0], y.l[0], 0)
	d1, b := bits.Sub64(x.l[1], y.l[1], b)
	d2, b := bits.Sub64(x.l[2], y.l[2], b)
	d3, b := bits.Sub64(x.l[3], y.l[3], b)
	// If x < y, d = x − y + 2²⁵⁶ and adding n (mod 2²⁵⁶) gives x − y + n,
	// which is in [0, n). The final carry of that addition is the borrow and
	// is dropped.
	m := -b
	var c uint64
	d0, c = bits.Add64(d0, n0&m, 0)
	d1, c = bits.Add64(d1, n1&m, c)
	d2, c = bits.Add64(d2, n2&m, c)
	d3, _ = bits.Add64(d3, n3&m, c)
	s.l[0], s.l[1], s.l[2], s.l[3] = d0, d1, d2, d3
	return s
}

// Negate sets s = −x mod n, and returns s.
func (s *Scalar) Negate(x *Scalar) *Scalar {
	if debug.Enabled {
		checkReduced("Negate", x)
		defer checkReduced("Negate", s)
	}
	// n − x does not borrow since x < n; it is n for x = 0, so mask the
	// result to 0 in that case.
	x0, x1, x2, x3 := x.l[0], x.l[1], x.l[2], x.l[3]
	m := -(1 ^ isZeroWord(x0|x1|x2|x3)) // all ones if x ≠ 0
	var b uint64
	d0, b := bits.Sub64(n0, x0, 0)
	d1, b := bits.Sub64(n1, x1, b)
	d2, b := bits.Sub64(n2, x2, b)
	d3, _ := bits.Sub64(n3, x3, b)
	s.l[0], s.l[1], s.l[2], s.l[3] = d0&m, d1&m, d2&m, d3&m
	return s
}

// Multiply sets s = x * y mod n, and returns s.
func (s *Scalar) Multiply(x, y *Scalar) *Scalar {
	if debug.Enabled {
		checkReduced("Multiply", x, y)
		defer checkReduced("Multiply", s)
	}
	r0, r1, r2, r3, r4, r5, r6, r7 := mul512(&x.l, &y.l)
	s.l[0], s.l[1], s.l[2], s.l[3] = reduce512(r0, r1, r2, r3, r4, r5, r6, r7)
	return s
}

// Square sets s = x * x mod n, and returns s.
func (s *Scalar) Square(x *Scalar) *Scalar {
	if debug.Enabled {
		checkReduced("Square", x)
		defer checkReduced("Square", s)
	}
	r0, r1, r2, r3, r4, r5, r6, r7 := square512(&x.l)
	s.l[0], s.l[1], s.l[2], s.l[3] = reduce512(r0, r1, r2, r3, r4, r5, r6, r7)
	return s
}

// Invert sets s = 1/x mod n, and returns s. If x is 0, s is set to 0.
// Invert is constant time; VarTimeInvert is faster for public inputs.
func (s *Scalar) Invert(x *Scalar) *Scalar {
	if debug.Enabled {
		checkReduced("Invert", x)
		xc := *x // s may alias x
		defer checkScalarInverse(s, &xc, "Invert")
	}
	scalarModulus.Invert(&s.l, &x.l)
	return s
}

// VarTimeInvert sets s = 1/x mod n, and returns s. If x is 0, s is set to 0.
// Its running time depends on x: use it only when x is public, such as in
// signature verification.
func (s *Scalar) VarTimeInvert(x *Scalar) *Scalar {
	if debug.Enabled {
		checkReduced("VarTimeInvert", x)
		xc := *x // s may alias x
		defer checkScalarInverse(s, &xc, "VarTimeInvert")
	}
	scalarModulus.VarTimeInvert(&s.l, &x.l)
	return s
}

// mul512 returns the 512-bit product x·y as eight little-endian limbs.
//
// Schoolbook, one row per limb of x. Row i computes t = x[i]·y, a 320-bit
// value, with its own carry chain, and adds it into r[i..i+4] with a second
// chain. The partial sum after row i is x[0..i]·y < 2^(64(i+1))·2²⁵⁶, so it
// fits in i+5 limbs and the carry out of limb i+4 is always zero.
//
// The limbs are separate variables, not arrays, so that the compiler keeps
// them in registers.
func mul512(x, y *[4]uint64) (r0, r1, r2, r3, r4, r5, r6, r7 uint64) {
	x0, x1, x2, x3 := x[0], x[1], x[2], x[3]
	y0, y1, y2, y3 := y[0], y[1], y[2], y[3]
	var c uint64

	// Row 0: r[0..4] = x0·y. The high half of a product of two 64-bit words
	// is at most 2⁶⁴ − 2, so h3 + c never overflows.
	h0, l0 := bits.Mul64(x0, y0)
	h1, l1 := bits.Mul64(x0, y1)
	h2, l2 := bits.Mul64(x0, y2)
	h3, l3 := bits.Mul64(x0, y3)
	r0 = l0
	r1, c = bits.Add64(h0, l1, 0)
	r2, c = bits.Add64(h1, l2, c)
	r3, c = bits.Add64(h2, l3, c)
	r4, _ = bits.Add64(h3, 0, c)

	// Row 1: r[1..5] += x1·y.
	h0, l0 = bits.Mul64(x1, y0)
	h1, l1 = bits.Mul64(x1, y1)
	h2, l2 = bits.Mul64(x1, y2)
	h3, l3 = bits.Mul64(x1, y3)
	t1, c := bits.Add64(h0, l1, 0)
	t2, c := bits.Add64(h1, l2, c)
	t3, c := bits.Add64(h2, l3, c)
	t4, _ := bits.Add64(h3, 0, c)
	r1, c = bits.Add64(r1, l0, 0)
	r2, c = bits.Add64(r2, t1, c)
	r3, c = bits.Add64(r3, t2, c)
	r4, c = bits.Add64(r4, t3, c)
	r5, _ = bits.Add64(t4, 0, c)

	// Row 2: r[2..6] += x2·y.
	h0, l0 = bits.Mul64(x2, y0)
	h1, l1 = bits.Mul64(x2, y1)
	h2, l2 = bits.Mul64(x2, y2)
	h3, l3 = bits.Mul64(x2, y3)
	t1, c = bits.Add64(h0, l1, 0)
	t2, c = bits.Add64(h1, l2, c)
	t3, c = bits.Add64(h2, l3, c)
	t4, _ = bits.Add64(h3, 0, c)
	r2, c = bits.Add64(r2, l0, 0)
	r3, c = bits.Add64(r3, t1, c)
	r4, c = bits.Add64(r4, t2, c)
	r5, c = bits.Add64(r5, t3, c)
	r6, _ = bits.Add64(t4, 0, c)

	// Row 3: r[3..7] += x3·y.
	h0, l0 = bits.Mul64(x3, y0)
	h1, l1 = bits.Mul64(x3, y1)
	h2, l2 = bits.Mul64(x3, y2)
	h3, l3 = bits.Mul64(x3, y3)
	t1, c = bits.Add64(h0, l1, 0)
	t2, c = bits.Add64(h1, l2, c)
	t3, c = bits.Add64(h2, l3, c)
	t4, _ = bits.Add64(h3, 0, c)
	r3, c = bits.Add64(r3, l0, 0)
	r4, c = bits.Add64(r4, t1, c)
	r5, c = bits.Add64(r5, t2, c)
	r6, c = bits.Add64(r6, t3, c)
	r7, _ = bits.Add64(t4, 0, c)
	return
}

// square512 returns the 512-bit square x² as eight little-endian limbs.
//
// It computes the six cross products x[i]·x[j] (i < j) once, doubles their
// sum with a one-bit shift, and adds the four diagonal squares x[i]²: ten
// 64×64-bit products instead of sixteen.
func square512(x *[4]uint64) (r0, r1, r2, r3, r4, r5, r6, r7 uint64) {
	x0, x1, x2, x3 := x[0], x[1], x[2], x[3]
	var c uint64

	// Cross products: t = Σ_{i<j} x[i]·x[j]·2^(64(i+j)), limbs t1..t6.
	// 2t + Σ x[i]²·2^(128i) = x² < 2⁵¹², so t < 2⁵¹¹.
	h01, l01 := bits.Mul64(x0, x1)
	h02, l02 := bits.Mul64(x0, x2)
	h03, l03 := bits.Mul64(x0, x3)
	h12, l12 := bits.Mul64(x1, x2)
	h13, l13 := bits.Mul64(x1, x3)
	h23, l23 := bits.Mul64(x2, x3)

	// x0·(x1, x2, x3)·2⁶⁴ into t1..t4 (h03 ≤ 2⁶⁴ − 2: t4 does not overflow).
	t1 := l01
	t2, c := bits.Add64(h01, l02, 0)
	t3, c := bits.Add64(h02, l03, c)
	t4, _ := bits.Add64(h03, 0, c)
	// x1·(x2, x3)·2¹⁹² into t3..t5. u = x1·(x2 + x3·2⁶⁴) without its low
	// limb l12 (h13 ≤ 2⁶⁴ − 2: u5 does not overflow). The sum so far,
	// x0·(x1·2⁶⁴ + x2·2¹²⁸ + x3·2¹⁹²) + x1·(x2 + x3·2⁶⁴)·2¹⁹²
	// < 2³²⁰ + (2⁶⁴ − 1)(2¹²⁸ − 1)·2¹⁹² < 2³⁸⁴, so t5 does not overflow.
	u4, c := bits.Add64(h12, l13, 0)
	u5, _ := bits.Add64(h13, 0, c)
	t3, c = bits.Add64(t3, l12, 0)
	t4, c = bits.Add64(t4, u4, c)
	t5, _ := bits.Add64(u5, 0, c)
	// x2·x3·2³²⁰ into t5..t6; t < 2⁵¹¹, so t6 does not overflow.
	t5, c = bits.Add64(t5, l23, 0)
	t6, _ := bits.Add64(h23, 0, c)

	// Add the diagonal squares to 2t (the shifted limbs of t, computed
	// inline); the total x² < 2⁵¹² has no carry out.
	d0h, d0l := bits.Mul64(x0, x0)
	d1h, d1l := bits.Mul64(x1, x1)
	d2h, d2l := bits.Mul64(x2, x2)
	d3h, d3l := bits.Mul64(x3, x3)
	r0 = d0l
	r1, c = bits.Add64(t1<<1, d0h, 0)
	r2, c = bits.Add64(t2<<1|t1>>63, d1l, c)
	r3, c = bits.Add64(t3<<1|t2>>63, d1h, c)
	r4, c = bits.Add64(t4<<1|t3>>63, d2l, c)
	r5, c = bits.Add64(t5<<1|t4>>63, d2h, c)
	r6, c = bits.Add64(t6<<1|t5>>63, d3l, c)
	r7, _ = bits.Add64(t6>>63, d3h, c)
	return
}

// reduce512 returns r mod n for any 512-bit r = r0 + r1·2⁶⁴ + … + r7·2⁴⁴⁸.
//
// It uses 2²⁵⁶ ≡ c (mod n), with c = 2²⁵⁶ − n < 2¹²⁹ (limbs c0, c1, 1), to
// fold the bits above 2²⁵⁶ down twice, then once more by a small multiple,
// and finishes with one conditional subtraction:
//
//	r < 2⁵¹² → m < 2³⁸⁵ → p < 2²⁵⁸ → v < 2²⁵⁶ + 2c < 2n → v mod n.
//
// docs/scalar.md, "Reduction", gives the proof of each bound, and
// TestScalarReduce512 checks them with math/big on inputs that drive every
// case (m6 = 1, p4 = 2, a carry out of the third fold, the final subtraction).
func reduce512(r0, r1, r2, r3, r4, r5, r6, r7 uint64) (s0, s1, s2, s3 uint64) {
	var c uint64

	// Fold 1: m = r[0..3] + H·c, with H = r[4..7] < 2²⁵⁶.
	//
	// m ≤ (2²⁵⁶ − 1) + (2²⁵⁶ − 1)·c = (2²⁵⁶ − 1)(c + 1) < 2²⁵⁶·(c + 1) ≤ 2³⁸⁵,
	// so m has seven limbs m0..m6 with m6 ≤ 1, and M = ⌊m/2²⁵⁶⌋ ≤ c.
	//
	// H·c = H·c0 + H·c1·2⁶⁴ + H·2¹²⁸. Each of H·c0 and H·c1 is below
	// 2²⁵⁶·2⁶³ = 2³¹⁹, so it has five limbs and its top limb is < 2⁶³.

	// a = H·c0, limbs a0..a4 (a4 < 2⁶³). ah3 < c0 < 2⁶³: a4 does not overflow.
	ah0, a0 := bits.Mul64(r4, c0)
	ah1, al1 := bits.Mul64(r5, c0)
	ah2, al2 := bits.Mul64(r6, c0)
	ah3, al3 := bits.Mul64(r7, c0)
	a1, c := bits.Add64(ah0, al1, 0)
	a2, c := bits.Add64(ah1, al2, c)
	a3, c := bits.Add64(ah2, al3, c)
	a4, _ := bits.Add64(ah3, 0, c)
	if debug.Enabled {
		debug.Assert(a4 < 1<<63, "reduce512: H·c0 ≥ 2³¹⁹")
	}

	// b = H·c1, limbs b0..b4 (b4 < 2⁶³). bh3 < c1 < 2⁶³: b4 does not overflow.
	bh0, b0 := bits.Mul64(r4, c1)
	bh1, bl1 := bits.Mul64(r5, c1)
	bh2, bl2 := bits.Mul64(r6, c1)
	bh3, bl3 := bits.Mul64(r7, c1)
	b1, c := bits.Add64(bh0, bl1, 0)
	b2, c := bits.Add64(bh1, bl2, c)
	b3, c := bits.Add64(bh2, bl3, c)
	b4, _ := bits.Add64(bh3, 0, c)
	if debug.Enabled {
		debug.Assert(b4 < 1<<63, "reduce512: H·c1 ≥ 2³¹⁹")
	}

	// m = r[0..3] + a. a4 < 2⁶³, so m4 = a4 + carry does not overflow.
	m0, c := bits.Add64(r0, a0, 0)
	m1, c := bits.Add64(r1, a1, c)
	m2, c := bits.Add64(r2, a2, c)
	m3, c := bits.Add64(r3, a3, c)
	m4, _ := bits.Add64(a4, 0, c)
	// m += b·2⁶⁴. b4 < 2⁶³, so m5 = b4 + carry does not overflow.
	m1, c = bits.Add64(m1, b0, 0)
	m2, c = bits.Add64(m2, b1, c)
	m3, c = bits.Add64(m3, b2, c)
	m4, c = bits.Add64(m4, b3, c)
	m5, _ := bits.Add64(b4, 0, c)
	// m += H·2¹²⁸. Now m is complete and < 2³⁸⁵: the last carry is m6 ≤ 1.
	m2, c = bits.Add64(m2, r4, 0)
	m3, c = bits.Add64(m3, r5, c)
	m4, c = bits.Add64(m4, r6, c)
	m5, m6 := bits.Add64(m5, r7, c)

	// Fold 2: p = m[0..3] + M·c, with M = m4 + m5·2⁶⁴ + m6·2¹²⁸ ≤ c.
	//
	// p ≤ (2²⁵⁶ − 1) + c² < 2²⁵⁶ + 1.62·2²⁵⁶ < 2²⁵⁸, so p has five limbs
	// p0..p4 with p4 ≤ 2.
	//
	// M·c = M·c0 + M·c1·2⁶⁴ + M·2¹²⁸. M < 2¹²⁹ and c0, c1 < 2⁶³, so M·c0 and
	// M·c1 are below 2¹⁹² and have three limbs each.
	m6c0 := c0 & -m6 // m6·c0, as m6 ≤ 1
	m6c1 := c1 & -m6 // m6·c1

	// e = M·c0 = m4·c0 + (m5·c0 + m6·c0·2⁶⁴)·2⁶⁴, limbs e0..e2. Its top limb
	// is hi(m5·c0) + m6·c0 + carry ≤ (2⁶³ − 1) + (2⁶³ − 1) + 1: no overflow.
	eh0, e0 := bits.Mul64(m4, c0)
	eh1, el1 := bits.Mul64(m5, c0)
	e1, c := bits.Add64(eh0, el1, 0)
	e2, _ := bits.Add64(eh1, m6c0, c)

	// f = M·c1, limbs f0..f2, by the same argument.
	fh0, f0 := bits.Mul64(m4, c1)
	fh1, fl1 := bits.Mul64(m5, c1)
	f1, c := bits.Add64(fh0, fl1, 0)
	f2, _ := bits.Add64(fh1, m6c1, c)

	// p = m[0..3] + e + f·2⁶⁴ + M·2¹²⁸. Every partial sum is at most the
	// final p < 2²⁵⁸, so the carries collect in p4 and none leaves it.
	p0, c := bits.Add64(m0, e0, 0)
	p1, c := bits.Add64(m1, e1, c)
	p2, c := bits.Add64(m2, e2, c)
	p3, p4 := bits.Add64(m3, 0, c)
	p1, c = bits.Add64(p1, f0, 0)
	p2, c = bits.Add64(p2, f1, c)
	p3, c = bits.Add64(p3, f2, c)
	p4, _ = bits.Add64(p4, 0, c)
	p2, c = bits.Add64(p2, m4, 0)
	p3, c = bits.Add64(p3, m5, c)
	p4, _ = bits.Add64(p4, m6, c)
	if debug.Enabled {
		debug.Assert(m6 <= 1 && p4 <= 2, "reduce512: m6 > 1 or p4 > 2")
	}

	// Fold 3 and the final subtraction: v = p[0..3] + p4·c, with p4 ≤ 2,
	// and v mod n.
	//
	// v ≤ (2²⁵⁶ − 1) + 2c < 2n (since 4c < 2²⁵⁶), so v mod n is v or v − n,
	// and v ≥ n exactly when v + c ≥ 2²⁵⁶. So compute w = v + c =
	// p[0..3] + (p4 + 1)·c < 2²⁵⁶ + 3c and look at its carry o out of 256
	// bits: if o = 1 the result is w mod 2²⁵⁶ = v − n, otherwise it is
	// w − c = v, with no borrow since w ≥ c.
	//
	// q = p4 + 1 ≤ 3, and 3·c0, 3·c1 < 2⁶⁴ (c0, c1 < 2⁶⁴/3), so q·c0
	// and q·c1 fit in one limb each: plain multiplications, no Mul64.
	q := p4 + 1
	w0, c := bits.Add64(p0, q*c0, 0)
	w1, c := bits.Add64(p1, q*c1, c)
	w2, c := bits.Add64(p2, q, c)
	w3, o := bits.Add64(p3, 0, c)

	// Subtract c masked: mask is all ones if o = 0.
	mask := o - 1
	s0, c = bits.Sub64(w0, c0&mask, 0)
	s1, c = bits.Sub64(w1, c1&mask, c)
	s2, c = bits.Sub64(w2, 1&mask, c)
	if debug.Enabled {
		_, bw := bits.Sub64(w3, 0, c)
		debug.Assert(bw == 0, "reduce512: final subtraction of c borrowed")
	}
	s3, _ = bits.Sub64(w3, 0, c)
	return
}

// The checks of the debug build (internal/debug). They are called only
// under `if debug.Enabled`, so a normal build drops them; they are variable
// time.

// isReduced reports whether s < n, the invariant of every Scalar.
func (s *Scalar) isReduced() bool {
	_, b := bits.Sub64(s.l[0], n0, 0)
	_, b = bits.Sub64(s.l[1], n1, b)
	_, b = bits.Sub64(s.l[2], n2, b)
	_, b = bits.Sub64(s.l[3], n3, b)
	return b == 1
}

// checkReduced panics if any of the scalars is not below n.
func checkReduced(op string, scalars ...*Scalar) {
	for _, s := range scalars {
		if !s.isReduced() {
			debug.Fail("Scalar." + op + ": scalar not below n")
		}
	}
}

// checkScalarInverse asserts that inv·x ≡ 1 (mod n), or inv = 0 for x = 0.
func checkScalarInverse(inv, x *Scalar, op string) {
	checkReduced(op, inv)
	var one, prod Scalar
	one.SetUint64(1)
	prod.Multiply(inv, x)
	if prod.Equal(&one) == 0 && (x.IsZero() == 0 || inv.IsZero() == 0) {
		debug.Fail("Scalar." + op + ": result is not the inverse")
	}
}
