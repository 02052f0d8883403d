package group8

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The conversions between lanes and internal/group's points, for the tests,
// which check the lanes against group's formulas: outside its tests the
// package does not import internal/group, and internal/ecmult converts.

// set sets lane j of v to p.
func (v *Jacobian8) set(j int, p *group.Jacobian) {
	v.X.SetLane(j, new(p.X.Limbs()))
	v.Y.SetLane(j, new(p.Y.Limbs()))
	v.Z.SetLane(j, new(p.Z.Limbs()))
}

// get sets p to lane j of v.
func (v *Jacobian8) get(j int, p *group.Jacobian) {
	p.X, p.Y, p.Z = lane(&v.X, j), lane(&v.Y, j), lane(&v.Z, j)
}

// set sets lane j of v to a.
func (v *Affine8) set(j int, a *group.Affine) {
	v.X.SetLane(j, new(a.X.Limbs()))
	v.Y.SetLane(j, new(a.Y.Limbs()))
}

// lane returns lane j of e.
func lane(e *field8.Element8, j int) (x field.Element) {
	w0, w1, w2, w3 := e.Lane(j)
	x.SetLimbs(&[4]uint64{w0, w1, w2, w3})
	return x
}

// affine64 returns a in canonical 64-bit limbs: a table entry of Lookup
// and VarTimeGatherAffine, as internal/ecmult's tables hold it.
func affine64(a *group.Affine) Affine64 {
	return Affine64{X: a.X.Limbs(), Y: a.Y.Limbs()}
}
