package s2c

import "errors"

var (
	// ErrOpening is returned by ParseOpening for an encoding that is not a
	// 33-byte compressed point (secp256k1_ecdsa_s2c_opening_parse's rule).
	ErrOpening = errors.New("s2c: invalid opening encoding")
	// ErrHash is returned for a message hash that is not 32 bytes.
	ErrHash = errors.New("s2c: the message hash must be 32 bytes")
	// ErrData is returned for committed data, host randomness or a host
	// commitment that is not 32 bytes.
	ErrData = errors.New("s2c: the data must be 32 bytes")
	// ErrCommitment is returned by VerifyCommit and HostVerify when the
	// signature's r is not the x coordinate (mod n) of the opening tweaked
	// by the data: the signature does not commit to the data under the
	// opening (or the opening's tweak is not less than n, probability about
	// 2⁻¹²⁸, as zkp rejects it).
	ErrCommitment = errors.New("s2c: the signature does not commit to the data under the opening")
	// ErrSignature is returned by HostVerify for a signature that is not a
	// valid low-S ECDSA signature of the hash by the public key, and by
	// VerifyCommit and HostVerify for a nil signature.
	ErrSignature = errors.New("s2c: invalid ECDSA signature")
	// ErrSign is returned when signing finds no signature: a commitment
	// tweak not less than n, a zero tweaked nonce, or no valid RFC 6979
	// candidate (probability below 2⁻¹²⁷ for a valid key).
	ErrSign = errors.New("s2c: signing failed")
)
