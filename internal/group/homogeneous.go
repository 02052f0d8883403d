package group

import "github.com/kestrel-crypto/secp256k1/internal/field"

// Homogeneous (projective) coordinates and the complete addition formulas of
// Renes, Costello and Batina, "Complete addition formulas for prime order
// elliptic curves" (EUROCRYPT 2016, eprint 2015/1060), specialised to a = 0.
//
// They exist for the bucket accumulation of Pippenger's method, where the
// trade of 4 squarings for more additions was measured (../../docs/msm.md,
// "Variants"). The formulas have no exceptional cases, so the functions are
// constant time; callers that want to skip work on the identity test for it
// themselves.

// Homogeneous is a point (X : Y : Z) standing for the affine point
// (X/Z, Y/Z); the identity is (0 : Y : 0) with Y ≠ 0. The zero value (0 : 0 : 0)
// is not a valid point: use Identity.
type Homogeneous struct {
	X, Y, Z field.Element
}

// b3 is 3·b = 21, the constant of the formulas for y² = x³ + 7.
const b3 = 21

// Identity sets v to the identity (0 : 1 : 0) and returns v.
func (v *Homogeneous) Identity() *Homogeneous {
	v.X.Zero()
	v.Y.One()
	v.Z.Zero()
	return v
}

// IsIdentity returns 1 if v is the identity (Z = 0), and 0 otherwise.
func (v *Homogeneous) IsIdentity() int {
	return v.Z.IsZero()
}

// SetAffine sets v = (a.X : a.Y : 1) and returns v.
func (v *Homogeneous) SetAffine(a *Affine) *Homogeneous {
	v.X = a.X
	v.Y = a.Y
	v.Z.One()
	return v
}

// SetJacobian sets v = p and returns v (2M + 1S): the Jacobian (X, Y, Z)
// stands for (X/Z², Y/Z³) = (XZ/Z³, Y/Z³), so v = (X·Z : Y : Z³). The
// identity (Z = 0) maps to (0 : 1 : 0) whatever p's Y is. Constant time.
func (v *Homogeneous) SetJacobian(p *Jacobian) *Homogeneous {
	var x, z, one field.Element
	x.Multiply(&p.X, &p.Z)
	z.Square(&p.Z)
	z.Multiply(&z, &p.Z)
	one.One()
	v.Y.Select(&one, &p.Y, p.IsIdentity())
	v.X = x
	v.Z = z
	return v
}

// SetHomogeneous sets v = p and returns v (3M + 1S): (X : Y : Z) stands for
// (X/Z, Y/Z) = (XZ/Z², YZ²/Z³), so v = (X·Z, Y·Z², Z). The identity (Z = 0)
// maps to Z = 0. Constant time.
func (v *Jacobian) SetHomogeneous(p *Homogeneous) *Jacobian {
	var x, y, zz field.Element
	zz.Square(&p.Z)
	x.Multiply(&p.X, &p.Z)
	y.Multiply(&p.Y, &zz)
	v.X, v.Y, v.Z = x, y, p.Z
	return v
}

// Add sets v = p + q and returns v, for any p and q, in constant time
// (12M + 2m₃ᵦ). Renes–Costello–Batina, Algorithm 7 (complete addition,
// a = 0), with the paper's variable names and order.
func (v *Homogeneous) Add(p, q *Homogeneous) *Homogeneous {
	var t0, t1, t2, t3, t4, x3, y3, z3 field.Element
	t0.Multiply(&p.X, &q.X)   // 1. t0 = X1·X2
	t1.Multiply(&p.Y, &q.Y)   // 2. t1 = Y1·Y2
	t2.Multiply(&p.Z, &q.Z)   // 3. t2 = Z1·Z2
	t3.Add(&p.X, &p.Y)        // 4. t3 = X1 + Y1
	t4.Add(&q.X, &q.Y)        // 5. t4 = X2 + Y2
	t3.Multiply(&t3, &t4)     // 6. t3 = t3·t4
	t4.Add(&t0, &t1)          // 7. t4 = t0 + t1
	t3.Subtract(&t3, &t4)     // 8. t3 = t3 − t4
	t4.Add(&p.Y, &p.Z)        // 9. t4 = Y1 + Z1
	x3.Add(&q.Y, &q.Z)        // 10. X3 = Y2 + Z2
	t4.Multiply(&t4, &x3)     // 11. t4 = t4·X3
	x3.Add(&t1, &t2)          // 12. X3 = t1 + t2
	t4.Subtract(&t4, &x3)     // 13. t4 = t4 − X3
	x3.Add(&p.X, &p.Z)        // 14. X3 = X1 + Z1
	y3.Add(&q.X, &q.Z)        // 15. Y3 = X2 + Z2
	x3.Multiply(&x3, &y3)     // 16. X3 = X3·Y3
	y3.Add(&t0, &t2)          // 17. Y3 = t0 + t2
	y3.Subtract(&x3, &y3)     // 18. Y3 = X3 − Y3
	x3.Add(&t0, &t0)          // 19. X3 = t0 + t0
	t0.Add(&x3, &t0)          // 20. t0 = X3 + t0
	t2.MultiplySmall(&t2, b3) // 21. t2 = b3·t2
	z3.Add(&t1, &t2)          // 22. Z3 = t1 + t2
	t1.Subtract(&t1, &t2)     // 23. t1 = t1 − t2
	y3.MultiplySmall(&y3, b3) // 24. Y3 = b3·Y3
	x3.Multiply(&t4, &y3)     // 25. X3 = t4·Y3
	t2.Multiply(&t3, &t1)     // 26. t2 = t3·t1
	x3.Subtract(&t2, &x3)     // 27. X3 = t2 − X3
	y3.Multiply(&y3, &t0)     // 28. Y3 = Y3·t0
	t1.Multiply(&t1, &z3)     // 29. t1 = t1·Z3
	y3.Add(&t1, &y3)          // 30. Y3 = t1 + Y3
	t0.Multiply(&t0, &t3)     // 31. t0 = t0·t3
	z3.Multiply(&z3, &t4)     // 32. Z3 = Z3·t4
	z3.Add(&z3, &t0)          // 33. Z3 = Z3 + t0
	v.X, v.Y, v.Z = x3, y3, z3
	return v
}

// AddAffine sets v = p + a and returns v, for any p and any affine a, in
// constant time (11M + 2m₃ᵦ). Renes–Costello–Batina, Algorithm 8 (complete
// mixed addition, Z2 = 1, a = 0).
func (v *Homogeneous) AddAffine(p *Homogeneous, a *Affine) *Homogeneous {
	var t0, t1, t2, t3, t4, x3, y3, z3 field.Element
	t0.Multiply(&p.X, &a.X)    // 1. t0 = X1·X2
	t1.Multiply(&p.Y, &a.Y)    // 2. t1 = Y1·Y2
	t3.Add(&a.X, &a.Y)         // 3. t3 = X2 + Y2
	t4.Add(&p.X, &p.Y)         // 4. t4 = X1 + Y1
	t3.Multiply(&t3, &t4)      // 5. t3 = t3·t4
	t4.Add(&t0, &t1)           // 6. t4 = t0 + t1
	t3.Subtract(&t3, &t4)      // 7. t3 = t3 − t4
	t4.Multiply(&a.Y, &p.Z)    // 8. t4 = Y2·Z1
	t4.Add(&t4, &p.Y)          // 9. t4 = t4 + Y1
	y3.Multiply(&a.X, &p.Z)    // 10. Y3 = X2·Z1
	y3.Add(&y3, &p.X)          // 11. Y3 = Y3 + X1
	x3.Add(&t0, &t0)           // 12. X3 = t0 + t0
	t0.Add(&x3, &t0)           // 13. t0 = X3 + t0
	t2.MultiplySmall(&p.Z, b3) // 14. t2 = b3·Z1
	z3.Add(&t1, &t2)           // 15. Z3 = t1 + t2
	t1.Subtract(&t1, &t2)      // 16. t1 = t1 − t2
	y3.MultiplySmall(&y3, b3)  // 17. Y3 = b3·Y3
	x3.Multiply(&t4, &y3)      // 18. X3 = t4·Y3
	t2.Multiply(&t3, &t1)      // 19. t2 = t3·t1
	x3.Subtract(&t2, &x3)      // 20. X3 = t2 − X3
	y3.Multiply(&y3, &t0)      // 21. Y3 = Y3·t0
	t1.Multiply(&t1, &z3)      // 22. t1 = t1·Z3
	y3.Add(&t1, &y3)           // 23. Y3 = t1 + Y3
	t0.Multiply(&t0, &t3)      // 24. t0 = t0·t3
	z3.Multiply(&z3, &t4)      // 25. Z3 = Z3·t4
	z3.Add(&z3, &t0)           // 26. Z3 = Z3 + t0
	v.X, v.Y, v.Z = x3, y3, z3
	return v
}

// Double sets v = 2·p and returns v, for any p, in constant time
// (6M + 2S + 1m₃ᵦ). Renes–Costello–Batina, Algorithm 9 (exception-free
// doubling, a = 0).
func (v *Homogeneous) Double(p *Homogeneous) *Homogeneous {
	var t0, t1, t2, x3, y3, z3 field.Element
	t0.Square(&p.Y)           // 1. t0 = Y·Y
	z3.Add(&t0, &t0)          // 2. Z3 = t0 + t0
	z3.Add(&z3, &z3)          // 3. Z3 = Z3 + Z3
	z3.Add(&z3, &z3)          // 4. Z3 = Z3 + Z3
	t1.Multiply(&p.Y, &p.Z)   // 5. t1 = Y·Z
	t2.Square(&p.Z)           // 6. t2 = Z·Z
	t2.MultiplySmall(&t2, b3) // 7. t2 = b3·t2
	x3.Multiply(&t2, &z3)     // 8. X3 = t2·Z3
	y3.Add(&t0, &t2)          // 9. Y3 = t0 + t2
	z3.Multiply(&t1, &z3)     // 10. Z3 = t1·Z3
	t1.Add(&t2, &t2)          // 11. t1 = t2 + t2
	t2.Add(&t1, &t2)          // 12. t2 = t1 + t2
	t0.Subtract(&t0, &t2)     // 13. t0 = t0 − t2
	y3.Multiply(&t0, &y3)     // 14. Y3 = t0·Y3
	y3.Add(&x3, &y3)          // 15. Y3 = X3 + Y3
	t1.Multiply(&p.X, &p.Y)   // 16. t1 = X·Y
	x3.Multiply(&t0, &t1)     // 17. X3 = t0·t1
	x3.Add(&x3, &x3)          // 18. X3 = X3 + X3
	v.X, v.Y, v.Z = x3, y3, z3
	return v
}
