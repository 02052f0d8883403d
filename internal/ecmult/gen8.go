package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Eight k·G at once: ScalarBaseMult's comb on the eight lanes of
// internal/group8 (docs/design.md, "Lanes"). Each lane runs exactly the
// single comb: the same blinding state, recoding and table, its digit of
// each block looked up by group8.Affine8.Lookup (every entry read, the
// lane's entry kept by mask, y negated by mask) and added by group8's
// mixed addition. The table is the single comb's (combTables), whose
// group.Affine entries the lane lookup reads directly: no second table.

// ScalarBaseMult8 sets v[j] = k[j]·G for j < 8, in constant time in every
// k[j] (but see combMult8 on lanes that need a second computation), with
// the blinding of ScalarBaseMult. It pays on CPUs where internal/field8
// runs its IFMA assembly (field8.IFMA); elsewhere eight ScalarBaseMult
// calls are faster (ScalarBaseMultMany chooses).
func ScalarBaseMult8(v *[field8.Lanes]group.Jacobian, k *[field8.Lanes]scalar.Scalar) {
	combMult8(v, k, loadCombState(field8.Lanes))
}

// combMult8 sets v[j] = k[j]·G for j < 8 using the blinding state st.
//
// group8's mixed addition is incomplete: a lane whose accumulator is the
// identity or ± the entry added gets Z = 0 from then on. The accumulator
// starts at st.q = q·G for the state's random q, so for k ≠ 0 the
// accumulator of a lane meets ± an entry with probability about
// 2·combBlocks·combSpacing/n < 2⁻²⁴⁷, over q, which is secret and drawn
// afresh every combRefreshInterval multiplications; for k = 0 the last
// addition is always −P + P, whose Z = 0 lane is the identity by chance of
// the formula. The lanes with Z = 0 at the end are recomputed with the
// complete single comb (combMult, same state), which also gives the
// single path's identity for k = 0. The branch on "some lane has Z = 0" is
// the only data-dependent branch: it is taken for k = 0, whose result, the
// identity, callers reject publicly anyway (no private key is 0), and
// otherwise on an event that no one can provoke or predict without q, and
// whose occurrence (if it were ever observed) would say only that an
// unknown q satisfies one of ~100 linear relations with k.
func combMult8(v *[field8.Lanes]group.Jacobian, k *[field8.Lanes]scalar.Scalar, st *combState) {
	combLanes8(v, k, st)
	combRedo(v[:], k[:], st)
}

// combRedo recomputes with the single comb the lanes of v with Z = 0 (see
// combMult8).
func combRedo(v []group.Jacobian, k []scalar.Scalar, st *combState) {
	redo := 0 // bit j set where lane j has Z = 0
	for j := range v {
		redo |= v[j].Z.IsZero() << j
	}
	if redo != 0 { // see combMult8: k = 0, or probability below 2⁻²⁴⁷
		for j := range v {
			if redo>>j&1 == 1 {
				combMult(&v[j], &k[j], st)
			}
		}
	}
}

// combLanes8 is combMult8 without the recomputation of the lanes with Z = 0.
func combLanes8(v *[field8.Lanes]group.Jacobian, k *[field8.Lanes]scalar.Scalar, st *combState) {
	table := combTables64()
	var el [field8.Lanes][4]uint64
	for j := range el {
		var e scalar.Scalar
		e.Multiply(&k[j], &halfModN)
		e.Add(&e, &st.offset)
		el[j] = e.Limbs()
		e = scalar.Scalar{}
	}
	var acc group8.Jacobian8
	for j := range field8.Lanes {
		setJacobianLane(&acc, j, &st.q)
	}
	var entry group8.Affine8
	var idx, neg [field8.Lanes]uint64
	for s := combSpacing - 1; s >= 0; s-- {
		if s != combSpacing-1 {
			acc.Double(&acc)
		}
		for b := range combBlocks {
			for j := range el {
				idx[j], neg[j] = combDigit(&el[j], b, s)
			}
			entry.Lookup(table[b][:], &idx, &neg)
			acc.AddAffine(&acc, &entry)
		}
	}
	for j := range v {
		getJacobianLane(&acc, j, &v[j])
	}
	el, idx, neg = [field8.Lanes][4]uint64{}, [field8.Lanes]uint64{}, [field8.Lanes]uint64{}
	acc, entry = group8.Jacobian8{}, group8.Affine8{}
}
