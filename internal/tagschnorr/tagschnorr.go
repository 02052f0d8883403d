// Package tagschnorr is BIP-340 Schnorr signing and verification with the
// three tags "BIP0340/aux", "BIP0340/nonce" and "BIP0340/challenge" renamed to
// prefix + "/aux", prefix + "/nonce" and prefix + "/challenge": the
// domain-separated variant that ChillDKG's proofs of possession use ("BIP
// DKG/pop message"). Package schnorr remains the BIP-340 implementation;
// with the prefix "BIP0340" this package computes the same signatures, which
// its test checks against schnorr.
//
// Sign is constant time in the secret key and the nonce, as schnorr's
// signing is; VarTimeVerify takes public values only. Like every package
// under internal/, it does not import the module's root package.
package tagschnorr

import (
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
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

// Sign writes the 64-byte signature of msg by the secret key sk into sig,
// with the auxiliary randomness aux, and returns true; it returns false
// (sig unchanged) if sk or the derived nonce is zero (the latter with
// probability 2⁻²⁵⁶). Constant time in sk and the nonce.
func (t *Tags) Sign(sig *[64]byte, sk *scalar.Scalar, msg []byte, aux *[32]byte) bool {
	if sk.IsZero() == 1 {
		return false
	}
	// d = sk or n − sk, whichever gives P = d·G an even y.
	var P group.Jacobian
	ecmult.ScalarBaseMult(&P, sk)
	var pa group.Affine
	pa.SetJacobian(&P)
	var px [32]byte
	pa.X.PutBytes(&px)
	var d scalar.Scalar
	d.Set(sk).CondNegate(pa.Y.IsOdd())
	// t = bytes(d) xor hash_aux(a); k0 = hash_nonce(t ‖ bytes(P) ‖ m) mod n.
	var tb [32]byte
	d.PutBytes(&tb)
	ha := t.aux.Sum(aux[:])
	for i := range tb {
		tb[i] ^= ha[i]
	}
	rnd := t.nonce.Sum32x2(&tb, &px, msg)
	clear(tb[:])
	var k scalar.Scalar
	k.SetReducedBytes(&rnd)
	clear(rnd[:])
	if k.IsZero() == 1 {
		d = scalar.Scalar{}
		return false
	}
	var R group.Jacobian
	ecmult.ScalarBaseMult(&R, &k)
	var ra group.Affine
	ra.SetJacobian(&R)
	var rx [32]byte
	ra.X.PutBytes(&rx)
	k.CondNegate(ra.Y.IsOdd())
	// e = hash_challenge(bytes(R) ‖ bytes(P) ‖ m) mod n; s = k + e·d.
	eh := t.challenge.Sum32x2(&rx, &px, msg)
	var e, s scalar.Scalar
	e.SetReducedBytes(&eh)
	s.Multiply(&e, &d).Add(&s, &k)
	copy(sig[:32], rx[:])
	var sb [32]byte
	s.PutBytes(&sb)
	copy(sig[32:], sb[:])
	d, k, s = scalar.Scalar{}, scalar.Scalar{}, scalar.Scalar{}
	return true
}

// VarTimeVerify reports whether sig is a valid signature of msg by the
// public key pk (whose y parity is ignored: BIP-340 keys are x-only). It is
// false for the identity. Variable time: every input is public.
func (t *Tags) VarTimeVerify(pk *group.Jacobian, msg []byte, sig *[64]byte) bool {
	var c [33]byte
	if !pk.VarTimePutCompressed(&c) {
		return false
	}
	P := *pk
	if c[0] == 3 {
		P.Negate(&P)
	}
	var s scalar.Scalar
	if _, err := s.SetCanonicalBytes((*[32]byte)(sig[32:])); err != nil {
		return false
	}
	eh := t.challenge.Sum32x2((*[32]byte)(sig[:32]), (*[32]byte)(c[1:]), msg)
	var e scalar.Scalar
	e.SetReducedBytes(&eh)
	e.Negate(&e)
	// R = s·G − e·P must have an even y and x = r (r < p follows).
	R, ok := ecmult.VarTimeDoubleScalarBaseMult(&e, &P, &s)
	var rc [33]byte
	if !ok || !R.VarTimePutCompressed(&rc) {
		return false
	}
	return rc[0] == 2 && [32]byte(rc[1:]) == *(*[32]byte)(sig[:32])
}
