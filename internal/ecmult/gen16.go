package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Sixteen k·G at once: gen8.go's comb on two groups of eight lanes, whose
// mixed additions interleave; and ScalarBaseMultMany, which takes the
// scalars sixteen, eight or one at a time.

// ScalarBaseMult16 is ScalarBaseMult8 on sixteen scalars: two groups of
// eight lanes, whose mixed additions interleave (group8.AddAffine2), at
// about 0.75 of the cost of two ScalarBaseMult8.
func ScalarBaseMult16(v *[Lanes2]group.Jacobian, k *[Lanes2]scalar.Scalar) {
	st := loadCombState(Lanes2)
	combLanes16(v, k, st)
	combRedo(v[:], k[:], st)
}

// ScalarBaseMultMany sets v[i] = k[i]·G for i < len(k) in constant time,
// sixteen and then eight at a time with ScalarBaseMult16 and
// ScalarBaseMult8 where field8.IFMA reports the lane assembly, and the rest
// (and everything on other CPUs) one at a time with ScalarBaseMult. v is at
// least len(k) long.
func ScalarBaseMultMany(v []group.Jacobian, k []scalar.Scalar) {
	v = v[:len(k)]
	i := 0
	if field8.IFMA() {
		for ; i+Lanes2 <= len(k); i += Lanes2 {
			ScalarBaseMult16((*[Lanes2]group.Jacobian)(v[i:]), (*[Lanes2]scalar.Scalar)(k[i:]))
		}
		for ; i+field8.Lanes <= len(k); i += field8.Lanes {
			ScalarBaseMult8((*[field8.Lanes]group.Jacobian)(v[i:]), (*[field8.Lanes]scalar.Scalar)(k[i:]))
		}
	}
	for ; i < len(k); i++ {
		ScalarBaseMult(&v[i], &k[i])
	}
}

// combLanes16 is combLanes8 on two groups of eight lanes, whose entries are
// looked up apart and added with group8.AddAffine2 (the two formulas
// interleaved). It is combLanes8's loop written for two accumulators
// rather than one loop for both: a shared loop on arrays of groups made the
// eight-lane path 8% slower, and one with the second group in separate
// variables behind a flag made both 3.6% slower (benchstat, count 6).
func combLanes16(v *[Lanes2]group.Jacobian, k *[Lanes2]scalar.Scalar, st *combState) {
	const lanes = field8.Lanes
	table := combTables64()
	var el, el2 [lanes][4]uint64
	for j := range el {
		var e scalar.Scalar
		e.Multiply(&k[j], &halfModN)
		e.Add(&e, &st.offset)
		el[j] = e.Limbs()
		e.Multiply(&k[lanes+j], &halfModN)
		e.Add(&e, &st.offset)
		el2[j] = e.Limbs()
		e = scalar.Scalar{}
	}
	var acc, acc2 group8.Jacobian8
	for j := range lanes {
		setJacobianLane(&acc, j, &st.q)
		setJacobianLane(&acc2, j, &st.q)
	}
	var entry, entry2 group8.Affine8
	var idx, neg, idx2, neg2 [lanes]uint64
	for s := combSpacing - 1; s >= 0; s-- {
		if s != combSpacing-1 {
			group8.Double2(&acc, &acc, &acc2, &acc2)
		}
		for b := range combBlocks {
			for j := range el {
				idx[j], neg[j] = combDigit(&el[j], b, s)
				idx2[j], neg2[j] = combDigit(&el2[j], b, s)
			}
			entry.Lookup(table[b][:], &idx, &neg)
			entry2.Lookup(table[b][:], &idx2, &neg2)
			group8.AddAffine2(&acc, &acc, &entry, &acc2, &acc2, &entry2)
		}
	}
	for j := range lanes {
		getJacobianLane(&acc, j, &v[j])
		getJacobianLane(&acc2, j, &v[lanes+j])
	}
	el, idx, neg = [lanes][4]uint64{}, [lanes]uint64{}, [lanes]uint64{}
	el2, idx2, neg2 = [lanes][4]uint64{}, [lanes]uint64{}, [lanes]uint64{}
	acc, entry, acc2, entry2 = group8.Jacobian8{}, group8.Affine8{}, group8.Jacobian8{}, group8.Affine8{}
}
