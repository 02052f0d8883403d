//go:build purego || !amd64

package group8

// This build has no assembly.
func useAsm() bool { return false }

func double8IFMA(v, p *Jacobian8)                { panic("group8: no assembly in this build") }
func addAffine8IFMA(v, p *Jacobian8, q *Affine8) { panic("group8: no assembly in this build") }

func double8x2IFMA(v, p, v2, p2 *Jacobian8) { panic("group8: no assembly in this build") }

func addAffine8x2IFMA(v, p *Jacobian8, q *Affine8, v2, p2 *Jacobian8, q2 *Affine8) {
	panic("group8: no assembly in this build")
}

func lookup8IFMA(v *Affine8, table []Affine64, idx, neg *[8]uint64) {
	panic("group8: no assembly in this build")
}

func lookupLanes8IFMA(v *Affine8, table []Affine8, idx, neg *[8]uint64) {
	panic("group8: no assembly in this build")
}

func selectJacobian8IFMA(v, a, b *Jacobian8, cond *[8]uint64) {
	panic("group8: no assembly in this build")
}
