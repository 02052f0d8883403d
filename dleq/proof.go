package dleq

import (
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// ProofSize is the length of an encoded proof: bytes(32, e) ‖ bytes(32, s).
const ProofSize = 64

// Proof is a BIP-374 proof (e, s), both scalars below the group order n.
// The zero value is (0, 0), which is not a proof: no verification accepts
// it. A Proof holds no secret.
type Proof struct {
	e, s scalar.Scalar // reduced mod n
}

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

// Bytes returns the 64-byte encoding e ‖ s of p.
func (p *Proof) Bytes() []byte {
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
// (encoding.BinaryMarshaler).
func (p Proof) MarshalBinary() ([]byte, error) {
	return p.Bytes(), nil
}

// UnmarshalBinary sets p from its 64-byte encoding, as ParseProof, and
// leaves p unchanged on error (encoding.BinaryUnmarshaler).
func (p *Proof) UnmarshalBinary(b []byte) error {
	q, err := ParseProof(b)
	if err != nil {
		return err
	}
	*p = *q
	return nil
}
