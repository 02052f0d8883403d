package musig2

import (
	"fmt"
	"io"
	"math"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Nonce generation and aggregation: BIP-327's NonceGen and NonceAgg, and
// the three nonce values: the secret nonce (kept by a signer until Sign
// consumes it), the public nonce (sent to the other signers) and the
// aggregate nonce.

// SecNonce is a signer's secret nonce, BIP-327's secnonce: the scalars k₁
// and k₂ and the signer's public key, from NonceGen. Sign consumes it: the
// first call to Sign that signs (or to Erase) marks it used and zeroes k₁
// and k₂, and every later call returns ErrSecNonceUsed. A Sign that fails on
// its arguments leaves it unused.
//
// The state lives behind a pointer, so copies of a SecNonce value share it
// and cannot be used to sign twice either (go vet also reports such copies).
// A SecNonce cannot be serialized (its MarshalJSON returns an error wrapping
// secp256k1.ErrSecretMarshal), and fmt prints a fixed text for it; the
// package documentation discusses the risks that remain. It is safe for
// concurrent use: of concurrent calls to Sign, exactly one can use the
// nonce.
//
// The zero value (like a nil *SecNonce) is not a nonce: Sign returns an
// error that is both ErrSecNonce and secp256k1.ErrUninitialized for it, and
// Erase panics.
type SecNonce struct {
	_  noCopy
	st *secNonceState
}

// secNonceState is the content of a SecNonce: the shared single-use state
// and the signer's public key.
type secNonceState struct {
	mpsig.SecNonce
	pk [33]byte // the signer's individual public key
}

// newSecNonceState returns an unused state, allocated together with its
// scalars (which sit behind a pointer: see mpsig.SecNonce).
func newSecNonceState() *secNonceState {
	both := new(struct {
		st secNonceState
		k  mpsig.Scalars
	})
	both.st.Scalars = &both.k
	return &both.st
}

// NonceGenOptions holds NonceGen's optional inputs. BIP-327 recommends giving
// every one that is known when the nonce is generated: they make the nonce
// differ even if the random source fails. The zero value (or a nil pointer)
// gives none of them and uses crypto/rand.
type NonceGenOptions struct {
	// SecretKey is the signer's secret key (BIP-327's sk). When set, the
	// random value is masked with it. nil means absent; the zero
	// PrivateKey is not a key, and NonceGen returns an error wrapping
	// secp256k1.ErrUninitialized for it.
	SecretKey *secp256k1.PrivateKey
	// AggPublicKey is the 32-byte x-only aggregate public key
	// (KeyAggContext.XOnlyPublicKey after any tweaks), BIP-327's aggpk. nil
	// or empty means absent.
	AggPublicKey []byte
	// Msg is the message to be signed, BIP-327's m. nil means absent; a
	// non-nil empty slice is the empty message, which BIP-327 hashes
	// differently from an absent one.
	Msg []byte
	// ExtraIn is any additional data that has a chance of changing between
	// calls, such as a session identifier or counter (BIP-327's extra_in); at
	// most 2³² − 1 bytes. nil or empty means absent.
	ExtraIn []byte
	// Rand is the source of the 32 random bytes rand' and defaults to
	// crypto/rand. Set it only to reproduce test vectors: a repeated rand'
	// with repeated other inputs repeats the nonce, and a nonce used in two
	// signatures reveals the secret key.
	Rand io.Reader
}

// NonceGen generates a secret and public nonce pair for the signer with the
// 33-byte individual public key pk (BIP-327's NonceGen). pk is mandatory: Sign
// accepts only the secret key of pk. opts may be nil; see NonceGenOptions.
// Send the public nonce to the other signers (or to the nonce aggregator),
// keep the secret nonce until Sign consumes it.
//
// It returns ErrNonceGenInput, wrapped with what is wrong, for a pk that is
// not 33 bytes (such as an x-only key), an AggPublicKey that is neither
// empty nor 32 bytes, or an ExtraIn that is too long; an
// error wrapping secp256k1.ErrUninitialized for a SecretKey that is the zero
// PrivateKey; ErrRand wrapping the error of a failing opts.Rand; and ErrSign
// with probability 2⁻²⁵⁵. It is constant time in the secret key and the
// nonce.
func NonceGen(pk []byte, opts *NonceGenOptions) (*SecNonce, *PubNonce, error) {
	if opts == nil {
		opts = new(NonceGenOptions)
	}
	if opts.SecretKey != nil {
		if err := checkSecretKey(opts.SecretKey); err != nil {
			return nil, nil, err
		}
	}
	if len(pk) != PublicKeySize {
		return nil, nil, fmt.Errorf("%w: pk: %s", ErrNonceGenInput, keyLengthDetail(len(pk)))
	}
	if err := checkNonceGenOptions(opts); err != nil {
		return nil, nil, err
	}
	var randPrime [32]byte
	if err := mpsig.ReadRand(&randPrime, opts.Rand); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrRand, err)
	}
	return nonceGen(pk, opts, &randPrime)
}

// checkNonceGenOptions returns ErrNonceGenInput, wrapped with what is
// wrong, if the length of opts' AggPublicKey or ExtraIn is invalid.
func checkNonceGenOptions(opts *NonceGenOptions) error {
	if n := len(opts.AggPublicKey); n != 0 && n != 32 {
		return fmt.Errorf("%w: AggPublicKey: want 0 or 32 bytes (an x-only key), got %d", ErrNonceGenInput, n)
	}
	if uint64(len(opts.ExtraIn)) > math.MaxUint32 {
		return fmt.Errorf("%w: ExtraIn: %d bytes, more than 2³² − 1", ErrNonceGenInput, len(opts.ExtraIn))
	}
	return nil
}

// nonceGen is NonceGen after the checks of its arguments, with the 32 bytes
// rand' in randPrime, which it zeroes. opts.Rand is not used.
func nonceGen(pk []byte, opts *NonceGenOptions, randPrime *[32]byte) (*SecNonce, *PubNonce, error) {
	// rand = sk ⊕ hash_MuSig/aux(rand') if sk is present, else rand'.
	rnd := *randPrime
	clear(randPrime[:])
	if opts.SecretKey != nil {
		sk, _ := door.PrivateKey(opts.SecretKey) // checked by the caller
		tags.Mask(&rnd, &sk, &rnd)
		sk = scalar.Scalar{}
	}
	st := newSecNonceState()
	copy(st.pk[:], pk)
	pub := new(PubNonce)
	in := mpsig.NonceGenInput{PK: pk, AggPK: opts.AggPublicKey, Msg: opts.Msg, ExtraIn: opts.ExtraIn}
	if !tags.NonceGen(&st.SecNonce, (*[66]byte)(pub), &rnd, &in) {
		return nil, nil, ErrSign
	}
	return &SecNonce{st: st}, pub, nil
}

// NonceAgg aggregates the signers' public nonces (BIP-327's NonceAgg): R_j =
// R_{1,j} + … + R_{u,j} for j = 1, 2. Either sum may be infinity, which the
// aggregate nonce encodes as 33 zero bytes. Anyone may aggregate nonces,
// including an untrusted aggregator.
//
// For an invalid public nonce it returns an InvalidContributionError that
// blames its index with ContribPubNonce (BIP-327's order: the first halves
// of all nonces are checked before the second halves). It returns
// ErrNoNonces for an empty list. Variable time: the nonces are public.
func NonceAgg(pubnonces []PubNonce) (*AggNonce, error) {
	return mpsig.NonceAggregate[PubNonce, AggNonce](pubnonces, ErrNoNonces, blamePubNonce)
}

// blamePubNonce returns the InvalidContributionError of signer i's invalid
// public nonce.
func blamePubNonce(i int) error { return blame(i, ContribPubNonce, ErrPubNonce) }
