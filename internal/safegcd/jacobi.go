package safegcd

import (
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
)

// jacobiBatches is how many batches of 62 posdivsteps VarTimeJacobi runs before
// it gives up on them and falls back to varTimeJacobiBinary. No bound on the
// number of posdivsteps is proven (doc §7). Uniformly random 256-bit inputs
// need about 750 on average and rarely more than 870 (14 batches); small or
// structured ones need more: x = 1120 modulo 2²⁵⁶ − 189 needs 1906 (31 batches).
// libsecp256k1 gives up after 25 batches (1550 posdivsteps) and falls back to a
// square root; this goes on to 40 batches (2480 posdivsteps, about 7 µs here)
// before its own, slower fallback (about 5 µs more).
const jacobiBatches = 40

// VarTimeJacobi returns the Jacobi symbol (x | M): 0 if gcd(x, M) ≠ 1 (so 0 for
// x = 0), else 1 or −1, in variable time.
//
// x must be below M. M need not be prime.
func (m *Modulus) VarTimeJacobi(x *[4]uint64) int {
	if debug.Enabled {
		debug.Assert(less256(x, &m.words), "safegcd: VarTimeJacobi: x is not below M")
	}
	if j, _, ok := m.varTimeJacobiPosdivsteps(x, jacobiBatches); ok {
		if debug.Enabled {
			// Against the independent binary algorithm.
			debug.Assert(j == varTimeJacobiBinary(x, &m.words), "safegcd: VarTimeJacobi: posdivsteps and the binary algorithm disagree")
		}
		return j
	}
	return varTimeJacobiBinary(x, &m.words)
}

// varTimeJacobiPosdivsteps returns (x | M) and the number of batches it took,
// with ok = true, if posdivsteps converge within the given number of batches,
// or ok = false.
func (m *Modulus) varTimeJacobiPosdivsteps(x *[4]uint64, batches int) (j, used int, ok bool) {
	if x[0]|x[1]|x[2]|x[3] == 0 {
		return 0, 0, true // (0 | M) = 0 for M > 1; posdivsteps would never end.
	}
	var (
		f   = m.f
		g   = fromWords(x)
		eta = int64(-1)
		jac uint64 // bit 0: the sign of (x | M) relative to (g | f)
		n   = 5    // f and g fit in n non-negative limbs
	)
	// Posdivsteps keep f odd and f, g > 0 (g starts positive, and only ever
	// gets halved or has f added), so the limbs stay non-negative. They also
	// keep gcd(f, g), and converge, in practice, to f = g = gcd(M, x).
	for b := 1; b <= batches; b++ {
		eta, jac = posdivstepsUpdate(n, &f, &g, eta, jac)
		if debug.Enabled {
			// Posdivsteps keep f odd and 0 ≤ f, g ≤ M.
			m.checkFG(&f, &g, n, "safegcd: VarTimeJacobi")
			debug.Assert(f[n-1] >= 0 && g[n-1] >= 0, "safegcd: VarTimeJacobi: f or g is negative")
		}

		// f = 1: then (g | f) = 1, and (x | M) is the sign tracked in jac.
		if f[0] == 1 {
			var or int64
			for _, fi := range f[1:n] {
				or |= fi
			}
			if or == 0 {
				return 1 - 2*int(jac&1), b, true
			}
		}
		// f = g ≠ 1: that is gcd(M, x) > 1, and f and g stay there.
		if f[0] == g[0] && f == g { // limb 0 first: the array compare is a call
			return 0, b, true
		}

		// Drop the top limb when it is zero in both. Unlike in
		// VarTimeInvert there is no sign to fold, and the dropped limbs stay
		// zero, so low64 still reads the right limb 1 when n = 1.
		if n > 1 && f[n-1]|g[n-1] == 0 {
			n--
		}
		// Below 2⁵⁸ the rest runs on the exact values, and stops at the
		// posdivstep that reaches f = g instead of at the end of a batch.
		if n == 1 && uint64(f[0]|g[0]) < exactBound {
			j, ok := posdivstepsExact(eta, uint64(f[0]), uint64(g[0]), jac, 62*(batches-b))
			return j, b, ok
		}
	}
	return 0, batches, false
}

// exactBound is the bound below which posdivstepsExact takes over: for f,
// g < 2⁵⁸ and w < 2⁶, g + w·f < 2⁶⁴ does not overflow.
const exactBound = 1 << 58

// posdivstepsExact returns (g | f) times the sign in bit 0 of jac, for odd
// f and 0 < g < 2⁵⁸ (f < 2⁵⁸ too), running posdivsteps62Var's turns on
// the exact values until f = g = gcd(f, g): no batches of 62, no matrix,
// and no update of limbs. The values stay below 2⁵⁸: a turn's g + w·f, with
// w < 2ᵏ, is below 2⁵⁸⁺ᵏ and is then divided by at least 2ᵏ; a swap only
// exchanges them. The symbol is 0 if gcd(f, g) > 1. ok is false if f = g
// takes more than budget posdivsteps (no bound is proven, doc §7).
func posdivstepsExact(eta int64, f, g uint64, jac uint64, budget int) (j int, ok bool) {
	if debug.Enabled {
		debug.Assert(f&1 == 1 && g != 0 && f|g < exactBound, "safegcd: posdivstepsExact: f even, g zero or a value ≥ 2⁵⁸")
	}
	for {
		zeros := bits.TrailingZeros64(g)
		g >>= zeros & 63
		eta -= int64(zeros)
		jac ^= uint64(zeros) & (f>>1 ^ f>>2)
		if budget -= zeros; budget < 0 {
			return 0, false
		}
		if g == f {
			break
		}
		var w uint64
		if eta < 0 {
			eta = -eta
			f, g = g, f
			jac ^= (f & g) >> 1
			k := min(int(eta)+1, 6)
			w = f * g * (f*f - 2) & (1<<(uint(k)&63) - 1)
		} else {
			k := min(int(eta)+1, 4)
			finv := f + ((f+1)&4)<<1
			w = -finv * g & (1<<(uint(k)&63) - 1)
		}
		g += f * w
	}
	if f != 1 {
		return 0, true
	}
	return 1 - 2*int(jac&1), true
}

// posdivstepsUpdateGeneric is posdivstepsUpdate in Go: posdivsteps62Var and
// updateFGVar.
func posdivstepsUpdateGeneric(n int, f, g *signed62, eta int64, jac uint64) (int64, uint64) {
	var t trans
	eta, t, jac = posdivsteps62Var(eta, low64(f), low64(g), jac)
	updateFGVar(n, f, g, &t)
	return eta, jac
}

// varTimeJacobiBinary returns the Jacobi symbol (x | m) for an odd m > 1 and
// x < m, with the binary algorithm (Cohen, "A Course in Computational Algebraic
// Number Theory", Algorithm 1.4.10, on 256-bit words). It is slow (about 500
// subtractions and shifts of 4 words) but proven to end, and is only the
// fallback of VarTimeJacobi.
func varTimeJacobiBinary(x, m *[4]uint64) int {
	a, b := *x, *m
	sign := 1
	for a != ([4]uint64{}) {
		// (2 | b) = −1 iff b ≡ 3 or 5 (mod 8).
		z := trailingZeros256(&a)
		shiftRight256(&a, z)
		if z&1 == 1 && (b[0]&7 == 3 || b[0]&7 == 5) {
			sign = -sign
		}
		// a and b are odd: make a ≥ b, with reciprocity if they swap.
		if less256(&a, &b) {
			a, b = b, a
			if a[0]&3 == 3 && b[0]&3 == 3 {
				sign = -sign
			}
		}
		// (a | b) = (a − b | b), and a − b is even.
		var c uint64
		a[0], c = bits.Sub64(a[0], b[0], 0)
		a[1], c = bits.Sub64(a[1], b[1], c)
		a[2], c = bits.Sub64(a[2], b[2], c)
		a[3], _ = bits.Sub64(a[3], b[3], c)
	}
	// a = 0 and b = gcd(x, m).
	if b == ([4]uint64{1}) {
		return sign
	}
	return 0
}

// trailingZeros256 returns the number of trailing zero bits of a nonzero a.
func trailingZeros256(a *[4]uint64) int {
	for i, w := range a {
		if w != 0 {
			return 64*i + bits.TrailingZeros64(w)
		}
	}
	return 256
}

// shiftRight256 sets a = a >> s for s < 256.
func shiftRight256(a *[4]uint64, s int) {
	for ; s >= 64; s -= 64 {
		a[0], a[1], a[2], a[3] = a[1], a[2], a[3], 0
	}
	if s > 0 {
		a[0] = a[0]>>s | a[1]<<(64-s)
		a[1] = a[1]>>s | a[2]<<(64-s)
		a[2] = a[2]>>s | a[3]<<(64-s)
		a[3] >>= s
	}
}

// less256 reports whether a < b.
func less256(a, b *[4]uint64) bool {
	_, c := bits.Sub64(a[0], b[0], 0)
	_, c = bits.Sub64(a[1], b[1], c)
	_, c = bits.Sub64(a[2], b[2], c)
	_, c = bits.Sub64(a[3], b[3], c)
	return c == 1
}
