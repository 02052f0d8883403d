package group8

import (
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// tableEntry is group.Affine under a package-scope name, which the signature
// of lookup8IFMA in the assembly generator can resolve (it cannot see the
// file-scope import).
type tableEntry = group.Affine

// Lookup sets lane j of v to table[idx[j]], negated where neg[j] ≠ 0, and
// returns v, in constant time in idx and neg: every lane reads every entry
// and keeps the one at its index by masking, with no index-dependent
// address or branch (group.Affine.Lookup's method, lane by lane), and the
// negation is a masked select of y and p − y. It is the signed table lookup
// of a comb (internal/ecmult's ScalarBaseMult8). idx[j] < len(table).
//
// The entries are read as they are stored. The backends give the same
// limbs for entries in canonical form (field.Element.Normalize), the form
// of internal/ecmult's comb table; other entries give the same values mod
// p, in limbs that may differ between backends.
func (v *Affine8) Lookup(table []group.Affine, idx, neg *[field8.Lanes]uint64) *Affine8 {
	if useAsm() {
		lookup8IFMA(v, table, idx, neg)
		return v
	}
	return v.lookupGeneric(table, idx, neg)
}

// lookupGeneric is Lookup in portable Go, the reference for its assembly
// twin: the entry of each lane, then p − y for every lane, kept where neg
// is set.
func (v *Affine8) lookupGeneric(table []group.Affine, idx, neg *[field8.Lanes]uint64) *Affine8 {
	for j := range field8.Lanes {
		var a group.Affine
		for i := range table {
			// mask is all ones when i == idx[j]: (i ^ idx) − 1 borrows only for 0.
			x := uint64(i) ^ idx[j]
			mask := -((^x & (x - 1)) >> 63)
			a.X.OrMask(&table[i].X, mask)
			a.Y.OrMask(&table[i].Y, mask)
		}
		v.X.Set(j, &a.X)
		v.Y.Set(j, &a.Y)
	}
	condNegateGeneric(&v.Y, neg)
	return v
}
