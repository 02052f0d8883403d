package secp256k1

import (
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The checks of the secp256k1debug build (internal/debug; docs/design.md,
// "Debug build (secp256k1debug)"). These helpers are called only under
// `if debug.Enabled`, so a normal build drops them. They are variable time.

// noCarry64 reports whether x + y fits 64 bits.
func noCarry64(x, y uint64) bool { return x+y >= x }

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

// glvBound1 and glvBound2 are splitGLV's bounds on |k1| and |k2|
// (docs/scalar.md, "GLV"), as low and high limbs.
var (
	glvBound1 = [2]uint64{0x2016D0B917E4DD77, 0xA2A8918CA85BAFE2}
	glvBound2 = [2]uint64{0x2BE08846CEA267ED, 0x8A65287BD47179FB}
)

// withinSigned reports whether s, read as a signed integer (s or s − n),
// has an absolute value at most bound.
func withinSigned(s *Scalar, bound *[2]uint64) bool {
	abs := *s
	abs.condNegate(s.IsHigh())
	if abs.l[2]|abs.l[3] != 0 {
		return false
	}
	_, b := bits.Sub64(bound[0], abs.l[0], 0)
	_, b = bits.Sub64(bound[1], abs.l[1], b)
	return b == 0
}

// checkGLV asserts splitGLV's contract: k ≡ k1 + k2·λ (mod n) with
// |k1| and |k2| within their bounds.
func checkGLV(k, k1, k2 *Scalar) {
	checkReduced("splitGLV", k1, k2)
	if !withinSigned(k1, &glvBound1) || !withinSigned(k2, &glvBound2) {
		debug.Fail("splitGLV: |k1| or |k2| above its bound")
	}
	var t Scalar
	t.Multiply(k2, &glvLambda)
	t.Add(&t, k1)
	if t.Equal(k) == 0 {
		debug.Fail("splitGLV: k1 + k2·λ ≠ k")
	}
}

// wideValue accumulates Σ dᵢ·2^(shift·i) as a signed 320-bit two's
// complement integer (little-endian words), for the recoding checks.
type wideValue [5]uint64

// addShifted adds d·2^pos (d signed, |d| < 2³²).
func (w *wideValue) addShifted(d int64, pos uint) {
	if d == 0 {
		return
	}
	if pos >= 288 {
		debug.Fail("recoding: nonzero digit above 2²⁸⁸")
	}
	var x wideValue
	mag := uint64(d)
	if d < 0 {
		mag = uint64(-d)
	}
	i, s := pos/64, pos%64
	x[i] = mag << s
	if s != 0 && i+1 < 5 {
		x[i+1] = mag >> (64 - s)
	}
	var c uint64
	for j := range w {
		if d < 0 {
			w[j], c = bits.Sub64(w[j], x[j], c)
		} else {
			w[j], c = bits.Add64(w[j], x[j], c)
		}
	}
}

// equals reports whether w is the non-negative scalar k.
func (w *wideValue) equals(k *Scalar) bool {
	return *w == wideValue{k.l[0], k.l[1], k.l[2], k.l[3], 0}
}

// checkWNAF asserts varTimeWNAF's contract: k = Σ naf[i]·2ⁱ, every nonzero
// digit odd with |naf[i]| < 2^(w−1), at most one nonzero digit in any w
// consecutive, and length the index of the top nonzero digit plus one.
func checkWNAF(naf *[257]int32, k *Scalar, w uint, length int) {
	var sum wideValue
	last := -1 << 30 // index of the previous nonzero digit
	top := 0
	for i, d := range naf {
		if d == 0 {
			continue
		}
		if d&1 == 0 || d >= 1<<(w-1) || d <= -1<<(w-1) {
			debug.Fail("varTimeWNAF: digit even or out of range")
		}
		if i-last < int(w) {
			debug.Fail("varTimeWNAF: two nonzero digits closer than w")
		}
		last, top = i, i+1
		sum.addShifted(int64(d), uint(i))
	}
	if top != length {
		debug.Fail("varTimeWNAF: wrong length")
	}
	if !sum.equals(k) {
		debug.Fail("varTimeWNAF: digits do not sum to k")
	}
}

// checkSignedDigits asserts signedDigits' contract: every digit in
// [−2^(w−1), 2^(w−1)] and k = Σ out[i]·2^(w·i).
func checkSignedDigits(out []int8, k *Scalar, w uint) {
	var sum wideValue
	for i, d := range out {
		if int(d) < -1<<(w-1) || int(d) > 1<<(w-1) {
			debug.Fail("signedDigits: digit out of range")
		}
		sum.addShifted(int64(d), w*uint(i))
	}
	if !sum.equals(k) {
		debug.Fail("signedDigits: digits do not sum to k")
	}
}

// checkOnCurve panics unless p is on secp256k1 (y² = x³ + 7) or the
// identity. The Point API is the boundary where this holds: inside, the
// group formulas also run on isomorphic curves y² = x³ + b′ (the
// effective-affine tables, x-only multiplication, the tests on twists).
func checkOnCurve(p *group.Jacobian, op string) {
	if p.IsOnCurve() == 0 {
		debug.Fail("Point." + op + ": point not on secp256k1")
	}
}
