package scalar

import (
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
)

// Scalar recodings for the scalar-multiplication code. docs/scalar.md,
// "Recodings", describes both.

// VarTimeWNAF sets naf to the width-w non-adjacent form of the integer value
// of k (0 ≤ k < n < 2²⁵⁶), and returns its length: the index of the highest
// nonzero digit plus one, or 0 if k = 0. It supports 2 ≤ w ≤ 16 and panics
// otherwise.
//
// The digits satisfy k = Σ naf[i]·2ⁱ; every nonzero digit is odd with
// |naf[i]| < 2^(w−1), and any w consecutive digits hold at most one nonzero
// digit. All 257 entries are written (those past the length are 0); the 257th
// is needed because the form of a 256-bit value may be one digit longer.
//
// The digits are int32 rather than int8 so that widths up to 16 (15 is used
// for the generator tables) fit. int16 would also fit; it measured within
// noise of int32 here, and int32 is the natural index type for the tables.
//
// VarTimeWNAF is not constant time: use it only for public scalars.
func VarTimeWNAF(naf *[257]int32, k *Scalar, w uint) int {
	if w < 2 || w > 16 {
		panic("scalar: wNAF width out of range")
	}
	*naf = [257]int32{}
	// l has a zero limb on top, so that wnafBits can read 64 bits at any
	// position below 256.
	l := [5]uint64{k.l[0], k.l[1], k.l[2], k.l[3], 0}

	// Invariant: k = Σ_{i<bit} naf[i]·2ⁱ + (⌊k/2^bit⌋ + carry)·2^bit.
	carry := uint64(0)
	length := 0
	for bit := uint(0); bit < 256; {
		// Skip the bits equal to carry: with carry 0 a zero bit gives a zero
		// digit; with carry 1 a one bit plus the carry gives a zero digit and
		// carry 1 again. Find the first bit ≠ carry in the next 64.
		x := wnafBits(&l, bit) ^ -carry
		if bit > 192 {
			x &= 1<<(256-bit) - 1 // only bits below 256 count
		}
		if x == 0 {
			bit += 64
			continue
		}
		bit += uint(bits.TrailingZeros64(x)) // < 256: x has no bit at 256 or above
		// The window at bit, plus the carry, is odd (the bit differs from
		// carry). Take it mod 2^w into (−2^(w−1), 2^(w−1)): a window value of
		// 2^(w−1) or more becomes negative and carries into bit + w. At the
		// top, now < w bits remain, so word ≤ 2^now ≤ 2^(w−1); being odd it
		// is < 2^(w−1) (w ≥ 2) and produces no carry: no bit is lost.
		now := min(w, 256-bit)
		word := (wnafBits(&l, bit) & (1<<now - 1)) + carry
		carry = (word >> (w - 1)) & 1
		naf[bit] = int32(word) - int32(carry<<w)
		length = int(bit) + 1
		bit += now
	}
	if carry != 0 {
		// A negative digit carried into a run of ones that reaches bit 255
		// (as for n − 1, whose bits 129 to 255 are all ones): the form ends
		// with a 1 at 2²⁵⁶.
		naf[256] = 1
		length = 257
	}
	if debug.Enabled {
		checkWNAF(naf, k, w, length)
	}
	return length
}

// wnafBits returns the 64 bits of l starting at bit position bit < 256.
func wnafBits(l *[5]uint64, bit uint) uint64 {
	i, s := bit/64, bit%64
	// In Go a shift by 64 gives 0, so s = 0 needs no special case.
	return l[i]>>s | l[i+1]<<(64-s)
}

// SignedDigits sets out to the signed fixed-window form of k in base 2^w:
// k = Σ out[i]·2^(w·i) with every out[i] ∈ [−2^(w−1), 2^(w−1)], for
// 1 ≤ w ≤ 7. It is constant time: no branch or memory index depends on k.
//
// The number of digits is len(out), which must cover k with one spare bit:
// k < 2^(w·len(out) − 1). ⌈(b + 1)/w⌉ digits suffice for any k < 2^b, so
// ⌈257/w⌉ for a full scalar and ⌈129/w⌉ for a SplitGLVSigned half (< 2¹²⁸).
// SignedDigits panics if w is out of range or if k does not fit: both are
// programmer errors, since len(out) must come from a public bound on k.
func SignedDigits(out []int8, k *Scalar, w uint) {
	if w < 1 || w > 7 {
		panic("scalar: signed-digit width out of range")
	}
	l := [5]uint64{k.l[0], k.l[1], k.l[2], k.l[3], 0}
	total := w * uint(len(out))
	if total == 0 || (total <= 256 && wideBitsFrom(&l, total-1) != 0) {
		panic("scalar: too few digits for the scalar")
	}

	// Each window u ∈ [0, 2^w) plus the incoming carry gives v ∈ [0, 2^w].
	// If v ≥ 2^(w−1), the digit is v − 2^w ∈ [−2^(w−1), 0] and the carry is
	// 1; otherwise the digit is v and the carry is 0. The top digit keeps its
	// carry: k < 2^(w·len(out) − 1) makes its window < 2^(w−1), so its v is
	// at most 2^(w−1).
	half := uint64(1) << (w - 1)
	mask := uint64(1)<<w - 1
	carry := uint64(0)
	last := len(out) - 1
	for i := range out {
		pos := uint(i) * w // public: depends only on i and w
		var u uint64
		if pos < 256 {
			u = wnafBits(&l, pos) & mask
		}
		v := u + carry
		carry = (v + half) >> w // 1 if v ≥ 2^(w−1); v + half < 2^(w+1)
		if i == last {
			carry = 0 // public: the top digit absorbs the carry
		}
		out[i] = int8(int64(v) - int64(carry<<w))
	}
	if debug.Enabled {
		checkSignedDigits(out, k, w)
	}
}

// wideBitsFrom returns a nonzero value if l has a set bit at position bit or
// above (bit < 256), and 0 otherwise, in time independent of l.
func wideBitsFrom(l *[5]uint64, bit uint) uint64 {
	var acc uint64
	for i := uint(0); i < 4; i++ {
		// Bits of limb i at positions ≥ bit: shift by bit − 64i when that is
		// in [0, 64), all of the limb above, none below (public decisions).
		switch {
		case 64*i >= bit:
			acc |= l[i]
		case 64*i+64 > bit:
			acc |= l[i] >> (bit - 64*i)
		}
	}
	return acc
}

// The checks of the debug build (internal/debug). They are called only
// under `if debug.Enabled`, so a normal build drops them; they are variable
// time.

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

// checkWNAF asserts VarTimeWNAF's contract: k = Σ naf[i]·2ⁱ, every nonzero
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
			debug.Fail("VarTimeWNAF: digit even or out of range")
		}
		if i-last < int(w) {
			debug.Fail("VarTimeWNAF: two nonzero digits closer than w")
		}
		last, top = i, i+1
		sum.addShifted(int64(d), uint(i))
	}
	if top != length {
		debug.Fail("VarTimeWNAF: wrong length")
	}
	if !sum.equals(k) {
		debug.Fail("VarTimeWNAF: digits do not sum to k")
	}
}

// checkSignedDigits asserts SignedDigits' contract: every digit in
// [−2^(w−1), 2^(w−1)] and k = Σ out[i]·2^(w·i).
func checkSignedDigits(out []int8, k *Scalar, w uint) {
	var sum wideValue
	for i, d := range out {
		if int(d) < -1<<(w-1) || int(d) > 1<<(w-1) {
			debug.Fail("SignedDigits: digit out of range")
		}
		sum.addShifted(int64(d), w*uint(i))
	}
	if !sum.equals(k) {
		debug.Fail("SignedDigits: digits do not sum to k")
	}
}
