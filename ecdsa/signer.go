package ecdsa

import (
	"crypto"
	"io"

	"github.com/kestrel-crypto/secp256k1"
)

// Signer adapts a private key to crypto.Signer, so that code written for
// crypto/ecdsa can sign with a Kestrel key. Sign returns the DER encoding of
// the deterministic low-S signature of digest; rand is ignored (RFC 6979
// needs no randomness) and opts.HashFunc() is not checked beyond the digest
// being non-empty.
type Signer struct {
	Key *secp256k1.PrivateKey
}

// NewSigner returns a crypto.Signer for k.
func NewSigner(k *secp256k1.PrivateKey) *Signer {
	return &Signer{Key: k}
}

// Public returns the *secp256k1.PublicKey of the key.
func (s *Signer) Public() crypto.PublicKey {
	return s.Key.PublicKey()
}

// Sign signs digest and returns the strict DER encoding of the signature.
func (s *Signer) Sign(_ io.Reader, digest []byte, _ crypto.SignerOpts) ([]byte, error) {
	sig, err := Sign(s.Key, digest)
	if err != nil {
		return nil, err
	}
	return sig.DER(), nil
}
