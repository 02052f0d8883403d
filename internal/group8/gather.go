package group8

import "github.com/kestrel-crypto/secp256k1/internal/field8"

// VarTimeGather sets lane j of v to the entry |dⱼ| >> 1 of t, lane j, with
// y negated if dⱼ < 0, and returns v: with t[i] = (2i + 1)·Pⱼ in lane j, v
// is dⱼ·Pⱼ for odd digits dⱼ. It panics if an entry is out of t. Not
// constant time: the digits choose the memory read.
func (v *Affine8) VarTimeGather(t []Affine8, d *[field8.Lanes]int32) *Affine8 {
	checkDigits(len(t), d)
	if useAsm() {
		gather8IFMA(v, &t[0], d)
		return v
	}
	return v.gatherGeneric(t, d)
}

// VarTimeGatherAffine sets lane j of v to the entry |dⱼ| >> 1 of t, with y
// negated if dⱼ < 0, and returns v: with t[i] = (2i + 1)·P, lane j of v is
// dⱼ·P for odd digits dⱼ. Every lane reads the one shared table of 4×64-bit
// points (Affine64: internal/ecmult's Strauss tables of G), whose limbs are
// split into lanes as they are stored (field8.Element8.SetLane). It panics
// if an entry is out of t. Not constant time: the digits choose the memory
// read.
func (v *Affine8) VarTimeGatherAffine(t []Affine64, d *[field8.Lanes]int32) *Affine8 {
	checkDigits(len(t), d)
	if useAsm() {
		gatherAffine8IFMA(v, &t[0], d)
		return v
	}
	return v.gatherAffineGeneric(t, d)
}

// checkDigits panics unless every |dⱼ| >> 1 is below n, the table size.
func checkDigits(n int, d *[field8.Lanes]int32) {
	for _, dj := range d {
		if a := int64(dj); (max(a, -a) >> 1) >= int64(n) {
			panic("group8: digit out of the table")
		}
	}
}

func (v *Affine8) gatherGeneric(t []Affine8, d *[field8.Lanes]int32) *Affine8 {
	for j, dj := range d {
		e := &t[max(dj, -dj)>>1]
		for i := range 5 {
			v.X.L[i][j] = e.X.L[i][j]
			v.Y.L[i][j] = e.Y.L[i][j]
		}
	}
	return v.negateLanes(d)
}

func (v *Affine8) gatherAffineGeneric(t []Affine64, d *[field8.Lanes]int32) *Affine8 {
	for j, dj := range d {
		e := &t[max(dj, -dj)>>1]
		v.X.SetLane(j, &e.X)
		v.Y.SetLane(j, &e.Y)
	}
	return v.negateLanes(d)
}

// negateLanes sets y to −y, as field8's Sub from zero, in the lanes with a
// negative digit.
func (v *Affine8) negateLanes(d *[field8.Lanes]int32) *Affine8 {
	var zero, n field8.Element8
	n.Sub(&zero, &v.Y)
	for j, dj := range d {
		if dj < 0 {
			for i := range 5 {
				v.Y.L[i][j] = n.L[i][j]
			}
		}
	}
	return v
}
