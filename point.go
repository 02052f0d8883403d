package secp256k1

import (
	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// Point is a point of secp256k1, possibly the identity. The zero value is not
// a valid point and may only be used as a receiver.
type Point struct {
	// p is the point in Jacobian coordinates. Every Point that methods return
	// keeps the identity in the form (0, 1, 0), so the all-zero zero value is
	// recognisably uninitialised.
	p group.Jacobian
}

// checkInitialized panics if any of the points is nil or the zero value:
// using one as an input is a programmer error.
func checkInitialized(points ...*Point) {
	for _, p := range points {
		if p == nil || p.p.X.IsZero()&p.p.Y.IsZero()&p.p.Z.IsZero() == 1 {
			panic("secp256k1: use of an uninitialized Point")
		}
		if debug.Enabled {
			checkOnCurve(&p.p, "input")
		}
	}
}

// setJacobian sets v = p, normalising the identity to (0, 1, 0), and returns v.
func (v *Point) setJacobian(p *group.Jacobian) *Point {
	var zero, one field.Element
	one.One()
	inf := p.IsIdentity()
	v.p.X.Select(&zero, &p.X, inf)
	v.p.Y.Select(&one, &p.Y, inf)
	v.p.Z = p.Z
	if debug.Enabled {
		checkOnCurve(&v.p, "result")
	}
	return v
}

// NewIdentityPoint returns a new Point set to the identity.
func NewIdentityPoint() *Point {
	v := new(Point)
	v.p.Y.One()
	return v
}

// NewGeneratorPoint returns a new Point set to the canonical generator G.
func NewGeneratorPoint() *Point {
	v := new(Point)
	v.p.SetAffine(&group.Generator)
	return v
}

// Set sets v = p and returns v.
func (v *Point) Set(p *Point) *Point {
	checkInitialized(p)
	*v = *p
	return v
}

// Add sets v = p + q and returns v.
func (v *Point) Add(p, q *Point) *Point {
	checkInitialized(p, q)
	var r group.Jacobian
	r.Add(&p.p, &q.p)
	return v.setJacobian(&r)
}

// Subtract sets v = p − q and returns v.
func (v *Point) Subtract(p, q *Point) *Point {
	checkInitialized(p, q)
	var r, nq group.Jacobian
	nq.Negate(&q.p)
	r.Add(&p.p, &nq)
	return v.setJacobian(&r)
}

// Negate sets v = −p and returns v.
func (v *Point) Negate(p *Point) *Point {
	checkInitialized(p)
	var r group.Jacobian
	r.Negate(&p.p)
	return v.setJacobian(&r)
}

// Double sets v = 2·p and returns v.
func (v *Point) Double(p *Point) *Point {
	checkInitialized(p)
	var r group.Jacobian
	r.Double(&p.p)
	return v.setJacobian(&r)
}

// Equal returns 1 if v and u are the same point, and 0 otherwise.
func (v *Point) Equal(u *Point) int {
	checkInitialized(v, u)
	return v.p.Equal(&u.p)
}

// IsIdentity returns 1 if v is the identity, and 0 otherwise.
func (v *Point) IsIdentity() int {
	checkInitialized(v)
	return v.p.IsIdentity()
}

// affine returns v's affine coordinates, canonical, and 0 for the identity
// (1 otherwise). It runs in constant time.
func (v *Point) affine() (x, y field.Element, ok int) {
	var a group.Affine
	_, ok = a.SetJacobian(&v.p)
	x.Normalize(&a.X)
	y.Normalize(&a.Y)
	return x, y, ok
}

// checkOnCurve panics unless p is on secp256k1 (y² = x³ + 7) or the
// identity. The Point API is the boundary where this holds: inside, the
// group formulas also run on isomorphic curves y² = x³ + b′ (the
// effective-affine tables, x-only multiplication, the tests on twists).
func checkOnCurve(p *group.Jacobian, op string) {
	if p.IsOnCurve() == 0 {
		debug.Fail("Point." + op + ": point not on secp256k1")
	}
}
