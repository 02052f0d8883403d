package frost

import (
	"errors"
	"fmt"
)

// Errors of the Signers Context (BIP-445's ValidateSignersCtx). The
// per-signer ones (ErrIdentifier, ErrDuplicateIdentifier, ErrPubShare) come
// wrapped in a *SignerInputError that names the signer's index.
var (
	// ErrThreshold is returned for a number of participants n or a
	// threshold t outside 1 ≤ t ≤ n < 2³² (BIP-445: "Fail if not 1 ≤ t ≤ n").
	ErrThreshold = errors.New("frost: the threshold t and the number of participants n must satisfy 1 ≤ t ≤ n < 2³²")
	// ErrSignerCount is returned for a number u of signers (identifiers)
	// outside t ≤ u ≤ n, or for lists of identifiers and public shares of
	// different lengths (BIP-445: "The number of signers must be between t
	// and n.").
	ErrSignerCount = errors.New("frost: the number of signers must be between t and n")
	// ErrIdentifier is the cause of a SignerInputError for an identifier
	// outside 0 ≤ id ≤ n − 1 (BIP-445: "The participant identifier at index
	// i is out of range.").
	ErrIdentifier = errors.New("frost: the participant identifier is out of range")
	// ErrDuplicateIdentifier is the cause of a SignerInputError for an
	// identifier that occurs earlier in the list (BIP-445: "The participant
	// identifier list contains duplicate elements."); the index is the later
	// occurrence's.
	ErrDuplicateIdentifier = errors.New("frost: the participant identifier list contains duplicate elements")
	// ErrPubShare is returned for a public share that is not a 33-byte
	// compressed encoding of a point; NewSignersContext wraps it in a
	// SignerInputError (BIP-445: "Invalid pubshare at index i.").
	ErrPubShare = errors.New("frost: invalid public share")
	// ErrThreshPubKeyInfinity is returned when the signers' public shares
	// interpolate to the point at infinity (BIP-445's DeriveThreshPubkey:
	// "The threshold pubkey must not be the point at infinity.").
	ErrThreshPubKeyInfinity = errors.New("frost: the threshold public key must not be the point at infinity")
	// ErrKeyMaterial is returned when the signers' public shares do not
	// interpolate to the threshold public key (BIP-445: "The provided key
	// material is incorrect."): a public share, an identifier or the
	// threshold public key is wrong, or the shares are not of one key.
	ErrKeyMaterial = errors.New("frost: the provided key material is incorrect")
	// ErrThreshPubKey is returned by NewTweakContext (BIP-445's
	// TweakCtxInit) and VerifySecretShare for a threshold public key that
	// is not a 33-byte compressed encoding of a point.
	ErrThreshPubKey = errors.New("frost: invalid threshold public key")
)

// SignerInputError reports an invalid identifier or public share in the
// lists that make a Signers Context, and names the signer: Index is the
// 0-based position in the lists of identifiers and public shares given to
// NewSignersContext. Err is the cause: ErrIdentifier,
// ErrDuplicateIdentifier or ErrPubShare. Use errors.As to obtain it, or
// errors.Is with the cause.
//
// Unlike an InvalidContributionError it does not blame a party for a
// message: the lists are the caller's setup (BIP-445 raises these as
// ValueErrors that name the index).
type SignerInputError struct {
	Index int
	Err   error
}

// Error returns the cause's message with the signer's index.
func (e *SignerInputError) Error() string {
	return fmt.Sprintf("%v (signer at index %d)", e.Err, e.Index)
}

// Unwrap returns the cause.
func (e *SignerInputError) Unwrap() error { return e.Err }

// Errors of the tweaks (BIP-445's ApplyTweak) and of the other inputs that
// name no culprit.
var (
	// ErrTweakLength is returned for a tweak that is not 32 bytes (BIP-445:
	// "The tweak must be a 32-byte array.").
	ErrTweakLength = errors.New("frost: the tweak must be a 32-byte array")
	// ErrTweak is returned for a tweak whose value is not less than n
	// (BIP-445: "The tweak value is out of range.").
	ErrTweak = errors.New("frost: the tweak value is out of range")
	// ErrTweakInfinity is returned when applying a tweak gives the point at
	// infinity (BIP-445: "The result of tweaking cannot be infinity.").
	ErrTweakInfinity = errors.New("frost: the result of tweaking cannot be infinity")
	// ErrTweakModes is returned when the lists of tweaks and of tweak modes
	// have different lengths (BIP-445: "The tweaks and is_xonly arrays must
	// have the same length.").
	ErrTweakModes = errors.New("frost: different numbers of tweaks and tweak modes")
	// ErrTweakContext is returned by TweakContext.NewSessionContext for a
	// tweak context that does not start from the signers' threshold public
	// key.
	ErrTweakContext = errors.New("frost: the tweak context is not of the signers' threshold public key")
	// ErrNoNonces is returned by NonceAgg for an empty list of nonces.
	ErrNoNonces = errors.New("frost: no public nonces")
	// ErrPartialSigCount is returned by PartialSigAgg when the number of
	// partial signatures is not the number of signers (BIP-445: "The psigs
	// and ids arrays must have the same length.").
	ErrPartialSigCount = errors.New("frost: the number of partial signatures is not the number of signers")
	// ErrSignerIndex is returned by PartialSigVerify for a signer index out
	// of range, or for a list of public nonces whose length is not the
	// number of signers.
	ErrSignerIndex = errors.New("frost: signer index out of range or lists of different lengths")
	// ErrSignerNotInPubShares is returned by Sign and DeterministicSign when
	// the signer's public share is not in the Signers Context (BIP-445:
	// "The signer's pubshare must be included in the list of pubshares.").
	ErrSignerNotInPubShares = errors.New("frost: the signer's public share is not in the list of public shares")
	// ErrSignerNotInIDs is returned by Sign and DeterministicSign when the
	// signer's identifier is not in the Signers Context (BIP-445: "The
	// signer's id must be present in the participant identifier list.").
	ErrSignerNotInIDs = errors.New("frost: the signer's identifier is not in the participant identifier list")
	// ErrSignerMismatch is returned by Sign and DeterministicSign when the
	// signer's public share and identifier are both in the Signers Context
	// but not at the same position. BIP-445 does not check it; such a
	// partial signature never aggregates into a valid signature.
	ErrSignerMismatch = errors.New("frost: the signer's public share is not the one listed for its identifier")
	// ErrSecretShare is returned by ParseSecretShare for a secret share that
	// is not 32 bytes or whose value is 0 or not less than n (BIP-445: "The
	// signer's secret share value is out of range.").
	ErrSecretShare = errors.New("frost: the secret share value is out of range")
	// ErrShareCommitment is returned by VerifySecretShare for a secret share
	// that does not match the VSS commitment, or a commitment entry that is
	// not a compressed point.
	ErrShareCommitment = errors.New("frost: the secret share does not match the commitment")
	// ErrCommitmentLength is returned by VerifySecretShare for a VSS
	// commitment whose number of entries is not the threshold t: a dealer
	// whose polynomial has another degree (RFC 9591's vss_verify reads t
	// entries).
	ErrCommitmentLength = errors.New("frost: the VSS commitment does not have t entries")
	// ErrCommitmentThreshPubKey is returned by VerifySecretShare for a VSS
	// commitment whose first entry, the commitment to the secret, is not
	// the threshold public key.
	ErrCommitmentThreshPubKey = errors.New("frost: the VSS commitment's first entry is not the threshold public key")
	// ErrSecNonce is returned by Sign for the zero SecNonce and for a secret
	// nonce whose k₁ or k₂ is zero (BIP-445: "first secnonce value is out
	// of range.", "second secnonce value is out of range."); the error
	// says which.
	ErrSecNonce = errors.New("frost: invalid secret nonce")
	// ErrSecNonceUsed is returned by Sign for a secret nonce that an earlier
	// call to Sign (or Erase) consumed. Signing twice with one nonce would
	// reveal the secret share.
	ErrSecNonceUsed = errors.New("frost: secret nonce already used")
	// ErrNonceGenInput is returned by NonceGen for a public share that is
	// neither absent nor 33 bytes (or is not the secret share's), a
	// threshold public key that is neither absent nor 32 bytes, or extra
	// input longer than 2³² − 1 bytes.
	ErrNonceGenInput = errors.New("frost: invalid NonceGen input")
	// ErrRand is returned by DeterministicSign for an aux_rand that is
	// neither nil nor 32 bytes. NonceGen and TrustedDealerKeygen wrap the
	// error of a failing random source with it.
	ErrRand = errors.New("frost: invalid randomness")
	// ErrSign is returned when a signing self-check fails (a fault) or a
	// derived nonce is zero (probability 2⁻²⁵⁵); no signature is output.
	ErrSign = errors.New("frost: signing failed")
)

// The two halves of ErrSecNonce, as BIP-445 tells them apart.
var (
	errSecNonceFirst  = fmt.Errorf("%w: the first value is out of range", ErrSecNonce)
	errSecNonceSecond = fmt.Errorf("%w: the second value is out of range", ErrSecNonce)
)

// Errors for invalid encodings. The parsers return them directly; the
// algorithms return them wrapped in an InvalidContributionError that names
// the culprit, so errors.Is finds them in both cases.
var (
	// ErrPubNonce is returned for a public nonce that is not 66 bytes, two
	// 33-byte compressed encodings of points.
	ErrPubNonce = errors.New("frost: invalid public nonce")
	// ErrAggNonce is returned for an aggregate nonce that is not 66 bytes,
	// two 33-byte compressed encodings of points or of infinity (33 zero
	// bytes).
	ErrAggNonce = errors.New("frost: invalid aggregate nonce")
	// ErrPartialSig is returned for a partial signature that is not 32 bytes
	// or whose value is not less than n.
	ErrPartialSig = errors.New("frost: invalid partial signature encoding")
	// ErrPartialSigVerify is the cause of the InvalidContributionError that
	// PartialSigVerify returns when a well-formed partial signature does not
	// verify.
	ErrPartialSigVerify = errors.New("frost: partial signature verification failed")
)

// signerInput returns the SignerInputError for the signer at index i with
// cause err.
func signerInput(i int, err error) error {
	return &SignerInputError{Index: i, Err: err}
}
