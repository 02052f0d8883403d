package adaptor

import (
	"errors"

	"github.com/kestrel-crypto/secp256k1"
)

var (
	// ErrAuxRand is returned for auxiliary randomness that is neither nil
	// nor 32 bytes.
	ErrAuxRand = errors.New("adaptor: auxiliary randomness must be 32 bytes")
	// ErrHash is returned by ECDSAEncrypt for a message hash that is not 32
	// bytes (ECDSAVerify reports false for one).
	ErrHash = errors.New("adaptor: the message hash must be 32 bytes")
	// ErrPreSignature is returned for a Schnorr pre-signature encoding of
	// the wrong length, whose nonce is not a compressed point (or whose
	// nonce parity is not 0 or 1), or whose s' is not less than n.
	ErrPreSignature = errors.New("adaptor: invalid Schnorr pre-signature encoding")
	// ErrSignature is returned by Extract for a signature that is not 64
	// bytes, whose s is not less than n, or whose R is not the
	// pre-signature's.
	ErrSignature = errors.New("adaptor: the signature does not match the pre-signature")
	// ErrECDSASignature is returned for an ECDSA adaptor signature encoding
	// that is not 162 bytes or breaks secp256k1-zkp's parse rules: R or R'
	// not a compressed point, R.x ≡ 0 mod n, s' = 0 or s' ≥ n, or the
	// proof's s ≥ n.
	ErrECDSASignature = errors.New("adaptor: invalid ECDSA adaptor signature encoding")
	// ErrRecover is returned by ECDSASignature.Recover when the ECDSA
	// signature's r is not the adaptor signature's, its s is zero, or the
	// recovered key's public key is neither Y nor −Y.
	ErrRecover = errors.New("adaptor: cannot recover the decryption key")
	// ErrSign is returned when a derived nonce is zero or gives a zero
	// value (r or s' of an ECDSA adaptor signature, a nonce at infinity):
	// probability about 2⁻²⁵⁶, never for honest inputs in practice.
	ErrSign = errors.New("adaptor: signing failed")
	// ErrZeroSecret is returned by Extract when the extracted value is 0,
	// which is no adaptor secret: the signature is the pre-signature itself.
	ErrZeroSecret = errors.New("adaptor: the extracted secret is zero")
)

// uninitialized is the error for a zero value of the type it names. It
// wraps secp256k1.ErrUninitialized.
type uninitialized string

func (u uninitialized) Error() string { return "adaptor: use of an uninitialized " + string(u) }
func (u uninitialized) Unwrap() error { return secp256k1.ErrUninitialized }

var (
	errZeroPreSignature error = uninitialized("SchnorrPreSignature")
	errZeroECDSASig     error = uninitialized("ECDSASignature")
)

// must panics with the message of err, if err is not nil: the zero-value
// check of the methods without an error result.
func must(err error) {
	if err != nil {
		panic(err.Error())
	}
}
