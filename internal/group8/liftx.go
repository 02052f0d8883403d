package group8

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// LiftLanes is the number of x coordinates LiftX lifts at once: two
// Element8s, whose square roots field8.Sqrt2 overlaps.
const LiftLanes = 2 * field8.Lanes

// LiftX is group.Affine.LiftX on LiftLanes x coordinates at once: for each
// j it sets v[j] to the point with x coordinate x[j] and y of parity odd[j]
// (0 or 1) and sets ok[j] = 1, or sets ok[j] = 0 if x[j]³ + 7 is not a
// square (v[j] is then unspecified). v's coordinates are canonical, so
// v[j] and ok[j] are those of v[j].LiftX(&x[j], odd[j]). The right-hand
// sides and their square roots run on the lanes of internal/field8,
// the rest lane by lane on field.Element; it is worth it on CPUs where
// field8 runs IFMA (field8.IFMA). It runs in constant time.
func LiftX(v *[LiftLanes]group.Affine, x *[LiftLanes]field.Element, odd *[LiftLanes]int) (ok [LiftLanes]int) {
	var rhs [2]field8.Element8
	for h := range rhs {
		var x8, x3 field8.Element8
		for j := range field8.Lanes {
			x8.Set(j, &x[h*field8.Lanes+j])
		}
		x3.Square(&x8)
		x3.Mul(&x3, &x8)
		rhs[h].Add(&x3, &seven8)
	}
	sqrtOK := field8.Sqrt2(&rhs, &rhs)
	for h := range rhs {
		for j := range field8.Lanes {
			i := h*field8.Lanes + j
			var y field.Element
			rhs[h].Get(j, &y)
			y.Normalize(&y)
			y.CondNegate(&y, y.IsOdd()^odd[i])
			v[i].X.Normalize(&x[i])
			v[i].Y = y
			ok[i] = sqrtOK[h][j]
		}
	}
	return ok
}

// seven8 is the curve's B = 7 in every lane.
var seven8 = func() (s field8.Element8) {
	for j := range field8.Lanes {
		s.Set(j, &group.B)
	}
	return s
}()

// LiftXAll sets v[i] to BIP-340's lift_x(x[i]), the point with x coordinate
// x[i] and an even y, and ok[i] to 1, or ok[i] to 0 if x[i]³ + 7 is not a
// square (v[i] is then unspecified), for every i: LiftLanes at a time with
// LiftX where field8.IFMA, the rest (or all, without IFMA) one by one with
// group.Affine.LiftX. v, ok and x have the same length. Half-aggregate
// verification lifts every nonce and key with it. It runs in constant time.
func LiftXAll(v []group.Affine, ok []int, x []field.Element) {
	if len(v) != len(x) || len(ok) != len(x) {
		panic("group8: LiftXAll with slices of different lengths")
	}
	i := 0
	if field8.IFMA() {
		var odd [LiftLanes]int
		for ; i+LiftLanes <= len(x); i += LiftLanes {
			lanes := LiftX((*[LiftLanes]group.Affine)(v[i:]), (*[LiftLanes]field.Element)(x[i:]), &odd)
			copy(ok[i:], lanes[:])
		}
	}
	for ; i < len(x); i++ {
		ok[i] = v[i].LiftX(&x[i], 0)
	}
}
