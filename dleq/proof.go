package dleq

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// ProofSize is the length of an encoded proof: bytes(32, e) ‖ bytes(32, s).
const ProofSize = 64

// Proof is a BIP-374 proof (e, s), both scalars below the group order n.
// The zero value is (0, 0), which is not a proof: no verification accepts
// it. A Proof holds no secret.
//
// A nil *Proof is none either: Verify returns ErrInvalidProof for it,
// Equal compares it, MarshalBinary and UnmarshalBinary return an error
// wrapping secp256k1.ErrUninitialized that names the type, and Bytes
// panics with a message naming it.
type Proof struct {
	e, s scalar.Scalar // reduced mod n
}

// nilProof is the panic message of Bytes for a nil *Proof.
const nilProof = "dleq: use of a nil *Proof"

// errNilProof is the error of the methods with an error result for a nil
// *Proof.
var errNilProof = fmt.Errorf("%s: %w", nilProof, secp256k1.ErrUninitialized)

// ParseProof parses the 64-byte encoding e ‖ s of a proof. It returns
// ErrProofLength for another length and ErrProofScalar if e or s is not
// below n (BIP-374 requires s < n; e ≥ n never comes from Prove, see the
// package documentation).
func ParseProof(b []byte) (*Proof, error) {
	if len(b) != ProofSize {
		return nil, ErrProofLength
	}
	p := new(Proof)
	if _, err := p.e.SetCanonicalBytes((*[32]byte)(b[:32])); err != nil {
		return nil, ErrProofScalar
	}
	if _, err := p.s.SetCanonicalBytes((*[32]byte)(b[32:])); err != nil {
		return nil, ErrProofScalar
	}
	return p, nil
}

// Bytes returns the 64-byte encoding e ‖ s of p. It panics for a nil p.
func (p *Proof) Bytes() []byte {
	if p == nil {
		panic(nilProof)
	}
	var out [ProofSize]byte
	return p.bytes(&out)
}

func (p *Proof) bytes(out *[ProofSize]byte) []byte {
	p.e.PutBytes((*[32]byte)(out[:32]))
	p.s.PutBytes((*[32]byte)(out[32:]))
	return out[:]
}

// Equal reports whether p and q are the same proof (two nil proofs are;
// a nil and a non-nil one are not).
func (p *Proof) Equal(q *Proof) bool {
	if p == nil || q == nil {
		return p == q
	}
	return p.e.Equal(&q.e)&p.s.Equal(&q.s) == 1
}

// MarshalBinary returns the 64-byte encoding of p
// (encoding.BinaryMarshaler), or an error wrapping
// secp256k1.ErrUninitialized for a nil p. Its receiver is a pointer,
// unlike the value receivers of the module's other MarshalBinary methods,
// so that a nil *Proof gets this error rather than a nil dereference: a
// Proof is handled by pointer (ParseProof and Prove return one).
func (p *Proof) MarshalBinary() ([]byte, error) {
	if p == nil {
		return nil, errNilProof
	}
	return p.Bytes(), nil
}

// UnmarshalBinary sets p from its 64-byte encoding, as ParseProof, and
// leaves p unchanged on error (encoding.BinaryUnmarshaler). For a nil p it
// returns an error wrapping secp256k1.ErrUninitialized.
func (p *Proof) UnmarshalBinary(b []byte) error {
	if p == nil {
		return errNilProof
	}
	q, err := ParseProof(b)
	if err != nil {
		return err
	}
	*p = *q
	return nil
}
