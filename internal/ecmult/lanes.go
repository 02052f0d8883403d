package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
)

// What the lane engines share: gen8.go, const8.go and strauss8.go, and
// their sixteen-lane forms gen16.go, const16.go and strauss16.go, on the
// eight lanes of internal/field8 and internal/group8.

// lanes is the number of lanes of internal/field8 and internal/group8: eight.
const lanes = field8.Lanes

// Lanes2 is the number of multiplications of the sixteen-lane entry
// points (gen16.go, const16.go, strauss16.go): two groups of eight lanes.
const Lanes2 = 2 * lanes

// beta8 is group.Beta in every lane: x·β is the x of λ·P.
var beta8 = func() (b field8.Element8) {
	for j := range field8.Lanes {
		b.Set(j, &group.Beta)
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
			v[g].Get(j, d)
			if d.IsZero() == 1 {
				fail[g*lanes+j] = true
				d.One()
			}
		}
	}
	field.VarTimeBatchInvert(inv[:n], den[:n], scratch[:n])
	for g := range v {
		for j := range lanes {
			v[g].Set(j, &inv[g*lanes+j])
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
