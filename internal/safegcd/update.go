package safegcd

import "math/bits"

// int128 is a signed 128-bit integer in two's complement, hi:lo.
//
// All arithmetic on it is mod 2¹²⁸. The callers' bounds, written next to each
// use, keep every true value in (−2¹²⁷, 2¹²⁷), so nothing is lost and the
// arithmetic shift in shr62 sees the right sign.
type int128 struct{ hi, lo uint64 }

// mulUnsigned returns a·b for unsigned a and b.
func mulUnsigned(a, b uint64) int128 {
	hi, lo := bits.Mul64(a, b)
	return int128{hi, lo}
}

// addMulUnsigned returns x + a·b for unsigned a and b.
func (x int128) addMulUnsigned(a, b uint64) int128 {
	hi, lo := bits.Mul64(a, b)
	lo, c := bits.Add64(x.lo, lo, 0)
	hi, _ = bits.Add64(x.hi, hi, c)
	return int128{hi, lo}
}

// addMulSigned returns x + a·b for a signed a and an unsigned b.
//
// bits.Mul64 reads a negative a as the unsigned a + 2⁶⁴, which adds 2⁶⁴·b to
// the product; subtracting b from the high word takes it away again.
func (x int128) addMulSigned(a int64, b uint64) int128 {
	hi, lo := bits.Mul64(uint64(a), b)
	hi -= b & uint64(a>>63)
	lo, c := bits.Add64(x.lo, lo, 0)
	hi, _ = bits.Add64(x.hi, hi, c)
	return int128{hi, lo}
}

// addMulSigned2 returns x + a·b for signed a and b (the correction of
// addMulSigned, once for each operand).
func (x int128) addMulSigned2(a, b int64) int128 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	hi -= uint64(b)&uint64(a>>63) + uint64(a)&uint64(b>>63)
	lo, c := bits.Add64(x.lo, lo, 0)
	hi, _ = bits.Add64(x.hi, hi, c)
	return int128{hi, lo}
}

// subUnsigned returns x − a for an unsigned a.
func (x int128) subUnsigned(a uint64) int128 {
	lo, b := bits.Sub64(x.lo, a, 0)
	hi, _ := bits.Sub64(x.hi, 0, b)
	return int128{hi, lo}
}

// shr62 returns x >> 62, rounding down (an arithmetic shift).
func (x int128) shr62() int128 {
	return int128{uint64(int64(x.hi) >> 62), x.lo>>62 | x.hi<<2}
}

// low62 returns x mod 2⁶², in [0, 2⁶²).
func (x int128) low62() int64 {
	return int64(x.lo & mask62)
}

// offset is added to the matrix entries to make them non-negative (doc §3):
// u ∈ [−2⁶², 2⁶²] gives U = u + 2⁶² ∈ [0, 2⁶³], and
//
//	u·f + v·g = U·f + V·g − 2⁶²·(f + g),
//
// where the correction 2⁶²·(f + g) is f + g one limb higher. The products U·fᵢ
// are then plain unsigned multiplications, without the sign correction of
// addMulSigned, except on the top limb, the only signed one. The correction is
// shared by both rows of the matrix. With |u| + |v| ≤ 2⁶², U + V ≤ 2⁶³ + 2⁶²,
// so U·fᵢ + V·gᵢ < 2⁶³·2⁶² + 2⁶²·2⁶² < 2¹²⁶ for limbs below 2⁶².
const offset = 1 << 62

// updateDEGeneric sets [d, e] = t·[d, e]/2⁶² mod M, in constant time (doc §4).
//
// On entry and on return d, e ∈ (−2M, M), with limbs 0..3 in [0, 2⁶²) and limb 4
// signed (so |d₄|, |e₄| < 2⁹), and t is a matrix from divsteps59 or
// divsteps60Tab (|u| + |v| ≤ 2⁶², |q| + |r| ≤ 2⁶²).
//
// Bounds on the accumulators cd and ce: each limb adds U·dᵢ + V·eᵢ < 2¹²⁶ (see
// offset); Mᵢ·md with |Mᵢ| ≤ 2⁶¹ (limb 4: ≤ 2⁸) and |md| ≤ 2⁶³, at most 2¹²⁴ in
// magnitude; minus dᵢ₋₁ + eᵢ₋₁ < 2⁶³; plus the carry of the previous limb,
// below 2⁶⁵ in magnitude. So |cd|, |ce| < 2¹²⁶ + 2¹²⁴ + 2⁶⁶ < 2¹²⁷ throughout.
func (m *Modulus) updateDEGeneric(d, e *signed62, t *trans) {
	if debugEnabled {
		m.checkDE(d, e, "safegcd: updateDE (entry)")
		defer m.checkDE(d, e, "safegcd: updateDE (return)")
	}
	u, v, q, r := t.u, t.v, t.q, t.r
	uu, vv, qq, rr := uint64(u)+offset, uint64(v)+offset, uint64(q)+offset, uint64(r)+offset

	// md and me are the multiples of M added to t·[d, e] to make it divisible by
	// 2⁶² and to keep the result in (−2M, M). First, u (and q) if d < 0 and
	// v (and r) if e < 0: u·(d + M) + v·(e + M) is then a combination of two
	// values in (−M, M), so |·| < (|u| + |v|)·M ≤ 2⁶²·M.
	sd, se := d[4]>>63, e[4]>>63
	md := u&sd + v&se
	me := q&sd + r&se

	d0, e0 := uint64(d[0]), uint64(e[0])
	cd := mulUnsigned(uu, d0).addMulUnsigned(vv, e0)
	ce := mulUnsigned(qq, d0).addMulUnsigned(rr, e0)

	// Then subtract k·M with k ∈ [0, 2⁶²) chosen so that the low 62 bits
	// cancel: k ≡ (cd + md·M)·M⁻¹ ≡ cd·M⁻¹ + md (mod 2⁶²), where cd ≡ u·d₀ +
	// v·e₀ (mod 2⁶²) as the offset is a multiple of 2⁶². The result is in
	// (−2⁶²·M − 2⁶²·M, 2⁶²·M), so after the division by 2⁶², in (−2M, M).
	// md ∈ [−2⁶², 2⁶²] minus k: md ∈ (−2⁶³, 2⁶²], still an int64.
	md -= int64((m.inv62*cd.lo + uint64(md)) & mask62)
	me -= int64((m.inv62*ce.lo + uint64(me)) & mask62)

	cd = cd.addMulSigned2(m.m[0], md)
	ce = ce.addMulSigned2(m.m[0], me)
	// The low 62 bits of cd and ce are zero now: the shift is exact.
	if debugEnabled {
		assert(cd.low62() == 0 && ce.low62() == 0, "safegcd: updateDE: low 62 bits not cleared")
	}
	cd, ce = cd.shr62(), ce.shr62()
	// The offset correction of limb 0, due one limb up; < 2⁶³.
	s := d0 + e0

	// Limb i of the sum is limb i − 1 of the result. Zero limbs of M are
	// skipped; M is public, so is this branch. (A loop rather than
	// straight-line code: the compiler would otherwise start all
	// multiplications first and spill their results.)
	for i := 1; i < 4; i++ {
		di, ei := uint64(d[i]), uint64(e[i])
		cd = cd.subUnsigned(s).addMulUnsigned(uu, di).addMulUnsigned(vv, ei)
		ce = ce.subUnsigned(s).addMulUnsigned(qq, di).addMulUnsigned(rr, ei)
		if mi := m.m[i]; mi != 0 {
			cd = cd.addMulSigned2(mi, md)
			ce = ce.addMulSigned2(mi, me)
		}
		s = di + ei
		d[i-1], e[i-1] = cd.low62(), ce.low62()
		cd, ce = cd.shr62(), ce.shr62()
	}

	// Limb 4 of d and e is signed. M₄ ∈ [0, 2⁸] is never zero for M > 2²⁴⁸,
	// and not worth a branch otherwise.
	d4, e4 := d[4], e[4]
	cd = cd.subUnsigned(s).addMulSigned(d4, uu).addMulSigned(e4, vv).addMulSigned2(m.m[4], md)
	ce = ce.subUnsigned(s).addMulSigned(d4, qq).addMulSigned(e4, rr).addMulSigned2(m.m[4], me)
	d[3], e[3] = cd.low62(), ce.low62()
	cd, ce = cd.shr62(), ce.shr62()

	// What is left, minus the offset correction d₄ + e₄ of limb 4, is the top
	// limb of a value in (−2M, M) ⊂ (−2²⁵⁷, 2²⁵⁶): it is in (−2⁹, 2⁸), so its
	// low word alone, computed mod 2⁶⁴, is exact.
	d[4] = int64(cd.lo) - d4 - e4
	e[4] = int64(ce.lo) - d4 - e4
}

// updateFGGeneric sets [f, g] = t·[f, g]/2⁶², in constant time.
//
// On entry limbs 0..3 of f and g are in [0, 2⁶²) and limb 4 is signed; so they
// are on return. The division is exact because t comes from divsteps on the low
// bits of f and g (doc §2). f and g stay within [−M, M] ⊂ (−2²⁵⁶, 2²⁵⁶], so
// limb 4 stays in [−2⁸, 2⁸] (−2⁸ exactly at f = −M for M = 2²⁵⁶ − c). As in updateDE, without the M terms, the
// accumulators stay below 2¹²⁶ + 2⁶⁶ in magnitude.
func updateFGGeneric(f, g *signed62, t *trans) {
	uu, vv, qq, rr := uint64(t.u)+offset, uint64(t.v)+offset, uint64(t.q)+offset, uint64(t.r)+offset

	f0, g0 := uint64(f[0]), uint64(g[0])
	cf := mulUnsigned(uu, f0).addMulUnsigned(vv, g0)
	cg := mulUnsigned(qq, f0).addMulUnsigned(rr, g0)
	// The low 62 bits are zero (they are those of u·f₀ + v·g₀): the shift is
	// exact.
	if debugEnabled {
		assert(cf.low62() == 0 && cg.low62() == 0, "safegcd: updateFG: low 62 bits not cleared")
	}
	cf, cg = cf.shr62(), cg.shr62()
	s := f0 + g0

	// A loop for the same reason as in updateDE.
	for i := 1; i < 4; i++ {
		fi, gi := uint64(f[i]), uint64(g[i])
		cf = cf.subUnsigned(s).addMulUnsigned(uu, fi).addMulUnsigned(vv, gi)
		cg = cg.subUnsigned(s).addMulUnsigned(qq, fi).addMulUnsigned(rr, gi)
		s = fi + gi
		f[i-1], g[i-1] = cf.low62(), cg.low62()
		cf, cg = cf.shr62(), cg.shr62()
	}

	f4, g4 := f[4], g[4]
	cf = cf.subUnsigned(s).addMulSigned(f4, uu).addMulSigned(g4, vv)
	cg = cg.subUnsigned(s).addMulSigned(f4, qq).addMulSigned(g4, rr)
	f[3], g[3] = cf.low62(), cg.low62()
	cf, cg = cf.shr62(), cg.shr62()

	// The top limb of a value in [−M, M], exact in the low word alone.
	f[4] = int64(cf.lo) - f4 - g4
	g[4] = int64(cg.lo) - f4 - g4
}

// updateFGVarGeneric sets [f, g] = t·[f, g]/2⁶² on the low n limbs of f and g, in
// variable time.
//
// f and g must fit in n limbs: limbs 0..n−2 in [0, 2⁶²), limb n−1 signed, and
// |f|, |g| < 2⁶²⁽ⁿ⁻¹⁾·2⁶², so the top limb is in [−2⁶², 2⁶²) (VarTimeInvert
// drops a limb only when that holds, and |f| and |g| never grow). The result
// fits in n limbs again. Limbs n.. are left alone. The accumulator bounds are
// those of updateFG: the top limb's products also stay below 2¹²⁶ together, and
// its offset correction fᵢ + gᵢ ∈ [−2⁶³, 2⁶³) is an int64.
func updateFGVarGeneric(n int, fv, gv *signed62, t *trans) {
	if debugEnabled {
		checkFGVar(n, fv, gv, "safegcd: updateFGVar (entry)")
		defer checkFGVar(n, fv, gv, "safegcd: updateFGVar (return)")
	}
	f, g := fv[:n], gv[:n]
	uu, vv, qq, rr := uint64(t.u)+offset, uint64(t.v)+offset, uint64(t.q)+offset, uint64(t.r)+offset
	top := len(f) - 1

	var cf, cg int128
	var s uint64 // the offset correction due at the current limb
	for i := 0; i < top; i++ {
		fi, gi := uint64(f[i]), uint64(g[i])
		cf = cf.subUnsigned(s).addMulUnsigned(uu, fi).addMulUnsigned(vv, gi)
		cg = cg.subUnsigned(s).addMulUnsigned(qq, fi).addMulUnsigned(rr, gi)
		s = fi + gi
		if i > 0 {
			f[i-1], g[i-1] = cf.low62(), cg.low62()
		} else if debugEnabled {
			assert(cf.low62() == 0 && cg.low62() == 0, "safegcd: updateFGVar: low 62 bits not cleared")
		}
		cf, cg = cf.shr62(), cg.shr62()
	}
	ft, gt := f[top], g[top]
	cf = cf.subUnsigned(s).addMulSigned(ft, uu).addMulSigned(gt, vv)
	cg = cg.subUnsigned(s).addMulSigned(ft, qq).addMulSigned(gt, rr)
	if top > 0 {
		f[top-1], g[top-1] = cf.low62(), cg.low62()
	} else if debugEnabled {
		assert(cf.low62() == 0 && cg.low62() == 0, "safegcd: updateFGVar: low 62 bits not cleared")
	}
	cf, cg = cf.shr62(), cg.shr62()
	f[top] = int64(cf.lo) - ft - gt
	g[top] = int64(cg.lo) - ft - gt
}
