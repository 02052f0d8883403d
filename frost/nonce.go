package frost

import (
	"fmt"
	"io"
	"math"

	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
)

// Nonce generation and aggregation: BIP-445's NonceGen and NonceAgg, and
// the three nonce values: the secret nonce (kept by a signer until Sign
// consumes it), the public nonce (sent to the coordinator) and the
// aggregate nonce (sent back by the coordinator).

// SecNonce is a signer's secret nonce, BIP-445's secnonce: the scalars k₁
// and k₂, from NonceGen. Sign consumes it: the first call to Sign that
// signs (or to Erase) marks it used and zeroes k₁ and k₂, and every later
// call returns ErrSecNonceUsed. A Sign that fails on its arguments leaves it
// unused.
//
// The state lives behind a pointer, so copies of a SecNonce value share it
// and cannot be used to sign twice either (go vet also reports such copies).
// A SecNonce cannot be serialized (its MarshalJSON returns an error wrapping
// secp256k1.ErrSecretMarshal), and fmt prints a fixed text for it;
// docs/frost.md discusses the risks that remain. It is safe for concurrent
// use: of concurrent calls to Sign, exactly one can use the nonce.
//
// The zero value (like a nil *SecNonce) is not a nonce: Sign returns an
// error that is both ErrSecNonce and secp256k1.ErrUninitialized for it, and
// Erase panics.
type SecNonce struct {
	_  noCopy
	st *mpsig.SecNonce
}

// NonceGenOptions holds NonceGen's inputs, all optional in BIP-445.
// BIP-445 recommends giving every one that is known when the nonce is
// generated: they make the nonce differ even if the random source fails.
// The zero value (or a nil pointer) gives none of them and uses
// crypto/rand.
type NonceGenOptions struct {
	// SecretShare is the signer's secret share (BIP-445's secshare). When
	// set, the random value is masked with it. nil means absent; the zero
	// SecretShare is not a share, and NonceGen returns an error wrapping
	// secp256k1.ErrUninitialized for it.
	SecretShare *SecretShare
	// PubShare is the signer's 33-byte public share (BIP-445's pubshare);
	// nil or empty means absent. With a SecretShare it must be the share's
	// (SecretShare.PubShare). BIP-445 hashes an absent public share
	// differently from a present one, so NonceGen does not fill it in.
	PubShare []byte
	// ThreshPublicKey is the 32-byte x-only threshold public key
	// (BIP-445's thresh_pk_xonly): ideally TweakContext.XOnlyPublicKey after
	// every tweak the session will apply, else the untweaked key's x
	// coordinate. nil or empty means absent.
	ThreshPublicKey []byte
	// Msg is the message to be signed, BIP-445's m. nil means absent; a
	// non-nil empty slice is the empty message, which BIP-445 hashes
	// differently from an absent one.
	Msg []byte
	// ExtraIn is any additional data that has a chance of changing between
	// calls, such as a session identifier or counter (BIP-445's extra_in);
	// at most 2³² − 1 bytes. nil or empty means absent.
	ExtraIn []byte
	// Rand is the source of the 32 random bytes and defaults to
	// crypto/rand. Set it only to reproduce test vectors: a repeated random
	// value with repeated other inputs repeats the nonce, and a nonce used in
	// two signatures reveals the secret share.
	Rand io.Reader
}

// NonceGen generates a secret and public nonce pair (BIP-445's NonceGen).
// opts may be nil; see NonceGenOptions. Send the public nonce to the
// coordinator, keep the secret nonce until Sign consumes it.
//
// It returns ErrNonceGenInput for a PubShare that is neither empty nor 33
// bytes or is not the SecretShare's, a ThreshPublicKey that is neither
// empty nor 32 bytes, or an ExtraIn that is too long; an error wrapping
// secp256k1.ErrUninitialized for a SecretShare that is the zero value;
// ErrRand wrapping the error of a failing opts.Rand; and ErrSign with
// probability 2⁻²⁵⁵. It is constant time in the secret share and the nonce.
func NonceGen(opts *NonceGenOptions) (*SecNonce, *PubNonce, error) {
	if opts == nil {
		opts = new(NonceGenOptions)
	}
	if opts.SecretShare != nil {
		if err := opts.SecretShare.check(); err != nil {
			return nil, nil, err
		}
	}
	if !validNonceGenOptions(opts) {
		return nil, nil, ErrNonceGenInput
	}
	var rnd [32]byte
	if err := mpsig.ReadRand(&rnd, opts.Rand); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrRand, err)
	}
	return nonceGen(opts, &rnd)
}

// validNonceGenOptions reports whether the lengths of opts' fields are
// valid and its PubShare, if any, is its SecretShare's.
func validNonceGenOptions(opts *NonceGenOptions) bool {
	if len(opts.PubShare) != 0 {
		if len(opts.PubShare) != PubShareSize {
			return false
		}
		if opts.SecretShare != nil && [33]byte(opts.PubShare) != opts.SecretShare.pub {
			return false
		}
	}
	return (len(opts.ThreshPublicKey) == 0 || len(opts.ThreshPublicKey) == 32) &&
		uint64(len(opts.ExtraIn)) <= math.MaxUint32
}

// nonceGen is NonceGen after the checks of its arguments, with the 32
// random bytes in rnd, which it zeroes. opts.Rand is not used.
func nonceGen(opts *NonceGenOptions, rnd *[32]byte) (*SecNonce, *PubNonce, error) {
	// rand' = secshare ⊕ hash_BIP0445/aux(rand) if secshare is present,
	// else rand.
	if opts.SecretShare != nil {
		tags.Mask(rnd, &opts.SecretShare.d, rnd)
	}
	st := mpsig.NewSecNonce()
	pub := new(PubNonce)
	in := mpsig.NonceGenInput{PK: opts.PubShare, AggPK: opts.ThreshPublicKey, Msg: opts.Msg, ExtraIn: opts.ExtraIn}
	if !tags.NonceGen(st, (*[66]byte)(pub), rnd, &in) {
		return nil, nil, ErrSign
	}
	return &SecNonce{st: st}, pub, nil
}

// NonceAgg aggregates the signers' public nonces (BIP-445's NonceAgg): R_j =
// R_{1,j} + … + R_{u,j} for j = 1, 2. Either sum may be infinity, which the
// aggregate nonce encodes as 33 zero bytes. The coordinator runs it; it may
// be untrusted.
//
// For an invalid public nonce it returns an InvalidContributionError that
// blames its index with ContribPubNonce (BIP-445's order: the first halves
// of all nonces are checked before the second halves). It returns
// ErrNoNonces for an empty list. Variable time: the nonces are public.
func NonceAgg(pubnonces []PubNonce) (*AggNonce, error) {
	return mpsig.NonceAggregate[PubNonce, AggNonce](pubnonces, ErrNoNonces, blamePubNonce)
}

// blamePubNonce returns the InvalidContributionError of signer i's invalid
// public nonce.
func blamePubNonce(i int) error { return blame(i, ContribPubNonce, ErrPubNonce) }
