package musig2

import (
	"errors"
)

// Errors that name no culprit. BIP-327 raises these as plain value errors:
// they come from the caller's own inputs (tweaks, keys, nonces), not from a
// contribution of another party.
var (
	// ErrTweak is returned for a tweak that is not 32 bytes or whose value is
	// not less than n (BIP-327: "The tweak must be less than n.").
	ErrTweak = errors.New("musig2: the tweak must be 32 bytes and less than n")
	// ErrTweakInfinity is returned when applying a tweak gives the point at
	// infinity (BIP-327: "The result of tweaking cannot be infinity.").
	ErrTweakInfinity = errors.New("musig2: the result of tweaking cannot be infinity")
	// ErrTweakModes is returned when the lists of tweaks and of tweak modes
	// have different lengths.
	ErrTweakModes = errors.New("musig2: different numbers of tweaks and tweak modes")
	// ErrAggregateInfinity is returned by KeyAgg when the aggregate public
	// key is the point at infinity. Honestly generated keys give it with
	// negligible probability; BIP-327 blames no signer for it.
	ErrAggregateInfinity = errors.New("musig2: the aggregate public key is infinity")
	// ErrNoPublicKeys is returned by KeyAgg for an empty list of keys
	// (BIP-327 requires 0 < u).
	ErrNoPublicKeys = errors.New("musig2: no public keys")
	// ErrNoNonces is returned by NonceAgg for an empty list of nonces.
	ErrNoNonces = errors.New("musig2: no public nonces")
	// ErrNoPartialSigs is returned by PartialSigAgg for an empty list of
	// partial signatures.
	ErrNoPartialSigs = errors.New("musig2: no partial signatures")
	// ErrSignerIndex is returned by PartialSigVerify for a signer index out
	// of range, or for lists of public nonces and public keys of different
	// lengths.
	ErrSignerIndex = errors.New("musig2: signer index out of range or lists of different lengths")
	// ErrSignerNotInKeys is returned by Sign and DeterministicSign when the
	// signer's public key is not in the session's list of individual public
	// keys (BIP-327: "The signer's pubkey must be included in the list of
	// pubkeys.").
	ErrSignerNotInKeys = errors.New("musig2: the signer's public key is not in the list of public keys")
	// ErrSecNonce is returned by Sign for the zero SecNonce and for a secret
	// nonce whose k₁ or k₂ is zero (BIP-327: "first secnonce value is out of
	// range.").
	ErrSecNonce = errors.New("musig2: invalid secret nonce")
	// ErrSecNonceUsed is returned by Sign for a secret nonce that an earlier
	// call to Sign (or Erase) consumed. Signing twice with one nonce would
	// reveal the secret key.
	ErrSecNonceUsed = errors.New("musig2: secret nonce already used")
	// ErrSecNonceKey is returned by Sign when the secret key's public key is
	// not the public key given to NonceGen for this nonce.
	ErrSecNonceKey = errors.New("musig2: the secret key does not match the secret nonce's public key")
	// ErrNonceGenInput is returned by NonceGen for a public key that is not
	// 33 bytes, an aggregate public key that is not 32 bytes, or extra input
	// longer than 2³² − 1 bytes; and by NonceGenCounter also for options
	// with a Rand or with a SecretKey other than its secret key.
	ErrNonceGenInput = errors.New("musig2: invalid NonceGen input")
	// ErrRand is returned by DeterministicSign for a rand that is neither nil
	// nor 32 bytes. NonceGen wraps the error of a failing random source with
	// it.
	ErrRand = errors.New("musig2: invalid randomness")
	// ErrSign is returned when a signing self-check fails (a fault) or a
	// derived nonce is zero (probability 2⁻²⁵⁶); no signature is output.
	ErrSign = errors.New("musig2: signing failed")
	// ErrNonceCounterExhausted is returned by NonceCounter.Next once the
	// counter has handed out its last value, 2⁶⁴ − 2.
	ErrNonceCounterExhausted = errors.New("musig2: the nonce counter is exhausted")
	// ErrAdaptorSession is returned by PartialSigAgg and Session.FinalSig
	// for an adaptor session: its aggregate is a pre-signature (PreSigAgg,
	// Session.PreSignature), which is not a valid BIP-340 signature.
	ErrAdaptorSession = errors.New("musig2: an adaptor session aggregates to a pre-signature, not a signature")
	// ErrNotAdaptorSession is returned by PreSigAgg and
	// Session.PreSignature for a session without an adaptor point.
	ErrNotAdaptorSession = errors.New("musig2: not an adaptor session")
)

// Errors of the stateful Session for calls out of order or repeated: they
// come from the caller's use of the Session, not from another party.
var (
	// ErrPubNonceRegistered is returned by Session.RegisterPubNonce for a
	// signer whose public nonce the session already has, the session's own
	// signer included.
	ErrPubNonceRegistered = errors.New("musig2: the signer's public nonce is already registered")
	// ErrOwnPubNonce is returned by Session.RegisterPubNonce for the
	// session's own public nonce given as another signer's.
	ErrOwnPubNonce = errors.New("musig2: the session's own public nonce given as another signer's")
	// ErrPubNoncesMissing is returned by Session.Sign and Session.AggNonce
	// before every signer's public nonce is registered.
	ErrPubNoncesMissing = errors.New("musig2: not every signer's public nonce is registered")
	// ErrSessionMessage is returned by Session.Sign for a message other than
	// the SessionOptions.Msg that the session's nonce was generated for.
	ErrSessionMessage = errors.New("musig2: the message is not the one the session's nonce was generated for")
	// ErrSessionNotSigned is returned by Session.RegisterPartialSig before
	// the session has signed: the message, which partial signatures are
	// verified for, is known from then on.
	ErrSessionNotSigned = errors.New("musig2: the session has not signed yet")
	// ErrPartialSigRegistered is returned by Session.RegisterPartialSig for
	// a signer whose partial signature the session already has, the
	// session's own signer included.
	ErrPartialSigRegistered = errors.New("musig2: the signer's partial signature is already registered")
	// ErrPartialSigsMissing is returned by Session.FinalSig before every
	// signer's partial signature is registered.
	ErrPartialSigsMissing = errors.New("musig2: not every signer's partial signature is registered")
)

// Errors for invalid encodings. The parsers return them directly; the
// algorithms return them wrapped in an InvalidContributionError that names
// the culprit, so errors.Is finds them in both cases.
var (
	// ErrPublicKey is returned for an individual public key that is not a
	// 33-byte compressed encoding of a point (BIP-327's cpoint fails).
	ErrPublicKey = errors.New("musig2: invalid public key")
	// ErrPubNonce is returned for a public nonce that is not 66 bytes, two
	// 33-byte compressed encodings of points.
	ErrPubNonce = errors.New("musig2: invalid public nonce")
	// ErrAggNonce is returned for an aggregate nonce that is not 66 bytes,
	// two 33-byte compressed encodings of points or of infinity (33 zero
	// bytes).
	ErrAggNonce = errors.New("musig2: invalid aggregate nonce")
	// ErrPartialSig is returned for a partial signature that is not 32 bytes
	// or whose value is not less than n.
	ErrPartialSig = errors.New("musig2: invalid partial signature encoding")
	// ErrPartialSigVerify is the cause of the InvalidContributionError that
	// PartialSigVerify returns when a well-formed partial signature does not
	// verify.
	ErrPartialSigVerify = errors.New("musig2: partial signature verification failed")
)
