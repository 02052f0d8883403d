package schnorr

import "github.com/kestrel-crypto/secp256k1"

// Keypair is a private key prepared for BIP-340 signing: the scalar negated
// if needed so that its public key has an even y, and the x-only public key.
// Signing with a Keypair costs one scalar multiplication (for R) instead of
// two. The zero value is not usable; use NewKeypair.
type Keypair struct {
	d      secp256k1.Scalar // the secret, with d·G of even y
	px     [32]byte         // x(d·G)
	parity int              // 1 if the original key's public key had odd y
	P      secp256k1.Point  // the original public key's point (y may be odd)
}

// NewKeypair returns the key pair of k.
func NewKeypair(k *secp256k1.PrivateKey) *Keypair {
	kp := new(Keypair)
	kp.init(k)
	return kp
}

// init sets kp to the key pair of k (one constant-time k·G).
func (kp *Keypair) init(k *secp256k1.PrivateKey) {
	d := k.Scalar()
	kp.P.ScalarBaseMult(d)
	var c [33]byte
	copy(c[:], kp.P.BytesCompressed())
	copy(kp.px[:], c[1:])
	kp.parity = int(c[0] & 1)
	var neg secp256k1.Scalar
	neg.Negate(d)
	kp.d.Select(&neg, d, kp.parity)
	*d, neg = secp256k1.Scalar{}, secp256k1.Scalar{}
}

// XOnlyPublicKey returns the 32-byte x-only public key.
func (kp *Keypair) XOnlyPublicKey() []byte {
	out := kp.px
	return out[:]
}

// PublicKey returns the full public key of the original private key (whose y
// may be odd).
func (kp *Keypair) PublicKey() *secp256k1.PublicKey {
	pub, _ := secp256k1.NewPublicKey(&kp.P) // never the identity: d ≠ 0
	return pub
}

// Parity returns 1 if the original private key's public key has an odd y
// (so the signing key is its negation), and 0 otherwise.
func (kp *Keypair) Parity() int { return kp.parity }
