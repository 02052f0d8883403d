package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// tableWindow is the wNAF width of a point with a prebuilt Table: 10, for
// 256 odd multiples. The two GLV halves of its scalar then take about
// 2·128/11 ≈ 23 additions instead of the 43 of a width-5 table built on the
// fly, and no table is built per multiplication. Measured against width 8
// and 9 (docs/ecmult.md): each step narrower costs 1–2% of a two-point
// check; wider ones cost more to build and keep than they save.
const tableWindow = 10

// tableSize is the number of entries of a Table, 1P, 3P, …, 511P.
const tableSize = 1 << (tableWindow - 2)

// Table is the precomputed Strauss table of a point P for
// VarTimeMult2GTable: the affine odd multiples 1P, 3P, …, 511P, and β·x of
// each (the x coordinates of their images under φ, λ·entry). It takes
// 24 KiB. The zero value is not a table.
type Table struct {
	pts [tableSize]group.Affine
	bx  [tableSize]field.Element
}

// Set makes t the table of p, in variable time, and reports whether it
// could: false if p is the identity or not on the curve (then t is not a
// table). It costs 256 additions and one inversion, about three two-point
// multiplications.
func (t *Table) Set(p *group.Jacobian) bool {
	if p.IsIdentity() == 1 || p.IsOnCurve() == 0 {
		return false
	}
	var jac [tableSize]group.Jacobian
	var d group.Jacobian
	d.VarTimeDouble(p)
	jac[0] = *p
	for i := 1; i < tableSize; i++ {
		jac[i].VarTimeAdd(&jac[i-1], &d)
	}
	var scratch [tableSize]field.Element
	if !group.VarTimeBatchSetJacobian(t.pts[:], jac[:], scratch[:]) {
		return false // not reached: no odd multiple below n of a curve point is O
	}
	for i := range t.pts {
		t.bx[i].Multiply(&t.pts[i].X, &group.Beta)
	}
	return true
}
