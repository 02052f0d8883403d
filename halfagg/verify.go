package halfagg

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// VerifyAggregate returns nil if aggSig is a valid half-aggregate signature
// of the signatures of pairs (in order; see Pairs), and an error otherwise:
// ErrTooMany for more than MaxSignatures pairs, ErrAggregateLength for an
// aggSig that is not 32·(len(pairs)+1) bytes, ErrPublicKeyLength or
// ErrMessageLength for a pair whose key or message is not 32 bytes,
// ErrPublicKey for a key that is not an x coordinate on the curve, and
// ErrInvalid for an aggregate that is not valid. The checks run in the
// draft's order, so that the first failing pair names the error. An
// aggregate of no signature is valid only as 32 zero bytes.
//
// It checks s·G = Σ zᵢ·(Rᵢ + eᵢ·Pᵢ) with one multi-scalar multiplication
// of the u nonces Rᵢ and the distinct keys Pⱼ (pairs under one key share
// their point), after lifting every x coordinate on the lanes of
// internal/group8 where the CPU has AVX-512 IFMA. Variable time: every
// input is public.
func VerifyAggregate(aggSig []byte, pairs []Pair) error {
	u := len(pairs)
	if u > MaxSignatures {
		return fmt.Errorf("%w: %d", ErrTooMany, u)
	}
	if len(aggSig) != 32*(u+1) {
		return fmt.Errorf("%w: %d bytes for %d signatures", ErrAggregateLength, len(aggSig), u)
	}
	for i := range pairs {
		if err := checkPair(pairs[i].PublicKey, pairs[i].Message, i); err != nil {
			return err
		}
	}

	// The x coordinates to lift: r₀ … rᵤ₋₁, then each distinct key, the
	// first time it appears. A value not below p is marked out of range
	// (and lifted as 0, whatever that gives).
	var keys map[[32]byte]int
	if u > 1 {
		keys = make(map[[32]byte]int, u)
	}
	keyOf := make([]int, u) // the slot of pair i's key
	x := make([]field.Element, u, 2*u)
	inRange := make([]bool, u, 2*u)
	for i := range pairs {
		_, err := x[i].SetCanonicalBytes((*[32]byte)(aggSig[32*i:]))
		inRange[i] = err == nil
	}
	for i := range pairs {
		pk := [32]byte(pairs[i].PublicKey)
		j, seen := keys[pk]
		if !seen {
			j = len(x)
			if keys != nil {
				keys[pk] = j
			}
			var px field.Element
			_, err := px.SetCanonicalBytes(&pk)
			x = append(x, px)
			inRange = append(inRange, err == nil)
		}
		keyOf[i] = j
	}
	m := len(x)
	aff := make([]group.Affine, m)
	lifted := make([]int, m)
	ecmult.LiftXAll(aff, lifted, x)
	for i := range pairs {
		if j := keyOf[i]; lifted[j] == 0 || !inRange[j] {
			return fmt.Errorf("%w: public key %d", ErrPublicKey, i)
		}
		if lifted[i] == 0 || !inRange[i] {
			return fmt.Errorf("%w: r of signature %d is not the x coordinate of a point", ErrInvalid, i)
		}
	}
	var s scalar.Scalar
	if _, err := s.SetCanonicalBytes((*[32]byte)(aggSig[32*u:])); err != nil {
		return fmt.Errorf("%w: s is not less than the group order", ErrInvalid)
	}

	// Scalars: zᵢ for Rᵢ, and Σ zᵢeᵢ over the pairs under each key Pⱼ; the
	// generator's is −s.
	scalars := make([]scalar.Scalar, m)
	rnd := newRandomizer()
	for i := range pairs {
		rx := (*[32]byte)(aggSig[32*i:])
		pk := (*[32]byte)(pairs[i].PublicKey)
		z := &scalars[i]
		rnd.next(z, rx[:], pk[:], pairs[i].Message)
		var e scalar.Scalar
		bip340.Standard.Challenge(&e, rx, pk, pairs[i].Message)
		e.Multiply(&e, z)
		k := &scalars[keyOf[i]]
		k.Add(k, &e)
	}
	s.Negate(&s)
	points := make([]group.Jacobian, m)
	sp := make([]*scalar.Scalar, m)
	pp := make([]*group.Jacobian, m)
	for j := range m {
		points[j].SetAffine(&aff[j])
		sp[j], pp[j] = &scalars[j], &points[j]
	}
	// Every point was lifted, so on the curve; a false ok must still
	// never read as valid.
	sum, ok := ecmult.VarTimeMultiScalarMult(sp, pp, &s)
	if !ok || sum.IsIdentity() == 0 {
		return ErrInvalid
	}
	return nil
}
