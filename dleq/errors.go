package dleq

import "errors"

var (
	// ErrProofLength is returned by ParseProof for an encoding that is not
	// 64 bytes.
	ErrProofLength = errors.New("dleq: proof must be 64 bytes")
	// ErrProofScalar is returned by ParseProof when e or s is not below
	// the group order n.
	ErrProofScalar = errors.New("dleq: proof scalar not below the group order")
	// ErrAuxRand is returned for auxiliary randomness that is not nil or 32
	// bytes.
	ErrAuxRand = errors.New("dleq: auxiliary randomness must be 32 bytes")
	// ErrMessage is returned for a message that is neither absent (nil or
	// empty) nor 32 bytes.
	ErrMessage = errors.New("dleq: message must be absent or 32 bytes")
	// ErrInvalidProof is returned by Verify for a proof that does not
	// verify, and for a nil or zero point or proof.
	ErrInvalidProof = errors.New("dleq: invalid proof")
	// ErrProve is returned by Prove in the negligible cases that the nonce
	// is 0 or the challenge hash is not below n, and when its
	// self-verification fails (a fault).
	ErrProve = errors.New("dleq: proof generation failed")
)
