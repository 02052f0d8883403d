package ecdsa

import (
	"errors"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecdsasign"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// SignOptions changes how Sign derives its nonce. The zero value is
// libsecp256k1's default.
type SignOptions struct {
	// ExtraEntropy, if not nil, is 32 bytes of additional data mixed into the
	// RFC 6979 nonce derivation (§3.6; libsecp256k1's ndata argument).
	ExtraEntropy []byte
	// LowR grinds for a signature whose r is below 2²⁵⁵, so that its DER
	// encoding is at most 70 bytes, as Bitcoin Core signs and as
	// rust-secp256k1's sign_ecdsa_low_r: attempt i ≥ 1 uses the extra entropy
	// LE32(i) ‖ 0²⁸. It cannot be combined with ExtraEntropy. About two
	// signing attempts on average.
	LowR bool
}

// ErrExtraEntropy is returned for extra entropy that is not 32 bytes, or
// given together with LowR.
var ErrExtraEntropy = errors.New("ecdsa: extra entropy must be 32 bytes and cannot be combined with LowR")

// ErrRetryLimit is returned when signing finds no signature within its
// bounded number of attempts: 64 RFC 6979 nonce candidates for a signature,
// or 256 signatures for LowR and SignEthereum. With a valid key a candidate
// fails with probability below 2⁻¹²⁷ and a LowR attempt with about 1/2, so
// ErrRetryLimit is not met in practice (below 2⁻²⁵⁵); the bound makes
// signing always return.
var ErrRetryLimit = errors.New("ecdsa: no signature within the retry limit")

const (
	// maxGrindAttempts bounds the signatures that LowR and SignEthereum try
	// (libsecp256k1's callers loop without a bound). A LowR attempt fails
	// with probability about 1/2, so all of them do with about 2⁻²⁵⁶.
	maxGrindAttempts = 256
)

// checkKey returns secp256k1.ErrUninitialized if k is nil or the zero value
// of PrivateKey: the first thing every signing function does.
func checkKey(k *secp256k1.PrivateKey) error {
	if k == nil {
		return secp256k1.ErrUninitialized
	}
	return k.Validate()
}

// Sign returns a low-S signature of hash with the RFC 6979 nonce of
// libsecp256k1's secp256k1_ecdsa_sign with its default nonce function: the
// same key and hash give the same signature, byte for byte. It is constant
// time in the key and the nonce.
//
// For a nil k or the zero value of PrivateKey, which is not a key, Sign
// returns secp256k1.ErrUninitialized before any computation. For every other
// key the error is nil but for ErrRetryLimit, which a valid key meets with
// probability below 2⁻⁸⁰⁰⁰.
func Sign(k *secp256k1.PrivateKey, hash []byte) (*Signature, error) {
	// A wrapper, so that it can be inlined and sig, when it does not
	// escape, can live on the caller's stack.
	return signInto(new(Signature), k, hash)
}

// signInto is Sign's body, which returns sig or, with the error, nil.
func signInto(sig *Signature, k *secp256k1.PrivateKey, hash []byte) (*Signature, error) {
	if err := checkKey(k); err != nil {
		return nil, err
	}
	if _, err := signKey(sig, k, hash, nil, anySignature); err != nil {
		return nil, err
	}
	return sig, nil
}

// SignWithOptions is Sign with the nonce options of opts (nil means none).
// Its errors are Sign's (secp256k1.ErrUninitialized for a nil or zero-value
// k, before opts is looked at; ErrRetryLimit, with LowR with probability
// about 2⁻²⁵⁶) and ErrExtraEntropy for invalid options.
func SignWithOptions(k *secp256k1.PrivateKey, hash []byte, opts *SignOptions) (*Signature, error) {
	if err := checkKey(k); err != nil {
		return nil, err
	}
	ndata, want, err := opts.nonce(anySignature)
	if err != nil {
		return nil, err
	}
	sig := new(Signature)
	if _, err := signKey(sig, k, hash, ndata, want); err != nil {
		return nil, err
	}
	return sig, nil
}

// nonce returns the extra entropy and the kind of signature that o asks
// for (def, the caller's kind, when o is nil or has no LowR), or
// ErrExtraEntropy.
func (o *SignOptions) nonce(def wanted) (ndata []byte, want wanted, err error) {
	if o == nil {
		return nil, def, nil
	}
	if o.ExtraEntropy != nil && (len(o.ExtraEntropy) != 32 || o.LowR) {
		return nil, def, ErrExtraEntropy
	}
	if o.LowR {
		return nil, lowR, nil
	}
	return o.ExtraEntropy, def, nil
}

// SignRecoverable returns the 65-byte signature r ‖ s ‖ v of hash, where
// v ∈ {0, 1, 2, 3} is the recovery id (bit 0: the parity of R's y; bit 1:
// R's x was at least n) that RecoverPublicKey needs. r ‖ s is the signature
// Sign returns, and the errors are Sign's: secp256k1.ErrUninitialized for a
// nil or zero-value k.
func SignRecoverable(k *secp256k1.PrivateKey, hash []byte) ([]byte, error) {
	return signRecoverable(k, hash, nil, anySignature)
}

// SignRecoverableWithOptions is SignRecoverable with the nonce options of
// opts (nil means none), as SignWithOptions: r ‖ s is the signature that
// SignWithOptions returns for the same arguments, and the errors are its.
func SignRecoverableWithOptions(k *secp256k1.PrivateKey, hash []byte, opts *SignOptions) ([]byte, error) {
	if err := checkKey(k); err != nil {
		return nil, err
	}
	ndata, want, err := opts.nonce(anySignature)
	if err != nil {
		return nil, err
	}
	return signRecoverable(k, hash, ndata, want)
}

// signRecoverable is SignRecoverable with the extra entropy ndata (nil or
// 32 bytes) for the first signature of the kind want: anySignature, lowR,
// or lowV for SignEthereum.
func signRecoverable(k *secp256k1.PrivateKey, hash, ndata []byte, want wanted) ([]byte, error) {
	if err := checkKey(k); err != nil {
		return nil, err
	}
	var sig Signature
	v, err := signKey(&sig, k, hash, ndata, want)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 65)
	sig.compact((*[64]byte)(out[:64]))
	out[64] = byte(v)
	return out, nil
}

// hashToBytes returns the 32-byte big-endian integer of hash's leftmost 256
// bits (left-padded with zeros when hash is shorter).
func hashToBytes(out *[32]byte, hash []byte) {
	if len(hash) >= 32 {
		copy(out[:], hash[:32])
		return
	}
	*out = [32]byte{}
	copy(out[32-len(hash):], hash)
}

// wanted is the kind of signature that signKey grinds for.
type wanted int

const (
	anySignature wanted = iota // the first one: no grinding
	lowR                       // r < 2²⁵⁵ (SignOptions.LowR)
	lowV                       // recovery id 0 or 1 (SignEthereum)
	noSignature                // none: exhausts the attempts (tests)
)

// accepts reports whether the signature sig with recovery id recid is of
// the kind w.
func (w wanted) accepts(sig *Signature, recid int) bool {
	switch w {
	case anySignature:
		return true
	case lowR:
		return sig.r.Bytes()[0] < 0x80
	case lowV:
		return recid < 2
	}
	return false
}

// signKey signs hash with k, which checkKey has accepted, into sig and
// returns the recovery id. For anySignature it makes the signature with the
// extra entropy ndata (nil or 32 bytes); otherwise it grinds for the kind
// want (ndata is then unused). It erases its copy of k.
func signKey(sig *Signature, k *secp256k1.PrivateKey, hash, ndata []byte, want wanted) (int, error) {
	sec := k.Scalar()
	var recid int
	var err error
	if want == anySignature {
		recid, err = sign(sig, sec, hash, ndata)
	} else {
		recid, err = grind(sig, sec, hash, want)
	}
	*sec = secp256k1.Scalar{}
	return recid, err
}

// grind signs hash with the secret sec into sig until the signature is of
// the kind want, as Bitcoin Core grinds for a low r: attempt 0 without extra
// entropy, attempt i ≥ 1 with the extra entropy LE32(i) ‖ 0²⁸. It returns the
// recovery id, or ErrRetryLimit after maxGrindAttempts attempts.
func grind(sig *Signature, sec *secp256k1.Scalar, hash []byte, want wanted) (int, error) {
	var extra [32]byte
	var ndata []byte // nil for attempt 0
	for i := range uint32(maxGrindAttempts) {
		extra[0], extra[1], extra[2], extra[3] = byte(i), byte(i>>8), byte(i>>16), byte(i>>24)
		recid, err := sign(sig, sec, hash, ndata)
		if err != nil {
			return 0, err
		}
		if want.accepts(sig, recid) {
			return recid, nil
		}
		ndata = extra[:]
	}
	*sig = Signature{}
	return 0, ErrRetryLimit
}

// sign computes the signature of hash with the secret sec (in [1, n−1]) and
// the extra entropy ndata (nil or 32 bytes) into sig, and returns the
// recovery id: internal/ecdsasign's Sign, libsecp256k1's
// secp256k1_ecdsa_sign_inner, with at most ecdsasign.MaxNonceAttempts nonce
// candidates (then ErrRetryLimit): with sec = 0 and hash ≡ 0 mod n every
// candidate gives s = 0, and the callers' checks keep that scalar out.
func sign(sig *Signature, sec *secp256k1.Scalar, hash []byte, ndata []byte) (int, error) {
	var msg32 [32]byte
	hashToBytes(&msg32, hash)
	d := door.Scalar(sec)
	var r, s scalar.Scalar
	recid, ok := ecdsasign.Sign(&r, &s, &d, &msg32, ndata, nil)
	d = scalar.Scalar{}
	if !ok {
		*sig = Signature{}
		return 0, ErrRetryLimit
	}
	door.SetScalar(&sig.r, &r)
	door.SetScalar(&sig.s, &s)
	return recid, nil
}
