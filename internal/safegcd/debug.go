package safegcd

import "math/bits"

// The checks of the kestrel_debug build (internal/debug): the bounds of
// docs/safegcd.md on f, g, d, e and the transition matrices, and the results.
// These helpers are called only under `if debugEnabled`, so a normal build
// drops them. They are variable time.

// assert and fail are internal/debug's Assert and Fail, with the same
// "kestrel_debug: " prefix on the panic (TestDebugSwitch checks it).
func assert(cond bool, msg string) {
	if debugEnabled && !cond {
		panic("kestrel_debug: " + msg)
	}
}

func fail(msg string) { panic("kestrel_debug: " + msg) }

// wide is a signed 384-bit integer in two's complement, little-endian words:
// room for any signed62 value (below 2³¹⁰ in magnitude) times a small factor.
type wide [6]uint64

// toWide returns Σ v[i]·2⁶²ⁱ for any limbs (each limb may be negative).
func toWide(v *signed62) wide {
	var w wide
	for i, x := range v {
		// x·2⁶²ⁱ, sign-extended: word j = ⌊62i/64⌋ gets x << s, word
		// j + 1 the bits shifted out (with the sign above them), and the
		// words beyond it the sign.
		j, s := 62*i/64, uint(62*i%64)
		sign := uint64(x >> 63)
		var t wide
		for k := j + 2; k < len(t); k++ {
			t[k] = sign
		}
		t[j] = uint64(x) << s
		if j+1 < len(t) {
			t[j+1] = uint64(x >> (63 - s) >> 1) // arithmetic: the sign fills the top
		}
		w = w.add(t)
	}
	return w
}

// wideInt64 sign-extends x.
func wideInt64(x int64) wide {
	s := uint64(x >> 63)
	return wide{uint64(x), s, s, s, s, s}
}

func (w wide) add(x wide) wide {
	var c uint64
	for i := range w {
		w[i], c = bits.Add64(w[i], x[i], c)
	}
	return w
}

func (w wide) sub(x wide) wide {
	var b uint64
	for i := range w {
		w[i], b = bits.Sub64(w[i], x[i], b)
	}
	return w
}

// sign returns −1, 0 or 1.
func (w wide) sign() int {
	if int64(w[5]) < 0 {
		return -1
	}
	if w == (wide{}) {
		return 0
	}
	return 1
}

// inRange reports whether lo·M < v < hi·M, or lo·M ≤ v ≤ hi·M if closed.
func (m *Modulus) inRange(v *signed62, lo, hi int64, closed bool) bool {
	mw, w := toWide(&m.f), toWide(v)
	below, above := w, w // v − lo·M and v − hi·M
	for k := lo; k < 0; k++ {
		below = below.add(mw)
	}
	for k := lo; k > 0; k-- {
		below = below.sub(mw)
	}
	for k := hi; k > 0; k-- {
		above = above.sub(mw)
	}
	for k := hi; k < 0; k++ {
		above = above.add(mw)
	}
	if closed {
		return below.sign() >= 0 && above.sign() <= 0
	}
	return below.sign() > 0 && above.sign() < 0
}

// limbsNormal reports whether limbs 0..n−2 of v are in [0, 2⁶²), the normal
// form that updateDE, updateFG and updateFGVar keep below the signed top
// limb n−1.
func limbsNormal(v *signed62, n int) bool {
	for i := range n - 1 {
		if v[i] < 0 || v[i] > mask62 {
			return false
		}
	}
	return true
}

// checkDE asserts doc §4's bound d, e ∈ (−2M, M), with limbs 0..3 in
// [0, 2⁶²) and |limb 4| < 2⁹.
func (m *Modulus) checkDE(d, e *signed62, where string) {
	for _, v := range [2]*signed62{d, e} {
		if !limbsNormal(v, 5) || v[4] <= -1<<9 || v[4] >= 1<<9 {
			fail(where + ": d or e has a limb out of range")
		}
		if !m.inRange(v, -2, 1, false) {
			fail(where + ": d or e is not in (−2M, M)")
		}
	}
}

// checkFG asserts doc §3's bound f, g ∈ [−M, M] on the low n limbs, with
// limbs 0..n−2 in [0, 2⁶²) and the limbs above n−1 zero.
func (m *Modulus) checkFG(f, g *signed62, n int, where string) {
	for _, v := range [2]*signed62{f, g} {
		if !limbsNormal(v, n) {
			fail(where + ": f or g has a limb out of range")
		}
		w := *v
		for i := n; i < 5; i++ {
			w[i] = 0 // VarTimeInvert leaves dropped limbs behind
		}
		if !m.inRange(&w, -1, 1, true) {
			fail(where + ": f or g is not in [−M, M]")
		}
	}
	if f[0]&1 == 0 {
		fail(where + ": f is even")
	}
}

// checkTrans asserts doc §2's bounds on a transition matrix from the
// divsteps on the low words f0 and g0: |u| + |v| ≤ 2⁶² and |q| + |r| ≤ 2⁶²;
// u·f0 + v·g0 and q·f0 + r·g0 divisible by 2⁶² (the updates divide exactly);
// and the determinant u·r − v·q equal to det (±2⁶² after 62 divsteps, 2⁶⁵
// after divsteps59's 59 from 8·I), or to ±det if signed is true
// (posdivsteps, whose swaps have determinant −1).
func checkTrans(t *trans, f0, g0 uint64, det int128, signed bool, where string) {
	abs := func(x int64) uint64 {
		if x < 0 {
			return uint64(-x)
		}
		return uint64(x)
	}
	if abs(t.u)+abs(t.v) > 1<<62 || abs(t.q)+abs(t.r) > 1<<62 {
		fail(where + ": transition matrix entries out of bounds")
	}
	if (uint64(t.u)*f0+uint64(t.v)*g0)&mask62 != 0 || (uint64(t.q)*f0+uint64(t.r)*g0)&mask62 != 0 {
		fail(where + ": transition matrix does not clear 62 bits")
	}
	d := int128{}.addMulSigned2(t.u, t.r).addMulSigned2(-t.v, t.q)
	if d != det && !(signed && d == neg128(det)) {
		fail(where + ": transition matrix has the wrong determinant")
	}
}

// pow2 returns 2ᵏ as an int128, for k < 127.
func pow2(k uint) int128 {
	if k >= 64 {
		return int128{1 << (k - 64), 0}
	}
	return int128{0, 1 << k}
}

// neg128 returns −x.
func neg128(x int128) int128 {
	lo, b := bits.Sub64(0, x.lo, 0)
	hi, _ := bits.Sub64(0, x.hi, b)
	return int128{hi, lo}
}

// isUnit reports whether the value of the low n limbs of v is 1 or −1.
func isUnit(v *signed62, n int) bool {
	w := *v
	for i := n; i < 5; i++ {
		w[i] = 0
	}
	x := toWide(&w)
	return x == wideInt64(1) || x == wideInt64(-1)
}

// mulMod returns a·b mod m for a, b < m, by double-and-add (slow, but
// independent of the code it checks).
func mulMod(a, b, m *[4]uint64) [4]uint64 {
	var acc [4]uint64
	for i := 255; i >= 0; i-- {
		acc = addMod(&acc, &acc, m)
		if b[i/64]>>(i%64)&1 == 1 {
			acc = addMod(&acc, a, m)
		}
	}
	return acc
}

// addMod returns a + b mod m for a, b < m.
func addMod(a, b, m *[4]uint64) [4]uint64 {
	var s, t [4]uint64
	var c, bw uint64
	for i := range s {
		s[i], c = bits.Add64(a[i], b[i], c)
	}
	for i := range t {
		t[i], bw = bits.Sub64(s[i], m[i], bw)
	}
	if c == 1 || bw == 0 { // a + b ≥ m
		return t
	}
	return s
}

// checkInverse asserts what Invert and VarTimeInvert promise: out < M, and,
// when the divsteps ended with f = ±1 (x coprime to M), out·x ≡ 1 (mod M);
// for x = 0, out = 0 and f = ±M.
func (m *Modulus) checkInverse(out, x *[4]uint64, f, g *signed62, n int, where string) {
	for i := range n {
		if g[i] != 0 {
			fail(where + ": g is not 0 at the end")
		}
	}
	if !less256(out, &m.words) {
		fail(where + ": result is not below M")
	}
	if *x == ([4]uint64{}) {
		if *out != ([4]uint64{}) || !isMultiple(m, f, n) {
			fail(where + ": the inverse of 0 is not 0")
		}
		return
	}
	if isUnit(f, n) {
		if mulMod(out, x, &m.words) != [4]uint64{1} {
			fail(where + ": result times input is not 1 mod M")
		}
	}
}

// checkFGVar asserts updateFGVar's contract: f and g fit in n limbs, limbs
// 0..n−2 in [0, 2⁶²) and limb n−1 in [−2⁶², 2⁶²).
func checkFGVar(n int, f, g *signed62, where string) {
	for _, v := range [2]*signed62{f, g} {
		if n < 1 || n > 5 || !limbsNormal(v, n) || v[n-1] < -1<<62 || v[n-1] >= 1<<62 {
			fail(where + ": f or g does not fit in n limbs")
		}
	}
}

// isMultiple reports whether the low n limbs of f are M or −M.
func isMultiple(m *Modulus, f *signed62, n int) bool {
	w := *f
	for i := n; i < 5; i++ {
		w[i] = 0
	}
	x, mw := toWide(&w), toWide(&m.f)
	return x == mw || x.add(mw) == (wide{})
}
