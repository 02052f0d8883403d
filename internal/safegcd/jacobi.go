package safegcd

import "math/bits"

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
	if debugEnabled {
		assert(less256(x, &m.words), "safegcd: VarTimeJacobi: x is not below M")
	}
	j, _, ok := m.varTimeJacobiPosdivsteps(x, jacobiBatches)
	return m.jacobiResult(x, j, ok)
}

// VarTimeJacobi2 returns (x | M) and (y | M), as VarTimeJacobi(x) and
// VarTimeJacobi(y) do, in variable time. While both need batches of
// posdivsteps, a batch of each runs in one loop whose turns alternate
// between the two (posdivstepsUpdate2): each turn is a chain of dependent
// instructions, and the other's fills the time the core would spend
// waiting; docs/safegcd.md §7 has the measured ratio. The one that needs
// more batches ends alone.
//
// x and y must be below M.
func (m *Modulus) VarTimeJacobi2(x, y *[4]uint64) (jx, jy int) {
	if debugEnabled {
		assert(less256(x, &m.words) && less256(y, &m.words), "safegcd: VarTimeJacobi2: x or y is not below M")
	}
	return m.varTimeJacobi2(x, y, jacobiBatches)
}

// varTimeJacobi2 is VarTimeJacobi2 with posdivsteps cut after the given
// number of batches (jacobiBatches but in tests), and the binary algorithm
// for an input that they leave unanswered.
func (m *Modulus) varTimeJacobi2(x, y *[4]uint64, batches int) (jx, jy int) {
	if isZero256(x) || isZero256(y) {
		return m.VarTimeJacobi(x), m.VarTimeJacobi(y)
	}
	a, b := m.newJacobiChain(x, batches), m.newJacobiChain(y, batches)
	var (
		ja, jb int
		sa, sb chainState // chainMore, both
	)
	for sa == chainMore || sb == chainMore {
		switch {
		case sa == chainMore && sb == chainMore:
			posdivstepsUpdate2(&a, &b)
		case sa == chainMore:
			a.batch()
		default:
			b.batch()
		}
		if sa == chainMore {
			ja, sa = a.check(m)
		}
		if sb == chainMore {
			jb, sb = b.check(m)
		}
	}
	// Both exact: their last turns run interleaved too.
	okA, okB := sa == chainKnown, sb == chainKnown
	switch {
	case sa == chainExact && sb == chainExact:
		ja, okA, jb, okB = posdivstepsExact2(a.exact(), b.exact())
	case sa == chainExact:
		ja, okA = a.runExact()
	case sb == chainExact:
		jb, okB = b.runExact()
	}
	return m.jacobiResult(x, ja, okA), m.jacobiResult(y, jb, okB)
}

// jacobiResult returns (x | M) from what posdivsteps gave: j if ok, else
// the binary algorithm's result.
func (m *Modulus) jacobiResult(x *[4]uint64, j int, ok bool) int {
	if !ok {
		return varTimeJacobiBinary(x, &m.words)
	}
	if debugEnabled {
		// Against the independent binary algorithm.
		assert(j == varTimeJacobiBinary(x, &m.words), "safegcd: VarTimeJacobi: posdivsteps and the binary algorithm disagree")
	}
	return j
}

// varTimeJacobiPosdivsteps returns (x | M) and the number of batches it took,
// with ok = true, if posdivsteps converge within the given number of batches,
// or ok = false. Its tests after each batch are those of jacobiChain.check,
// written out here for speed: a change to one belongs in the other.
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
		if debugEnabled {
			// Posdivsteps keep f odd and 0 ≤ f, g ≤ M.
			m.checkFG(&f, &g, n, "safegcd: VarTimeJacobi")
			assert(f[n-1] >= 0 && g[n-1] >= 0, "safegcd: VarTimeJacobi: f or g is negative")
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

// jacobiChain is the state of the posdivsteps of VarTimeJacobi on one
// input. Posdivsteps keep f odd and f, g > 0 (g starts positive, and only
// ever gets halved or has f added), so the limbs stay non-negative. They
// also keep gcd(f, g), and converge, in practice, to f = g = gcd(M, x).
type jacobiChain struct {
	f, g signed62
	eta  int64
	jac  uint64 // bit 0: the sign of (x | M) relative to (g | f)
	n    int    // f and g fit in n non-negative limbs
	done int    // the batches run
	max  int    // the batches it may take: jacobiBatches but in tests
}

// newJacobiChain returns the chain for (x | M), x ≠ 0, that may take the
// given number of batches.
func (m *Modulus) newJacobiChain(x *[4]uint64, batches int) jacobiChain {
	return jacobiChain{f: m.f, g: fromWords(x), eta: -1, n: 5, max: batches}
}

// batch runs one batch of posdivsteps on c; check follows it.
func (c *jacobiChain) batch() {
	c.eta, c.jac = posdivstepsUpdate(c.n, &c.f, &c.g, c.eta, c.jac)
}

// chainState is what a jacobiChain needs after a batch.
type chainState int

const (
	chainMore  chainState = iota // another batch
	chainKnown                   // nothing: the symbol is known
	chainExact                   // posdivstepsExact, f and g being below 2⁵⁸
	chainFail                    // the fallback: c.max batches did not converge
)

// check counts the batch just run on c and looks at c: the symbol, if
// known, and what the chain needs next. For another batch, it drops a top limb that both f and
// g have left. These are the tests of varTimeJacobiPosdivsteps's loop,
// which keeps its own copy on local variables: through this method, a call
// a batch, VarTimeJacobi took 3–6% longer (benchstat, count 8).
func (c *jacobiChain) check(m *Modulus) (j int, st chainState) {
	c.done++
	f, g, n := &c.f, &c.g, c.n
	if debugEnabled {
		// Posdivsteps keep f odd and 0 ≤ f, g ≤ M.
		m.checkFG(f, g, n, "safegcd: VarTimeJacobi")
		assert(f[n-1] >= 0 && g[n-1] >= 0, "safegcd: VarTimeJacobi: f or g is negative")
	}

	// f = 1: then (g | f) = 1, and (x | M) is the sign tracked in jac.
	if f[0] == 1 {
		var or int64
		for _, fi := range f[1:n] {
			or |= fi
		}
		if or == 0 {
			return 1 - 2*int(c.jac&1), chainKnown
		}
	}
	// f = g ≠ 1: that is gcd(M, x) > 1, and f and g stay there.
	if f[0] == g[0] && *f == *g { // limb 0 first: the array compare is a call
		return 0, chainKnown
	}

	// Drop the top limb when it is zero in both. Unlike in VarTimeInvert
	// there is no sign to fold, and the dropped limbs stay zero, so low64
	// still reads the right limb 1 when n = 1.
	if n > 1 && f[n-1]|g[n-1] == 0 {
		n--
		c.n = n
	}
	// Below 2⁵⁸ the rest runs on the exact values, and stops at the
	// posdivstep that reaches f = g instead of at the end of a batch.
	if n == 1 && uint64(f[0]|g[0]) < exactBound {
		return 0, chainExact
	}
	if c.done >= c.max {
		return 0, chainFail
	}
	return 0, chainMore
}

// exact returns the state of c, in chainExact, for posdivstepsExact: its
// budget is the posdivsteps of the batches left.
func (c *jacobiChain) exact() exactChain {
	return exactChain{eta: c.eta, f: uint64(c.f[0]), g: uint64(c.g[0]), jac: c.jac, budget: 62 * (c.max - c.done)}
}

// runExact runs posdivstepsExact on c, in chainExact.
func (c *jacobiChain) runExact() (j int, ok bool) {
	e := c.exact()
	return posdivstepsExact(e.eta, e.f, e.g, e.jac, e.budget)
}

// isZero256 reports whether x = 0.
func isZero256(x *[4]uint64) bool { return x[0]|x[1]|x[2]|x[3] == 0 }

// exactBound is the bound below which posdivstepsExact takes over: for f,
// g < 2⁵⁸ and w < 2⁶, g + w·f < 2⁶⁴ does not overflow.
const exactBound = 1 << 58

// posdivstepsExact returns (g | f) times the sign in bit 0 of jac, for odd
// f < 2⁵⁸ and g > 0 whose odd part is below 2⁵⁸, running posdivsteps62Var's
// turns on the exact values until f = g = gcd(f, g): no batches of 62, no
// matrix, and no update of limbs. The values stay there: a turn's g + w·f,
// with w < 2ᵏ, is below 2⁵⁸⁺ᵏ ≤ 2⁶⁴ and is then divided by at least 2ᵏ; a
// swap only exchanges them. The symbol is 0 if gcd(f, g) > 1. ok is false
// if f = g takes more than budget posdivsteps (no bound is proven, doc §7).
func posdivstepsExact(eta int64, f, g uint64, jac uint64, budget int) (j int, ok bool) {
	if debugEnabled {
		assert(exactInput(f, g), "safegcd: posdivstepsExact: f even, g zero or a value ≥ 2⁵⁸")
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

// exactChain is the state of posdivstepsExact at the start of a turn.
type exactChain struct {
	eta       int64
	f, g, jac uint64
	budget    int
}

// posdivstepsExact2 is posdivstepsExact on two chains at once, a turn of
// one then a turn of the other, so that each fills the latency of the
// other's; the one that needs more turns ends alone. The turns are
// posdivstepsExact's, written out twice on plain variables so that they
// stay in registers. (Helpers small enough to inline need the w of the
// step without a swap computed either way: VarTimeJacobi and the pair
// 2–3% slower.)
func posdivstepsExact2(a, b exactChain) (ja int, okA bool, jb int, okB bool) {
	if debugEnabled {
		assert(exactInput(a.f, a.g) && exactInput(b.f, b.g), "safegcd: posdivstepsExact2: f even, g zero or a value ≥ 2⁵⁸")
	}
	ea, fa, ga, jaca, ba := a.eta, a.f, a.g, a.jac, a.budget
	eb, fb, gb, jacb, bb := b.eta, b.f, b.g, b.jac, b.budget
	for {
		za := bits.TrailingZeros64(ga)
		ga >>= za & 63
		ea -= int64(za)
		jaca ^= uint64(za) & (fa>>1 ^ fa>>2)
		ba -= za
		if ba < 0 || ga == fa {
			ja, okA = exactResult(fa, jaca, ba)
			jb, okB = posdivstepsExact(eb, fb, gb, jacb, bb)
			return
		}
		var wa uint64
		if ea < 0 {
			ea = -ea
			fa, ga = ga, fa
			jaca ^= (fa & ga) >> 1
			k := min(int(ea)+1, 6)
			wa = fa * ga * (fa*fa - 2) & (1<<(uint(k)&63) - 1)
		} else {
			k := min(int(ea)+1, 4)
			finv := fa + ((fa+1)&4)<<1
			wa = -finv * ga & (1<<(uint(k)&63) - 1)
		}
		ga += fa * wa

		zb := bits.TrailingZeros64(gb)
		gb >>= zb & 63
		eb -= int64(zb)
		jacb ^= uint64(zb) & (fb>>1 ^ fb>>2)
		bb -= zb
		if bb < 0 || gb == fb {
			jb, okB = exactResult(fb, jacb, bb)
			ja, okA = posdivstepsExact(ea, fa, ga, jaca, ba)
			return
		}
		var wb uint64
		if eb < 0 {
			eb = -eb
			fb, gb = gb, fb
			jacb ^= (fb & gb) >> 1
			k := min(int(eb)+1, 6)
			wb = fb * gb * (fb*fb - 2) & (1<<(uint(k)&63) - 1)
		} else {
			k := min(int(eb)+1, 4)
			finv := fb + ((fb+1)&4)<<1
			wb = -finv * gb & (1<<(uint(k)&63) - 1)
		}
		gb += fb * wb
	}
}

// exactInput reports whether f and g are an input of posdivstepsExact: f
// odd, g ≠ 0, and f and the odd part of g below 2⁵⁸.
func exactInput(f, g uint64) bool {
	return f&1 == 1 && g != 0 && f < exactBound && g>>(bits.TrailingZeros64(g)&63) < exactBound
}

// exactResult is the end of posdivstepsExact, once f = g or the budget is
// spent (budget < 0).
func exactResult(f, jac uint64, budget int) (j int, ok bool) {
	switch {
	case budget < 0:
		return 0, false
	case f != 1:
		return 0, true
	}
	return 1 - 2*int(jac&1), true
}

// posdivstepsUpdate2Generic is posdivstepsUpdate2 in Go: a batch of each
// chain, one after the other.
func posdivstepsUpdate2Generic(a, b *jacobiChain) {
	a.eta, a.jac = posdivstepsUpdateGeneric(a.n, &a.f, &a.g, a.eta, a.jac)
	b.eta, b.jac = posdivstepsUpdateGeneric(b.n, &b.f, &b.g, b.eta, b.jac)
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
