package group

import (
	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/field"
)

// This file holds the portable group formulas, the reference for any
// assembly twin. Costs count field multiplications (M) and squarings (S);
// additions, negations and halvings are not counted.

// Double sets v = 2·p and returns v. It runs in constant time; the identity
// (Z = 0) doubles to Z = 0. secp256k1 has no point of order 2 (Y ≠ 0), so
// no other case is special.
//
// libsecp256k1's secp256k1_gej_double (3M + 4S), which scales the textbook
// result by 1/2:
//
//	L = (3/2)·X₁², S = Y₁², T = −X₁·S
//	X₃ = L² + 2T, Y₃ = −(L·(X₃ + T) + S²), Z₃ = Y₁·Z₁
func (v *Jacobian) Double(p *Jacobian) *Jacobian {
	return v.double(p) // doubleGeneric or its assembly twin (formulas_amd64.go)
}

// VarTimeDouble sets v = 2·p like Double, in variable time: the assembly
// backend branches on carries that are rare for every input. For the
// multi-scalar multiplications of public values.
func (v *Jacobian) VarTimeDouble(p *Jacobian) *Jacobian {
	return v.varTimeDouble(p) // doubleGeneric or varTimeDoubleADX
}

// doubleGeneric is Double in portable Go, the reference for its assembly twin.
func (v *Jacobian) doubleGeneric(p *Jacobian) *Jacobian {
	var l, s, t, x3, y3, z3 field.Element
	z3.Multiply(&p.Z, &p.Y)
	s.Square(&p.Y)
	l.Square(&p.X)
	l.MultiplySmall(&l, 3)
	l.Half(&l)
	t.Negate(&s)
	t.Multiply(&t, &p.X)
	x3.Square(&l)
	x3.Add(&x3, &t)
	x3.Add(&x3, &t)
	s.Square(&s)
	t.Add(&t, &x3)
	y3.Multiply(&t, &l)
	y3.Add(&y3, &s)
	y3.Negate(&y3)
	v.X, v.Y, v.Z = x3, y3, z3
	return v
}

// crossScale brings p and q to the common denominator Z₁²Z₂² (for x) and
// Z₁³Z₂³ (for y): U₁ = X₁Z₂², U₂ = X₂Z₁², S₁ = Y₁Z₂³, S₂ = Y₂Z₁³ (4M + 2S).
func crossScale(p, q *Jacobian) (u1, u2, s1, s2 field.Element) {
	var z1z1, z2z2 field.Element
	z1z1.Square(&p.Z)
	z2z2.Square(&q.Z)
	u1.Multiply(&p.X, &z2z2)
	u2.Multiply(&q.X, &z1z1)
	s1.Multiply(&p.Y, &z2z2)
	s1.Multiply(&s1, &q.Z)
	s2.Multiply(&q.Y, &z1z1)
	s2.Multiply(&s2, &p.Z)
	return u1, u2, s1, s2
}

// addCore computes the textbook Jacobian sum of p and q, neither the
// identity and not equal or opposite (12M + 4S, EFD add-1998-cmo-2):
//
//	U₁ = X₁Z₂², U₂ = X₂Z₁², S₁ = Y₁Z₂³, S₂ = Y₂Z₁³, H = U₂ − U₁, R = S₂ − S₁
//	X₃ = R² − H³ − 2U₁H², Y₃ = R(U₁H² − X₃) − S₁H³, Z₃ = Z₁Z₂H
//
// It returns whether H and R are zero, which flags the exceptional cases:
// H = 0 and R = 0 means p = q (the result is then wrong), H = 0 alone means
// p = −q (the result has Z₃ = 0, the identity, as it should).
func addCore(v, p, q *Jacobian) (hZero, rZero int) {
	var h, r, h2, h3, t, x3, y3, z3 field.Element
	u1, u2, s1, s2 := crossScale(p, q)
	h.Subtract(&u2, &u1)
	r.Subtract(&s2, &s1)
	hZero, rZero = h.IsZero(), r.IsZero()
	z3.Multiply(&p.Z, &q.Z)
	z3.Multiply(&z3, &h)
	h2.Square(&h)
	h3.Multiply(&h2, &h)
	t.Multiply(&u1, &h2)
	x3.Square(&r)
	x3.Subtract(&x3, &h3)
	x3.Subtract(&x3, &t)
	x3.Subtract(&x3, &t)
	y3.Subtract(&t, &x3)
	y3.Multiply(&y3, &r)
	h3.Multiply(&h3, &s1)
	y3.Subtract(&y3, &h3)
	v.X, v.Y, v.Z = x3, y3, z3
	return hZero, rZero
}

// VarTimeAdd sets v = p + q and returns v, for any p and q (12M + 4S in the
// general case). It branches on the exceptional cases.
func (v *Jacobian) VarTimeAdd(p, q *Jacobian) *Jacobian {
	return v.varTimeAdd(p, q) // varTimeAddGeneric or its assembly twin (formulas_amd64.go)
}

// varTimeAddGeneric is VarTimeAdd in portable Go, the reference for its
// assembly twin.
func (v *Jacobian) varTimeAddGeneric(p, q *Jacobian) *Jacobian {
	if p.IsIdentity() == 1 {
		return v.Set(q)
	}
	if q.IsIdentity() == 1 {
		return v.Set(p)
	}
	var sum Jacobian
	hZero, rZero := addCore(&sum, p, q)
	if hZero == 1 && rZero == 1 {
		return v.Double(p)
	}
	// For H = 0 alone, addCore already gave Z₃ = 0.
	return v.Set(&sum)
}

// Add sets v = p + q and returns v, for any p and q, in constant time: it
// computes the general sum and the double of p, and selects among them, p and
// q (15M + 8S).
func (v *Jacobian) Add(p, q *Jacobian) *Jacobian {
	var sum, dbl Jacobian
	hZero, rZero := addCore(&sum, p, q)
	dbl.Double(p)
	pInf, qInf := p.IsIdentity(), q.IsIdentity()
	sum.Select(&dbl, &sum, hZero&rZero)
	sum.Select(q, &sum, pInf)
	sum.Select(p, &sum, qInf)
	*v = sum
	return v
}

// VarTimeAddAffine sets v = p + a and returns v (8M + 3S in the general
// case; libsecp256k1's secp256k1_gej_add_ge_var, Z₂ = 1 in addCore's
// formula). It branches on the exceptional cases.
func (v *Jacobian) VarTimeAddAffine(p *Jacobian, a *Affine) *Jacobian {
	if p.IsIdentity() == 1 {
		return v.SetAffine(a)
	}
	return v.varTimeAddAffineScaled(p, a, &p.Z)
}

// VarTimeAddZinv sets v = p + b and returns v, where b is the Jacobian point
// (a.X, a.Y, 1/zinv): the caller knows the inverse of b's Z (9M + 3S;
// libsecp256k1's secp256k1_gej_add_zinv_var). Scaling both Z coordinates by
// zinv maps the sum onto a mixed addition with p's Z replaced by Z₁·zinv;
// the result's Z is then Z₁·H, without the zinv factor.
func (v *Jacobian) VarTimeAddZinv(p *Jacobian, a *Affine, zinv *field.Element) *Jacobian {
	if p.IsIdentity() == 1 {
		var zi2, zi3 field.Element
		zi2.Square(zinv)
		zi3.Multiply(&zi2, zinv)
		v.X.Multiply(&a.X, &zi2)
		v.Y.Multiply(&a.Y, &zi3)
		v.Z.One()
		return v
	}
	var az field.Element
	az.Multiply(&p.Z, zinv)
	return v.varTimeAddAffineScaled(p, a, &az)
}

// varTimeAddAffineScaled (formulas_amd64.go, formulas_noasm.go) is the mixed
// addition behind VarTimeAddAffine and VarTimeAddZinv: U₂ and S₂ use az in
// place of Z₁, and Z₃ = Z₁·H. p is not the identity.
// varTimeAddAffineScaledGeneric is its portable Go body, the reference for
// its assembly twin.
func (v *Jacobian) varTimeAddAffineScaledGeneric(p *Jacobian, a *Affine, az *field.Element) *Jacobian {
	return v.varTimeAddAffineScaledZrGeneric(p, a, az, nil)
}

// VarTimeAddAffineZr is VarTimeAddAffine that also sets zr to the ratio
// Z₃/Z₁ of the result's Z to p's (H in the general case, Y₁ for a doubling,
// 0 for the identity), as libsecp256k1's secp256k1_gej_add_ge_var with its
// rzr output; odd-multiple tables use it to bring entries to a common Z
// without inversions. p must not be the identity, nor zr nil.
func (v *Jacobian) VarTimeAddAffineZr(p *Jacobian, a *Affine, zr *field.Element) *Jacobian {
	return v.varTimeAddAffineScaledZr(p, a, &p.Z, zr)
}

// varTimeAddAffineScaledZr (formulas_amd64.go, formulas_noasm.go) is the
// mixed addition of varTimeAddAffineScaled with the z-ratio written to zr;
// varTimeAddAffineScaledZrGeneric is its portable Go body (zr may be nil
// there), the reference for its assembly twin.
func (v *Jacobian) varTimeAddAffineScaledZrGeneric(p *Jacobian, a *Affine, az, zr *field.Element) *Jacobian {
	if debug.Enabled {
		debug.Assert(p.IsIdentity() == 0, "group: mixed addition with p the identity")
	}
	h, r := mixedHR(p, a, az)
	if h.IsZero() == 1 {
		if r.IsZero() == 1 {
			if zr != nil {
				*zr = p.Y // Double's Z₃ = Y₁·Z₁
			}
			return v.Double(p)
		}
		if zr != nil {
			zr.Zero()
		}
		return v.Identity()
	}
	if zr != nil {
		*zr = h
	}
	return v.mixedGeneral(p, &h, &r)
}

// AddAffineDistinctZr sets v = p + a and zr = Z₃/Z₁ (H) and returns v, in
// constant time, for p not the identity and p ≠ ±a: the general case of
// VarTimeAddAffineZr without its branches (8M + 3S). For p = ±a the result
// is wrong (Z₃ = 0); callers guarantee the precondition, as k·P's table does
// with i·a + a for 2 ≤ i ≤ 15 in a group of prime order.
func (v *Jacobian) AddAffineDistinctZr(p *Jacobian, a *Affine, zr *field.Element) *Jacobian {
	return v.addAffineDistinctZr(p, a, zr) // addAffineDistinctZrGeneric or its assembly twin
}

// addAffineDistinctZrGeneric is AddAffineDistinctZr in portable Go, the
// reference for its assembly twin.
func (v *Jacobian) addAffineDistinctZrGeneric(p *Jacobian, a *Affine, zr *field.Element) *Jacobian {
	h, r := mixedHR(p, a, &p.Z)
	*zr = h
	return v.mixedGeneral(p, &h, &r)
}

// mixedHR returns H = x₂·az² − X₁ and R = y₂·az³ − Y₁, the differences of a
// mixed addition of p and a with az in place of Z₁ (3M + 1S).
func mixedHR(p *Jacobian, a *Affine, az *field.Element) (h, r field.Element) {
	var z1z1, u2, s2 field.Element
	z1z1.Square(az)
	u2.Multiply(&a.X, &z1z1)
	s2.Multiply(&a.Y, &z1z1)
	s2.Multiply(&s2, az)
	h.Subtract(&u2, &p.X)
	r.Subtract(&s2, &p.Y)
	return h, r
}

// mixedGeneral finishes a mixed addition from H and R in the general case
// (H ≠ 0): Z₃ = Z₁·H, X₃ = R² − H³ − 2X₁H², Y₃ = R(X₁H² − X₃) − Y₁H³
// (5M + 2S).
func (v *Jacobian) mixedGeneral(p *Jacobian, h, r *field.Element) *Jacobian {
	var h2, h3, t, x3, y3, z3 field.Element
	z3.Multiply(&p.Z, h)
	h2.Square(h)
	h3.Multiply(&h2, h)
	t.Multiply(&p.X, &h2)
	x3.Square(r)
	x3.Subtract(&x3, &h3)
	x3.Subtract(&x3, &t)
	x3.Subtract(&x3, &t)
	y3.Subtract(&t, &x3)
	y3.Multiply(&y3, r)
	h3.Multiply(&h3, &p.Y)
	y3.Subtract(&y3, &h3)
	v.X, v.Y, v.Z = x3, y3, z3
	return v
}

// AddAffine sets v = p + a and returns v, in constant time, for any p
// (including the identity, a, and −a) and any affine a (7M + 5S).
//
// libsecp256k1's secp256k1_gej_add_ge: the unified addition/doubling formula
// of Brier and Joye, λ = ((x₁ + x₂)² − x₁x₂)/(y₁ + y₂), in Jacobian form
//
//	U₁ = X₁, U₂ = x₂Z₁², S₁ = Y₁, S₂ = y₂Z₁³, T = U₁ + U₂, M = S₁ + S₂
//	R = T² − U₁U₂, Q = −T·M², X₃ = R² + Q, Y₃ = −(R(2X₃ + Q) + M⁴)/2, Z₃ = M·Z₁
//
// It fails only when M = 0: for p = −a (the result must be the identity) and
// when y₁ = −y₂ with x₁ ≠ x₂ (x₁ = β·x₂ for a cube root of unity β). There
// the alternative λ = (y₁ − y₂)/(x₁ − x₂), i.e. R' = 2S₁ and M' = U₁ − U₂, is
// selected, and M⁴ is replaced by M³·M' = 0; for p = −a, M' = 0 gives Z₃ = 0.
// For p the identity the result is replaced by a.
func (v *Jacobian) AddAffine(p *Jacobian, a *Affine) *Jacobian {
	return v.addAffine(p, a) // addAffineGeneric or its assembly twin (formulas_amd64.go)
}

// addAffineGeneric is AddAffine in portable Go, the reference for its
// assembly twin.
func (v *Jacobian) addAffineGeneric(p *Jacobian, a *Affine) *Jacobian {
	var zz, u2, s2, t, m, rr, mAlt, tt, rrAlt, n, q, x3, y3, z3 field.Element
	zz.Square(&p.Z)
	u2.Multiply(&a.X, &zz)
	s2.Multiply(&a.Y, &zz)
	s2.Multiply(&s2, &p.Z)
	t.Add(&p.X, &u2) // T = U₁ + U₂
	m.Add(&p.Y, &s2) // M = S₁ + S₂
	rr.Square(&t)    // T²
	mAlt.Negate(&u2) // −U₂
	tt.Multiply(&p.X, &mAlt)
	rr.Add(&rr, &tt) // R = T² − U₁U₂
	degenerate := m.IsZero()
	rrAlt.Double(&p.Y)    // R' = 2S₁ (= S₁ − S₂ when M = 0)
	mAlt.Add(&mAlt, &p.X) // M' = U₁ − U₂
	rrAlt.Select(&rrAlt, &rr, degenerate)
	mAlt.Select(&mAlt, &m, degenerate)
	n.Square(&mAlt) // M'²
	q.Negate(&t)
	q.Multiply(&q, &n)           // Q = −T·M'²
	n.Square(&n)                 // M'⁴
	n.Select(&m, &n, degenerate) // M³·M': M'⁴ if M' = M, else 0 = M
	x3.Square(&rrAlt)
	x3.Add(&x3, &q) // X₃ = R'² + Q
	z3.Multiply(&p.Z, &mAlt)
	y3.Double(&x3)
	y3.Add(&y3, &q)
	y3.Multiply(&y3, &rrAlt)
	y3.Add(&y3, &n)
	y3.Negate(&y3)
	y3.Half(&y3) // Y₃ = −(R'(2X₃ + Q) + M³M')/2

	inf := p.IsIdentity()
	var one field.Element
	one.One()
	v.X.Select(&a.X, &x3, inf)
	v.Y.Select(&a.Y, &y3, inf)
	v.Z.Select(&one, &z3, inf)
	return v
}
