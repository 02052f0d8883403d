// Package safegcd implements modular inversion and the Jacobi symbol modulo an
// odd 256-bit modulus with the Bernstein–Yang "safegcd" algorithm on signed-62
// limbs, as libsecp256k1's modinv64 does.
//
// [Modulus.Invert] is constant time: it runs a fixed number of divsteps and has
// no branch, memory index or loop bound that depends on its input.
// [Modulus.VarTimeInvert] and [Modulus.VarTimeJacobi] are not constant time and
// must only be used on public values.
//
// The algorithm, its representation and the bounds that the code relies on are
// explained in docs/safegcd.md; comments below name its sections as "doc §N".
package safegcd

// mask62 selects the low 62 bits of a limb.
const mask62 = 1<<62 - 1

// signed62 is an integer Σ v[i]·2⁶²ⁱ (doc §3).
//
// Outside of the modulus constants, limbs v[0..3] are kept in [0, 2⁶²) and only
// v[4] carries the sign, so the sign of the whole value is the sign of v[4].
type signed62 [5]int64

// Modulus holds the precomputed constants for inversion modulo an odd M with
// 1 < M < 2²⁵⁶.
//
// The zero Modulus is not usable; get one from New. A Modulus is read-only after
// New and may be shared by concurrent goroutines.
type Modulus struct {
	// m is M with limbs 0..3 in [−2⁶¹, 2⁶¹) and limb 4 in [0, 2⁸], so that a
	// modulus close to a power of two (like p = 2²⁵⁶ − 2³² − 977) has zero limbs
	// that updateDE skips. It is the multiplier of md and me in updateDE and the
	// addend of normalize.
	m signed62
	// f is M with limbs 0..3 in [0, 2⁶²) and limb 4 in [0, 2⁸): the starting
	// value of f, in the same normal form that updateFG keeps.
	f signed62
	// inv62 is M⁻¹ mod 2⁶² (doc §4).
	inv62 uint64
	// words is M as little-endian 64-bit words, for the binary Jacobi fallback.
	words [4]uint64
	// nonzero has bit i set if m[i] ≠ 0, for updateDE's assembly.
	nonzero uint64
}

// New returns the constants for the odd modulus m > 1 given as little-endian
// 64-bit limbs, and panics if m is even or equal to 1.
func New(m *[4]uint64) *Modulus {
	if m[0]&1 == 0 {
		panic("safegcd: even modulus")
	}
	if m[0] == 1 && m[1]|m[2]|m[3] == 0 {
		panic("safegcd: modulus 1")
	}
	mod := &Modulus{words: *m}
	mod.f = fromWords(m)

	// Balance limbs 0..3 into [−2⁶¹, 2⁶¹), carrying into the next limb. The
	// top limb is at most (2²⁵⁶ − 1) >> 248 = 255 plus a carry of 1.
	mod.m = mod.f
	for i := range 4 {
		if mod.m[i] >= 1<<61 {
			mod.m[i] -= 1 << 62
			mod.m[i+1]++
		}
	}

	// Newton's iteration for the inverse mod 2⁶⁴: M·M ≡ 1 (mod 8) for odd M,
	// and each step x ← x·(2 − M·x) doubles the number of correct low bits:
	// 3, 6, 12, 24, 48, 96.
	inv := m[0]
	for range 5 {
		inv *= 2 - m[0]*inv
	}
	mod.inv62 = inv & mask62
	for i, mi := range mod.m {
		if mi != 0 {
			mod.nonzero |= 1 << i
		}
	}
	return mod
}

// fromWords converts a little-endian 256-bit value to signed-62 limbs, all of
// them non-negative and limb 4 below 2⁸.
func fromWords(x *[4]uint64) signed62 {
	return signed62{
		int64(x[0] & mask62),
		int64((x[0]>>62 | x[1]<<2) & mask62),
		int64((x[1]>>60 | x[2]<<4) & mask62),
		int64((x[2]>>58 | x[3]<<6) & mask62),
		int64(x[3] >> 56),
	}
}

// toWords converts signed-62 limbs of a value in [0, 2²⁵⁶), limbs 0..3 in
// [0, 2⁶²) and limb 4 in [0, 2⁸), to little-endian 64-bit words.
func toWords(out *[4]uint64, v *signed62) {
	v0, v1, v2, v3, v4 := uint64(v[0]), uint64(v[1]), uint64(v[2]), uint64(v[3]), uint64(v[4])
	out[0] = v0 | v1<<62
	out[1] = v1>>2 | v2<<60
	out[2] = v2>>4 | v3<<58
	out[3] = v3>>6 | v4<<56
}

// Invert sets out = x⁻¹ mod M in constant time, or 0 if x = 0.
//
// x must be below M. If M is not prime, x must be coprime to M for out to be
// the inverse (for other x, out is an unspecified value below M). out may alias
// x. The run time does not depend on x: it is always 10 batches of 59 divsteps
// (doc §5), with the d and e updates done in full.
func (m *Modulus) Invert(out, x *[4]uint64) {
	var (
		d    signed62 // 0
		e    = signed62{1}
		f    = m.f
		g    = fromWords(x)
		zeta = int64(-1) // ζ = −(δ + ½), with δ = ½ at the start
	)
	if debugEnabled {
		assert(less256(x, &m.words), "safegcd: Invert: x is not below M")
	}
	// 590 hddivsteps bring g to 0 for every 256-bit input (doc §5).
	for range 10 {
		var t trans
		zeta, t = divsteps59(zeta, uint64(f[0]), uint64(g[0]))
		m.updateDE(&d, &e, &t)
		updateFG(&f, &g, &t)
		if debugEnabled {
			m.checkFG(&f, &g, 5, "safegcd: Invert")
		}
	}
	// Now g = 0 and f = ±gcd(M, x), ±1 for x coprime to M, and d·x ≡ f (mod M),
	// so x⁻¹ = d·f.
	m.normalize(&d, f[4])
	if debugEnabled {
		xc := *x // out may alias x
		toWords(out, &d)
		m.checkInverse(out, &xc, &f, &g, 5, "safegcd: Invert")
		return
	}
	toWords(out, &d)
}

// divstepsUpdateGeneric is divstepsUpdate in Go: divsteps60Tab, its matrix
// into t, and updateFGVar.
func divstepsUpdateGeneric(n int, f, g *signed62, eta int64, t *trans) int64 {
	eta, *t = divsteps60Tab(eta, uint64(f[0]), uint64(g[0]))
	updateFGVar(n, f, g, t)
	return eta
}

// VarTimeInvert sets out = x⁻¹ mod M, or 0 if x = 0, in variable time.
//
// It has the same contract as Invert, but takes time that depends on x: it
// stops as soon as g reaches 0 and skips runs of zero bits (doc §6).
func (m *Modulus) VarTimeInvert(out, x *[4]uint64) {
	var (
		d   signed62
		e   = signed62{1}
		f   = m.f
		g   = fromWords(x)
		eta = int64(-1) // η = −δ, with δ = 1 at the start
		n   = 5         // f and g fit in n limbs, limb n−1 signed
	)
	if debugEnabled {
		assert(less256(x, &m.words), "safegcd: VarTimeInvert: x is not below M")
	}
	for {
		var t trans
		eta = divstepsUpdate(n, &f, &g, eta, &t)
		m.updateDE(&d, &e, &t)
		if debugEnabled {
			m.checkFG(&f, &g, n, "safegcd: VarTimeInvert")
		}

		if g[0] == 0 {
			var or int64
			for _, gi := range g[1:n] {
				or |= gi
			}
			if or == 0 {
				break
			}
		}

		// f and g shrink by about 62 bits every two batches. When the top
		// limbs of both are only a sign (0 or −1), fold that sign into the
		// bits 62 and 63 of the limb below and drop the top limb.
		fn, gn := f[n-1], g[n-1]
		if n > 1 && fn == fn>>63 && gn == gn>>63 {
			f[n-2] |= fn << 62
			g[n-2] |= gn << 62
			n--
		}
	}
	m.normalize(&d, f[n-1])
	if debugEnabled {
		xc := *x // out may alias x
		toWords(out, &d)
		m.checkInverse(out, &xc, &f, &g, n, "safegcd: VarTimeInvert")
		return
	}
	toWords(out, &d)
}

// normalize sets d to d·sign(s) mod M, in [0, M), in constant time.
//
// On entry d ∈ (−2M, M) with limbs 0..3 in [0, 2⁶²) (updateDE's output) and s is
// any int64 whose sign is that of f = ±1. On return the limbs of d are in the
// normal form that toWords needs.
func (m *Modulus) normalize(d *signed62, s int64) {
	if debugEnabled {
		m.checkDE(d, d, "safegcd: normalize (entry)")
	}
	d0, d1, d2, d3, d4 := d[0], d[1], d[2], d[3], d[4]
	m0, m1, m2, m3, m4 := m.m[0], m.m[1], m.m[2], m.m[3], m.m[4]

	// Add M if d < 0: d ∈ (−M, M). Then negate if f < 0: still (−M, M). The
	// limbs stay within (−2⁶³, 2⁶³): limbs 0..3 are in [0, 2⁶²) plus a limb
	// of M in [−2⁶¹, 2⁶¹); limb 4 is below 2⁹ in magnitude.
	neg := d4 >> 63
	d0 += m0 & neg
	d1 += m1 & neg
	d2 += m2 & neg
	d3 += m3 & neg
	d4 += m4 & neg
	flip := s >> 63
	d0 = (d0 ^ flip) - flip
	d1 = (d1 ^ flip) - flip
	d2 = (d2 ^ flip) - flip
	d3 = (d3 ^ flip) - flip
	d4 = (d4 ^ flip) - flip
	// Carry (arithmetic shifts) so that limbs 0..3 are in [0, 2⁶²) again and
	// the sign of d4 is the sign of d.
	d1 += d0 >> 62
	d0 &= mask62
	d2 += d1 >> 62
	d1 &= mask62
	d3 += d2 >> 62
	d2 &= mask62
	d4 += d3 >> 62
	d3 &= mask62

	// Add M if d < 0 again: d ∈ [0, M).
	neg = d4 >> 63
	d0 += m0 & neg
	d1 += m1 & neg
	d2 += m2 & neg
	d3 += m3 & neg
	d4 += m4 & neg
	d1 += d0 >> 62
	d0 &= mask62
	d2 += d1 >> 62
	d1 &= mask62
	d3 += d2 >> 62
	d2 &= mask62
	d4 += d3 >> 62
	d3 &= mask62

	*d = signed62{d0, d1, d2, d3, d4}
	if debugEnabled {
		assert(limbsNormal(d, 5) && d4 >= 0 && d4 < 1<<8 && m.inRange(d, -1, 1, false),
			"safegcd: normalize: result is not in [0, M) in normal form")
	}
}

// low64 returns the low 64 bits of v, whose limb 0 and 1 may be negative.
func low64(v *signed62) uint64 {
	return uint64(v[0]) + uint64(v[1])<<62
}
