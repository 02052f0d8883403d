package group

import "github.com/kestrel-crypto/secp256k1/internal/field"

// CurveRHS sets v = x³ + 7, the right-hand side of the curve equation, and
// returns v. x is on the curve's x-axis exactly when v is a square.
func CurveRHS(v, x *field.Element) *field.Element {
	var x3 field.Element
	x3.Square(x)
	x3.Multiply(&x3, x)
	return v.Add(&x3, &B)
}

// LiftX sets v to the point with x coordinate x and y of parity odd (0 or 1;
// BIP-340's lift_x is odd = 0) and returns 1, or returns 0 if x³ + 7 is not
// a square (v is then unspecified). x may have any magnitude the field
// accepts; v's coordinates are canonical. It runs in constant time.
func (v *Affine) LiftX(x *field.Element, odd int) int {
	var y field.Element
	CurveRHS(&y, x)
	_, ok := y.Sqrt(&y)
	y.Normalize(&y)
	y.CondNegate(&y, y.IsOdd()^odd)
	v.X.Normalize(x)
	v.Y = y
	return ok
}

// Beta is β = 0x7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE,
// a primitive cube root of unity mod p: φ(x, y) = (β·x, y) is the GLV
// endomorphism, which acts on the group as multiplication by
// internal/scalar.Lambda.
var Beta = elementFromHex("7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE")

// MulLambda sets v = λ·a = (β·x, y) and returns v.
func (v *Affine) MulLambda(a *Affine) *Affine {
	v.X.Multiply(&a.X, &Beta)
	v.Y = a.Y
	return v
}
