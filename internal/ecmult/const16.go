package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Sixteen k·P at once: const8.go's loop on two groups of eight lanes,
// whose doublings and mixed additions interleave and whose tables share
// one inversion (docs/ecmult.md, "Eight k·P at a time").

// ScalarMult16 is ScalarMult8 on sixteen scalars and points: two groups of
// eight lanes, whose doublings and mixed additions interleave
// (group8.Double2, group8.AddAffine2). v may alias p.
func ScalarMult16(v *[Lanes2]group.Jacobian, k *[Lanes2]scalar.Scalar, p *[Lanes2]group.Jacobian) {
	st := loadConst8State(2)
	var out [Lanes2]group.Jacobian
	inf := constLanes16(&out, k, p, st)
	constRedo(out[:], k[:], p[:], inf, st)
	*v = out
	clear(out[:])
}

// multiplesTables16 is multiplesTable8 for two groups of eight lanes, whose
// doublings and additions interleave (group8.Double2, group8.AddAffine2)
// and whose sixteen products share one inversion. Bit j of inf stands for
// p[j], j < 16.
func multiplesTables16(table, table2 *[ctEntries]group8.Affine8, z, z2 *field8.Element8, p *[Lanes2]group.Jacobian) (inf int) {
	const lanes = field8.Lanes
	var w, w2 multiples8
	inf = w.first(table, z, (*[lanes]group.Jacobian)(p[:lanes]))
	inf |= w2.first(table2, z2, (*[lanes]group.Jacobian)(p[lanes:])) << lanes
	group8.Double2(&w.m[1], &w.m[0], &w2.m[1], &w2.m[0])
	for i := 2; i < ctEntries; i++ {
		group8.AddAffine2(&w.m[i], &w.m[i-1], &table[0], &w2.m[i], &w2.m[i-1], &table2[0])
	}
	prefixZ(w.prefix[:], w.m[:])
	prefixZ(w2.prefix[:], w2.m[:])
	inv := [2]field8.Element8{w.prefix[ctEntries-1], w2.prefix[ctEntries-1]}
	var fail [Lanes2]bool // not reached: no Z is 0 for a point of prime order
	invertLanes(inv[:], fail[:])
	affineFromPrefix(table[:], w.m[:], w.prefix[:], &inv[0])
	affineFromPrefix(table2[:], w2.m[:], w2.prefix[:], &inv[1])
	return inf
}

// constLanes16 is constLanes8 on two groups of eight lanes, whose
// doublings and additions interleave (group8.Double2, group8.AddAffine2),
// and whose tables are built together (multiplesTables16); bit j of inf
// stands for p[j], j < 16.
func constLanes16(out *[Lanes2]group.Jacobian, k *[Lanes2]scalar.Scalar, p *[Lanes2]group.Jacobian, st *const8State) (inf int) {
	const lanes = field8.Lanes
	var g, h constGroup
	inf = multiplesTables16(&g.table, &h.table, &g.z, &h.z, p)
	g.setup((*[lanes]scalar.Scalar)(k[:lanes]), st)
	h.setup((*[lanes]scalar.Scalar)(k[lanes:]), st)
	var ld, ld2 laneDigit
	for i := ctDigits - 1; i >= 0; i-- {
		if i != ctDigits-1 {
			for range ctWindow {
				group8.Double2(&g.acc, &g.acc, &h.acc, &h.acc)
			}
		}
		for _, lam := range [2]bool{false, true} {
			g.lookup(&ld, lam, i)
			h.lookup(&ld2, lam, i)
			group8.AddAffine2(&ld.sum, &g.acc, &ld.entry, &ld2.sum, &h.acc, &ld2.entry)
			g.acc.Select(&g.acc, &ld.sum, &ld.zero)
			h.acc.Select(&h.acc, &ld2.sum, &ld2.zero)
		}
	}
	g.finish((*[lanes]group.Jacobian)(out[:lanes]))
	h.finish((*[lanes]group.Jacobian)(out[lanes:]))
	ld, ld2 = laneDigit{}, laneDigit{}
	return inf
}
