package musig2

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sync/atomic"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Nonce generation and aggregation: BIP-327's NonceGen and NonceAgg, and
// the three nonce values: the secret nonce (kept by a signer until Sign
// consumes it), the public nonce (sent to the other signers) and the
// aggregate nonce.

// PubNonceSize and AggNonceSize are the lengths of the encodings of a
// public nonce and of an aggregate nonce.
const (
	PubNonceSize = 66
	AggNonceSize = 66
)

// PubNonce is the encoding of a signer's public nonce, BIP-327's pubnonce:
// cbytes(R₁) ‖ cbytes(R₂), two 33-byte compressed points. It is the value
// sent over the wire. ParsePubNonce returns only valid ones; the algorithms
// that take a PubNonce check it again and blame its sender if it is invalid.
// The zero value is an (invalid) encoding.
type PubNonce [PubNonceSize]byte

// ParsePubNonce returns the public nonce encoded in b, or ErrPubNonce if b is
// not 66 bytes holding two valid compressed points. Variable time.
func ParsePubNonce(b []byte) (*PubNonce, error) {
	if len(b) != PubNonceSize {
		return nil, ErrPubNonce
	}
	n := PubNonce(b)
	var R1, R2 secp256k1.Point
	if !n.decode(&R1, &R2) {
		return nil, ErrPubNonce
	}
	return &n, nil
}

// Bytes returns a copy of the 66-byte encoding.
func (n *PubNonce) Bytes() []byte {
	out := *n
	return out[:]
}

// decode sets R1 and R2 to cpoint of the two halves, and reports whether
// both are valid.
func (n *PubNonce) decode(R1, R2 *secp256k1.Point) bool {
	return cpoint(R1, n[:33]) && cpoint(R2, n[33:])
}

// AggNonce is the encoding of an aggregate nonce, BIP-327's aggnonce:
// cbytes_ext(R₁) ‖ cbytes_ext(R₂), where either point may be infinity,
// encoded as 33 zero bytes. NonceAgg returns it; the nonce aggregator, which
// may be untrusted, sends it to the signers. ParseAggNonce returns only valid
// ones; NewSessionContext checks it again and blames the aggregator if it is
// invalid. The zero value is the valid encoding of two points at infinity.
type AggNonce [AggNonceSize]byte

// ParseAggNonce returns the aggregate nonce encoded in b, or ErrAggNonce if
// b is not 66 bytes holding two valid compressed points or 33-byte zero
// encodings of infinity. Variable time.
func ParseAggNonce(b []byte) (*AggNonce, error) {
	if len(b) != AggNonceSize {
		return nil, ErrAggNonce
	}
	n := AggNonce(b)
	var R1, R2 secp256k1.Point
	if !n.decode(&R1, &R2) {
		return nil, ErrAggNonce
	}
	return &n, nil
}

// Bytes returns a copy of the 66-byte encoding.
func (n *AggNonce) Bytes() []byte {
	out := *n
	return out[:]
}

// decode sets R1 and R2 to cpoint_ext of the two halves, and reports whether
// both are valid.
func (n *AggNonce) decode(R1, R2 *secp256k1.Point) bool {
	return cpointExt(R1, n[:33]) && cpointExt(R2, n[33:])
}

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

// secNonceState is the content of a SecNonce.
type secNonceState struct {
	// used is set, once, by the call that consumes the nonce. Only that call
	// reads k1 and k2, and it zeroes them.
	used atomic.Bool
	// k1 and k2 sit behind a pointer of their own: fmt dereferences at most
	// one pointer of a value that it cannot format (the st of a SecNonce
	// value, under %s), so it shows only their address (nonce_secret.go).
	*nonceScalars
	pk [33]byte // the signer's individual public key
	// R1 and R2 are k₁·G and k₂·G, the public nonce, for Sign's
	// self-verification (BIP-327 recomputes them from k₁ and k₂).
	R1, R2 group.Jacobian
}

// nonceScalars is the secret part of a secNonceState.
type nonceScalars struct {
	k1, k2 secp256k1.Scalar // BIP-327's k₁', k₂'; 0 once used
}

// newSecNonceState returns a state with k1 = k2 = 0, allocated together with
// its nonceScalars.
func newSecNonceState() *secNonceState {
	both := new(struct {
		st secNonceState
		k  nonceScalars
	})
	both.st.nonceScalars = &both.k
	return &both.st
}

// noCopy makes go vet's copylocks check report copies of a SecNonce.
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// take marks the nonce used and returns its state, which the caller owns
// and must zero. It returns the errors of check: errZeroSecNonce for the zero
// SecNonce and ErrSecNonceUsed if the nonce was already taken.
func (n *SecNonce) take() (*secNonceState, error) {
	if err := n.check(); err != nil {
		return nil, err
	}
	if !n.st.used.CompareAndSwap(false, true) {
		return nil, ErrSecNonceUsed
	}
	return n.st, nil
}

// Erase destroys the secret nonce without signing, for example when a
// session is aborted: it marks the nonce used and zeroes it. Later calls to
// Sign return ErrSecNonceUsed. Erase on a used nonce does nothing; on the
// zero SecNonce (or nil) it panics.
func (n *SecNonce) Erase() {
	if n == nil || n.st == nil {
		panic("musig2: use of an uninitialized SecNonce")
	}
	if st, err := n.take(); err == nil {
		st.k1, st.k2 = secp256k1.Scalar{}, secp256k1.Scalar{}
	}
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
	if opts.Rand == nil {
		rand.Read(randPrime[:]) // never fails (crypto/rand crashes the program instead)
	} else if _, err := io.ReadFull(opts.Rand, randPrime[:]); err != nil {
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
	var rnd [32]byte
	if opts.SecretKey != nil {
		maskSecretKey(&rnd, opts.SecretKey, randPrime)
	} else {
		rnd = *randPrime
	}
	clear(randPrime[:])

	st := newSecNonceState()
	copy(st.pk[:], pk)
	var k [2]secp256k1.Scalar
	for i := range k {
		nonceGenHash(&k[i], &rnd, pk, opts, byte(i))
	}
	clear(rnd[:])
	st.k1, st.k2 = k[0], k[1]
	k[0], k[1] = secp256k1.Scalar{}, secp256k1.Scalar{}
	if st.k1.IsZero()|st.k2.IsZero() == 1 {
		st.k1, st.k2 = secp256k1.Scalar{}, secp256k1.Scalar{}
		return nil, nil, ErrSign
	}
	pub := st.setPublicNonce()
	return &SecNonce{st: st}, pub, nil
}

// setPublicNonce sets R1 = k1·G and R2 = k2·G, which must not be zero, and
// returns the public nonce cbytes(R1) ‖ cbytes(R2). Constant time in k1
// and k2; the encoding of the (public) points is not.
func (st *secNonceState) setPublicNonce() *PubNonce {
	pub := new(PubNonce)
	k1, k2 := toInternal(&st.k1), toInternal(&st.k2)
	mpsig.PublicNonce((*[66]byte)(pub), &st.R1, &st.R2, &k1, &k2)
	k1, k2 = scalar.Scalar{}, scalar.Scalar{}
	return pub
}

// maskSecretKey sets out = bytes(32, sk) ⊕ hash_MuSig/aux(rand), as NonceGen
// and DeterministicSign do. Constant time.
func maskSecretKey(out *[32]byte, sk *secp256k1.PrivateKey, rnd *[32]byte) {
	h := tagAux.Sum(rnd[:])
	skb := sk.Bytes()
	for i := range out {
		out[i] = skb[i] ^ h[i]
	}
	clear(skb)
	clear(h[:])
}

// nonceGenHash sets k to k_{i+1} = int(hash_MuSig/nonce(rand ‖ bytes(1,
// len(pk)) ‖ pk ‖ bytes(1, len(aggpk)) ‖ aggpk ‖ m_prefixed ‖ bytes(4,
// len(extra_in)) ‖ extra_in ‖ bytes(1, i))) mod n.
func nonceGenHash(k *secp256k1.Scalar, rnd *[32]byte, pk []byte, opts *NonceGenOptions, i byte) {
	h := tagNonce.New()
	h.Write(rnd[:])
	h.Write([]byte{byte(len(pk))})
	h.Write(pk)
	h.Write([]byte{byte(len(opts.AggPublicKey))})
	h.Write(opts.AggPublicKey)
	if opts.Msg == nil {
		h.Write([]byte{0})
	} else {
		var prefix [9]byte
		prefix[0] = 1
		binary.BigEndian.PutUint64(prefix[1:], uint64(len(opts.Msg)))
		h.Write(prefix[:])
		h.Write(opts.Msg)
	}
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(opts.ExtraIn)))
	h.Write(n[:])
	h.Write(opts.ExtraIn)
	h.Write([]byte{i})
	var out [32]byte
	h.Sum(&out)
	k.SetReducedBytes(out[:])
	clear(out[:])
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
	if len(pubnonces) == 0 {
		return nil, ErrNoNonces
	}
	agg := new(AggNonce)
	for j := range 2 {
		R := secp256k1.NewIdentityPoint()
		var Rij secp256k1.Point
		for i := range pubnonces {
			if !cpoint(&Rij, pubnonces[i][33*j:33*j+33]) {
				return nil, blame(i, ContribPubNonce, ErrPubNonce)
			}
			R.Add(R, &Rij)
		}
		cbytesExt(agg[33*j:], R)
	}
	return agg, nil
}
