package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// Sixteen lift_x at once: the square roots of x³ + 7 on the lanes of
// internal/field8 (field8.Sqrt2 overlaps two groups of eight), for
// schnorr.BatchVerifier's R and halfagg's nonces and keys.

// LiftX16 is group.Affine.LiftX on Lanes2 x coordinates at once: for each
// j it sets v[j] to the point with x coordinate x[j] and y of parity odd[j]
// (0 or 1) and sets ok[j] = 1, or sets ok[j] = 0 if x[j]³ + 7 is not a
// square (v[j] is then unspecified). v's coordinates are canonical, so
// v[j] and ok[j] are those of v[j].LiftX(&x[j], odd[j]). The right-hand
// sides and their square roots run on the lanes of internal/field8,
// the rest lane by lane on field.Element; it is worth it where UseLanes.
// It runs in constant time.
func LiftX16(v *[Lanes2]group.Affine, x *[Lanes2]field.Element, odd *[Lanes2]int) (ok [Lanes2]int) {
	var rhs [2]field8.Element8
	for h := range rhs {
		var x8, x3 field8.Element8
		for j := range lanes {
			setLane(&x8, j, &x[h*lanes+j])
		}
		x3.Square(&x8)
		x3.Mul(&x3, &x8)
		rhs[h].Add(&x3, &seven8)
	}
	sqrtOK := field8.Sqrt2(&rhs, &rhs)
	for h := range rhs {
		for j := range lanes {
			i := h*lanes + j
			var y field.Element
			getLane(&rhs[h], j, &y)
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
	for j := range lanes {
		setLane(&s, j, &group.B)
	}
	return s
}()

// LiftXAll sets v[i] to BIP-340's lift_x(x[i]), the point with x coordinate
// x[i] and an even y, and ok[i] to 1, or ok[i] to 0 if x[i]³ + 7 is not a
// square (v[i] is then unspecified), for every i: Lanes2 at a time with
// LiftX16 where UseLanes, the rest (or all, without the lanes) one by one
// with group.Affine.LiftX. v, ok and x have the same length. Half-aggregate
// verification lifts every nonce and key with it. It runs in constant time.
func LiftXAll(v []group.Affine, ok []int, x []field.Element) {
	if len(v) != len(x) || len(ok) != len(x) {
		panic("ecmult: LiftXAll with slices of different lengths")
	}
	i := 0
	if UseLanes() {
		var odd [Lanes2]int
		for ; i+Lanes2 <= len(x); i += Lanes2 {
			lanes := LiftX16((*[Lanes2]group.Affine)(v[i:]), (*[Lanes2]field.Element)(x[i:]), &odd)
			copy(ok[i:], lanes[:])
		}
	}
	for ; i < len(x); i++ {
		ok[i] = v[i].LiftX(&x[i], 0)
	}
}
