package schnorr

import (
	"crypto"
	"errors"
	"io"

	"github.com/kestrel-crypto/secp256k1"
)

// ErrSignerOpts is returned by Signer.Sign for options whose HashFunc is not
// 0: BIP-340 signs the message itself, of any length, and hashes it inside
// the signature (as Ed25519 does), so there is no prehash to name.
var ErrSignerOpts = errors.New("schnorr: a BIP-340 signer signs the message itself: opts.HashFunc() must be 0")

// Signer adapts a Keypair to crypto.Signer, for code that signs through that
// interface (as with crypto/ed25519): Sign's digest argument is the message,
// signed as is with BIP-340, and its result the 64-byte signature.
//
// The zero Signer, a nil *Signer and one whose Keypair is the zero value
// are not signers: their Sign returns secp256k1.ErrUninitialized and their
// Public panics. crypto/x509 and crypto/tls cannot use a Signer (they
// accept only the NIST curves and Ed25519).
type Signer struct {
	kp *Keypair
}

// NewSigner returns a crypto.Signer for kp, which it keeps (not a copy):
// kp.Zero disables the Signer too. It panics if kp is nil or the zero value.
func NewSigner(kp *Keypair) *Signer {
	if kp == nil || kp.Validate() != nil {
		panic("schnorr: NewSigner of an uninitialized Keypair")
	}
	return &Signer{kp: kp}
}

// Public returns the key pair's full public key, a *secp256k1.PublicKey
// (Keypair.PublicKey; Verify uses its x coordinate). It panics if s is not
// a signer.
func (s *Signer) Public() crypto.PublicKey {
	if s == nil || s.kp == nil || s.kp.Validate() != nil {
		panic("schnorr: use of an uninitialized Signer")
	}
	return s.kp.PublicKey()
}

// Sign returns the 64-byte BIP-340 signature of message, which is signed as
// is and may have any length. opts must be nil, a crypto.Hash of 0, or a
// *SignOptions (whose HashFunc is 0), which then sets the auxiliary
// randomness and the self-check as for Keypair.SignWithOptions. Without
// options' AuxRand the 32 bytes of auxiliary randomness are read from rand,
// or from crypto/rand if rand is nil. Sign returns ErrSignerOpts for another
// hash function, secp256k1.ErrUninitialized if s is not a signer, and the
// error of rand if it fails.
func (s *Signer) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	if s == nil || s.kp == nil {
		return nil, secp256k1.ErrUninitialized
	}
	if err := s.kp.Validate(); err != nil {
		return nil, err
	}
	var o SignOptions
	if opts != nil {
		if opts.HashFunc() != 0 {
			return nil, ErrSignerOpts
		}
		if so, ok := opts.(*SignOptions); ok && so != nil {
			o = *so
		}
	}
	if o.AuxRand == nil && rand != nil {
		var aux [32]byte
		if _, err := io.ReadFull(rand, aux[:]); err != nil {
			return nil, err
		}
		o.AuxRand = aux[:]
	}
	return s.kp.SignWithOptions(message, &o)
}

// HashFunc returns 0, so that SignOptions can be given to Signer.Sign as
// its crypto.SignerOpts: BIP-340 signs the message itself.
func (o *SignOptions) HashFunc() crypto.Hash { return 0 }
