// Package bip340 is BIP-340 Schnorr signing and verification written once,
// in the engine's types, for every protocol that signs or checks a BIP-340
// equation: schnorr (plain signatures, key pairs, VerifyMany and the batch),
// adaptor (pre-signatures: the same signing with an adaptor point), ChillDKG
// (proofs of possession under its own tag prefix) and musig2 and frost (the
// challenge of their sessions). taproot.go holds BIP-341's taproot tweak,
// for schnorr, btcaddr, musig2 and frost.
//
// The tags are a parameter: Standard is BIP-340's "BIP0340/aux",
// "BIP0340/nonce" and "BIP0340/challenge"; NewTags makes the
// domain-separated variants. Verification is split in the steps that the
// single, many-at-once and batch verifiers share (ParseSignature, Key.
// Challenge) and the equation each checks with its own engine call.
//
// Signing is constant time in the secret key and the nonce; everything
// named VarTime takes public values only.
package bip340

import (
	"errors"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// Tags holds the three precomputed tags of one prefix. Build it once with
// NewTags, in a package variable.
type Tags struct {
	aux, nonce, challenge ksha256.Tag
}

// NewTags returns the tags prefix + "/aux", "/nonce" and "/challenge".
func NewTags(prefix string) *Tags {
	return &Tags{
		aux:       ksha256.NewTag(prefix + "/aux"),
		nonce:     ksha256.NewTag(prefix + "/nonce"),
		challenge: ksha256.NewTag(prefix + "/challenge"),
	}
}

// Standard is BIP-340's own tags, prefix "BIP0340". Its challenge tag is
// ksha256.BIP340Challenge's.
var Standard = &Tags{
	aux:       ksha256.NewTag("BIP0340/aux"),
	nonce:     ksha256.NewTag("BIP0340/nonce"),
	challenge: ksha256.BIP340Challenge,
}

// Challenge sets e = int(hash_challenge(rx ‖ px ‖ msg)) mod n, BIP-340's
// challenge, and returns e. MuSig2 and FROST compute their sessions'
// challenge with Standard.Challenge.
func (t *Tags) Challenge(e *scalar.Scalar, rx, px *[32]byte, msg []byte) *scalar.Scalar {
	h := t.challenge.Sum32x2(rx, px, msg)
	e.SetReducedBytes(&h)
	return e
}

// Key is a secret key prepared for signing: the scalar d, negated if
// needed so that P = d·G has an even y, and P's x coordinate.
type Key struct {
	D  scalar.Scalar // the secret, with D·G of even y; 0 in the zero value
	PX [32]byte      // x(D·G)
}

// Set sets k from the secret sk ≠ 0 (one constant-time sk·G) and returns
// sk·G, whose y parity tells whether D is sk or −sk. Constant time.
func (k *Key) Set(sk *scalar.Scalar) group.Affine {
	var P group.Jacobian
	ecmult.ScalarBaseMult(&P, sk)
	var pa group.Affine
	pa.SetJacobian(&P)
	pa.X.PutBytes(&k.PX)
	k.D.Set(sk).CondNegate(pa.Y.IsOdd())
	return pa
}

// Zero wipes k.
func (k *Key) Zero() { *k = Key{} }

// maskedKey returns bytes(d) ⊕ hash_aux(aux), the first input of the nonce
// hash. Constant time.
func (t *Tags) maskedKey(d *scalar.Scalar, aux *[32]byte) [32]byte {
	var tb [32]byte
	d.PutBytes(&tb)
	ha := t.aux.Sum(aux[:])
	for i := range tb {
		tb[i] ^= ha[i]
	}
	return tb
}

// Sign writes the 64-byte signature of msg (any length) by k into sig, with
// the 32 bytes of auxiliary randomness aux, and returns true. It returns
// false, with sig unchanged, if k is the zero Key or the nonce is zero
// (probability 2⁻²⁵⁶). Constant time in k and the nonce.
func (t *Tags) Sign(sig *[64]byte, k *Key, msg []byte, aux *[32]byte) bool {
	if k.D.IsZero() == 1 {
		return false
	}
	// k₀ = int(hash_nonce(bytes(d) ⊕ hash_aux(a) ‖ bytes(P) ‖ m)) mod n.
	tb := t.maskedKey(&k.D, aux)
	rnd := t.nonce.Sum32x2(&tb, &k.PX, msg)
	clear(tb[:])
	var k0 scalar.Scalar
	k0.SetReducedBytes(&rnd)
	clear(rnd[:])
	var R group.Affine
	var s scalar.Scalar
	ok := t.finish(&R, &s, k, &k0, nil, msg)
	k0 = scalar.Scalar{}
	if !ok {
		return false
	}
	R.X.PutBytes((*[32]byte)(sig[:32]))
	s.PutBytes((*[32]byte)(sig[32:]))
	return true
}

// PreSign is Sign with the adaptor point T, for adaptor signatures: the
// nonce is int(hashtag(bytes(d) ⊕ hash_aux(a) ‖ cbytes(T) ‖ bytes(P) ‖ m))
// mod n under the caller's nonce tag (so that it never equals the nonce
// Sign derives for the same key, message and randomness), R = k₀·G + T, and
// s' = k + e·d with k = ±k₀ for an even y of R. It writes R (with its y
// parity: the pre-signature needs it) and s' and returns true, or false if
// k is zero, the nonce is zero or R is the identity (k₀ = −t). Constant
// time in k and the nonce.
func (t *Tags) PreSign(R *group.Affine, s *scalar.Scalar, k *Key, msg []byte, aux *[32]byte, T *group.Affine, nonceTag *ksha256.Tag) bool {
	if k.D.IsZero() == 1 {
		return false
	}
	var tc [33]byte
	tc[0] = 2 | byte(T.Y.IsOdd())
	T.X.PutBytes((*[32]byte)(tc[1:]))
	tb := t.maskedKey(&k.D, aux)
	rnd := nonceTag.Sum(tb[:], tc[:], k.PX[:], msg)
	clear(tb[:])
	var k0 scalar.Scalar
	k0.SetReducedBytes(&rnd)
	clear(rnd[:])
	ok := t.finish(R, s, k, &k0, T, msg)
	k0 = scalar.Scalar{}
	return ok
}

// finish computes R = k₀·G (+ T), k = ±k₀ for R of even y, e and
// s = k + e·d. It returns false for a zero k₀ or R the identity. Constant
// time in k and k₀; R is public once computed.
func (t *Tags) finish(R *group.Affine, s *scalar.Scalar, k *Key, k0 *scalar.Scalar, T *group.Affine, msg []byte) bool {
	if k0.IsZero() == 1 {
		return false
	}
	var Rj group.Jacobian
	ecmult.ScalarBaseMult(&Rj, k0)
	if T != nil {
		var tj group.Jacobian
		tj.SetAffine(T)
		Rj.Add(&Rj, &tj)
	}
	if _, ok := R.SetJacobian(&Rj); ok == 0 {
		return false
	}
	var kk scalar.Scalar
	kk.Set(k0).CondNegate(R.Y.IsOdd())
	var rx [32]byte
	R.X.PutBytes(&rx)
	var e scalar.Scalar
	t.Challenge(&e, &rx, &k.PX, msg)
	s.Multiply(&e, &k.D).Add(s, &kk)
	kk = scalar.Scalar{}
	return true
}

// PublicKey is a BIP-340 public key in the verifiers' form: the point with
// an even y and its x coordinate.
type PublicKey struct {
	P  group.Affine // even y
	PX [32]byte
}

// Set sets pk to the x-only key of the point a (a or −a, whichever
// has an even y) and returns whether a had an odd y.
func (pk *PublicKey) Set(a *group.Affine) (odd int) {
	pk.P = *a
	odd = a.Y.IsOdd()
	pk.P.Y.CondNegate(&pk.P.Y, odd)
	pk.P.X.PutBytes(&pk.PX)
	return odd
}

// Signature is a signature as the verifiers take it: r (as its bytes and
// as a field element: r < p) and s < n.
type Signature struct {
	R  [32]byte
	RX field.Element
	S  scalar.Scalar
}

var (
	// ErrR is Parse's error for r ≥ p.
	ErrR = errors.New("bip340: r is not less than p")
	// ErrS is Parse's error for s ≥ n.
	ErrS = errors.New("bip340: s is not less than n")
)

// Parse sets sig from its 64-byte encoding, or returns ErrR if r ≥ p or
// ErrS if s ≥ n, checked in that order. Every verifier parses with it: such
// a signature is invalid whatever the key and message, and a batch refuses
// it.
func (sig *Signature) Parse(b *[64]byte) error {
	if _, err := sig.RX.SetCanonicalBytes((*[32]byte)(b[:32])); err != nil {
		return ErrR
	}
	if _, err := sig.S.SetCanonicalBytes((*[32]byte)(b[32:])); err != nil {
		return ErrS
	}
	sig.R = [32]byte(b[:32])
	return nil
}

// NegatedChallenge sets e to −e for the signature sig of msg by pk, with e
// the challenge of (r, x(P), msg), and returns e: R = s·G + e·P is the
// point every verifier compares with r, whatever engine computes it.
func (t *Tags) NegatedChallenge(e *scalar.Scalar, pk *PublicKey, msg []byte, sig *Signature) *scalar.Scalar {
	return t.Challenge(e, &sig.R, &pk.PX, msg).Negate(e)
}

// VarTimeVerify reports whether sig is a valid signature of msg by pk:
// whether R = s·G − e·P is not the identity, has an even y and x = r, with
// e the challenge of (r, x(P), msg). Variable time: every input is public.
func (t *Tags) VarTimeVerify(pk *PublicKey, msg []byte, sig *Signature) bool {
	var e scalar.Scalar
	t.NegatedChallenge(&e, pk, msg, sig)
	var P group.Jacobian
	P.SetAffine(&pk.P)
	R, ok := ecmult.VarTimeMult1G(&e, &P, &sig.S)
	return ok && VarTimeIsR(&R, &sig.R)
}

// VarTimeIsR reports whether R is not the identity, has an even y and the
// x coordinate r: the last check of a verification. Variable time.
func VarTimeIsR(R *group.Jacobian, r *[32]byte) bool {
	var a group.Affine
	if _, ok := a.VarTimeSetJacobian(R); ok == 0 {
		return false
	}
	return IsR(&a, r)
}

// IsR reports whether the affine point a has an even y and the x
// coordinate r. Variable time.
func IsR(a *group.Affine, r *[32]byte) bool {
	if a.Y.IsOdd() == 1 {
		return false
	}
	var xb [32]byte
	a.X.PutBytes(&xb)
	return xb == *r
}

// VarTimePreVerify reports whether s' is a valid pre-signature of msg by pk
// for the adaptor point T with the nonce point R: whether
// s'·G − e·P = ±(R − T), with the sign of R's y and e the challenge of
// (x(R), x(P), msg). Variable time: every input is public.
func (t *Tags) VarTimePreVerify(pk *PublicKey, msg []byte, R *group.Affine, s *scalar.Scalar, T *group.Affine) bool {
	var rx [32]byte
	R.X.PutBytes(&rx)
	var e scalar.Scalar
	t.Challenge(&e, &rx, &pk.PX, msg)
	e.Negate(&e)
	var P group.Jacobian
	P.SetAffine(&pk.P)
	lhs, ok := ecmult.VarTimeMult1G(&e, &P, s)
	if !ok {
		return false
	}
	var rhs, tj group.Jacobian
	rhs.SetAffine(R)
	tj.SetAffine(T)
	tj.Negate(&tj)
	rhs.Add(&rhs, &tj)
	if R.Y.IsOdd() == 1 {
		rhs.Negate(&rhs)
	}
	return lhs.Equal(&rhs) == 1
}
