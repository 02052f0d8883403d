package keyfmt

import (
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// The errors of the package. Each parser returns one of them, often wrapped
// with a detail (and with the root package's error where one applies), so
// match them with errors.Is.
var (
	// ErrASN1 is returned for input that is not a DER encoding of the
	// expected ASN.1 structure: malformed, truncated, BER rather than DER
	// (indefinite or non-minimal lengths), a wrong type or an unexpected
	// element. It wraps encoding/asn1's error where there is one.
	ErrASN1 = errors.New("keyfmt: malformed or non-DER ASN.1")

	// ErrTrailingData is returned for bytes after a DER structure, after the
	// last PEM block (other than white space) or after a JWK's JSON object.
	ErrTrailingData = errors.New("keyfmt: trailing data after the key")

	// ErrVersion is returned for a version field other than the ones the
	// format defines: 1 for SEC 1's ECPrivateKey, 0 or 1 (v1 or v2) for
	// PKCS #8.
	ErrVersion = errors.New("keyfmt: unsupported version")

	// ErrAlgorithm is returned for a PKCS #8 or SubjectPublicKeyInfo key
	// whose algorithm is not id-ecPublicKey (an RSA or Ed25519 key, for
	// example).
	ErrAlgorithm = errors.New("keyfmt: not an elliptic-curve key")

	// ErrCurve is returned for a key of another curve, or whose curve is
	// not given as the named curve secp256k1: explicit parameters, the
	// NULL of implicitlyCA, missing parameters, or a JWK "crv" other than
	// "secp256k1".
	ErrCurve = errors.New("keyfmt: not a secp256k1 key")

	// ErrPrivateKey is returned for a private key whose value is 0 or not
	// less than n (in DER, also for a privateKey longer than 32 bytes that
	// does not start with zero bytes). Such errors also wrap
	// secp256k1.ErrPrivateKey.
	ErrPrivateKey = errors.New("keyfmt: invalid private key")

	// ErrPublicKey is returned for a public key that is not a valid SEC 1
	// point as RFC 5480 allows it (compressed or uncompressed, not hybrid,
	// not the identity, a whole number of bytes), or whose point is not on
	// the curve. It wraps the root package's error (such as
	// secp256k1.ErrPointNotOnCurve) where there is one.
	ErrPublicKey = errors.New("keyfmt: invalid public key")

	// ErrKeyMismatch is returned for a private key encoding that also holds
	// a public key (SEC 1's and PKCS #8 v2's publicKey, a JWK's x and y)
	// which is not the private key's.
	ErrKeyMismatch = errors.New("keyfmt: public key does not match the private key")

	// ErrEncrypted is returned for an encrypted private key (PKCS #8's
	// EncryptedPrivateKeyInfo, as DER or as an "ENCRYPTED PRIVATE KEY" PEM
	// block, or a legacy PEM block with Proc-Type/DEK-Info headers), which
	// this package does not decrypt.
	ErrEncrypted = errors.New("keyfmt: encrypted private keys are not supported")

	// ErrPEM is returned for PEM data without the expected block, with a
	// block of another type or with headers, or with more than one key.
	ErrPEM = errors.New("keyfmt: no suitable PEM block")

	// ErrJWK is returned for a JWK that is not a JSON object with the
	// members RFC 7518 requires for an EC key in the form it requires
	// (base64url without padding, full-length coordinates), has "kty"
	// other than "EC", "alg" other than "ES256K", a duplicate member, or
	// holds a private key where a public one is expected.
	ErrJWK = errors.New("keyfmt: invalid JWK")
)

// privateKeyError returns an error that matches ErrPrivateKey and
// secp256k1.ErrPrivateKey, with detail.
func privateKeyError(detail string) error {
	return fmt.Errorf("%w (%s): %w", ErrPrivateKey, detail, secp256k1.ErrPrivateKey)
}

// asn1Error wraps an encoding/asn1 error (or nil) in ErrASN1, naming the
// structure.
func asn1Error(what string, err error) error {
	if err == nil {
		return fmt.Errorf("%w: %s", ErrASN1, what)
	}
	return fmt.Errorf("%w: %s: %w", ErrASN1, what, err)
}
