package ecmult

import "math/bits"

// The digits by which Pippenger's method (pippenger.go) sorts the points
// into buckets: the c-bit signed windows of a GLV half in offset form
// (docs/msm.md, "Recoding"), the number of buckets a window uses, and the
// choice of c ("Window table").

// pippengerKey is a 128-bit GLV half k in offset form k + K(c) (see
// pippengerOffset), little-endian; it is below 2^(c·W) ≤ 2¹⁹².
type pippengerKey [3]uint64

// pippengerWindows returns W = ⌈130/c⌉, the number of c-bit windows of a
// recoded 128-bit half.
func pippengerWindows(c uint) int {
	return int((130 + c - 1) / c)
}

// pippengerOffset returns K(c) = Σ_{j<W} 2^(c−1)·2^(c·j) for W =
// pippengerWindows(c), as three limbs.
//
// Recoding ("Recoding" in docs/msm.md): for 0 ≤ k < 2¹²⁸ let k′ = k + K. The
// digits dⱼ = ⌊k′/2^(c·j)⌋ mod 2^c − 2^(c−1) lie in [−2^(c−1), 2^(c−1)) and
// Σ dⱼ·2^(c·j) = (k′ mod 2^(c·W)) − K = k, because k′ < 2^(c·W): with
// c·W ≥ 130 and c ≥ 2, K < 2^(c·W−1)·2^c/(2^c − 1) ≤ 2^(c·W−1) + 2^(c·W−2),
// and k < 2¹²⁸ ≤ 2^(c·W−2).
func pippengerOffset(c uint) pippengerKey {
	var k pippengerKey
	for j := range pippengerWindows(c) {
		pos := uint(j)*c + c - 1
		k[pos/64] |= 1 << (pos % 64)
	}
	return k
}

// recodeHalf returns the offset form k + K of k = lo + hi·2⁶⁴ < 2¹²⁸, for
// off = pippengerOffset(c). k + K < 2^(c·W) ≤ 2¹⁹² cannot carry out.
func recodeHalf(lo, hi uint64, off *pippengerKey) pippengerKey {
	var k pippengerKey
	var carry uint64
	k[0], carry = bits.Add64(lo, off[0], 0)
	k[1], carry = bits.Add64(hi, off[1], carry)
	k[2] = off[2] + carry
	return k
}

// digit returns the signed digit of window j (bit position pos = c·j) of k.
func (k *pippengerKey) digit(pos, c uint) int {
	i, s := pos/64, pos%64
	v := k[i] >> s
	if i < 2 {
		v |= k[i+1] << (64 - s) // a shift by 64 gives 0 in Go
	}
	return int(v&(1<<c-1)) - 1<<(c-1)
}

// windowBuckets returns the number of buckets that window j can use: 2^(c−1),
// or for the top window, whose digits are in [0, 2^b] with
// b = 128 − c·(W − 1) ("Recoding"), max(1, 2^b) when that is fewer.
func windowBuckets(j int, c uint) int {
	n := 1 << (c - 1)
	if w := pippengerWindows(c); j == w-1 {
		b := 128 - int(c)*(w-1)
		n = min(n, 1<<max(0, b))
	}
	return n
}

// pippengerWindow returns the bucket window c for n live inputs (2n GLV
// points). The breakpoints minimise the cost model (docs/msm.md, "Window
// table")
//
//	2n·(W − 1 + q) + 1.5·((W − 1)·2^(c−1) + 2^b)
//
// of the bucket additions and the running sums (an affine bucket's share of
// the running sum costs about 1.5 bucket additions), where W = ⌈130/c⌉, the
// top window has b = 128 − c·(W − 1) bits and nonzero digits for a fraction
// q of the halves (5% for c = 8, 75% for c = 6, 7, 9, about 100% for c ≥ 10).
// The model picks the measured best window at 8 of 10 powers of two from 32
// to 32768 points, and one within 3.5% of it at the other two.
func pippengerWindow(n int) uint {
	switch {
	case n <= 5:
		return 3
	case n <= 18:
		return 4
	case n <= 48:
		return 5
	case n <= 119:
		return 6
	case n <= 248:
		return 7
	case n <= 885:
		return 8
	case n <= 1205:
		return 9
	case n <= 3729:
		return 10
	case n <= 7036:
		return 11
	case n <= 13686:
		return 12
	}
	// From 69036 points the model prefers c = 15, but its 2¹⁴ buckets per
	// window (1 MiB) no longer fit the caches, which the model ignores and
	// which slowed the additions down in isolation: not taken until measured.
	return 13
}
