package safegcd

import "math/bits"

// trans is the transition matrix of a batch of divsteps, scaled by 2⁶²: after
// the batch, f' = (u·f + v·g)/2⁶² and g' = (q·f + r·g)/2⁶², both exact.
//
// Each divstep matrix, scaled by 2, has rows whose absolute values add up to at
// most 2, so after 62 of them |u| + |v| ≤ 2⁶² and |q| + |r| ≤ 2⁶² (doc §2). In
// particular every entry fits an int64 with a bit to spare.
type trans struct{ u, v, q, r int64 }

// divsteps59Generic runs 59 hddivsteps in constant time on the low 64 bits f0 and g0 of
// f and g, and returns the new ζ = −(δ + ½) and the transition matrix.
//
// f0 must be odd. The loop has a fixed count and no data-dependent branch: the
// two conditions of a divstep become the all-ones or all-zero masks swap and
// odd. The matrix starts as 8·I = 2³·I and each step doubles the row of f
// instead of halving g, so after 59 steps it is scaled by 2⁶², the same scale
// as the variable-time batches, and the same updateDE and updateFG apply
// (doc §5).
//
// The matrix entries are computed mod 2⁶⁴ in uint64, where the shifts and
// negations of negative values are well defined; their true values lie in
// [−2⁶², 2⁶²], so the final conversion to int64 is exact.
func divsteps59Generic(zeta int64, f0, g0 uint64) (int64, trans) {
	if debugEnabled {
		assert(f0&1 == 1, "safegcd: divsteps59: f is even")
	}
	f, g := f0, g0
	u, v, q, r := uint64(8), uint64(0), uint64(0), uint64(8)
	for range 59 {
		// δ > 0 ⟺ ζ < 0: swap is all ones when f and g trade places if g is odd.
		swap := uint64(zeta >> 63)
		// odd is all ones if g is odd.
		odd := -(g & 1)
		// Add f to g if g is odd, or subtract it if δ > 0 too: g − f is the
		// new g (before halving) of the swapping step, and the old g is
		// recovered below as f + (g − f). The rows follow the same additions.
		g += ((f ^ swap) - swap) & odd
		q += ((u ^ swap) - swap) & odd
		r += ((v ^ swap) - swap) & odd
		swap &= odd
		// δ ← 1 − δ when swapping, that is ζ ← −ζ − 2 = (ζ ^ −1) − 1;
		// δ ← 1 + δ otherwise, that is ζ ← ζ − 1.
		zeta = (zeta ^ int64(swap)) - 1
		f += g & swap
		u += q & swap
		v += r & swap
		// g is even now: halve it, or rather double the other row.
		g >>= 1
		u <<= 1
		v <<= 1
	}
	// 590 steps from ζ = −1 keep |ζ| ≤ 591.
	if debugEnabled {
		assert(-591 <= zeta && zeta <= 591, "safegcd: divsteps59: |ζ| > 591")
		checkTrans(&trans{int64(u), int64(v), int64(q), int64(r)}, f0, g0, pow2(65), false, "safegcd: divsteps59")
	}
	return zeta, trans{int64(u), int64(v), int64(q), int64(r)}
}

// posdivsteps62Var runs 62 posdivsteps in variable time on the low 64 bits f0
// and g0 of f and g, and returns the new η = −δ, the transition matrix, and
// jac with bit 0 flipped once for each sign change of the Jacobi symbol (g | f)
// (doc §7).
//
// f0 must be odd. Posdivsteps are divsteps that keep f and g non-negative: the
// swapping step is (δ, f, g) → (1 − δ, g, (g + f)/2), so the Jacobi symbol
// changes only by the rules for (2 | f) and by quadratic reciprocity. These
// rules need f mod 8, which the full 64 bits provide until the last step.
//
// Runs of zero bits at the bottom of g are done at once (each is a step that
// only halves g); after each swap, the multiple of f that clears the next up
// to 6 low bits of g is added at once (doc §6). The inversion's batches are
// table-driven instead (divsteps60Tab); a table for these steps would have to
// track f mod 8 through each of them, and be too large.
func posdivsteps62Var(eta int64, f0, g0 uint64, jac uint64) (int64, trans, uint64) {
	if debugEnabled {
		assert(f0&1 == 1, "safegcd: posdivsteps62Var: f is even")
	}
	f, g := f0, g0
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	left := 62
	for {
		zeros := bits.TrailingZeros64(g | 1<<(uint(left)&63))
		g >>= zeros & 63
		u <<= zeros & 63
		v <<= zeros & 63
		eta -= int64(zeros)
		left -= zeros
		// (g | f) = (2 | f)·(g/2 | f), and (2 | f) = −1 iff f ≡ 3 or 5
		// (mod 8), that is iff bit 1 and bit 2 of f differ.
		jac ^= uint64(zeros) & (f>>1 ^ f>>2)
		if left == 0 {
			break
		}
		// Now f and g are odd, and the next step adds.
		var w uint64
		if eta < 0 {
			// δ > 0: the step is (δ, f, g) → (1 − δ, g, (g + f)/2). Do the
			// swap (δ, f, g) → (−δ, g, f) here; the rest is a δ ≤ 0 step.
			eta = -eta
			f, g = g, f
			u, q = q, u
			v, r = r, v
			// (g | f) = (f | g), unless f ≡ g ≡ 3 (mod 4).
			jac ^= (f & g) >> 1
			// The next steps have δ ≤ 0 and add f to g while g is odd, until
			// δ turns positive again after at most η + 1 of them, or the
			// batch ends. Adding w·f with w = −g/f mod 2ᵏ does k such steps
			// at once; −g/f mod 64 = g·f·(f² − 2), as f·(2 − f²) ≡ f⁻¹
			// (mod 64) for odd f (f² ≡ 1 mod 8).
			k := min(int(eta)+1, left, 6)
			w = f * g * (f*f - 2) & (1<<(uint(k)&63) - 1)
		} else {
			// δ ≤ 0 already; η tends to be small here, so clear only up to 4
			// bits, with f + 8·((f + 1)/4 mod 2) ≡ f⁻¹ (mod 16).
			k := min(int(eta)+1, left, 4)
			finv := f + ((f+1)&4)<<1
			w = -finv * g & (1<<(uint(k)&63) - 1)
		}
		g += f * w
		q += u * w
		r += v * w
	}
	if debugEnabled {
		checkTrans(&trans{int64(u), int64(v), int64(q), int64(r)}, f0, g0, pow2(62), true, "safegcd: posdivsteps62Var")
	}
	return eta, trans{int64(u), int64(v), int64(q), int64(r)}, jac
}
