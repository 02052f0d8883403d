//go:build !amd64 || purego

package group

import "github.com/kestrel-crypto/secp256k1/internal/field"

// asmFormulas would hold the assembly formulas; this build has none.
type asmFormulas struct {
	double          func(v, p *Jacobian)
	varTimeDouble   func(v, p *Jacobian)
	addAffineScaled func(v, p *Jacobian, a *Affine, az *field.Element) int
	addVar          func(v, p, q *Jacobian) int
	addAffine       func(v, p *Jacobian, a *Affine)
	lookup          func(v *Affine, table *Affine, n, idx int)
}

func asmTwins() *asmFormulas { return nil }
