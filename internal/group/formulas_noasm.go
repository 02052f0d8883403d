//go:build !amd64 || purego

package group

import "github.com/kestrel-crypto/secp256k1/internal/field"

// The portable backend: the generic Go formulas everywhere but amd64 (and
// amd64 with the purego tag).

func (v *Jacobian) double(p *Jacobian) *Jacobian { return v.doubleGeneric(p) }

func (v *Jacobian) varTimeDouble(p *Jacobian) *Jacobian { return v.doubleGeneric(p) }

func (v *Jacobian) varTimeAdd(p, q *Jacobian) *Jacobian { return v.varTimeAddGeneric(p, q) }

func (v *Jacobian) addAffine(p *Jacobian, a *Affine) *Jacobian { return v.addAffineGeneric(p, a) }

func (v *Affine) lookup(table []Affine, idx int) *Affine { return v.lookupGeneric(table, idx) }

func (v *Jacobian) varTimeAddAffineScaledZr(p *Jacobian, a *Affine, az, zr *fieldElement) *Jacobian {
	return v.varTimeAddAffineScaledZrGeneric(p, a, az, zr)
}

func (v *Jacobian) addAffineDistinctZr(p *Jacobian, a *Affine, zr *fieldElement) *Jacobian {
	return v.addAffineDistinctZrGeneric(p, a, zr)
}

func (v *Jacobian) varTimeAddAffineScaled(p *Jacobian, a *Affine, az *fieldElement) *Jacobian {
	return v.varTimeAddAffineScaledGeneric(p, a, az)
}

// fieldElement names field.Element for the assembly generator, which loads
// this package with the purego tag (formulas_amd64.go has the same alias).
type fieldElement = field.Element

// backends returns the names of the backends this build can run.
func backends() []string { return []string{"generic"} }

// setBackend forces the backend name; only "generic" exists here.
func setBackend(name string) (restore func()) {
	if name != "generic" {
		panic("group: unknown backend " + name)
	}
	return func() {}
}
