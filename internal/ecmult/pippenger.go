package ecmult

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Pippenger's bucket method for Σ kᵢ·Pᵢ over many points, with the GLV
// endomorphism. docs/msm.md describes the algorithm, the window table, the
// variants that were measured and why this one was kept; the section names
// in quotes below refer to it.
//
// Outline ("Algorithm"):
//
//  1. The live inputs (kᵢ ≠ 0, Pᵢ ≠ O) are split, kᵢ ≡ ±k₁ ± k₂·λ with
//     k₁, k₂ < 2¹²⁸, into two points with 128-bit scalars, ±Pᵢ and
//     ±φ(Pᵢ) = ±(β·x, y). The points are made affine with batched inversions
//     (inputs that are already affine, Z = 1, are copied).
//  2. Each 128-bit half is recoded into W = ⌈130/c⌉ signed digits of c bits
//     in [−2^(c−1), 2^(c−1)) by an offset ("Recoding"), so that any window's
//     digit is read directly, without a carry from the windows below.
//  3. For each window j, the 2^(c−1) buckets collect the points whose digit
//     has that absolute value (negated for a negative digit); the running
//     sum then gives Sⱼ = Σ_b (b + 1)·bucket[b] with 2 additions per bucket.
//     The buckets are affine and each batch of additions shares one
//     inversion ("Affine buckets").
//  4. The result is Σⱼ 2^(c·j)·Sⱼ, with c doublings between windows.
//
// Steps 1 to 3 are split into independent units of work that run on as
// many goroutines as the caller allows (VarTimeMultiScalarMultWorkers;
// "Parallelism"). The scratch memory (about 180
// bytes per input, 380 if it is not affine, plus the buckets of each
// goroutine) lives in a sync.Pool, so repeated calls do not allocate
// ("Scratch").

// msmScratch holds the buffers of one call. The slices only grow; a pool of
// them (msmScratchPool) makes repeated calls allocation-free.
type msmScratch struct {
	live   []int32        // indices of the live inputs; len(points) stands for G
	points []group.Affine // 2 per live input: ±P, ±φ(P)
	// points52 is points in 5x52 limbs for the lane path of the affine
	// buckets (pippenger_lanes.go), nil without it.
	points52 []aff52
	lanes52  []aff52          // the memory of points52, kept across calls
	keys     []pippengerKey   // their recoded 128-bit scalars
	sums     []group.Jacobian // Sⱼ per window
	ws       []*windowScratch // one per goroutine

	// The job of the current call, for unit. The input slices are cleared
	// before the scratch returns to the pool.
	scalars []*scalar.Scalar
	inputs  []*group.Jacobian
	g       *scalar.Scalar
	prep    bool // unit prepares chunks of inputs, not windows
	chunk   int  // live inputs per preparation unit
	variant pippengerVariant
	c       uint // window
	group   int  // windows per unit of work
	grouped int  // windows processed in groups; the others one by one, in Jacobian
	batch   int  // affine batch size (0 chooses)
	n       int  // GLV points
}

var msmScratchPool = sync.Pool{New: func() any { return new(msmScratch) }}

// collect records the live inputs (kᵢ ≠ 0 and Pᵢ ≠ O, and G if g is neither
// nil nor 0) in s.live and returns their number, and false if a live input
// has Y = 0.
//
// No curve point has y = 0 (secp256k1 has no point of order 2). An input
// that has, as (0, 0) with Z = 1, acts as a point of order 2 in the
// formulas: it doubles to Z = 0 and cancels itself in an affine bucket, so
// its even multiples vanish from the sum. Strauss detects such inputs by
// one test of its common Z (straussFailed); here identities are legitimate
// in the buckets and in the sum of a valid batch, so each live input's Y is
// tested instead, one IsZero per input.
func (s *msmScratch) collect(scalars []*scalar.Scalar, points []*group.Jacobian, g *scalar.Scalar) (int, bool) {
	s.live = s.live[:0]
	for i, p := range points {
		if scalars[i].IsZero() == 0 && p.IsIdentity() == 0 {
			if p.Y.IsZero() == 1 {
				return 0, false
			}
			s.live = append(s.live, int32(i))
		}
	}
	if g != nil && g.IsZero() == 0 {
		s.live = append(s.live, int32(len(points)))
	}
	return len(s.live), true
}

// prepareChunk fills s.points and s.keys (steps 1 and 2, recoded for window
// s.c) for the live inputs m0 ≤ m < m1, with one inversion for those that
// are not affine yet.
func (ws *windowScratch) prepareChunk(s *msmScratch, m0, m1 int) {
	ws.jacIn, ws.jacIdx = ws.jacIn[:0], ws.jacIdx[:0]
	var one field.Element
	one.One()
	for m := m0; m < m1; m++ {
		i := int(s.live[m])
		var k *scalar.Scalar
		if i == len(s.inputs) {
			k = s.g
			s.points[2*m] = group.Generator
		} else {
			k = s.scalars[i]
			p := s.inputs[i]
			if p.Z.Equal(&one) == 1 {
				s.points[2*m] = group.Affine{X: p.X, Y: p.Y}
			} else {
				ws.jacIn = append(ws.jacIn, *p)
				ws.jacIdx = append(ws.jacIdx, int32(m))
			}
		}
		// The halves are < 2¹²⁸; their third limb holds the sign until the
		// offset is added below.
		k1, k2, neg1, neg2 := scalar.VarTimeSplitGLVShort(k)
		l1, l2 := k1.Limbs(), k2.Limbs()
		s.keys[2*m] = pippengerKey{l1[0], l1[1], uint64(neg1)}
		s.keys[2*m+1] = pippengerKey{l2[0], l2[1], uint64(neg2)}
	}
	if n := len(ws.jacIn); n > 0 {
		ws.jacOut = grow(ws.jacOut, n)
		ws.fe = grow(ws.fe, n)
		group.VarTimeBatchSetJacobian(ws.jacOut, ws.jacIn, ws.fe) // no identity: not live
		for t, m := range ws.jacIdx {
			s.points[2*m] = ws.jacOut[t]
		}
	}
	// φ(P) = (β·x, y); the signs of the split go into the points; the
	// offset K(c) into the halves.
	off := pippengerOffset(s.c)
	for m := m0; m < m1; m++ {
		p, q := &s.points[2*m], &s.points[2*m+1]
		q.MulLambda(p)
		for h, pt := range [2]*group.Affine{p, q} {
			k := &s.keys[2*m+h]
			if k[2] != 0 {
				pt.Y.Negate(&pt.Y)
			}
			*k = recodeHalf(k[0], k[1], &off)
		}
	}
	if s.points52 != nil {
		for i := 2 * m0; i < 2*m1; i++ {
			s.points52[i].set(&s.points[i])
		}
	}
}

// pippengerVariant names a bucket-accumulation strategy. Production uses
// pippengerAffine; pippengerJacobian is libsecp256k1's, kept as the measured
// baseline (and used for the top window, see varTimePippengerWith). The
// homogeneous-coordinate variants that lost are in
// docs/design.md's table of what was tried (docs/msm.md, "Variants").
type pippengerVariant int

const (
	// pippengerJacobian: Jacobian buckets filled by mixed additions
	// (8M + 3S), Jacobian running sum (12M + 4S per addition).
	pippengerJacobian pippengerVariant = iota
	// pippengerAffine: affine buckets filled in batches that share one
	// inversion (≈ 5M + 1S per addition), pippenger_affine.go.
	pippengerAffine
	pippengerVariants
)

// pippengerConfig fixes the knobs that are chosen automatically in
// production; tests and benchmarks set them.
type pippengerConfig struct {
	variant pippengerVariant
	window  uint // bucket window c ≥ 2; 0 chooses by the number of points
	workers int  // goroutines; 0 chooses (pippengerWorkers), 1 is serial
	// maxWorkers bounds pippengerWorkers' choice; 0 is GOMAXPROCS.
	maxWorkers int
	batch      int // pippengerAffine's batch size; 0 chooses
}

// varTimePippenger returns Σ scalars[i]·points[i] (+ g·G if g is not nil)
// by Pippenger's method, and true; or (invalidSum, false) if an input with
// a nonzero scalar has Y = 0, which no curve point has (collect). It is not
// constant time. The slices have equal lengths (the caller checks).
func varTimePippenger(scalars []*scalar.Scalar, points []*group.Jacobian, g *scalar.Scalar) (group.Jacobian, bool) {
	return varTimePippengerWith(scalars, points, g, pippengerConfig{variant: pippengerAffine})
}

// varTimePippengerWith is varTimePippenger with explicit knobs.
func varTimePippengerWith(scalars []*scalar.Scalar, points []*group.Jacobian, g *scalar.Scalar, cfg pippengerConfig) (group.Jacobian, bool) {
	s := msmScratchPool.Get().(*msmScratch)
	defer msmScratchPool.Put(s)

	live, ok := s.collect(scalars, points, g)
	if !ok {
		return invalidSum, false
	}
	if live == 0 {
		return group.Jacobian{}, true // the identity
	}
	if 2*live > 1<<30 {
		// The affine batches index the GLV points with int32 (^i for −Pᵢ).
		cfg.variant = pippengerJacobian
	}
	c := cfg.window
	if c == 0 {
		c = pippengerWindow(live)
	}
	w := pippengerWindows(c)
	workers := cfg.workers
	if workers == 0 {
		workers = pippengerWorkers(live, cfg.maxWorkers)
	}
	workers = max(1, min(workers, w))
	for len(s.ws) < workers {
		s.ws = append(s.ws, new(windowScratch))
	}

	// Steps 1 and 2: one chunk, or about two per goroutine.
	s.points = grow(s.points, 2*live)
	s.keys = grow(s.keys, 2*live)
	s.points52 = nil
	if cfg.variant == pippengerAffine && useLanes() {
		s.lanes52 = grow(s.lanes52, 2*live)
		s.points52 = s.lanes52
	}
	s.scalars, s.inputs, s.g, s.c = scalars, points, g, c
	s.prep, s.chunk = true, live
	if workers > 1 {
		s.chunk = (live + 2*workers - 1) / (2 * workers)
	}
	s.forEach((live+s.chunk-1)/s.chunk, workers)
	s.scalars, s.inputs, s.g, s.prep = nil, nil, nil, false

	s.c, s.variant, s.batch, s.n = c, cfg.variant, cfg.batch, 2*live
	s.sums = grow(s.sums, w)
	s.group, s.grouped = 1, w
	if cfg.variant == pippengerAffine {
		// The top window has only b = 128 − c·(W − 1) bits: its digits fall
		// in the 2^b lowest buckets ("Recoding"). When that is less than a
		// quarter of them, so many of its additions collide in the batches
		// that Jacobian buckets are cheaper (docs/msm.md, "Affine buckets").
		if 128-int(c)*(w-1) < int(c)-3 {
			s.grouped = w - 1
		}
		// The other windows in groups that share one pass over the points;
		// with several goroutines, about two groups per goroutine.
		s.group = affineGroup(c)
		if workers > 1 {
			s.group = min(s.group, (s.grouped+2*workers-1)/(2*workers))
		}
	}
	units := (s.grouped + s.group - 1) / s.group
	s.forEach(units+w-s.grouped, workers)

	// Step 4: Σⱼ 2^(c·j)·Sⱼ, from the top window down.
	acc := s.sums[w-1]
	for j := w - 2; j >= 0; j-- {
		for range c {
			acc.VarTimeDouble(&acc)
		}
		acc.VarTimeAdd(&acc, &s.sums[j])
	}
	return acc, true
}

// forEach runs s.unit for every unit of work u < units, on the given
// number of goroutines, each with its own windowScratch. With one worker it
// runs on the calling goroutine, without synchronisation or allocation.
func (s *msmScratch) forEach(units, workers int) {
	if workers <= 1 {
		for u := range units {
			s.unit(s.ws[0], u)
		}
		return
	}
	// Units are taken from a shared counter: they cost about the same, but a
	// goroutine may be descheduled on a shared machine.
	var next atomic.Int32
	var wg sync.WaitGroup
	for t := range workers {
		ws := s.ws[t]
		wg.Go(func() {
			for {
				u := int(next.Add(1)) - 1
				if u >= units {
					return
				}
				s.unit(ws, u)
			}
		})
	}
	wg.Wait()
}

// unit computes the window sums of unit u: the windows
// [u·s.group, (u+1)·s.group) below s.grouped, then one window per unit; or,
// while s.prep is set, prepares the live inputs [u·s.chunk, (u+1)·s.chunk).
func (s *msmScratch) unit(ws *windowScratch, u int) {
	if s.prep {
		ws.prepareChunk(s, u*s.chunk, min(len(s.live), (u+1)*s.chunk))
		return
	}
	pts, keys, c := s.points[:s.n], s.keys[:s.n], s.c
	units := (s.grouped + s.group - 1) / s.group
	if u >= units || s.variant == pippengerJacobian {
		j := u
		if u >= units {
			j = s.grouped + u - units
		}
		ws.windowJacobian(&s.sums[j], pts, keys, j, c)
		return
	}
	j0 := u * s.group
	j1 := min(j0+s.group, s.grouped)
	var pts52 []aff52
	if s.points52 != nil {
		pts52 = s.points52[:s.n]
	}
	ws.aff.windowsAffine(s.sums[j0:j1], pts, pts52, keys, j0, j1, c, s.batch)
}

// pippengerWorkers returns the number of goroutines for live inputs: 1 below
// pippengerParallelMin (docs/msm.md, "Parallelism"), else maxWorkers, or
// GOMAXPROCS if maxWorkers is 0.
func pippengerWorkers(live, maxWorkers int) int {
	switch {
	case live < pippengerParallelMin:
		return 1
	case maxWorkers > 0:
		return maxWorkers
	}
	return runtime.GOMAXPROCS(0)
}

// pippengerParallelMin is the number of live inputs from which the work is
// spread over GOMAXPROCS goroutines: already at 40 points two goroutines
// took 0.70× the time of one (docs/msm.md, "Parallelism"), so in practice
// every Pippenger call above the Strauss threshold is parallel.
const pippengerParallelMin = 32

// windowScratch holds one goroutine's buffers: the inputs to normalise of
// its preparation chunks, and its buckets.
type windowScratch struct {
	jacIn  []group.Jacobian
	jacIdx []int32
	jacOut []group.Affine
	fe     []field.Element

	jac []group.Jacobian
	aff affineBuckets
}

// windowJacobian sets sum = Σ_b (b + 1)·bucket[b] for window j, with
// libsecp256k1's Jacobian buckets (the baseline of docs/msm.md).
func (ws *windowScratch) windowJacobian(sum *group.Jacobian, points []group.Affine, keys []pippengerKey, j int, c uint) {
	buckets := ws.fillJacobian(points, keys, j, c)
	// Running sum: after bucket b, running = Σ_{b' ≥ b} bucket[b'] and
	// total = Σ_{b' ≥ b} (b' − b + 1)·bucket[b'].
	var running, total group.Jacobian
	for b := len(buckets) - 1; b >= 0; b-- {
		running.VarTimeAdd(&running, &buckets[b])
		total.VarTimeAdd(&total, &running)
	}
	*sum = total
}

// fillJacobian returns the Jacobian buckets of window j: bucket[b] = Σ of
// the points with digit ±(b + 1), negated for −.
func (ws *windowScratch) fillJacobian(points []group.Affine, keys []pippengerKey, j int, c uint) []group.Jacobian {
	ws.jac = grow(ws.jac, windowBuckets(j, c))
	buckets := ws.jac
	clear(buckets) // Z = 0: the identity
	pos := uint(j) * c
	for i := range keys {
		d := keys[i].digit(pos, c)
		switch {
		case d > 0:
			b := &buckets[d-1]
			b.VarTimeAddAffine(b, &points[i])
		case d < 0:
			var q group.Affine
			q.Negate(&points[i])
			b := &buckets[-d-1]
			b.VarTimeAddAffine(b, &q)
		}
	}
	return buckets
}
