package schnorr

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"hash"

	"github.com/kestrel-crypto/secp256k1"
)

// ErrSignatureLength is returned by BatchVerifier.Add for a signature that is
// not 64 bytes.
var ErrSignatureLength = errors.New("schnorr: signature must be 64 bytes")

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
// A BatchVerifier keeps scratch memory proportional to the batch; Reset
// empties it for reuse without freeing the memory. The zero value is not
// usable; use NewBatchVerifier. It is not safe for concurrent use.
type BatchVerifier struct {
	entries []batchEntry
	msgs    []byte    // the messages, back to back
	bad     bool      // a signature with r ≥ p or s ≥ n was added
	seed    hash.Hash // hash of every input, for the coefficients aᵢ

	// Scratch for Verify, kept between calls.
	scalars []secp256k1.Scalar
	points  []secp256k1.Point
	sp      []*secp256k1.Scalar
	pp      []*secp256k1.Point
	keys    map[[32]byte]int
}

type batchEntry struct {
	pub *secp256k1.PublicKey
	px  [32]byte // x-only public key
	odd bool     // pub has an odd y: the x-only key's point is −pub
	msg [2]int   // the message is msgs[msg[0]:msg[1]]
	sig [64]byte
	s   secp256k1.Scalar
	e   secp256k1.Scalar // the challenge
}

// NewBatchVerifier returns an empty batch verifier.
func NewBatchVerifier() *BatchVerifier {
	return &BatchVerifier{seed: sha256.New(), keys: make(map[[32]byte]int)}
}

// Reset empties the batch, keeping its memory for reuse.
func (b *BatchVerifier) Reset() {
	b.entries = b.entries[:0]
	b.msgs = b.msgs[:0]
	b.bad = false
	b.seed.Reset()
	clear(b.keys)
}

// Len returns the number of signatures added since the last Reset.
func (b *BatchVerifier) Len() int { return len(b.entries) }

// Add adds the signature sig of msg (any length) by pub to the batch. It
// returns an error only for a signature that is not 64 bytes; any other
// invalid signature makes Verify return false.
func (b *BatchVerifier) Add(pub *secp256k1.PublicKey, msg, sig []byte) error {
	if len(sig) != 64 {
		return ErrSignatureLength
	}
	var e batchEntry
	e.pub = pub
	c := pub.BytesCompressed()
	copy(e.px[:], c[1:])
	e.odd = c[0] == 3
	e.msg = [2]int{len(b.msgs), len(b.msgs) + len(msg)}
	b.msgs = append(b.msgs, msg...)
	copy(e.sig[:], sig)
	if _, err := e.s.SetCanonicalBytes(sig[32:]); err != nil {
		b.bad = true
	}
	eh := challengeHash((*[32]byte)(sig[:32]), &e.px, msg)
	e.e.SetReducedBytes(eh[:])
	b.entries = append(b.entries, e)

	// The seed covers pk ‖ len(m) ‖ m ‖ sig of every signature in order.
	var l [8]byte
	binary.BigEndian.PutUint64(l[:], uint64(len(msg)))
	b.seed.Write(e.px[:])
	b.seed.Write(l[:])
	b.seed.Write(msg)
	b.seed.Write(sig)
	return nil
}

// Verify reports whether every signature added is valid. An empty batch is
// valid. A false result says only that at least one signature is invalid
// (use Invalid to find them); a true result is wrong with probability at most
// about 2⁻¹²⁸ per call.
func (b *BatchVerifier) Verify() bool {
	u := len(b.entries)
	if b.bad {
		return false
	}
	switch u {
	case 0:
		return true
	case 1:
		e := &b.entries[0]
		return Verify(e.pub, b.message(e), e.sig[:])
	}
	var seed [32]byte
	b.seed.Sum(seed[:0])

	// Points: G, then each Rᵢ, then each distinct Pᵢ.
	n := 1 + 2*u
	if cap(b.scalars) < n {
		b.scalars = make([]secp256k1.Scalar, n)
		b.points = make([]secp256k1.Point, n)
		b.sp = make([]*secp256k1.Scalar, n)
		b.pp = make([]*secp256k1.Point, n)
	}
	scalars, points := b.scalars[:n], b.points[:n]
	clear(b.keys)
	points[0].Set(generator)
	sSum := &scalars[0]
	*sSum = secp256k1.Scalar{}
	m := 1 + u // next free slot for a public key
	var a, t secp256k1.Scalar
	for i := range b.entries {
		e := &b.entries[i]
		// Rᵢ = lift_x(r): r < p and on the curve, even y.
		if _, err := points[1+i].SetXOnlyBytes(e.sig[:32]); err != nil {
			return false
		}
		batchCoefficient(&a, &seed, i)
		scalars[1+i].Set(&a) // aᵢ·Rᵢ
		t.Multiply(&a, &e.s)
		sSum.Add(sSum, &t) // Σ aᵢsᵢ
		t.Multiply(&a, &e.e)
		j, ok := b.keys[e.px]
		if !ok {
			j = m
			m++
			b.keys[e.px] = j
			points[j].Set(e.pub.Point())
			if e.odd {
				points[j].Negate(&points[j]) // the even-y point of the x-only key
			}
			scalars[j] = secp256k1.Scalar{}
		}
		scalars[j].Add(&scalars[j], &t) // Σ aᵢeᵢ over signatures under Pⱼ
	}
	sSum.Negate(sSum)
	for i := range m {
		b.sp[i], b.pp[i] = &scalars[i], &points[i]
	}
	var sum secp256k1.Point
	sum.VarTimeMultiScalarMult(b.sp[:m], b.pp[:m])
	return sum.IsIdentity() == 1
}

// generator is G, the first point of every batch.
var generator = secp256k1.NewGeneratorPoint()

// batchCoefficient sets a to the coefficient of signature i: 1 for i = 0,
// else the first 128 bits of SHA-256(seed ‖ i), as a nonzero integer.
func batchCoefficient(a *secp256k1.Scalar, seed *[32]byte, i int) {
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
	a.SetReducedBytes(b[:])
}

// Invalid returns the indices, in the order added, of the signatures that do
// not verify, by verifying each one on its own (as costly as not batching;
// use it after Verify returned false).
func (b *BatchVerifier) Invalid() []int {
	var out []int
	for i := range b.entries {
		e := &b.entries[i]
		if !Verify(e.pub, b.message(e), e.sig[:]) {
			out = append(out, i)
		}
	}
	return out
}

// message returns the message of entry e.
func (b *BatchVerifier) message(e *batchEntry) []byte {
	return b.msgs[e.msg[0]:e.msg[1]]
}
