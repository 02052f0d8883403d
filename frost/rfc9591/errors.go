package rfc9591

import (
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

var (
	// ErrThreshold is returned for a number of participants n or a minimum
	// number of signers t outside 1 ≤ t ≤ n ≤ MaxParticipants.
	ErrThreshold = errors.New("rfc9591: the threshold t and the number of participants n must satisfy 1 ≤ t ≤ n ≤ 65535")
	// ErrIdentifier is returned for an identifier that is zero or whose
	// encoding is not 32 bytes of a scalar less than n.
	ErrIdentifier = errors.New("rfc9591: invalid participant identifier")
	// ErrDuplicateIdentifier is returned for a commitment list with two
	// commitments of one identifier.
	ErrDuplicateIdentifier = errors.New("rfc9591: duplicate participant identifier")
	// ErrUnsorted is returned for a commitment list that is not sorted in
	// ascending order of identifier (RFC 9591 §4.3).
	ErrUnsorted = errors.New("rfc9591: the commitment list is not sorted by identifier")
	// ErrNoCommitments is returned for an empty commitment list.
	ErrNoCommitments = errors.New("rfc9591: empty commitment list")
	// ErrCommitment is returned for a commitment whose encoding is not 98
	// bytes of an identifier and two compressed points other than the
	// identity.
	ErrCommitment = errors.New("rfc9591: invalid commitment")
	// ErrElement is returned for a group public key or public share that
	// is not a 33-byte compressed encoding of a point (the identity has
	// none).
	ErrElement = errors.New("rfc9591: invalid group element")
	// ErrSecretShare is returned for a secret share that is not 32 bytes of
	// a nonzero scalar less than n.
	ErrSecretShare = errors.New("rfc9591: invalid secret share")
	// ErrShareCommitment is returned by VerifyVSS for a key package that
	// does not match the VSS commitment, or an invalid commitment.
	ErrShareCommitment = errors.New("rfc9591: the secret share does not match the VSS commitment")
	// ErrSignerCount is returned by Sign for a commitment list with fewer
	// commitments than the key's minimum number of signers, and by
	// Aggregate for a number of signature shares other than the number of
	// commitments.
	ErrSignerCount = errors.New("rfc9591: wrong number of signers")
	// ErrOwnCommitment is returned by Sign when the signer's commitment (its
	// identifier with the nonce commitments of its SecretNonces) is not in
	// the commitment list (RFC 9591 §5.2), and by Commit and Sign for
	// nonces made with another key package.
	ErrOwnCommitment = errors.New("rfc9591: the signer's commitment is not in the commitment list")
	// ErrSignerNotFound is returned by VerifySignatureShare for an
	// identifier that has no commitment in the list.
	ErrSignerNotFound = errors.New("rfc9591: the identifier has no commitment in the list")
	// ErrNonceUsed is returned by Sign for SecretNonces that an earlier
	// Sign (or Erase) consumed: two signature shares with one nonce reveal
	// the secret share.
	ErrNonceUsed = errors.New("rfc9591: secret nonces already used")
	// ErrGroupCommitment is returned when the group commitment R is the
	// identity, which SerializeElement rejects (probability negligible
	// unless a party is malicious).
	ErrGroupCommitment = errors.New("rfc9591: the group commitment is the identity")
	// ErrSignatureShare is returned for a signature share that is not 32
	// bytes of a scalar less than n.
	ErrSignatureShare = errors.New("rfc9591: invalid signature share")
	// ErrShareVerify is returned by VerifySignatureShare for a well-formed
	// signature share that does not verify.
	ErrShareVerify = errors.New("rfc9591: signature share verification failed")
	// ErrZeroNonce is returned by Commit when a nonce hashes to zero
	// (probability 2⁻²⁵⁵); call it again.
	ErrZeroNonce = errors.New("rfc9591: a generated nonce is zero")
	// ErrRand is returned, wrapping the reader's error, when the source of
	// randomness fails.
	ErrRand = errors.New("rfc9591: reading randomness failed")
)

// at wraps err with the index of the list entry at fault.
func at(err error, i int) error {
	return fmt.Errorf("%w (at index %d)", err, i)
}

// The zero values of the secret types.
var (
	errZeroKeyPackage = fmt.Errorf("rfc9591: use of an uninitialized KeyPackage: %w", secp256k1.ErrUninitialized)
	errZeroNonces     = fmt.Errorf("rfc9591: use of uninitialized SecretNonces: %w", secp256k1.ErrUninitialized)
)
