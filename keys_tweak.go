package secp256k1

import (
	"errors"

	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// Key tweaking: libsecp256k1's secp256k1_ec_seckey_tweak_add,
// secp256k1_ec_seckey_tweak_mul, secp256k1_ec_seckey_negate and their
// secp256k1_ec_pubkey_* twins, and secp256k1_ec_pubkey_combine. These are the
// building blocks of BIP-32 derivation, BIP-341 taproot outputs (whose x-only
// variant lives in package schnorr) and similar schemes.
//
// A tweak is a 32-byte big-endian integer that must be less than n; it is
// rejected, not reduced, as libsecp256k1 does. Each function returns a new
// key and leaves its receiver unchanged.
//
// The private-key functions are constant time in the key and the tweak; only
// whether the tweak is accepted and whether the result is zero (which happens
// only for a tweak that depends on the key, such as t = n − k) can be
// observed. The public-key tweaks are constant time in the tweak too (unlike
// libsecp256k1's, which treat it as public): protocols such as silent
// payments tweak public keys with secrets derived from a shared secret.
// CombinePublicKeys takes only public keys and is variable time.

var (
	// ErrTweak is returned for a tweak that is not 32 bytes or whose value
	// is not less than n, and for a multiplicative tweak of 0.
	ErrTweak = errors.New("secp256k1: invalid tweak")
	// ErrNoPublicKeys is returned by CombinePublicKeys when given no keys.
	ErrNoPublicKeys = errors.New("secp256k1: no public keys to combine")
)

// setTweak sets t to the 32-byte tweak b, or returns ErrTweak if b is not 32
// bytes (wrapped with both lengths) or its value is not less than n. The
// value of b is processed in constant time.
func setTweak(t *Scalar, b []byte) error {
	if len(b) != 32 {
		return lengthError(ErrTweak, "32", len(b))
	}
	if _, err := t.SetCanonicalBytes(b); err != nil {
		return ErrTweak
	}
	return nil
}

// TweakAdd returns the private key k + t mod n for the 32-byte tweak t
// (libsecp256k1's secp256k1_ec_seckey_tweak_add). It returns ErrTweak if t is
// not 32 bytes or t ≥ n, and ErrPrivateKey if the sum is 0. Its public key is
// k.PublicKey().TweakAdd(t). Constant time in k and t.
func (k *PrivateKey) TweakAdd(tweak []byte) (*PrivateKey, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	var t Scalar
	if err := setTweak(&t, tweak); err != nil {
		return nil, err
	}
	r := new(PrivateKey)
	r.s.Add(&k.s, &t)
	t = Scalar{}
	if r.s.IsZero() == 1 {
		return nil, ErrPrivateKey
	}
	return r, nil
}

// TweakMul returns the private key k·t mod n for the 32-byte tweak t
// (libsecp256k1's secp256k1_ec_seckey_tweak_mul). It returns ErrTweak if t is
// not 32 bytes, t = 0 or t ≥ n; the product of two non-zero values modulo the
// prime n is never 0. Its public key is k.PublicKey().TweakMul(t). Constant
// time in k and t.
func (k *PrivateKey) TweakMul(tweak []byte) (*PrivateKey, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	var t Scalar
	if err := setTweak(&t, tweak); err != nil {
		return nil, err
	}
	if t.IsZero() == 1 {
		return nil, ErrTweak
	}
	r := new(PrivateKey)
	r.s.Multiply(&k.s, &t)
	t = Scalar{}
	return r, nil
}

// Negate returns the private key n − k (libsecp256k1's
// secp256k1_ec_seckey_negate), whose public key is k.PublicKey().Negate().
// Constant time.
func (k *PrivateKey) Negate() *PrivateKey {
	k.mustValid()
	r := new(PrivateKey)
	r.s.Negate(&k.s) // k ≠ 0, so n − k ≠ 0
	return r
}

// TweakAdd returns the public key P + t·G for the 32-byte tweak t
// (libsecp256k1's secp256k1_ec_pubkey_tweak_add). It returns ErrTweak if t is
// not 32 bytes or t ≥ n, and ErrIdentity if the sum is the identity (t is
// the negated private key of P). It is constant time in t.
func (p *PublicKey) TweakAdd(tweak []byte) (*PublicKey, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	var t Scalar
	if err := setTweak(&t, tweak); err != nil {
		return nil, err
	}
	var Q Point
	Q.ScalarBaseMult(&t)
	Q.p.AddAffine(&Q.p, &group.Affine{X: p.x, Y: p.y})
	t = Scalar{}
	return NewPublicKey(Q.setJacobian(&Q.p))
}

// TweakMul returns the public key t·P for the 32-byte tweak t (libsecp256k1's
// secp256k1_ec_pubkey_tweak_mul). It returns ErrTweak if t is not 32 bytes,
// t = 0 or t ≥ n. It is constant time in t.
func (p *PublicKey) TweakMul(tweak []byte) (*PublicKey, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	var t Scalar
	if err := setTweak(&t, tweak); err != nil {
		return nil, err
	}
	if t.IsZero() == 1 {
		return nil, ErrTweak
	}
	var Q Point
	Q.ScalarMult(&t, p.Point())
	t = Scalar{}
	return NewPublicKey(&Q) // t·P ≠ identity for 0 < t < n and P ≠ identity
}

// Negate returns the public key −P (libsecp256k1's
// secp256k1_ec_pubkey_negate).
func (p *PublicKey) Negate() *PublicKey {
	p.mustValid()
	r := &PublicKey{x: p.x}
	r.y.Negate(&p.y)
	r.y.Normalize(&r.y)
	return r
}

// CombinePublicKeys returns the sum of keys (libsecp256k1's
// secp256k1_ec_pubkey_combine). It returns ErrNoPublicKeys if keys is empty,
// ErrIdentity if the sum is the identity, and ErrUninitialized if a key is the
// zero value. It is variable time: the keys are public.
func CombinePublicKeys(keys ...*PublicKey) (*PublicKey, error) {
	if len(keys) == 0 {
		return nil, ErrNoPublicKeys
	}
	for _, k := range keys {
		if err := k.Validate(); err != nil {
			return nil, err
		}
	}
	var sum, next group.Jacobian // the identity
	for _, k := range keys {
		next.VarTimeAddAffine(&sum, &group.Affine{X: k.x, Y: k.y})
		sum = next
	}
	return varTimePublicKey(&sum)
}

// varTimePublicKey returns the public key for the public point p, or
// ErrIdentity if p is the identity. It uses a variable-time inversion.
func varTimePublicKey(p *group.Jacobian) (*PublicKey, error) {
	var a group.Affine
	if _, ok := a.VarTimeSetJacobian(p); ok == 0 {
		return nil, ErrIdentity
	}
	pub := new(PublicKey)
	pub.x.Normalize(&a.X)
	pub.y.Normalize(&a.Y)
	return pub, nil
}
