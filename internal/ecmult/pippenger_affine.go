package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// Affine buckets with batched inversion (docs/msm.md, "Affine buckets").
//
// A bucket is an affine point or empty. Adding an affine point q to a
// non-empty bucket a is the chord rule
//
//	λ = (y_q − y_a)/(x_q − x_a),  x₃ = λ² − x_a − x_q,  y₃ = λ·(x_a − x₃) − y_a
//
// (1M + 1S and one division). The divisions of up to `batch` additions into
// distinct buckets share one inversion by Montgomery's trick (3M each), so an
// addition costs about 5M + 1S plus 1/batch of an inversion, against 8M + 3S
// for a Jacobian mixed addition.
//
// Cases:
//   - empty bucket: the point is copied in, no arithmetic;
//   - x_q = x_a, y_q = −y_a (q = −a): the bucket becomes empty at once;
//   - x_q = x_a, y_q = y_a (q = a): a doubling, λ = 3x_a²/(2y_a), in the
//     same batch (the formulas for x₃, y₃ are the same);
//   - the bucket already has an addition in the current batch: the addition
//     is deferred to a queue and retried after the batch is computed; if the
//     queue is full, or at the end of the pass, it goes into a per-bucket
//     Jacobian overflow point by a mixed addition (8M + 3S), so adversarial
//     inputs (many equal digits) cost at most the Jacobian price.

// affineDouble marks a batch entry that is a doubling.
const affineDouble = 1 << 30

// affineMaxBuckets bounds the buckets of one group of windows: 2¹² affine
// buckets take 256 KiB, which stay in the L2 cache with the batch and the
// stream of points. 2¹¹ to 2¹⁴ measured within 2% of each other
// (docs/msm.md, "Affine buckets"); 2¹⁶ buckets (4 MiB) were 20–40% slower
// per addition than 2¹⁰ in isolation.
const affineMaxBuckets = 1 << 12

// affineGroup returns the number of windows processed together for
// c-bit windows: as many as fit in affineMaxBuckets, at least one.
func affineGroup(c uint) int {
	return max(1, affineMaxBuckets>>(c-1))
}

// windowsAffine sets sums[j − j0] = Σ_b (b + 1)·bucket_j[b] for the windows
// j0 ≤ j < j1 (bit positions c·j) with affine buckets, and batches of the
// given size (0 chooses). points52 is nil, or points in 5x52 limbs for the
// lane path.
func (ab *affineBuckets) windowsAffine(sums []group.Jacobian, points []group.Affine, points52 []aff52, keys []pippengerKey, j0, j1 int, c uint, batch int) {
	half := 1 << (c - 1)
	t := (j1 - j0) * half
	if batch <= 0 {
		batch = affineBatchSize(t)
		if points52 != nil {
			batch = laneBatchSize(j0, j1, c)
		}
	}
	ab.buckets = grow(ab.buckets, t)
	ab.state = grow(ab.state, t)
	ab.overflow = grow(ab.overflow, t)
	clear(ab.state)
	if ab.overUsed {
		clear(ab.overflow[:cap(ab.overflow)]) // all of it: a later call may use more
		ab.overUsed = false
	}
	ab.gen = 2 // 1 is "occupied, not busy" for the first batch
	ab.den = grow(ab.den, batch)
	ab.prefix = grow(ab.prefix, batch)
	ab.eBucket = grow(ab.eBucket, batch+field8.Lanes-1)[:0] // the lanes pad
	ab.ePoint = grow(ab.ePoint, batch+field8.Lanes-1)[:0]
	ab.points52 = points52
	if points52 != nil {
		ab.buckets52 = grow(ab.buckets52, t+1)
		ab.buckets52[t] = aff52{}
	}
	queueCap := max(4, batch/4)
	ab.qBucket = grow(ab.qBucket, queueCap)[:0]
	ab.qPoint = grow(ab.qPoint, queueCap)[:0]

	for i := range keys {
		k := &keys[i]
		for j := j0; j < j1; j++ {
			d := k.digit(uint(j)*c, c)
			if d == 0 {
				continue
			}
			b, p := int32((j-j0)*half+d-1), int32(i)
			if d < 0 {
				b, p = int32((j-j0)*half-d-1), ^int32(i)
			}
			ab.add(points, b, p)
			// drain puts at most batch − 1 additions into the new batch (the
			// queued ones target buckets of the batch just computed, not its
			// last one); the loop only makes that argument unnecessary.
			for len(ab.eBucket) == batch {
				ab.flush(points)
				ab.drain(points, batch)
			}
		}
	}
	// At the end of the pass: the last batch, one more from the queue, and
	// the rest of the queue into the overflow points (no retry loop).
	ab.flush(points)
	ab.drain(points, batch)
	ab.flush(points)
	for e, b := range ab.qBucket {
		ab.addOverflow(points, b, ab.qPoint[e])
	}
	ab.qBucket, ab.qPoint = ab.qBucket[:0], ab.qPoint[:0]

	if points52 != nil {
		ab.sumLanes(sums, j0, j1, half)
		return
	}
	for j := j0; j < j1; j++ {
		ab.sum(&sums[j-j0], (j-j0)*half, half)
	}
}

// add starts the addition of point p (points[p], or −points[^p] for a
// negative p) to bucket b: it copies the point into an empty bucket, empties
// the bucket for p = −bucket, defers it if the bucket is busy in this batch,
// and otherwise appends it to the batch with its denominator.
func (ab *affineBuckets) add(points []group.Affine, b, p int32) {
	if ab.points52 != nil {
		ab.addLanes(points, b, p)
		return
	}
	st := ab.state[b]
	if st == 0 {
		ab.buckets[b] = points[p^(p>>31)] // p^(p>>31) is p or ^p
		if p < 0 {
			ab.buckets[b].Y.Negate(&ab.buckets[b].Y)
		}
		ab.state[b] = ab.gen - 1
		return
	}
	if st == ab.gen {
		ab.deferAddition(points, b, p)
		return
	}
	// For q = −points[i], λ = (−y_i − y_a)/(x_i − x_a) = (y_i + y_a)/(x_a − x_i):
	// the negation moves into the denominator here and the numerator in flush.
	q := &points[p^(p>>31)]
	a := &ab.buckets[b]
	e := len(ab.eBucket)
	den := &ab.den[e]
	if p >= 0 {
		den.Subtract(&q.X, &a.X)
	} else {
		den.Subtract(&a.X, &q.X)
	}
	if den.IsZero() == 1 {
		var s field.Element
		if p >= 0 {
			s.Add(&q.Y, &a.Y)
		} else {
			s.Subtract(&q.Y, &a.Y)
		}
		if s.IsZero() == 1 {
			ab.state[b] = 0 // a + (−a) = O
			return
		}
		den.Double(&a.Y) // a doubling: λ = 3x²/(2y)
		b |= affineDouble
	}
	ab.eBucket = append(ab.eBucket, b)
	ab.ePoint = append(ab.ePoint, p)
	ab.state[b&^affineDouble] = ab.gen
}

// flush computes every addition of the batch with one inversion
// (Montgomery's trick: 3(m − 1)M + 1 inversion for m denominators), and
// starts a new batch.
func (ab *affineBuckets) flush(points []group.Affine) {
	if ab.points52 != nil {
		ab.flushLanes(points)
		return
	}
	m := len(ab.eBucket)
	if m == 0 {
		return
	}
	den, prefix := ab.den[:m], ab.prefix[:m]
	prefix[0] = den[0]
	for e := 1; e < m; e++ {
		prefix[e].Multiply(&prefix[e-1], &den[e])
	}
	var inv, di, lambda, num, x3, y3 field.Element
	inv.VarTimeInvert(&prefix[m-1]) // nonzero: every den is
	for e := m - 1; e >= 0; e-- {
		if e > 0 {
			di.Multiply(&inv, &prefix[e-1]) // 1/den[e]
			inv.Multiply(&inv, &den[e])     // 1/(den[0]·…·den[e−1])
		} else {
			di = inv
		}
		b, p := ab.eBucket[e], ab.ePoint[e]
		a := &ab.buckets[b&^affineDouble]
		q := &points[p^(p>>31)]
		switch {
		case b&affineDouble != 0:
			num.Square(&a.X)
			num.MultiplySmall(&num, 3)
		case p >= 0:
			num.Subtract(&q.Y, &a.Y)
		default:
			num.Add(&q.Y, &a.Y) // see add
		}
		lambda.Multiply(&num, &di)
		x3.Square(&lambda)
		x3.Subtract(&x3, &a.X)
		x3.Subtract(&x3, &q.X)
		y3.Subtract(&a.X, &x3)
		y3.Multiply(&y3, &lambda)
		y3.Subtract(&y3, &a.Y)
		a.X, a.Y = x3, y3
	}
	ab.eBucket, ab.ePoint = ab.eBucket[:0], ab.ePoint[:0]
	ab.gen++ // the buckets of this batch (state gen − 1) are now merely occupied
}

// drain moves the deferred additions whose bucket is free into the new
// batch, while it has room; the others stay queued.
func (ab *affineBuckets) drain(points []group.Affine, batch int) {
	kept := 0
	for e, b := range ab.qBucket {
		p := ab.qPoint[e]
		if len(ab.eBucket) < batch && ab.state[b] != ab.gen {
			ab.add(points, b, p)
			continue
		}
		ab.qBucket[kept], ab.qPoint[kept] = b, p
		kept++
	}
	ab.qBucket, ab.qPoint = ab.qBucket[:kept], ab.qPoint[:kept]
}
