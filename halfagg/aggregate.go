package halfagg

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// Item is one signature to aggregate: Signature, a 64-byte BIP-340
// signature of the 32-byte Message under the 32-byte x-only PublicKey (as
// schnorr.SerializePublicKey writes it). The zero Item is refused with
// ErrPublicKeyLength.
type Item struct {
	PublicKey []byte
	Message   []byte
	Signature []byte
}

// Pair is the public key and message of one signature in an aggregate: what
// VerifyAggregate checks the aggregate against, and what IncAggregate needs
// of the signatures already aggregated. The zero Pair is refused with
// ErrPublicKeyLength.
type Pair struct {
	PublicKey []byte // 32-byte x-only key
	Message   []byte // 32 bytes
}

// Pairs returns the pairs of items, in order: the pairs of their
// aggregate.
func Pairs(items []Item) []Pair {
	out := make([]Pair, len(items))
	for i := range items {
		out[i] = Pair{items[i].PublicKey, items[i].Message}
	}
	return out
}

// Aggregate returns the half-aggregate of the signatures in items, in
// order: 32·(u+1) bytes for u items, r₀ ‖ … ‖ rᵤ₋₁ ‖ bytes(s) with
// s = Σ zᵢsᵢ mod n (z₀ = 1). An empty items gives the 32 zero bytes, the
// aggregate of no signature.
//
// It checks the lengths only, and refuses more than MaxSignatures items
// (ErrTooMany), a public key that is not 32 bytes (ErrPublicKeyLength), a
// message that is not 32 bytes (ErrMessageLength) and a signature that is
// not 64 bytes (ErrSignatureLength). It does not verify the signatures,
// as the draft's Aggregate and secp256k1-zkp's do not: their s is taken
// mod n and r as it is. If every signature is valid, VerifyAggregate
// accepts the result with Pairs(items); the converse does not hold (see
// the package documentation).
func Aggregate(items []Item) ([]byte, error) {
	return IncAggregate(make([]byte, 32), nil, items)
}

// IncAggregate adds the signatures in items to aggSig, the aggregate of
// the signatures of aggregated (their pairs, in order), and returns the
// new aggregate, of the pairs of aggregated then those of items: what
// Aggregate returns for all of their signatures. aggSig is not modified.
//
// It refuses more than MaxSignatures signatures in all (ErrTooMany), an
// aggSig that is not 32·(len(aggregated)+1) bytes (ErrAggregateLength),
// and the length errors of Aggregate for the pairs and items. It verifies
// neither aggSig nor the new signatures; the s of aggSig is taken mod n.
// With no aggregated pair, the s of aggSig (0 in a valid aggregate of no
// signature) is kept in the sum, as the draft does; secp256k1-zkp starts
// from 0 there.
func IncAggregate(aggSig []byte, aggregated []Pair, items []Item) ([]byte, error) {
	v, u := len(aggregated), len(items)
	if v > MaxSignatures || u > MaxSignatures-v {
		return nil, fmt.Errorf("%w: %d", ErrTooMany, v+u)
	}
	if len(aggSig) != 32*(v+1) {
		return nil, fmt.Errorf("%w: %d bytes for %d signatures", ErrAggregateLength, len(aggSig), v)
	}
	for i := range aggregated {
		if err := checkPair(aggregated[i].PublicKey, aggregated[i].Message, i); err != nil {
			return nil, err
		}
	}
	for i := range items {
		it := &items[i]
		if err := checkPair(it.PublicKey, it.Message, v+i); err != nil {
			return nil, err
		}
		if len(it.Signature) != 64 {
			return nil, fmt.Errorf("%w: signature %d is %d bytes", ErrSignatureLength, v+i, len(it.Signature))
		}
	}

	out := make([]byte, 32*(v+u+1))
	copy(out, aggSig[:32*v])
	rnd := newRandomizer()
	for i := range aggregated {
		rnd.add(aggSig[32*i:32*i+32], aggregated[i].PublicKey, aggregated[i].Message)
	}
	var s scalar.Scalar
	s.SetReducedBytes((*[32]byte)(aggSig[32*v:]))
	for j := range items {
		it := &items[j]
		i := v + j
		var z, si scalar.Scalar
		rnd.next(&z, it.Signature[:32], it.PublicKey, it.Message)
		si.SetReducedBytes((*[32]byte)(it.Signature[32:]))
		s.Add(&s, si.Multiply(&si, &z))
		copy(out[32*i:], it.Signature[:32])
	}
	s.PutBytes((*[32]byte)(out[32*(v+u):]))
	return out, nil
}

// checkPair returns the length error of the public key pk or the message
// msg of signature i, or nil.
func checkPair(pk, msg []byte, i int) error {
	if len(pk) != 32 {
		return fmt.Errorf("%w: public key %d is %d bytes", ErrPublicKeyLength, i, len(pk))
	}
	if len(msg) != 32 {
		return fmt.Errorf("%w: message %d is %d bytes", ErrMessageLength, i, len(msg))
	}
	return nil
}

// randomizerTag is the draft's tag "HalfAgg/randomizer".
var randomizerTag = ksha256.NewTag("HalfAgg/randomizer")

// randomizer computes the coefficients zᵢ of the signatures in order:
// z₀ = 1 and zᵢ = int(hash_HalfAgg/randomizer(r₀ ‖ p₀ ‖ m₀ ‖ … ‖ rᵢ ‖ pᵢ ‖
// mᵢ)) mod n, from one running hash of the prefix, so that u coefficients
// cost O(u) compressions (as secp256k1-zkp, unlike the draft's quadratic
// hacspec).
type randomizer struct {
	d ksha256.Digest // the prefix hashed so far
	i int            // the index of the next entry
}

func newRandomizer() randomizer {
	return randomizer{d: randomizerTag.New()}
}

// add appends entry (r, pk, msg), each 32 bytes, to the prefix.
func (r *randomizer) add(rx, pk, msg []byte) {
	var buf [96]byte
	copy(buf[:32], rx)
	copy(buf[32:64], pk)
	copy(buf[64:], msg)
	r.d.Write(buf[:])
	r.i++
}

// next appends entry (r, pk, msg) to the prefix and sets z to its
// coefficient.
func (r *randomizer) next(z *scalar.Scalar, rx, pk, msg []byte) {
	i := r.i
	r.add(rx, pk, msg)
	if i == 0 {
		z.SetUint64(1)
		return
	}
	var h [32]byte
	r.d.Sum(&h)
	z.SetReducedBytes(&h)
}
