package group8

import "github.com/kestrel-crypto/secp256k1/internal/field8"

// LookupLanes sets lane j of v to lane j of table[idx[j]], negated where
// neg[j] ≠ 0, and returns v, in constant time in idx and neg: every lane
// reads every entry and keeps the one at its index by masking, and the
// negation is a masked select of y and 0 − y (field8's Sub). It is the
// signed lookup of a table that holds a different point's multiples in each
// lane (internal/ecmult's ScalarMult8). idx[j] < len(table); the entries'
// limbs must be below 2⁵² (every Element8 of field8 has them), and are
// copied as they are.
func (v *Affine8) LookupLanes(table []Affine8, idx, neg *[field8.Lanes]uint64) *Affine8 {
	if useAsm() {
		lookupLanes8IFMA(v, table, idx, neg)
		return v
	}
	return v.lookupLanesGeneric(table, idx, neg)
}

// lookupLanesGeneric is LookupLanes in portable Go, the reference for its
// assembly twin.
func (v *Affine8) lookupLanesGeneric(table []Affine8, idx, neg *[field8.Lanes]uint64) *Affine8 {
	var a Affine8
	for i := range table {
		for j := range field8.Lanes {
			// mask is all ones when i == idx[j]: (i ^ idx) − 1 borrows only for 0.
			x := uint64(i) ^ idx[j]
			mask := -((^x & (x - 1)) >> 63)
			for l := range a.X.L {
				a.X.L[l][j] |= table[i].X.L[l][j] & mask
				a.Y.L[l][j] |= table[i].Y.L[l][j] & mask
			}
		}
	}
	condNegateGeneric(&a.Y, neg)
	*v = a
	return v
}

// condNegateGeneric sets y = 0 − y (field8's Sub) in the lanes where
// neg[j] ≠ 0, by a masked select of y and 0 − y: the signed lookups'
// negation, in portable Go.
func condNegateGeneric(y *field8.Element8, neg *[field8.Lanes]uint64) {
	var zero, ny field8.Element8
	ny.Sub(&zero, y)
	for j := range field8.Lanes {
		mask := -((neg[j] | -neg[j]) >> 63) // all ones where neg[j] ≠ 0
		for l := range ny.L {
			y.L[l][j] ^= (y.L[l][j] ^ ny.L[l][j]) & mask
		}
	}
}

// Select sets lane j of v to lane j of a where cond[j] ≠ 0 and to lane j of
// b where cond[j] = 0, and returns v, in constant time in cond.
func (v *Jacobian8) Select(a, b *Jacobian8, cond *[field8.Lanes]uint64) *Jacobian8 {
	if useAsm() {
		selectJacobian8IFMA(v, a, b, cond)
		return v
	}
	return v.selectGeneric(a, b, cond)
}

// selectGeneric is Select in portable Go, the reference for its assembly
// twin.
func (v *Jacobian8) selectGeneric(a, b *Jacobian8, cond *[field8.Lanes]uint64) *Jacobian8 {
	for j := range field8.Lanes {
		mask := -((cond[j] | -cond[j]) >> 63) // all ones where cond[j] ≠ 0
		for l := range v.X.L {
			v.X.L[l][j] = b.X.L[l][j] ^ (a.X.L[l][j]^b.X.L[l][j])&mask
			v.Y.L[l][j] = b.Y.L[l][j] ^ (a.Y.L[l][j]^b.Y.L[l][j])&mask
			v.Z.L[l][j] = b.Z.L[l][j] ^ (a.Z.L[l][j]^b.Z.L[l][j])&mask
		}
	}
	return v
}
