package ecmult

import (
	"unsafe"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
)

// What the lane engines share: gen8.go, const8.go and strauss8.go, and
// their sixteen-lane forms gen16.go, const16.go and strauss16.go, on the
// eight lanes of internal/field8 and internal/group8; and the conversions
// between the lanes and this package's one-point types, which the lane
// packages leave to it (they import neither internal/field nor
// internal/group).

// lanes is the number of lanes of internal/field8 and internal/group8: eight.
const lanes = field8.Lanes

// Lanes is the number of multiplications of the eight-lane entry points
// (gen8.go, const8.go, strauss8.go), the lanes of internal/group8. The
// protocol packages size their groups with it and Lanes2, and ask UseLanes
// whether the lanes pay: they need not import the lane packages.
const Lanes = lanes

// Lanes2 is the number of multiplications of the sixteen-lane entry
// points (gen16.go, const16.go, strauss16.go): two groups of eight lanes.
const Lanes2 = 2 * lanes

// UseLanes reports whether the lane engines are faster than as many
// single-point calls (VarTimeMult1G8 than eight VarTimeMult1G, and so on):
// when internal/field8 runs its AVX-512 IFMA assembly (the CPU has IFMA,
// the build is not purego, and no test chose the generic backend). The
// generic twins are many times slower than the MULX single path.
func UseLanes() bool { return field8.IFMA() }

// setLane sets lane j of v to x.
func setLane(v *field8.Element8, j int, x *field.Element) {
	w := x.Limbs()
	v.SetLane(j, &w)
}

// getLane sets x to lane j of v.
func getLane(v *field8.Element8, j int, x *field.Element) {
	w0, w1, w2, w3 := v.Lane(j)
	x.SetLimbs(&[4]uint64{w0, w1, w2, w3})
}

// setJacobianLane sets lane j of v to p.
func setJacobianLane(v *group8.Jacobian8, j int, p *group.Jacobian) {
	x, y, z := p.X.Limbs(), p.Y.Limbs(), p.Z.Limbs()
	v.X.SetLane(j, &x)
	v.Y.SetLane(j, &y)
	v.Z.SetLane(j, &z)
}

// getJacobianLane sets p to lane j of v. (getLane written out: one call
// fewer per coordinate, as it is too large to inline.)
func getJacobianLane(v *group8.Jacobian8, j int, p *group.Jacobian) {
	x0, x1, x2, x3 := v.X.Lane(j)
	p.X.SetLimbs(&[4]uint64{x0, x1, x2, x3})
	y0, y1, y2, y3 := v.Y.Lane(j)
	p.Y.SetLimbs(&[4]uint64{y0, y1, y2, y3})
	z0, z1, z2, z3 := v.Z.Lane(j)
	p.Z.SetLimbs(&[4]uint64{z0, z1, z2, z3})
}

// setAffineLane sets lane j of v to a.
func setAffineLane(v *group8.Affine8, j int, a *group.Affine) {
	x, y := a.X.Limbs(), a.Y.Limbs()
	v.X.SetLane(j, &x)
	v.Y.SetLane(j, &y)
}

// The lane lookups of gen8.go and gen16.go and the lane gathers of
// strauss8.go read the single engines' tables of group.Affine, whose
// coordinates are canonical, in place: group8 takes them as Affine64s, the
// same memory (x then y, each four little-endian 64-bit limbs), so that
// there is no second copy of a table in 5x52 limbs. combTables64 and
// loadGTables64 convert the pointers; lanes_test.go checks that the two
// types have one layout, and that the limbs are the canonical ones.

// combTables64 returns combTables' table as group8.Affine64s.
func combTables64() *[combBlocks][combPoints]group8.Affine64 {
	return (*[combBlocks][combPoints]group8.Affine64)(unsafe.Pointer(combTables()))
}

// loadGTables64 returns loadGTables' tables as group8.Affine64s.
func loadGTables64() *[2][gTableSize]group8.Affine64 {
	return (*[2][gTableSize]group8.Affine64)(unsafe.Pointer(loadGTables()))
}

// beta8 is group.Beta in every lane: x·β is the x of λ·P.
var beta8 = func() (b field8.Element8) {
	for j := range field8.Lanes {
		setLane(&b, j, &group.Beta)
	}
	return b
}()

// setOne sets every lane of v to 1.
func setOne(v *field8.Element8) {
	*v = field8.Element8{}
	for j := range lanes {
		v.L[0][j] = 1
	}
}

// The lane tables (multiplesTable8 for k·P, strauss8Tables for a·A + b·G)
// build their entries in Jacobian coordinates, then make them affine with
// Montgomery's trick lane by lane and one inversion for all lanes of all
// groups: prefixZ, invertLanes, affineFromPrefix.

// prefixZ sets prefix[i] = Z(m[1])·…·Z(m[i]) for 1 ≤ i < len(m) (m[0] is
// not used).
func prefixZ(prefix []field8.Element8, m []group8.Jacobian8) {
	prefix[1] = m[1].Z
	for i := 2; i < len(m); i++ {
		prefix[i].Mul(&prefix[i-1], &m[i].Z)
	}
}

// invertLanes sets each lane of each v[g] to its inverse, with one
// inversion for all of them (Montgomery's trick across the lanes). A lane
// that is zero is set to 1 and marked in fail, lane j of v[g] at
// fail[8g + j]. At most two groups.
func invertLanes(v []field8.Element8, fail []bool) {
	var den, inv, scratch [Lanes2]field.Element
	n := len(v) * lanes
	for g := range v {
		for j := range lanes {
			d := &den[g*lanes+j]
			getLane(&v[g], j, d)
			if d.IsZero() == 1 {
				fail[g*lanes+j] = true
				d.One()
			}
		}
	}
	field.VarTimeBatchInvert(inv[:n], den[:n], scratch[:n])
	for g := range v {
		for j := range lanes {
			setLane(&v[g], j, &inv[g*lanes+j])
		}
	}
}

// affineFromPrefix sets tab[i] for 1 ≤ i < len(m) to (X, Y)·(c·Z)⁻² and
// ·(c·Z)⁻³ of m[i], given prefix from prefixZ and u = 1/(c·prefix[last])
// in each lane, for a factor c of the caller's (1, or the Z that takes the
// entries from an isomorphic curve back to secp256k1). Walking down from
// the last entry, u is 1/(c·prefix[i]), so 1/(c·Z(m[i])) = u·prefix[i − 1]
// and u·Z(m[i]) is 1/(c·prefix[i − 1]). It consumes u.
func affineFromPrefix(tab []group8.Affine8, m []group8.Jacobian8, prefix []field8.Element8, u *field8.Element8) {
	var zi, zi2 field8.Element8
	for i := len(m) - 1; i >= 1; i-- {
		if i > 1 {
			zi.Mul(u, &prefix[i-1])
			u.Mul(u, &m[i].Z)
		} else {
			zi = *u
		}
		zi2.Square(&zi)
		tab[i].X.Mul(&m[i].X, &zi2)
		zi2.Mul(&zi2, &zi)
		tab[i].Y.Mul(&m[i].Y, &zi2)
	}
}
