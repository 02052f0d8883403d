// Package whitelist is secp256k1-zkp's whitelist signatures
// (include/secp256k1_whitelist.h), the proof Liquid's peg-out authorization
// uses: that a key sub (the destination's) was made from one of n
// whitelisted key pairs, without telling which. Signer i holds the secret
// keys of online key onᵢ and of the sum offᵢ + sub; the ring is
//
//	Pⱼ = onⱼ + H(offⱼ + sub)·(offⱼ + sub),  H(Q) = SHA-256(compressed Q)
//
// over all j, signed with the key on + H(S·G)·S for S = offᵢ + sub's
// secret, as one Borromean ring (internal/borromean) on the message
// SHA-256(sub ‖ off₀ ‖ on₀ ‖ off₁ ‖ on₁ ‖ …), keys compressed. Signatures
// are byte for byte zkp's at 99fab529: n ‖ e₀ ‖ s₀ … sₙ₋₁.
package whitelist

import (
	"errors"
	"fmt"
)

// MaxKeys is the largest number of key pairs (zkp's
// SECP256K1_WHITELIST_MAX_N_KEYS).
const MaxKeys = 255

var (
	// ErrEncoding is returned by ParseSignature for bytes that are not a
	// signature: a length other than 1 + 32·(n + 1) for the first byte n.
	ErrEncoding = errors.New("whitelist: invalid signature encoding")
	// ErrKeys is returned by Sign for key lists of different lengths, more
	// than MaxKeys, an index out of range, a nil or zero key, or a ring key
	// at infinity.
	ErrKeys = errors.New("whitelist: invalid keys")
	// ErrSignFailed is returned by Sign where zkp's signing fails: a hash
	// out of range, or a secret key that does not match its ring key (then
	// the signature would not verify).
	ErrSignFailed = errors.New("whitelist: signing failed")
)

// Signature is a whitelist signature: zkp's
// secp256k1_whitelist_signature. The zero value is a signature over no
// keys, which Verify accepts for no keys only if e₀ is the hash of the
// message, as zkp does.
type Signature struct {
	e0 [32]byte
	s  [][32]byte
}

// NumKeys returns the number of key pairs sig is made for.
func (sig *Signature) NumKeys() int { return len(sig.s) }

// ParseSignature decodes zkp's encoding n ‖ e₀ ‖ s₀ … sₙ₋₁
// (secp256k1_whitelist_signature_parse). The s values are checked by
// Verify, as zkp does.
func ParseSignature(b []byte) (*Signature, error) {
	if len(b) == 0 || len(b) != 1+32*(int(b[0])+1) {
		return nil, fmt.Errorf("%w: %d bytes", ErrEncoding, len(b))
	}
	sig := &Signature{s: make([][32]byte, b[0])}
	copy(sig.e0[:], b[1:33])
	for i := range sig.s {
		copy(sig.s[i][:], b[33+32*i:])
	}
	return sig, nil
}

// Bytes returns the encoding of sig
// (secp256k1_whitelist_signature_serialize).
func (sig *Signature) Bytes() []byte {
	out := make([]byte, 1, 1+32*(len(sig.s)+1))
	out[0] = byte(len(sig.s))
	out = append(out, sig.e0[:]...)
	for i := range sig.s {
		out = append(out, sig.s[i][:]...)
	}
	return out
}
