package ecmult

import (
	"crypto/rand"
	"sync"
	"sync/atomic"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Fixed-base scalar multiplication k·G: a signed-digit multi-comb over
// precomputed affine multiples of G (Hamburg, "Fast and compact elliptic-curve
// cryptography", eprint 2012/309 §3.3; libsecp256k1's ecmult_gen), with
// scalar and projective blinding. docs/ecmult.md, "Comb", has the derivation.
//
// The comb has combBlocks blocks of combTeeth teeth spaced combSpacing bits
// apart, covering combBits = combBlocks·combTeeth·combSpacing ≥ 256 bits.
// The table-size file chosen by build tag (gen_86k.go by default, gen_22k.go
// with kestrel_comb22k, gen_2k.go with kestrel_comb2k, which wins if both are
// given) sets only the table's shape, combBlocks and combTeeth; the spacing
// is the least that covers 256 bits.
//
// Signed digits: for the scalar d to multiply, let e = (d + 2^combBits − 1)/2
// mod n. Then d ≡ 2e − (2^combBits − 1) = Σᵢ (2eᵢ − 1)·2ⁱ over all combBits
// bit positions i, so every bit of e stands for a digit ±1, and a block's
// teeth select one of 2^combTeeth sign patterns. Negating a pattern negates
// the point, so the table stores only the 2^(combTeeth−1) patterns whose top
// tooth is +1.

const (
	combPoints  = 1 << (combTeeth - 1)                                        // table entries per block
	combSpacing = (256 + combBlocks*combTeeth - 1) / (combBlocks * combTeeth) // bits between teeth
	combBits    = combBlocks * combTeeth * combSpacing                        // bits covered, ≥ 256
)

// Compile-time checks of the shape (a negative constant does not convert to
// uint): 1 ≤ combTeeth ≤ 8, so that a block's teeth gather into a byte-sized
// index, and at least one block.
const (
	_ uint = combTeeth - 1
	_ uint = 8 - combTeeth
	_ uint = combBlocks - 1
)

// combTable[b][m] = Σ_{t<T−1} ±2^((b·T+t)·S)·G + 2^((b·T+T−1)·S)·G, with the
// sign of tooth t positive where bit t of m is set. Computed once, lazily.
var (
	combTable     *[combBlocks][combPoints]group.Affine
	combTableOnce sync.Once
)

// combState is a blinding state: ScalarBaseMult computes
// k·G = 2^(S−1)·Q + comb(e) with Q = q·G for a random q, and
// e = (k − 2^(S−1)·q + 2^combBits − 1)/2 mod n = k/2 + offset. Q is kept
// in Jacobian coordinates with a random Z (projective blinding), so the
// accumulator's coordinates are randomised from the first addition on.
type combState struct {
	offset scalar.Scalar  // (2^combBits − 1 − 2^(S−1)·q)/2 mod n
	q      group.Jacobian // q·G, random Z
}

var (
	combCurrent atomic.Pointer[combState]
	combCalls   atomic.Uint64
	combMu      sync.Mutex // serialises refreshes
)

// combRefreshInterval is how many multiplications (one per ScalarBaseMult
// call, eight per ScalarBaseMult8 call) share one blinding state before a
// new one is drawn (a refresh costs about one k·G).
const combRefreshInterval = 1024

// halfModN is 1/2 mod n = (n + 1)/2.
var halfModN = *new(scalar.Scalar).Invert(new(scalar.Scalar).SetUint64(2))

// combAllOnes is (2^combBits − 1) mod n.
var combAllOnes = func() scalar.Scalar {
	// 2^combBits − 1 = Σ 2ⁱ; build it by doubling and adding 1 mod n.
	var s, one scalar.Scalar
	one.SetUint64(1)
	for range combBits {
		s.Add(&s, &s)
		s.Add(&s, &one)
	}
	return s
}()

// combTables builds (once) and returns the comb table.
func combTables() *[combBlocks][combPoints]group.Affine {
	combTableOnce.Do(func() {
		t := new([combBlocks][combPoints]group.Affine)
		jac := make([]group.Jacobian, combBlocks*combPoints)
		var teeth [combTeeth]group.Jacobian // 2^((b·T+t)·S)·G of this block
		var base group.Jacobian
		base.SetAffine(&group.Generator)
		for b := range combBlocks {
			for tt := range combTeeth {
				teeth[tt] = base
				for range combSpacing {
					base.Double(&base)
				}
			}
			// Entry 0: all teeth negative but the top one.
			e := jac[b*combPoints : (b+1)*combPoints]
			e[0] = teeth[combTeeth-1]
			for tt := range combTeeth - 1 {
				var neg group.Jacobian
				neg.Negate(&teeth[tt])
				e[0].VarTimeAdd(&e[0], &neg)
			}
			// Entry m = entry (m without its top set bit) + 2·tooth(top bit).
			for m := 1; m < combPoints; m++ {
				hb := 0
				for m>>(hb+1) != 0 {
					hb++
				}
				var twice group.Jacobian
				twice.Double(&teeth[hb])
				e[m].VarTimeAdd(&e[m&^(1<<hb)], &twice)
			}
		}
		flat := make([]group.Affine, len(jac))
		if !group.VarTimeBatchSetJacobian(flat, jac, nil) {
			panic("ecmult: identity in the comb table")
		}
		// Canonical coordinates, which group8's lane lookup
		// (ScalarBaseMult8) reads as stored.
		for i := range flat {
			flat[i].X.Normalize(&flat[i].X)
			flat[i].Y.Normalize(&flat[i].Y)
		}
		for b := range combBlocks {
			copy(t[b][:], flat[b*combPoints:])
		}
		combTable = t
	})
	return combTable
}

// loadCombState returns the current blinding state for n multiplications,
// creating the first one or refreshing it every combRefreshInterval
// multiplications.
func loadCombState(n uint64) *combState {
	st := combCurrent.Load()
	if c := combCalls.Add(n); st == nil || c/combRefreshInterval != (c-n)/combRefreshInterval {
		st = refreshCombState(st)
	}
	return st
}

// refreshCombState draws a new blinding state from crypto/rand (which cannot
// fail: since Go 1.24 crypto/rand.Read never returns an error) and installs it.
func refreshCombState(prev *combState) *combState {
	combMu.Lock()
	defer combMu.Unlock()
	if cur := combCurrent.Load(); cur != prev && cur != nil {
		return cur // another goroutine refreshed meanwhile
	}
	var buf [64]byte
	rand.Read(buf[:])
	var q scalar.Scalar
	q.SetUniformBytes(&buf)
	var zb [32]byte
	rand.Read(zb[:])
	var z field.Element
	z.SetBytes(&zb)
	clear(buf[:])
	clear(zb[:])

	// Q = q·G with the previous state (or, the first time, unblinded).
	if prev == nil {
		prev = unblindedCombState()
	}
	st := new(combState)
	combMult(&st.q, &q, prev)
	// Projective blinding: (X·z², Y·z³, Z·z) for a random z ≠ 0 (z = 0 has
	// probability 2⁻²⁵⁶; then keep Z as is).
	one := new(field.Element).One()
	z.Select(one, &z, z.IsZero())
	var z2, z3 field.Element
	z2.Square(&z)
	z3.Multiply(&z2, &z)
	st.q.X.Multiply(&st.q.X, &z2)
	st.q.Y.Multiply(&st.q.Y, &z3)
	st.q.Z.Multiply(&st.q.Z, &z)

	// offset = (2^combBits − 1 − 2^(S−1)·q)/2.
	var b scalar.Scalar
	b.Set(&q)
	for range combSpacing - 1 {
		b.Add(&b, &b)
	}
	st.offset.Subtract(&combAllOnes, &b)
	st.offset.Multiply(&st.offset, &halfModN)
	q = scalar.Scalar{}
	combCurrent.Store(st)
	return st
}

// unblindedCombState returns the state with q = 0: Q is the identity and
// offset = (2^combBits − 1)/2, so that comb(e) alone is k·G.
func unblindedCombState() *combState {
	st := new(combState)
	st.offset.Multiply(&combAllOnes, &halfModN)
	st.q.Y.One() // Z = 0: the identity
	return st
}

// combMult sets v = k·G in constant time using the blinding state st.
func combMult(v *group.Jacobian, k *scalar.Scalar, st *combState) {
	table := combTables()
	var e scalar.Scalar
	e.Multiply(k, &halfModN)
	e.Add(&e, &st.offset)

	el := e.Limbs()
	acc := st.q
	var entry group.Affine
	for s := combSpacing - 1; s >= 0; s-- {
		if s != combSpacing-1 {
			acc.Double(&acc)
		}
		for b := range combBlocks {
			idx, neg := combDigit(&el, b, s)
			entry.Lookup(table[b][:], int(idx))
			entry.CondNegate(&entry, int(neg))
			acc.AddAffine(&acc, &entry)
		}
	}
	*v = acc
	e, el = scalar.Scalar{}, [4]uint64{}
}

// combDigit returns the table index of block b at comb offset s of the
// recoded scalar e (limbs el), and 1 if the entry is to be negated (0
// otherwise). It gathers the teeth, bits (b·T + t)·S + s of e for t < T; the
// positions are public, and bits at 256 and above are 0. A top tooth of 0
// (digit −1) selects the complement pattern, negated.
func combDigit(el *[4]uint64, b, s int) (idx, neg uint64) {
	var bits uint64
	if combSpacing == 1 {
		// The teeth are the contiguous bits b·T … b·T + T − 1 (s = 0).
		pos := uint(b * combTeeth)
		bits = el[pos>>6] >> (pos & 63)
		if pos&63 > 64-combTeeth && pos>>6 < 3 {
			bits |= el[pos>>6+1] << (64 - pos&63)
		}
		bits &= 1<<combTeeth - 1
	} else {
		for t := range combTeeth {
			pos := uint((b*combTeeth+t)*combSpacing + s)
			if pos < 256 {
				bits |= (el[pos>>6] >> (pos & 63) & 1) << t
			}
		}
	}
	top := bits >> (combTeeth - 1)
	flip := top - 1 // all ones if top == 0
	return (bits ^ flip) & (combPoints - 1), top ^ 1
}

// ScalarBaseMult sets v = k·G in constant time: the signed-digit comb over
// precomputed multiples of G, with scalar and projective blinding that is
// refreshed from crypto/rand every combRefreshInterval calls.
func ScalarBaseMult(v *group.Jacobian, k *scalar.Scalar) {
	combMult(v, k, loadCombState(1))
}
