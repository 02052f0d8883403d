package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The affine buckets of Pippenger's method (docs/msm.md, "Affine
// buckets") and what their two paths share: pippenger_affine.go's batches,
// one field element at a time, and pippenger_lanes.go's, eight lanes at a
// time, both defer a busy bucket's addition, overflow into Jacobian points
// and end in the running sum; aff52 holds the lane path's points.

// affineBuckets is one goroutine's state for pippengerAffine. Windows are
// processed in groups: a group of g windows has g·2^(c−1) buckets, all
// filled in one pass over the points, so that small windows still give
// large batches.
type affineBuckets struct {
	buckets []group.Affine
	// state[b] is 0 for an empty bucket, gen while the bucket has an
	// addition in the current batch, and a smaller nonzero value otherwise.
	state    []uint32
	gen      uint32
	overflow []group.Jacobian // identity unless overflowUsed
	overUsed bool

	// The pending batch: entry e adds point ePoint[e] (^i for −points[i])
	// to bucket eBucket[e] (| affineDouble for a doubling); den[e] is the
	// denominator of its λ.
	eBucket []int32
	ePoint  []int32
	den     []field.Element
	prefix  []field.Element

	// The deferred additions.
	qBucket []int32
	qPoint  []int32

	// The lane path (pippenger_lanes.go), when points52 is not nil: the
	// buckets are buckets52 (one more, the spare, pads the last group of a
	// batch) until the pass ends, and the batch's arithmetic uses den8,
	// prefix8, ax8, qx8 and special instead of den and prefix.
	points52  []aff52
	buckets52 []aff52
	den8      []field8.Element8
	ax8       []field8.Element8
	qx8       []field8.Element8
	prefix8   []field8.Element8
	special   []uint8
	// foldOverflow's scratch.
	foldIdx []int32
	foldJac []group.Jacobian
	foldAff []group.Affine
	foldFe  []field.Element
}

// affineBatchSize returns the default batch size for t buckets: large enough
// to spread the inversion (≈ 100 multiplications), small enough that two
// additions rarely hit the same bucket (expected collisions per batch
// ≈ batch²/(2t), so t/4 defers about 1 addition in 8). t/2 and t/8 measured
// within 2% of t/4.
func affineBatchSize(t int) int {
	return min(1024, max(16, t/4))
}

// deferAddition queues the addition of point p to bucket b, which is busy
// in the current batch, or adds it to the overflow point if the queue is
// full.
func (ab *affineBuckets) deferAddition(points []group.Affine, b, p int32) {
	if len(ab.qBucket) < cap(ab.qBucket) {
		ab.qBucket = append(ab.qBucket, b)
		ab.qPoint = append(ab.qPoint, p)
		return
	}
	ab.addOverflow(points, b, p)
}

// addOverflow adds point p to bucket b's Jacobian overflow point.
func (ab *affineBuckets) addOverflow(points []group.Affine, b, p int32) {
	q := points[p^(p>>31)]
	if p < 0 {
		q.Y.Negate(&q.Y)
	}
	o := &ab.overflow[b]
	o.VarTimeAddAffine(o, &q)
	ab.overUsed = true
}

// sum sets out = Σ_{b<n} (b + 1)·(bucket[off + b] + overflow[off + b]) by the
// running sum: 1 mixed addition (8M + 3S) and 1 Jacobian addition
// (12M + 4S) per bucket.
func (ab *affineBuckets) sum(out *group.Jacobian, off, n int) {
	var running, total group.Jacobian
	for b := off + n - 1; b >= off; b-- {
		if ab.state[b] != 0 {
			running.VarTimeAddAffine(&running, &ab.buckets[b])
		}
		if ab.overUsed {
			running.VarTimeAdd(&running, &ab.overflow[b])
		}
		total.VarTimeAdd(&total, &running)
	}
	*out = total
}

// aff52 is an affine point (a bucket or an input) in 5x52 limbs
// (field8.Limbs52's layout), each limb below 2⁵² (a value below 2²⁶⁰,
// congruent to the coordinate mod p; the inputs' are canonical).
type aff52 struct {
	X, Y [5]uint64
}

// set sets v to p, canonical.
func (v *aff52) set(p *group.Affine) {
	x, y := p.X.Limbs(), p.Y.Limbs()
	v.X, v.Y = field8.Limbs52(&x), field8.Limbs52(&y)
}

// affine returns v as a group.Affine.
func (v *aff52) affine() group.Affine {
	var a group.Affine
	x0, x1, x2, x3 := field8.Limbs64(&v.X)
	a.X.SetLimbs(&[4]uint64{x0, x1, x2, x3})
	y0, y1, y2, y3 := field8.Limbs64(&v.Y)
	a.Y.SetLimbs(&[4]uint64{y0, y1, y2, y3})
	return a
}
