package group8

import "github.com/kestrel-crypto/secp256k1/internal/field8"

// Affine64 is one affine point in little-endian 64-bit limbs, x then y,
// each a value below 2²⁵⁶ (not necessarily below p): the memory layout of
// internal/group's Affine, whose tables (the comb's, Strauss's multiples
// of G) internal/ecmult hands to Lookup and VarTimeGatherAffine as
// Affine64s, in place; a test there checks that the two layouts are one.
type Affine64 struct {
	X, Y [4]uint64
}

// Lookup sets lane j of v to table[idx[j]], negated where neg[j] ≠ 0, and
// returns v, in constant time in idx and neg: every lane reads every entry
// and keeps the one at its index by masking, with no index-dependent
// address or branch (group.Affine.Lookup's method, lane by lane), and the
// negation is a masked select of y and 0 − y (field8's Sub). It is the
// signed table lookup of a comb (internal/ecmult's ScalarBaseMult8).
// idx[j] < len(table). The entries' limbs are split into lanes as they are
// stored (field8.Element8.SetLane), by both backends alike.
func (v *Affine8) Lookup(table []Affine64, idx, neg *[field8.Lanes]uint64) *Affine8 {
	if useAsm() {
		lookup8IFMA(v, table, idx, neg)
		return v
	}
	return v.lookupGeneric(table, idx, neg)
}

// lookupGeneric is Lookup in portable Go, the reference for its assembly
// twin: the entry of each lane, then 0 − y for every lane, kept where neg
// is set.
func (v *Affine8) lookupGeneric(table []Affine64, idx, neg *[field8.Lanes]uint64) *Affine8 {
	for j := range field8.Lanes {
		var a Affine64
		for i := range table {
			// mask is all ones when i == idx[j]: (i ^ idx) − 1 borrows only for 0.
			x := uint64(i) ^ idx[j]
			mask := -((^x & (x - 1)) >> 63)
			for w := range a.X {
				a.X[w] |= table[i].X[w] & mask
				a.Y[w] |= table[i].Y[w] & mask
			}
		}
		v.X.SetLane(j, &a.X)
		v.Y.SetLane(j, &a.Y)
	}
	condNegateGeneric(&v.Y, neg)
	return v
}
