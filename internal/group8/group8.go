// Package group8 is the group law of secp256k1 on eight points at once, lane
// by lane, over the 8-lane field of internal/field8: Jacobian doubling,
// mixed addition (Jacobian + affine) and addition (Jacobian + Jacobian),
// for code with eight independent point computations (docs/design.md,
// "Lanes").
//
// The formulas are the a = 0 ones of the Explicit-Formulas Database
// (dbl-2009-l, madd-2007-bl, add-2007-bl), written with field8's multiply,
// square, add and subtract, and Lin, which sums a few terms with small
// weights (2·x, 3·x, −8·x …) under one reduction where a chain of additions
// would reduce after each: no halving, nothing that branches on a value, so
// every operation is constant time in every lane. Like libsecp256k1's incomplete formulas, the additions do
// not handle the exceptional inputs, which callers rule out or mask lane by
// lane: an input at infinity, or two inputs with the same x (P = Q, which
// needs a doubling, or P = −Q, whose sum is the identity). A lane with such
// inputs gets Z = 0.
//
// The package imports internal/field8 alone, no one-point package: it sits
// beside internal/group, not above it. The conversions between lanes and
// group's points, and the lookups in group's tables, take plain limbs
// (field8.Element8.SetLane, Affine64), and internal/ecmult, which holds both
// forms, converts.
package group8

import "github.com/kestrel-crypto/secp256k1/internal/field8"

// Jacobian8 is eight points in Jacobian coordinates, lane by lane: lane j
// is (X_j/Z_j², Y_j/Z_j³), the identity where Z_j = 0.
type Jacobian8 struct {
	X, Y, Z field8.Element8
}

// Affine8 is eight affine points, lane by lane; none is the identity.
type Affine8 struct {
	X, Y field8.Element8
}

// Double sets v = 2·p in every lane (dbl-2009-l, 2M + 5S), and returns v: A = X², B = Y²,
// C = B², D = 2·((X + B)² − A − C), E = 3·A, F = E², X₃ = F − 2·D,
// Y₃ = E·(D − X₃) − 8·C, Z₃ = 2·Y·Z. A lane at infinity stays there (Z₃ = 0),
// and no point of secp256k1 has Y = 0, so doubling has no exceptions.
func (v *Jacobian8) Double(p *Jacobian8) *Jacobian8 {
	if useAsm() {
		double8IFMA(v, p)
		return v
	}
	return v.doubleGeneric(p)
}

// Double2 sets v = 2·p and v2 = 2·p2 (Double twice). Each formula is a
// chain of dependent field operations, and the assembly interleaves the two
// chains' operations, so that one fills the core while the other waits on
// its latencies: about 0.67 of two Doubles. v and p must not alias v2 or p2.
func Double2(v, p, v2, p2 *Jacobian8) {
	if useAsm() {
		double8x2IFMA(v, p, v2, p2)
		return
	}
	v.doubleGeneric(p)
	v2.doubleGeneric(p2)
}

// AddAffine sets v = p + q in every lane (madd-2007-bl, 7M + 4S), and
// returns v: Z1Z1 = Z₁²,
// U₂ = X₂·Z1Z1, S₂ = Y₂·Z₁·Z1Z1, H = U₂ − X₁, HH = H², I = 4·HH, J = H·I,
// r = 2·(S₂ − Y₁), V = X₁·I, X₃ = r² − J − 2·V, Y₃ = r·(V − X₃) − 2·Y₁·J,
// Z₃ = (Z₁ + H)² − Z1Z1 − HH. Lanes where p is the identity or has q's x
// coordinate get Z₃ = 0 (see the package documentation).
func (v *Jacobian8) AddAffine(p *Jacobian8, q *Affine8) *Jacobian8 {
	if useAsm() {
		addAffine8IFMA(v, p, q)
		return v
	}
	return v.addAffineGeneric(p, q)
}

// AddAffine2 sets v = p + q and v2 = p2 + q2 (AddAffine twice), the two
// formulas' operations interleaved in the assembly as in Double2: about 0.70
// of two AddAffines. v and p must not alias v2 or p2.
func AddAffine2(v, p *Jacobian8, q *Affine8, v2, p2 *Jacobian8, q2 *Affine8) {
	if useAsm() {
		addAffine8x2IFMA(v, p, q, v2, p2, q2)
		return
	}
	v.addAffineGeneric(p, q)
	v2.addAffineGeneric(p2, q2)
}

// doubleGeneric is Double with one field8 call per field operation.
func (v *Jacobian8) doubleGeneric(p *Jacobian8) *Jacobian8 {
	var a, b, c, d, e, t field8.Element8
	a.Square(&p.X)
	b.Square(&p.Y)
	c.Square(&b)
	d.Add(&p.X, &b)
	d.Square(&d)
	// One reduction per sum of several terms (field8's Lin), with the
	// multiple of 32p that keeps every limb non-negative: terms below 2⁵²
	// weighted −2, −2 need 4·32p (p32's top limb is 2⁵³ − 32), −2 needs
	// 2·32p and −8 needs 8·32p.
	d.Lin(4, field8.Term{C: 2, X: &d}, field8.Term{C: -2, X: &a}, field8.Term{C: -2, X: &c})
	e.Lin(0, field8.Term{C: 3, X: &a})
	// Z₃ first: p may be v.
	v.Z.Mul(&p.Y, &p.Z)
	v.Z.Lin(0, field8.Term{C: 2, X: &v.Z})
	v.X.Square(&e)
	v.X.Lin(2, field8.Term{C: 1, X: &v.X}, field8.Term{C: -2, X: &d})
	t.Sub(&d, &v.X)
	v.Y.Mul(&e, &t)
	v.Y.Lin(8, field8.Term{C: 1, X: &v.Y}, field8.Term{C: -8, X: &c})
	return v
}

// addAffineGeneric is AddAffine with one field8 call per field operation.
func (v *Jacobian8) addAffineGeneric(p *Jacobian8, q *Affine8) *Jacobian8 {
	var z1z1, u2, s2, h, hh, i, j, r, vv, t field8.Element8
	z1z1.Square(&p.Z)
	u2.Mul(&q.X, &z1z1)
	s2.Mul(&q.Y, &p.Z)
	s2.Mul(&s2, &z1z1)
	h.Sub(&u2, &p.X)
	hh.Square(&h)
	// One reduction per sum of several terms (field8's Lin; the multiples
	// of 32p as in doubleGeneric: 2·32p covers weights down to −3).
	i.Lin(0, field8.Term{C: 4, X: &hh})
	j.Mul(&h, &i)
	r.Lin(2, field8.Term{C: 2, X: &s2}, field8.Term{C: -2, X: &p.Y})
	vv.Mul(&p.X, &i)
	// Z₃ and Y₁·J before p's coordinates are overwritten (p may be v).
	t.Add(&p.Z, &h)
	t.Square(&t)
	v.Z.Lin(2, field8.Term{C: 1, X: &t}, field8.Term{C: -1, X: &z1z1}, field8.Term{C: -1, X: &hh})
	t.Mul(&p.Y, &j)
	v.X.Square(&r)
	v.X.Lin(2, field8.Term{C: 1, X: &v.X}, field8.Term{C: -1, X: &j}, field8.Term{C: -2, X: &vv})
	vv.Sub(&vv, &v.X)
	v.Y.Mul(&r, &vv)
	v.Y.Lin(2, field8.Term{C: 1, X: &v.Y}, field8.Term{C: -2, X: &t})
	return v
}

// Add sets v = p + q in every lane (add-2007-bl, 11M + 5S): Z1Z1 = Z₁²,
// Z2Z2 = Z₂², U₁ = X₁·Z2Z2, U₂ = X₂·Z1Z1, S₁ = Y₁·Z₂·Z2Z2, S₂ = Y₂·Z₁·Z1Z1,
// H = U₂ − U₁, I = (2·H)², J = H·I, r = 2·(S₂ − S₁), V = U₁·I,
// X₃ = r² − J − 2·V, Y₃ = r·(V − X₃) − 2·S₁·J,
// Z₃ = ((Z₁ + Z₂)² − Z1Z1 − Z2Z2)·H. Lanes where p or q is the identity or
// the two have the same x get Z₃ = 0 (see the package documentation).
func (v *Jacobian8) Add(p, q *Jacobian8) *Jacobian8 {
	var z1z1, z2z2, u1, u2, s1, s2, h, i, j, r, vv, t field8.Element8
	z1z1.Square(&p.Z)
	z2z2.Square(&q.Z)
	u1.Mul(&p.X, &z2z2)
	u2.Mul(&q.X, &z1z1)
	s1.Mul(&p.Y, &q.Z)
	s1.Mul(&s1, &z2z2)
	s2.Mul(&q.Y, &p.Z)
	s2.Mul(&s2, &z1z1)
	h.Sub(&u2, &u1)
	i.Add(&h, &h)
	i.Square(&i)
	j.Mul(&h, &i)
	r.Sub(&s2, &s1)
	r.Add(&r, &r)
	vv.Mul(&u1, &i)
	t.Add(&p.Z, &q.Z)
	t.Square(&t)
	t.Sub(&t, &z1z1)
	t.Sub(&t, &z2z2)
	v.Z.Mul(&t, &h)
	v.X.Square(&r)
	v.X.Sub(&v.X, &j)
	v.X.Sub(&v.X, &vv)
	v.X.Sub(&v.X, &vv)
	vv.Sub(&vv, &v.X)
	v.Y.Mul(&r, &vv)
	s1.Mul(&s1, &j)
	s1.Add(&s1, &s1)
	v.Y.Sub(&v.Y, &s1)
	return v
}
