// Package schnorr implements BIP-340 Schnorr signatures over secp256k1, with
// x-only public keys: signing with the BIP-340 nonce derivation (aux_rand
// masking) for messages of any length, verification, batch verification,
// key pairs that cache the x-only public key for repeated signing, and the
// x-only and BIP-341 taproot tweaks.
//
// Signing is constant time in the private key and the nonce; verification
// handles only public values and is variable time.
//
// The zero values of secp256k1.PrivateKey, secp256k1.PublicKey and Keypair
// are not keys: a function with an error result returns
// secp256k1.ErrUninitialized for them, a verifier (Verify,
// XOnlyTweakAddCheck) returns false, and any other function panics with a
// message naming the type. Nothing computes with them as if they were 0 or
// the point (0, 0).
package schnorr

import (
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/auxrand"
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

var (
	// ErrAuxRand is returned for auxiliary randomness that is not 32 bytes.
	ErrAuxRand = errors.New("schnorr: auxiliary randomness must be 32 bytes")
	// ErrPublicKey is returned for an x-only public key that is not 32 bytes
	// or is not the x coordinate of a point.
	ErrPublicKey = errors.New("schnorr: invalid x-only public key")
	// ErrSign is returned in the negligible case that the nonce is zero, and
	// when the signing self-check fails.
	ErrSign = errors.New("schnorr: signing failed")
)

// TaggedHash returns SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ msg[0] ‖ msg[1] ‖ …),
// BIP-340's tagged hash.
func TaggedHash(tag string, msg ...[]byte) [32]byte {
	t := ksha256.NewTag(tag)
	return t.Sum(msg...)
}

// ParsePublicKey parses a 32-byte x-only public key (BIP-340's lift_x: the
// point with that x and an even y). It returns ErrPublicKey for an x that
// is not less than p or of no point, and ErrPublicKey wrapped with both
// lengths for another length ("want 32 bytes, got 33").
func ParsePublicKey(b []byte) (*secp256k1.PublicKey, error) {
	if len(b) != 32 {
		return nil, fmt.Errorf("%w: want 32 bytes, got %d", ErrPublicKey, len(b))
	}
	// lift_x(x) is the SEC 1 compressed key 0x02 ‖ x, which
	// secp256k1.ParsePublicKey decodes straight to affine coordinates (a
	// Point would take a needless inversion of its Z = 1 to make the key).
	var c [33]byte
	c[0] = 2
	copy(c[1:], b)
	pub, err := secp256k1.ParsePublicKey(c[:])
	if err != nil {
		return nil, ErrPublicKey
	}
	return pub, nil
}

// SerializePublicKey returns the 32-byte x-only encoding of p (its x
// coordinate; the parity of y is dropped). It panics if p is the zero value
// of secp256k1.PublicKey.
func SerializePublicKey(p *secp256k1.PublicKey) []byte {
	return p.BytesCompressed()[1:]
}

// Sign returns the 64-byte BIP-340 signature of msg (any length) by k.
// auxRand must be nil, for 32 bytes from crypto/rand, or 32 bytes. The same
// key, message and auxRand give the same signature. It returns
// secp256k1.ErrUninitialized if k is the zero value of
// secp256k1.PrivateKey. Constant time in the key and the nonce.
func Sign(k *secp256k1.PrivateKey, msg, auxRand []byte) ([]byte, error) {
	sk, err := door.PrivateKey(k)
	if err != nil {
		return nil, err
	}
	var kp Keypair
	kp.init(&sk)
	sig, err := kp.Sign(msg, auxRand)
	sk, kp = scalar.Scalar{}, Keypair{}
	return sig, err
}

// Sign is the package-level Sign for a key pair. It returns
// secp256k1.ErrUninitialized if kp is the zero value.
func (kp *Keypair) Sign(msg, auxRand []byte) ([]byte, error) {
	var sig [64]byte
	if err := kp.sign(&sig, msg, auxRand); err != nil {
		return nil, err
	}
	out := make([]byte, 64)
	copy(out, sig[:])
	return out, nil
}

// SignOptions are the options of Keypair.SignWithOptions. The zero value
// signs like Sign with fresh auxiliary randomness.
type SignOptions struct {
	// AuxRand is nil (32 bytes from crypto/rand) or 32 bytes.
	AuxRand []byte
	// SelfCheck verifies the signature before returning it, as BIP-340
	// recommends against fault attacks and bugs (about one verification
	// more). Off by default, as in libsecp256k1.
	SelfCheck bool
}

// SignWithOptions is Sign with options. It returns
// secp256k1.ErrUninitialized if kp is the zero value.
func (kp *Keypair) SignWithOptions(msg []byte, opts *SignOptions) ([]byte, error) {
	var o SignOptions
	if opts != nil {
		o = *opts
	}
	var sig [64]byte
	if err := kp.sign(&sig, msg, o.AuxRand); err != nil {
		return nil, err
	}
	if o.SelfCheck {
		var pk bip340.PublicKey
		pk.Set(&kp.p)
		var s bip340.Signature
		if s.Parse(&sig) != nil || !bip340.Standard.VarTimeVerify(&pk, msg, &s) {
			return nil, ErrSign
		}
	}
	out := make([]byte, 64)
	copy(out, sig[:])
	return out, nil
}

// sign is BIP-340's Sign into sig, or returns secp256k1.ErrUninitialized
// for a zero kp.
func (kp *Keypair) sign(sig *[64]byte, msg, auxRand []byte) error {
	if err := kp.Validate(); err != nil {
		return err
	}
	var aux [32]byte
	if !auxrand.Read(&aux, auxRand) {
		return ErrAuxRand
	}
	if !bip340.Standard.Sign(sig, &kp.key, msg, &aux) {
		return ErrSign // a zero nonce: probability 2⁻²⁵⁶
	}
	return nil
}

// Verify reports whether sig is a valid BIP-340 signature of msg (any
// length) by the x-only public key of pub (pub's y parity is ignored, as
// BIP-340's keys are x-only). It returns false, as for any invalid
// signature, if pub is the zero value of secp256k1.PublicKey: a verifier
// never says "valid" for a key that is not one. Variable time.
func Verify(pub *secp256k1.PublicKey, msg, sig []byte) bool {
	var pk bip340.PublicKey
	var s bip340.Signature
	if parse(&pk, &s, pub, sig) != nil {
		return false
	}
	return bip340.Standard.VarTimeVerify(&pk, msg, &s)
}

// parse is the one parse of a key and a signature that Verify, VerifyMany
// and BatchVerifier.Add share: it sets pk to pub's x-only key and s to
// sig, or returns ErrSignatureLength for a signature that is not 64 bytes
// (the sentinel itself: Verify's false costs no allocation; callers that
// return the error add the length, lengthError),
// secp256k1.ErrUninitialized for a nil or zero pub, ErrSignatureR for
// r ≥ p and ErrSignatureS for s ≥ n, checked in that order. Any of them
// makes the signature invalid.
func parse(pk *bip340.PublicKey, s *bip340.Signature, pub *secp256k1.PublicKey, sig []byte) error {
	if len(sig) != 64 {
		return ErrSignatureLength
	}
	a, err := door.PublicKey(pub)
	if err != nil {
		return err
	}
	switch s.Parse((*[64]byte)(sig)) {
	case bip340.ErrR:
		return ErrSignatureR
	case bip340.ErrS:
		return ErrSignatureS
	}
	pk.Set(&a)
	return nil
}

// lengthError is err, with the signature's length added if err is parse's
// ErrSignatureLength.
func lengthError(err error, sig []byte) error {
	if err == ErrSignatureLength {
		return fmt.Errorf("%w: got %d bytes", ErrSignatureLength, len(sig))
	}
	return err
}
