//go:build !purego

package group

import "github.com/kestrel-crypto/secp256k1/internal/debug"

// The kestrel_debug cross-check of the assembly formulas (internal/debug):
// each wrapper of formulas_amd64.go, under `if debug.Enabled`, computes the
// generic twin first (the receiver may alias an input) and then the
// assembly, and panics if the coordinates differ mod p. The twins compute
// the same expressions, so the coordinates agree without any scaling, and
// no curve equation is involved (the formulas also run on isomorphic curves
// and twists). The table scan must copy the entry exactly.

// testAsmFault, if a test of the kestrel_debug build sets it, adds 1 to
// the X coordinate of each assembly result before the comparison, to show
// that the comparison fires. (A flag, not a function: a call through a function
// value would make the results escape to the heap.)
var testAsmFault bool

func (v *Affine) lookupChecked(table []Affine, idx int) *Affine {
	if !useAVX2 || len(table) == 0 {
		return v.lookupGeneric(table, idx)
	}
	var want Affine
	want.lookupGeneric(table, idx)
	lookupAVX2(v, &table[0], len(table), idx)
	if testAsmFault {
		addOne(&v.X)
	}
	if *v != want {
		debug.Fail("group: lookup: assembly and generic results differ")
	}
	return v
}

// doubleChecked checks doubleADX, or varTimeDoubleADX if varTime; both are
// twins of doubleGeneric.
func (v *Jacobian) doubleChecked(p *Jacobian, varTime bool) *Jacobian {
	if !useADX {
		return v.doubleGeneric(p)
	}
	var want Jacobian
	want.doubleGeneric(p)
	if varTime {
		varTimeDoubleADX(v, p)
		checkJacobianAsm(v, &want, "group: varTimeDouble")
		return v
	}
	doubleADX(v, p)
	checkJacobianAsm(v, &want, "group: double")
	return v
}

func (v *Jacobian) varTimeAddAffineScaledChecked(p *Jacobian, a *Affine, az *fieldElement) *Jacobian {
	if !useADX {
		return v.varTimeAddAffineScaledGeneric(p, a, az)
	}
	var want Jacobian
	want.varTimeAddAffineScaledGeneric(p, a, az)
	old := *v
	if varTimeAddAffineScaledADX(v, p, a, az) == 0 {
		checkJacobianAsm(v, &want, "group: varTimeAddAffineScaled")
		return v
	}
	if *v != old {
		debug.Fail("group: varTimeAddAffineScaled: assembly wrote v in an exceptional case")
	}
	*v = want
	return v
}

func (v *Jacobian) varTimeAddAffineScaledZrChecked(p *Jacobian, a *Affine, az, zr *fieldElement) *Jacobian {
	if !useADX {
		return v.varTimeAddAffineScaledZrGeneric(p, a, az, zr)
	}
	var want Jacobian
	var wantZr fieldElement
	want.varTimeAddAffineScaledZrGeneric(p, a, az, &wantZr)
	old, oldZr := *v, *zr
	if varTimeAddAffineScaledZrADX(v, p, a, az, zr) == 0 {
		checkJacobianAsm(v, &want, "group: varTimeAddAffineScaledZr")
		checkZrAsm(zr, &wantZr, "group: varTimeAddAffineScaledZr")
		return v
	}
	if *v != old || *zr != oldZr {
		debug.Fail("group: varTimeAddAffineScaledZr: assembly wrote v or zr in an exceptional case")
	}
	*v, *zr = want, wantZr
	return v
}

func (v *Jacobian) addAffineDistinctZrChecked(p *Jacobian, a *Affine, zr *fieldElement) *Jacobian {
	if !useADX {
		return v.addAffineDistinctZrGeneric(p, a, zr)
	}
	var want Jacobian
	var wantZr fieldElement
	want.addAffineDistinctZrGeneric(p, a, &wantZr)
	addAffineDistinctZrADX(v, p, a, zr)
	checkJacobianAsm(v, &want, "group: addAffineDistinctZr")
	checkZrAsm(zr, &wantZr, "group: addAffineDistinctZr")
	return v
}

// checkZrAsm panics if the assembly's z-ratio got and the generic one want
// differ mod p.
func checkZrAsm(got, want *fieldElement, op string) {
	if got.Equal(want) == 0 {
		debug.Fail(op + ": assembly and generic z-ratios differ")
	}
}

func (v *Jacobian) varTimeAddChecked(p, q *Jacobian) *Jacobian {
	if !useADX {
		return v.varTimeAddGeneric(p, q)
	}
	var want Jacobian
	want.varTimeAddGeneric(p, q)
	old := *v
	if varTimeAddADX(v, p, q) == 0 {
		checkJacobianAsm(v, &want, "group: varTimeAdd")
		return v
	}
	if *v != old {
		debug.Fail("group: varTimeAdd: assembly wrote v in an exceptional case")
	}
	*v = want
	return v
}

func (v *Jacobian) addAffineChecked(p *Jacobian, a *Affine) *Jacobian {
	if !useADX {
		return v.addAffineGeneric(p, a)
	}
	var want Jacobian
	want.addAffineGeneric(p, a)
	addAffineADX(v, p, a)
	checkJacobianAsm(v, &want, "group: addAffine")
	return v
}

// checkJacobianAsm panics if the assembly result got and the generic result
// want differ in any coordinate mod p.
func checkJacobianAsm(got, want *Jacobian, op string) {
	if testAsmFault {
		addOne(&got.X)
	}
	if got.X.Equal(&want.X)&got.Y.Equal(&want.Y)&got.Z.Equal(&want.Z) == 0 {
		debug.Fail(op + ": assembly and generic results differ")
	}
}

// addOne adds 1 to x, for testAsmFault.
func addOne(x *fieldElement) {
	var one fieldElement
	x.Add(x, one.One())
}
