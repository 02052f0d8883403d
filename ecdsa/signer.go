package ecdsa

import (
	"crypto"
	"io"

	"github.com/kestrel-crypto/secp256k1"
)

// Signer adapts a private key to crypto.Signer, so that code written for
// crypto/ecdsa can sign with a Kestrel key. Sign returns the DER encoding of
// the deterministic low-S signature of digest, which, as for the package's
// Sign and for crypto/ecdsa, may have any length, the empty digest included;
// rand is ignored (RFC 6979 needs no randomness) and opts is not checked,
// not even opts.HashFunc() against the digest's length.
//
// crypto/x509 and crypto/tls cannot use a Signer, nor any secp256k1 key:
// they accept only the NIST curves and reject the others, which is a limit
// of the standard library. The keyfmt package reads and writes the key
// formats (SEC 1, PKCS #8, SubjectPublicKeyInfo, JWK) that other tools
// exchange.
//
// A Signer signs only with a key: the zero Signer (its Key nil), a nil
// *Signer and a Signer whose Key is the zero PrivateKey are not signers.
// Their Sign returns secp256k1.ErrUninitialized and their Public panics.
type Signer struct {
	Key *secp256k1.PrivateKey
}

// NewSigner returns a crypto.Signer for k. It panics if k is nil or the zero
// value of PrivateKey.
func NewSigner(k *secp256k1.PrivateKey) *Signer {
	if checkKey(k) != nil {
		panic("ecdsa: NewSigner of an uninitialized PrivateKey")
	}
	return &Signer{Key: k}
}

// Public returns the *secp256k1.PublicKey of the key. It panics if s is nil
// or its Key is nil or the zero PrivateKey.
func (s *Signer) Public() crypto.PublicKey {
	if s == nil || checkKey(s.Key) != nil {
		panic("ecdsa: use of an uninitialized Signer (its Key is nil or the zero PrivateKey)")
	}
	return s.Key.PublicKey()
}

// Sign signs digest and returns the strict DER encoding of the signature,
// or secp256k1.ErrUninitialized if s is nil or its Key is nil or the zero
// PrivateKey.
func (s *Signer) Sign(_ io.Reader, digest []byte, _ crypto.SignerOpts) ([]byte, error) {
	if s == nil {
		return nil, secp256k1.ErrUninitialized
	}
	sig, err := Sign(s.Key, digest)
	if err != nil {
		return nil, err
	}
	return sig.DER(), nil
}
