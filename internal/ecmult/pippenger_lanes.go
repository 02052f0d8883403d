package ecmult

import (
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// The affine bucket additions of pippenger_affine.go on eight lanes
// (docs/msm.md, "Lanes"): where the CPU has AVX-512 IFMA, the arithmetic of
// a batch runs eight entries at a time, entry e in lane e mod 8.
//
// The prefix products of Montgomery's trick become sixteen interleaved
// chains, one field8 multiplication per eight entries: lane j of the even
// groups of eight entries and lane j of the odd ones (two chains of lanes,
// so that the out-of-order core overlaps the multiplications of two groups
// where one chain would wait for each product's latency). The sixteen
// chain totals share one field inversion (a second Montgomery trick, on the
// single-element field); the back-propagation and λ, x₃, y₃ run in lanes.
// The buckets and the points are kept in 5x52 limbs for the whole pass
// (aff52), so that the assembly loads a lane's coordinates with one gather
// per limb and stores them with one scatter. The first pass keeps the x
// coordinates it gathered for the second.
//
// The entries of a batch are not classified when they are added: the
// lanes compute den = x_q − x_a and mark the lanes where it is 0 mod p.
// Those are rare (q = ±a); they are settled in Go between the two passes
// over the batch (flushLanes) and their lanes are not stored.

// negate52 returns p − y for canonical limbs y < p, canonical but for y = 0.
func negate52(y *[5]uint64) [5]uint64 {
	var v [5]uint64
	var borrow uint64
	for i := range v {
		d := p52[i] - y[i] - borrow // p52[i] ≥ 2⁴⁸: no wrap beyond one borrow
		borrow = d >> 63
		v[i] = d + borrow<<52
	}
	return v
}

// laneOne is 1 in every lane: the prefix product before the first group.
var laneOne = func() (v field8.Element8) {
	for j := range field8.Lanes {
		v.L[0][j] = 1
	}
	return v
}()

// useLanes selects the lane path; tests set it to run the generic twins
// through the whole MSM on any CPU. In production the lanes run exactly
// when field8 runs its IFMA assembly: the generic twins are much slower
// than the single-element path, which every other CPU keeps.
var forceLanes = false

func useLanes() bool { return forceLanes || field8.IFMA() }

// addLanes is add for the lane path: it copies the point into an empty
// bucket, defers an addition to a bucket that is busy in this batch, and
// otherwise appends the entry (bucket b, point p) with no arithmetic.
func (ab *affineBuckets) addLanes(points []group.Affine, b, p int32) {
	st := ab.state[b]
	if st == 0 {
		ab.buckets52[b] = ab.points52[p^(p>>31)]
		if p < 0 {
			ab.buckets52[b].Y = negate52(&ab.buckets52[b].Y)
		}
		ab.state[b] = ab.gen - 1
		return
	}
	if st == ab.gen {
		ab.deferAddition(points, b, p)
		return
	}
	ab.eBucket = append(ab.eBucket, b)
	ab.ePoint = append(ab.ePoint, p)
	ab.state[b] = ab.gen
}

// flushLanes computes the additions of the batch in lanes, and starts a new
// batch.
func (ab *affineBuckets) flushLanes(points []group.Affine) {
	m := len(ab.eBucket)
	if m == 0 {
		return
	}
	// Pad to an even number of groups with entries that add point 0 to the
	// spare bucket (index len(buckets52) − 1), whose lanes are computed and
	// stored like the others and never read.
	spare := int32(len(ab.buckets52) - 1)
	for len(ab.eBucket)%(2*field8.Lanes) != 0 {
		ab.eBucket = append(ab.eBucket, spare)
		ab.ePoint = append(ab.ePoint, 0)
	}
	groups := len(ab.eBucket) / field8.Lanes
	ab.den8 = grow(ab.den8, groups)
	ab.ax8 = grow(ab.ax8, groups)
	ab.qx8 = grow(ab.qx8, groups)
	ab.prefix8 = grow(ab.prefix8, groups+2)
	ab.special = grow(ab.special, groups)
	ab.prefix8[0], ab.prefix8[1] = laneOne, laneOne
	lanePrefix(ab.den8, ab.prefix8, ab.ax8, ab.qx8, ab.special, ab.buckets52, ab.points52, ab.eBucket, ab.ePoint)

	// The sixteen chain totals are nonzero (lanePrefix replaced every zero
	// den by 1): one inversion for all of them.
	var tot, inv, scratch [2 * field8.Lanes]field.Element
	for j := range tot {
		getLane(&ab.prefix8[groups+j/field8.Lanes], j%field8.Lanes, &tot[j])
	}
	field.VarTimeBatchInvert(inv[:], tot[:], scratch[:])
	var inv8 [2]field8.Element8
	for j := range inv {
		setLane(&inv8[j/field8.Lanes], j%field8.Lanes, &inv[j])
	}

	for g, s := range ab.special {
		for ; s != 0; s &= s - 1 {
			if e := g*field8.Lanes + lowBit(s); e < m {
				ab.settle(points, e)
			}
		}
	}
	laneApply(&inv8, ab.den8, ab.prefix8, ab.ax8, ab.qx8, ab.special, ab.buckets52, ab.points52, ab.eBucket, ab.ePoint)

	ab.eBucket, ab.ePoint = ab.eBucket[:0], ab.ePoint[:0]
	ab.gen++
}

// laneBatchSize is affineBatchSize for the lane path, over the buckets
// that the windows j0 ≤ j < j1 can use (windowBuckets): with the top
// window's fewer buckets (2¹¹ of 2¹² for 13-bit windows), a batch sized
// for all of them defers so many additions that the queue overflows into
// Jacobian additions, which cost more than the batch's arithmetic in lanes
// (6% of the additions at 32768 points; docs/msm.md, "Lanes").
func laneBatchSize(j0, j1 int, c uint) int {
	t := 0
	for j := j0; j < j1; j++ {
		t += windowBuckets(j, c)
	}
	return affineBatchSize(t)
}

// lowBit returns the index of the lowest set bit of s ≠ 0.
func lowBit(s uint8) int {
	i := 0
	for s&1 == 0 {
		s >>= 1
		i++
	}
	return i
}

// settle handles entry e of the batch, whose q has the bucket's x: for
// q = −a the bucket becomes empty; for q = a the doubling goes into the
// bucket's Jacobian overflow point (a + q with a left in the bucket), which
// costs a mixed addition where pippenger_affine.go's batch doubles in
// affine coordinates; both are rare for honest inputs and bounded by the
// Jacobian price for adversarial ones.
func (ab *affineBuckets) settle(points []group.Affine, e int) {
	b, p := ab.eBucket[e], ab.ePoint[e]
	a := ab.buckets52[b].affine()
	q := points[p^(p>>31)]
	if p < 0 {
		q.Y.Negate(&q.Y)
	}
	if q.Y.Equal(&a.Y) == 1 {
		ab.addOverflow(points, b, p)
		return
	}
	ab.state[b] = 0
}

// lanePrefix runs the first pass over a batch of len(special) groups of
// eight entries, an even number (bucket eb[e], point ep[e], ^i for
// −points[i]): for group g it sets ax[g] and qx[g] to the lanes' x_a and
// x_q, den[g] = x_q − x_a lane by lane, except that lanes where that is 0
// mod p get 1 and their bits set in special[g], and prefix[g + 2] =
// prefix[g]·den[g]. prefix[0] and prefix[1] are set by the caller.
func lanePrefix(den, prefix, ax, qx []field8.Element8, special []uint8, buckets, points []aff52, eb, ep []int32) {
	if lanesAsm() {
		lanePrefixIFMA(&den[0].L, &prefix[0].L, &ax[0].L, &qx[0].L, &special[0], &buckets[0], &points[0], &eb[0], &ep[0], len(special))
		return
	}
	lanePrefixGeneric(den, prefix, ax, qx, special, buckets, points, eb, ep)
}

// laneApply runs the second pass, from the last group to the first: with
// inv[g mod 2] = 1/prefix[g + 2] on entry to group g, the lanes of group g
// get 1/den = inv[g mod 2]·prefix[g], λ = (±y_q − y_a)/den,
// x₃ = λ² − x_a − x_q, y₃ = λ·(x_a − x₃) − y_a, and store (x₃, y₃) into
// their buckets unless their special bit is set; inv[g mod 2] becomes
// inv[g mod 2]·den[g].
func laneApply(inv *[2]field8.Element8, den, prefix, ax, qx []field8.Element8, special []uint8, buckets, points []aff52, eb, ep []int32) {
	if lanesAsm() {
		laneApplyIFMA(&inv[0].L, &den[0].L, &prefix[0].L, &ax[0].L, &qx[0].L, &special[0], &buckets[0], &points[0], &eb[0], &ep[0], len(special))
		return
	}
	laneApplyGeneric(inv, den, prefix, ax, qx, special, buckets, points, eb, ep)
}

// gatherX sets ax, qx to the x coordinates of the lanes' buckets and points,
// for the group of entries eb, ep: the assembly's gathers.
func gatherX(ax, qx *field8.Element8, buckets, points []aff52, eb, ep []int32) {
	for j := range field8.Lanes {
		a, p := &buckets[eb[j]], ep[j]
		q := &points[p^(p>>31)]
		for i := range 5 {
			ax.L[i][j], qx.L[i][j] = a.X[i], q.X[i]
		}
	}
}

// gatherY sets ay, qy to the y coordinates of the lanes' buckets and of
// ±points (field8's Sub from 0 for the negative ones, as the assembly).
func gatherY(ay, qy *field8.Element8, buckets, points []aff52, eb, ep []int32) {
	for j := range field8.Lanes {
		a, p := &buckets[eb[j]], ep[j]
		q := &points[p^(p>>31)]
		for i := range 5 {
			ay.L[i][j], qy.L[i][j] = a.Y[i], q.Y[i]
		}
	}
	var neg field8.Element8
	neg.Sub(&neg, qy)
	for j := range field8.Lanes {
		if ep[j] < 0 {
			for i := range 5 {
				qy.L[i][j] = neg.L[i][j]
			}
		}
	}
}

// zeroLanes returns the lanes of v that are 0 mod p, as a bit mask: it
// folds each lane below 2²⁵⁶ (twice, as field8.Limbs64) and compares
// with 0 and p, the two values below 2²⁵⁶ that are 0 mod p.
func zeroLanes(v *field8.Element8) uint8 {
	var mask uint8
	for j := range field8.Lanes {
		var t [5]uint64
		for i := range t {
			t[i] = v.L[i][j]
		}
		// t < 2²⁶⁰: top < 2⁴ adds below 2³⁷. A carry out of limb 4 leaves
		// a value below 2³⁷, which the second fold cannot carry out of.
		top := t[4] >> 48
		t[4] &= 1<<48 - 1
		t[0] += top * 0x1000003D1
		for i := range 4 {
			t[i+1] += t[i] >> 52
			t[i] &= 1<<52 - 1
		}
		top = t[4] >> 48
		t[4] &= 1<<48 - 1
		t[0] += top * 0x1000003D1
		if t == [5]uint64{} || t == p52 {
			mask |= 1 << j
		}
	}
	return mask
}

// p52 is p in 5x52 limbs.
var p52 = [5]uint64{0xFFFFEFFFFFC2F, 0xFFFFFFFFFFFFF, 0xFFFFFFFFFFFFF, 0xFFFFFFFFFFFFF, 0x0FFFFFFFFFFFF}

func lanePrefixGeneric(den, prefix, ax, qx []field8.Element8, special []uint8, buckets, points []aff52, eb, ep []int32) {
	for g := range special {
		gatherX(&ax[g], &qx[g], buckets, points, eb[8*g:8*g+8], ep[8*g:8*g+8])
		d := &den[g]
		d.Sub(&qx[g], &ax[g])
		s := zeroLanes(d)
		for j := range field8.Lanes {
			if s>>j&1 == 1 {
				for i := range 5 {
					d.L[i][j] = laneOne.L[i][j]
				}
			}
		}
		special[g] = s
		prefix[g+2].Mul(&prefix[g], d)
	}
}

func laneApplyGeneric(inv *[2]field8.Element8, den, prefix, ax, qx []field8.Element8, special []uint8, buckets, points []aff52, eb, ep []int32) {
	for g := len(special) - 1; g >= 0; g-- {
		var di, ay, qy, lambda, x3, y3 field8.Element8
		di.Mul(&inv[g%2], &prefix[g])
		inv[g%2].Mul(&inv[g%2], &den[g])
		gb := eb[8*g : 8*g+8]
		gatherY(&ay, &qy, buckets, points, gb, ep[8*g:8*g+8])
		lambda.Sub(&qy, &ay)
		lambda.Mul(&lambda, &di)
		x3.Square(&lambda)
		x3.Sub(&x3, &ax[g])
		x3.Sub(&x3, &qx[g])
		y3.Sub(&ax[g], &x3)
		y3.Mul(&y3, &lambda)
		y3.Sub(&y3, &ay)
		for j := range field8.Lanes {
			if special[g]>>j&1 == 1 {
				continue
			}
			a := &buckets[gb[j]]
			for i := range 5 {
				a.X[i], a.Y[i] = x3.L[i][j], y3.L[i][j]
			}
		}
	}
}

// sumLanes sets sums[j − j0] = Σ_b (b + 1)·bucket_j[b] for the windows
// j0 ≤ j < j1 of the pass, each of half buckets: the overflow points are
// folded into their buckets first, then each window's running sum runs in
// lanes (sumWindowLanes), or on the single-element path where that
// declines.
func (ab *affineBuckets) sumLanes(sums []group.Jacobian, j0, j1, half int) {
	ab.foldOverflow()
	for j := j0; j < j1; j++ {
		off := (j - j0) * half
		if ab.sumWindowLanes(&sums[j-j0], off, half) {
			continue
		}
		for b := off; b < off+half; b++ {
			if ab.state[b] != 0 {
				ab.buckets[b] = ab.buckets52[b].affine()
			}
		}
		ab.sum(&sums[j-j0], off, half)
	}
}

// foldOverflow adds each bucket's overflow point into the bucket, with one
// inversion for all of them, and clears the overflow points.
func (ab *affineBuckets) foldOverflow() {
	if !ab.overUsed {
		return
	}
	ab.foldIdx, ab.foldJac = ab.foldIdx[:0], ab.foldJac[:0]
	for b := range ab.state {
		o := &ab.overflow[b]
		if o.IsIdentity() == 1 {
			continue
		}
		if ab.state[b] != 0 {
			a := ab.buckets52[b].affine()
			o.VarTimeAddAffine(o, &a)
		}
		if o.IsIdentity() == 1 {
			ab.state[b] = 0
			continue
		}
		ab.foldIdx = append(ab.foldIdx, int32(b))
		ab.foldJac = append(ab.foldJac, *o)
		*o = group.Jacobian{}
	}
	ab.overUsed = false
	if n := len(ab.foldJac); n > 0 {
		ab.foldAff = grow(ab.foldAff, n)
		ab.foldFe = grow(ab.foldFe, n)
		group.VarTimeBatchSetJacobian(ab.foldAff, ab.foldJac, ab.foldFe) // no identity
		for i, b := range ab.foldIdx {
			ab.buckets52[b].set(&ab.foldAff[i])
			ab.state[b] = ab.gen - 1 // occupied
		}
	}
}

// laneStart and laneTotal are the lanes' starting points of the running
// sums and of their totals: fixed points unrelated to the inputs, so that
// the incomplete formulas of group8 meet no exceptional case for honest
// inputs (with total starting at the running sum, two empty buckets in a
// row would add a point to itself).
var laneStart, laneTotal = lanePoints(0x9E3779B97F4A7C15), lanePoints(0x6A09E667F3BCC908)

// lanePoints returns (k·(j + 1))·G for the lanes j.
func lanePoints(k uint64) (r [field8.Lanes]group.Affine) {
	for j := range r {
		var p group.Jacobian
		ScalarBaseMult(&p, new(scalar.Scalar).SetUint64(k*uint64(j+1)))
		r[j].VarTimeSetJacobian(&p)
	}
	return r
}

// laneStart52 is laneStart in 5x52 limbs.
var laneStart52 = func() (r [field8.Lanes]aff52) {
	for j := range r {
		r[j].set(&laneStart[j])
	}
	return r
}()

// sumWindowLanes sets out = Σ_{b<n} (b + 1)·bucket[off + b] with the running
// sum of docs/msm.md ("Lanes") on eight segments of n/8 buckets at once, lane
// j for buckets [j·L, (j + 1)·L), L = n/8: running_j starts at
// R_j = laneStart[j] and total_j at T_j = laneTotal[j], so that after the L
// steps total_j = T_j + L·R_j + Σ_b (b − j·L + 1)·B_b and running_j =
// R_j + Σ_b B_b. Then out = Σ_j total_j − T_j − L·R_j + j·L·(running_j − R_j). It returns false,
// with out unspecified, where it cannot run: fewer than eight buckets per
// lane, or a lane whose formulas met an exceptional case (Z = 0, which
// group8's formulas propagate). A lane skips its empty buckets.
func (ab *affineBuckets) sumWindowLanes(out *group.Jacobian, off, n int) bool {
	L := n / field8.Lanes
	if L < 8 || n%field8.Lanes != 0 {
		return false
	}
	var run, tot, saved group8.Jacobian8
	var q group8.Affine8
	for j := range field8.Lanes {
		var r group.Jacobian
		setJacobianLane(&run, j, r.SetAffine(&laneStart[j]))
		setJacobianLane(&tot, j, r.SetAffine(&laneTotal[j]))
	}
	for s := L - 1; s >= 0; s-- {
		// A lane whose bucket is empty adds its starting point instead and
		// keeps its running sum.
		var empty uint8
		for j := range field8.Lanes {
			b := off + j*L + s
			a := &ab.buckets52[b]
			if ab.state[b] == 0 {
				empty |= 1 << j
				a = &laneStart52[j]
			}
			for i := range 5 {
				q.X.L[i][j], q.Y.L[i][j] = a.X[i], a.Y[i]
			}
		}
		if empty != 0 {
			saved = run
		}
		run.AddAffine(&run, &q)
		for ; empty != 0; empty &= empty - 1 {
			j := lowBit(empty)
			for i := range 5 {
				run.X.L[i][j], run.Y.L[i][j], run.Z.L[i][j] = saved.X.L[i][j], saved.Y.L[i][j], saved.Z.L[i][j]
			}
		}
		tot.Add(&tot, &run)
	}
	var acc, t, u group.Jacobian
	var lr group.Jacobian // L·R_j
	for j := range field8.Lanes {
		getJacobianLane(&tot, j, &t)
		getJacobianLane(&run, j, &u)
		if t.Z.IsZero() == 1 || u.Z.IsZero() == 1 {
			return false
		}
		var neg group.Affine
		neg.Negate(&laneStart[j])
		u.VarTimeAddAffine(&u, &neg) // Σ_b B_b of the segment
		neg.Negate(&laneTotal[j])
		t.VarTimeAddAffine(&t, &neg)
		mulSmall(&lr, &laneStart[j], uint(L))
		lr.Negate(&lr)
		t.VarTimeAdd(&t, &lr)
		mulSmallJacobian(&u, &u, uint(j*L))
		t.VarTimeAdd(&t, &u)
		acc.VarTimeAdd(&acc, &t)
	}
	*out = acc
	return true
}

// mulSmall sets v = k·a by double-and-add, for a small k ≥ 1.
func mulSmall(v *group.Jacobian, a *group.Affine, k uint) {
	var p group.Jacobian
	p.SetAffine(a)
	mulSmallJacobian(v, &p, k)
}

// mulSmallJacobian sets v = k·p by double-and-add (k = 0 gives the
// identity).
func mulSmallJacobian(v, p *group.Jacobian, k uint) {
	var acc group.Jacobian
	for i := bits.Len(k) - 1; i >= 0; i-- {
		acc.VarTimeDouble(&acc)
		if k>>i&1 == 1 {
			acc.VarTimeAdd(&acc, p)
		}
	}
	*v = acc
}
