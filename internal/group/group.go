// Package group implements the secp256k1 group law, y² = x³ + 7 over the
// field of internal/field, in Jacobian and affine coordinates.
//
// A Jacobian point (X, Y, Z) with Z ≠ 0 stands for the affine point
// (X/Z², Y/Z³); Z = 0 is the identity (the point at infinity), whatever X
// and Y are. An Affine point is never the identity.
//
// Every function is constant time unless its name starts with VarTime. The
// formulas follow libsecp256k1's group_impl.h; each cites its source and
// states its cost in field multiplications (M) and squarings (S).
package group

import (
	"encoding/hex"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/field"
)

// Jacobian is a point in Jacobian coordinates. The zero value is the identity.
type Jacobian struct {
	X, Y, Z field.Element
}

// Affine is a point (X, Y) with Y² = X³ + 7, never the identity. The zero
// value is not a valid point.
type Affine struct {
	X, Y field.Element
}

// B is the curve constant 7.
var B = *new(field.Element).SetUint64(7)

// Generator is the standard generator G of SEC 2.
var Generator = Affine{
	X: elementFromHex("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798"),
	Y: elementFromHex("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8"),
}

// elementFromHex parses a 64-digit hex constant; it panics on a malformed
// constant, which only a programmer can write.
func elementFromHex(s string) field.Element {
	var b [32]byte
	if len(s) != 64 {
		panic("group: bad constant")
	}
	if _, err := hex.Decode(b[:], []byte(s)); err != nil {
		panic("group: bad constant")
	}
	var e field.Element
	if _, err := e.SetCanonicalBytes(&b); err != nil {
		panic("group: bad constant")
	}
	return e
}

// Identity sets v to the identity and returns v.
func (v *Jacobian) Identity() *Jacobian {
	*v = Jacobian{}
	return v
}

// Set sets v = p and returns v.
func (v *Jacobian) Set(p *Jacobian) *Jacobian {
	*v = *p
	return v
}

// SetAffine sets v = a and returns v.
func (v *Jacobian) SetAffine(a *Affine) *Jacobian {
	v.X = a.X
	v.Y = a.Y
	v.Z.One()
	return v
}

// IsIdentity returns 1 if p is the identity, and 0 otherwise.
func (p *Jacobian) IsIdentity() int {
	return p.Z.IsZero()
}

// Select sets v = a if cond == 1, and v = b if cond == 0, and returns v.
func (v *Jacobian) Select(a, b *Jacobian, cond int) *Jacobian {
	v.X.Select(&a.X, &b.X, cond)
	v.Y.Select(&a.Y, &b.Y, cond)
	v.Z.Select(&a.Z, &b.Z, cond)
	return v
}

// Select sets v = a if cond == 1, and v = b if cond == 0, and returns v.
func (v *Affine) Select(a, b *Affine, cond int) *Affine {
	v.X.Select(&a.X, &b.X, cond)
	v.Y.Select(&a.Y, &b.Y, cond)
	return v
}

// Lookup sets v = table[idx] and returns v, in constant time: it reads every
// entry and keeps the one whose index equals idx by masking, with no
// secret-dependent branch or address. 0 ≤ idx < len(table) < 2³¹.
func (v *Affine) Lookup(table []Affine, idx int) *Affine {
	if debug.Enabled {
		debug.Assert(0 <= idx && idx < len(table) && uint64(len(table)) < 1<<31, "group: Lookup index out of range")
	}
	return v.lookup(table, idx) // lookupGeneric or its assembly twin (formulas_amd64.go)
}

// lookupGeneric is Lookup in portable Go, the reference for its assembly
// twin.
func (v *Affine) lookupGeneric(table []Affine, idx int) *Affine {
	*v = Affine{}
	for j := range table {
		// mask is all ones when j == idx: (j ^ idx) − 1 borrows only for 0.
		mask := -((uint64(uint32(j^idx)) - 1) >> 63)
		v.X.OrMask(&table[j].X, mask)
		v.Y.OrMask(&table[j].Y, mask)
	}
	return v
}

// Negate sets v = −p and returns v.
func (v *Jacobian) Negate(p *Jacobian) *Jacobian {
	v.X = p.X
	v.Y.Negate(&p.Y)
	v.Z = p.Z
	return v
}

// Negate sets v = −a and returns v.
func (v *Affine) Negate(a *Affine) *Affine {
	v.X = a.X
	v.Y.Negate(&a.Y)
	return v
}

// CondNegate sets v = −p if cond == 1, and v = p if cond == 0, and returns v.
func (v *Jacobian) CondNegate(p *Jacobian, cond int) *Jacobian {
	v.X = p.X
	v.Y.CondNegate(&p.Y, cond)
	v.Z = p.Z
	return v
}

// CondNegate sets v = −a if cond == 1, and v = a if cond == 0, and returns v.
func (v *Affine) CondNegate(a *Affine, cond int) *Affine {
	v.X = a.X
	v.Y.CondNegate(&a.Y, cond)
	return v
}

// Equal returns 1 if p and q are the same point, and 0 otherwise.
// It compares X₁Z₂² = X₂Z₁² and Y₁Z₂³ = Y₂Z₁³ (4M + 2S).
func (p *Jacobian) Equal(q *Jacobian) int {
	u1, u2, s1, s2 := crossScale(p, q)
	inf1, inf2 := p.IsIdentity(), q.IsIdentity()
	same := u1.Equal(&u2) & s1.Equal(&s2)
	// Both identity: equal. Exactly one: not equal. Neither: compare.
	return (inf1 & inf2) | ((inf1|inf2)^1)&same
}

// Equal returns 1 if a and b are the same point, and 0 otherwise.
func (a *Affine) Equal(b *Affine) int {
	return a.X.Equal(&b.X) & a.Y.Equal(&b.Y)
}

// IsOnCurve returns 1 if Y² = X³ + 7, and 0 otherwise.
func (a *Affine) IsOnCurve() int {
	var y2, x3 field.Element
	y2.Square(&a.Y)
	x3.Square(&a.X)
	x3.Multiply(&x3, &a.X)
	x3.Add(&x3, &B)
	return y2.Equal(&x3)
}

// IsOnCurve returns 1 if p is the identity or satisfies Y² = X³ + 7·Z⁶, and 0
// otherwise.
func (p *Jacobian) IsOnCurve() int {
	var y2, x3, z2, z6 field.Element
	y2.Square(&p.Y)
	x3.Square(&p.X)
	x3.Multiply(&x3, &p.X)
	z2.Square(&p.Z)
	z6.Square(&z2)
	z6.Multiply(&z6, &z2)
	z6.MultiplySmall(&z6, 7)
	x3.Add(&x3, &z6)
	return y2.Equal(&x3) | p.IsIdentity()
}

// SetJacobian sets v to the affine form of p and returns (v, 1), or returns
// (v, 0) with v unchanged if p is the identity. It runs in constant time
// (one constant-time inversion, 3M + 1S).
func (v *Affine) SetJacobian(p *Jacobian) (*Affine, int) {
	var zi, zi2, zi3, x, y field.Element
	zi.Invert(&p.Z)
	zi2.Square(&zi)
	zi3.Multiply(&zi2, &zi)
	x.Multiply(&p.X, &zi2)
	y.Multiply(&p.Y, &zi3)
	ok := 1 ^ p.IsIdentity()
	v.X.Select(&x, &v.X, ok)
	v.Y.Select(&y, &v.Y, ok)
	return v, ok
}

// VarTimeSetJacobian is SetJacobian with a variable-time inversion.
func (v *Affine) VarTimeSetJacobian(p *Jacobian) (*Affine, int) {
	if p.IsIdentity() == 1 {
		return v, 0
	}
	var zi, zi2, zi3 field.Element
	zi.VarTimeInvert(&p.Z)
	zi2.Square(&zi)
	zi3.Multiply(&zi2, &zi)
	v.X.Multiply(&p.X, &zi2)
	v.Y.Multiply(&p.Y, &zi3)
	return v, 1
}
