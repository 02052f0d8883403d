package schnorr

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"hash"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	batchWorkers "github.com/kestrel-crypto/secp256k1/internal/workers"
)

var (
	// ErrSignatureLength is returned by BatchVerifier.Add for a signature
	// that is not 64 bytes.
	ErrSignatureLength = errors.New("schnorr: signature must be 64 bytes")
	// ErrSignatureR is returned by BatchVerifier.Add for a signature whose
	// r (its first 32 bytes) is not less than the field size p: no x
	// coordinate.
	ErrSignatureR = errors.New("schnorr: signature r is not less than the field size")
	// ErrSignatureS is returned by BatchVerifier.Add for a signature whose
	// s (its last 32 bytes) is not less than the group order n.
	ErrSignatureS = errors.New("schnorr: signature s is not less than the group order")
	// ErrTweakCheck is returned by BatchVerifier.AddTweakCheck for a
	// tweaked key that is not 32 bytes or not less than the field size p,
	// or a parity other than 0 and 1.
	ErrTweakCheck = errors.New("schnorr: tweaked x-only key must be 32 bytes below p, parity 0 or 1")
)

// BatchVerifier checks many BIP-340 signatures at once, by BIP-340's batch
// verification: with random a₁ = 1, a₂ … aᵤ (128 bits each, derived from a
// hash of every input), it checks
//
//	(Σ aᵢsᵢ)·G = Σ aᵢ·Rᵢ + Σ (aᵢeᵢ)·Pᵢ
//
// with one multi-scalar multiplication of about 2u points instead of u
// double multiplications. Signatures under the same public key share one
// point. Verify answers for the whole batch; Invalid finds the culprits.
//
// Add checks each entry before it joins the batch: a signature that is not
// 64 bytes, whose r is not less than p or whose s is not less than n, or a
// public key that is nil or the zero value of secp256k1.PublicKey, is
// refused with an error. Every other invalid signature makes Verify return
// false.
//
// A batch fails closed: once Add or AddTweakCheck has returned an error,
// Verify returns false until Reset, so that a caller that ignores Add's
// error never gets true for a batch that held an invalid signature. A
// refused entry takes its position in the batch: the entries are numbered
// by call, every Add and AddTweakCheck since the last Reset in order,
// refused or not; Len counts them, and Invalid names the refused ones with
// the invalid ones.
//
// A BatchVerifier keeps scratch memory proportional to the batch; Reset
// empties it for reuse without freeing the memory, so that a verifier
// reused for batches of one size allocates nothing per signature (Add
// builds each entry in place; TestBatchAllocations). The zero value is not
// usable; use NewBatchVerifier. It is not safe for concurrent use.
type BatchVerifier struct {
	entries []batchEntry
	msgs    []byte    // the messages, back to back
	seed    hash.Hash // hash of every input, for the coefficients aᵢ
	lenBuf  [8]byte   // scratch for the seed's length fields
	refused bool      // an entry was refused since Reset: Verify is false
	seedSum [32]byte  // the seed hash, in Verify
	workers int       // SetWorkers' value

	// Scratch for Verify, kept between calls.
	scalars []scalar.Scalar
	points  []group.Jacobian
	sp      []*scalar.Scalar
	pp      []*group.Jacobian
	keys    map[[32]byte]int
	prodS   []scalar.Scalar // aᵢsᵢ (aᵢtᵢ for a tweak check)
	prodE   []scalar.Scalar // aᵢeᵢ
	lifted  []bool          // Rᵢ (Qᵢ) has an x on the curve
}

// batchEntry is a signature (Add) or, with tweak set, a taproot tweak
// check (AddTweakCheck), whose fields are read as noted.
type batchEntry struct {
	pk  bip340.PublicKey // the x-only public key (the internal key of a tweak check), a copy: the caller's key may change after Add
	msg [2]int           // the message is msgs[msg[0]:msg[1]]
	raw [64]byte         // the signature; for a tweak check the tweaked x-only key, then the tweak
	sig bip340.Signature // the parsed signature; for a tweak check RX is the tweaked key's x
	e   scalar.Scalar    // the challenge (the tweak)

	tweak   bool // a tweak check
	refused bool // Add or AddTweakCheck refused it: only its position is kept
	parity  int  // the tweaked key's y parity
}

// NewBatchVerifier returns an empty batch verifier.
func NewBatchVerifier() *BatchVerifier {
	return &BatchVerifier{seed: sha256.New(), keys: make(map[[32]byte]int)}
}

// Reset empties the batch, keeping its memory for reuse, and clears the
// refusals: the next entry is number 0, and Verify answers for the entries
// added after Reset only.
func (b *BatchVerifier) Reset() {
	b.refused = false
	b.entries = b.entries[:0]
	b.msgs = b.msgs[:0]
	b.seed.Reset()
	clear(b.keys)
}

// SetWorkers sets the number of goroutines Verify may use for its
// multi-scalar multiplication (see secp256k1.Workers): 1, the default, runs
// it on the calling goroutine; n > 1 on up to n goroutines;
// secp256k1.UseGOMAXPROCS on GOMAXPROCS goroutines. Only batches of about
// 20 signatures or more are split. The result does not depend on it.
func (b *BatchVerifier) SetWorkers(n int) { b.workers = n }

// Len returns the number of entries since the last Reset: every call of
// Add and AddTweakCheck, refused or not. The entries are numbered 0 to
// Len() − 1 in call order, as Invalid numbers them.
func (b *BatchVerifier) Len() int { return len(b.entries) }

// refuse records a refused entry at the next position, which fails the
// batch until Reset, and returns err. A nil b has nothing to record.
func (b *BatchVerifier) refuse(err error) error {
	if b != nil {
		b.entries = append(b.entries, batchEntry{refused: true})
		b.refused = true
	}
	return err
}

// Add adds the signature sig of msg (any length) by pub to the batch, as
// entry number Len() − 1. It refuses a malformed entry with an error:
// ErrSignatureLength for a signature that is not 64 bytes,
// secp256k1.ErrUninitialized for a pub that is nil or the zero value of
// secp256k1.PublicKey, ErrSignatureR for r ≥ p and ErrSignatureS for
// s ≥ n, checked in that order. A refused entry still takes its position,
// and Verify returns false until Reset (Invalid names it). Any other
// invalid signature makes Verify return false too. The batch keeps a copy
// of pub.
func (b *BatchVerifier) Add(pub *secp256k1.PublicKey, msg, sig []byte) error {
	var pk bip340.PublicKey
	var s bip340.Signature
	if err := parse(&pk, &s, pub, sig); err != nil {
		return b.refuse(lengthError(err, sig))
	}
	// The entry is built in place, in memory the batch keeps across Reset:
	// a local would escape (its address goes to the hash below).
	b.entries = append(b.entries, batchEntry{pk: pk, sig: s})
	e := &b.entries[len(b.entries)-1]
	e.msg = [2]int{len(b.msgs), len(b.msgs) + len(msg)}
	b.msgs = append(b.msgs, msg...)
	copy(e.raw[:], sig)
	bip340.Standard.Challenge(&e.e, &e.sig.R, &e.pk.PX, msg)

	// The seed covers pk ‖ len(m) ‖ m ‖ sig of every signature in order.
	binary.BigEndian.PutUint64(b.lenBuf[:], uint64(len(msg)))
	b.seed.Write(e.pk.PX[:])
	b.seed.Write(b.lenBuf[:])
	b.seed.Write(msg)
	b.seed.Write(sig)
	return nil
}

// AddTweakCheck adds to the batch the check that the x-only key tweakedX
// with y parity parity is the BIP-341 tweak of the internal key by the
// 32-byte tweak: what XOnlyTweakAddCheck checks alone, as one more equation
// of the batch's multi-scalar multiplication (about half the cost of
// checking it alone, as libsecp256k1's batch verification reports). A
// block validator adds the tweak checks of its taproot script-path spends
// to the batch of its signatures. Verify then answers for both; Invalid
// numbers the signatures and tweak checks together, in call order.
//
// It refuses a malformed entry with an error, as Add does (the refused
// entry takes its position, and Verify returns false until Reset):
// ErrTweakCheck for a tweakedX that is not 32 bytes or not below p or a
// parity other than 0 and 1, secp256k1.ErrUninitialized for a nil or zero
// internal key, and ErrTweak for a tweak that is not 32 bytes or not below
// n. A check that is false makes Verify return false.
func (b *BatchVerifier) AddTweakCheck(tweakedX []byte, parity int, internal *secp256k1.PublicKey, tweak []byte) error {
	if len(tweakedX) != 32 || (parity != 0 && parity != 1) {
		return b.refuse(ErrTweakCheck)
	}
	a, err := door.PublicKey(internal)
	if err != nil {
		return b.refuse(err)
	}
	var x field.Element
	if _, err := x.SetCanonicalBytes((*[32]byte)(tweakedX)); err != nil {
		return b.refuse(ErrTweakCheck)
	}
	if len(tweak) != 32 {
		return b.refuse(ErrTweak)
	}
	var t scalar.Scalar
	if _, err := t.SetCanonicalBytes((*[32]byte)(tweak)); err != nil {
		return b.refuse(ErrTweak)
	}
	b.entries = append(b.entries, batchEntry{})
	e := &b.entries[len(b.entries)-1]
	e.tweak, e.parity, e.sig.RX, e.e = true, parity, x, t
	e.pk.Set(&a)
	copy(e.raw[:32], tweakedX)
	copy(e.raw[32:], tweak)

	// The seed covers a marker with the parity ‖ internal key ‖ tweaked
	// key ‖ tweak: the coefficients depend on every input, as for the
	// signatures.
	b.lenBuf = [8]byte{0xff, 'T', 'w', 'e', 'a', 'k', 0, byte(parity)}
	b.seed.Write(b.lenBuf[:])
	b.seed.Write(e.pk.PX[:])
	b.seed.Write(e.raw[:])
	return nil
}

// Verify reports whether every Add and AddTweakCheck since the last Reset
// succeeded and every signature (and tweak check) added is valid: a batch
// with a refused entry is false, without any verification. An empty batch
// is valid. A false result says only that at least one entry is refused or
// invalid (use Invalid to find them); a true result is wrong with
// probability at most about 2⁻¹²⁸ per call.
func (b *BatchVerifier) Verify() bool {
	if b.refused {
		return false
	}
	u := len(b.entries)
	switch u {
	case 0:
		return true
	case 1:
		return b.check(&b.entries[0])
	}
	seed := &b.seedSum
	b.seed.Sum(seed[:0])

	// Points: each Rᵢ, then each distinct Pᵢ; G is the engine's own term.
	n := 2 * u
	if cap(b.scalars) < n {
		b.scalars = make([]scalar.Scalar, n)
		b.points = make([]group.Jacobian, n)
		b.sp = make([]*scalar.Scalar, n)
		b.pp = make([]*group.Jacobian, n)
	}
	if cap(b.prodS) < u {
		b.prodS = make([]scalar.Scalar, u)
		b.prodE = make([]scalar.Scalar, u)
		b.lifted = make([]bool, u)
	}
	scalars, points := b.scalars[:n], b.points[:n]
	prodS, prodE, lifted := b.prodS[:u], b.prodE[:u], b.lifted[:u]
	workers := secp256k1.Workers(b.workers)

	// Per entry, independently (on the workers: the square roots of the
	// lifts are most of this): Rᵢ = lift_x(r), on the curve with an even
	// y (r < p was checked by Add), or for a tweak check Qᵢ = lift_x of
	// the tweaked key with its parity, whose aᵢ·(Qᵢ − Pᵢ − tᵢ·G) joins the
	// sum; the coefficient aᵢ; aᵢsᵢ (aᵢtᵢ) and aᵢeᵢ.
	entry := func(i int, R *group.Affine, ok int) {
		e := &b.entries[i]
		if lifted[i] = ok == 1; !lifted[i] {
			return
		}
		points[i].SetAffine(R)
		a := &scalars[i] // aᵢ·Rᵢ, aᵢ·Qᵢ
		batchCoefficient(a, seed, i)
		if e.tweak {
			prodS[i].Multiply(a, &e.e) // aᵢtᵢ, as aᵢsᵢ: G's term is its negation
		} else {
			prodS[i].Multiply(a, &e.sig.S)
			prodE[i].Multiply(a, &e.e)
		}
	}
	if ecmult.UseLanes() {
		// The lifts sixteen at a time on the IFMA lanes (ecmult.LiftX16
		// gives group.Affine.LiftX's points and flags), the remainder one
		// by one.
		batchWorkers.RunChunks(u, ecmult.Lanes2, workers, func(start, end int) {
			if end-start < ecmult.Lanes2 {
				for i := start; i < end; i++ {
					var R group.Affine
					entry(i, &R, R.LiftX(&b.entries[i].sig.RX, b.entries[i].parity))
				}
				return
			}
			var x [ecmult.Lanes2]field.Element
			var odd [ecmult.Lanes2]int
			var R [ecmult.Lanes2]group.Affine
			for j := range x {
				x[j], odd[j] = b.entries[start+j].sig.RX, b.entries[start+j].parity
			}
			ok := ecmult.LiftX16(&R, &x, &odd)
			for j := range R {
				entry(start+j, &R[j], ok[j])
			}
		})
	} else {
		batchWorkers.Run(u, workers, func(i int) {
			var R group.Affine
			entry(i, &R, R.LiftX(&b.entries[i].sig.RX, b.entries[i].parity))
		})
	}
	// Then the sums, in order: the G coefficient, and the coefficient of
	// each distinct public key.
	clear(b.keys)
	var sSum scalar.Scalar // Σ aᵢsᵢ
	m := u                 // next free slot for a public key
	for i := range b.entries {
		if !lifted[i] {
			return false
		}
		e := &b.entries[i]
		sSum.Add(&sSum, &prodS[i])
		if e.tweak {
			// −aᵢ·Pᵢ as aᵢ·(−Pᵢ), in a slot of its own: the 128-bit aᵢ
			// costs half of its 256-bit negation mod n.
			points[m].SetAffine(&e.pk.P)
			points[m].Negate(&points[m])
			scalars[m] = scalars[i]
			m++
			continue
		}
		j, ok := b.keys[e.pk.PX]
		if !ok {
			j = m
			m++
			b.keys[e.pk.PX] = j
			points[j].SetAffine(&e.pk.P)
			scalars[j] = scalar.Scalar{}
		}
		scalars[j].Add(&scalars[j], &prodE[i]) // Σ aᵢeᵢ over signatures under Pⱼ
	}
	sSum.Negate(&sSum)
	for i := range m {
		b.sp[i], b.pp[i] = &scalars[i], &points[i]
	}
	// The engine reports inputs off the curve; Add let none in, but a
	// false ok must never read as a valid batch.
	sum, ok := ecmult.VarTimeMultiScalarMultWorkers(b.sp[:m], b.pp[:m], &sSum, workers)
	return ok && sum.IsIdentity() == 1
}

// batchCoefficient sets a to the coefficient of signature i: 1 for i = 0,
// else the first 128 bits of SHA-256(seed ‖ i), as a nonzero integer.
func batchCoefficient(a *scalar.Scalar, seed *[32]byte, i int) {
	if i == 0 {
		a.SetUint64(1)
		return
	}
	var buf [40]byte
	copy(buf[:32], seed[:])
	binary.BigEndian.PutUint64(buf[32:], uint64(i))
	h := sha256.Sum256(buf[:])
	var b [32]byte
	copy(b[16:], h[:16])
	if b == [32]byte{} {
		b[31] = 1 // probability 2⁻¹²⁸; any fixed nonzero value keeps soundness
	}
	a.SetReducedBytes(&b)
}

// Invalid returns the positions, in call order (see Len), of the entries
// that Add or AddTweakCheck refused and of the signatures (and tweak
// checks) that do not verify, by verifying each one on its own (as costly
// as not batching; use it after Verify returned false). It is empty
// exactly when Verify is true (but for Verify's 2⁻¹²⁸ error).
func (b *BatchVerifier) Invalid() []int {
	var out []int
	for i := range b.entries {
		if !b.check(&b.entries[i]) {
			out = append(out, i)
		}
	}
	return out
}

// check verifies one entry on its own; a refused entry is false.
func (b *BatchVerifier) check(e *batchEntry) bool {
	if e.refused {
		return false
	}
	if e.tweak {
		return XOnlyTweakAddCheck(e.raw[:32], e.parity, door.NewPublicKey(&e.pk.P), e.raw[32:])
	}
	return bip340.Standard.VarTimeVerify(&e.pk, b.message(e), &e.sig)
}

// message returns the message of entry e.
func (b *BatchVerifier) message(e *batchEntry) []byte {
	return b.msgs[e.msg[0]:e.msg[1]]
}
