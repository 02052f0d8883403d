package ecdsa

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Verify reports whether sig is a valid signature of hash by pub, with
// libsecp256k1's semantics: r and s must be in [1, n−1] and s must be low
// (s ≤ (n−1)/2; use Normalize first to accept either form). It computes
// R = (e/s)·G + (r/s)·pub in one double-scalar multiplication and compares
// R's x coordinate with r without an inversion. Variable time: all inputs
// are public.
//
// Verify returns false, as for any invalid signature, if pub is nil or the
// zero value of PublicKey, which is not a key: a verifier never reports a
// signature by one as valid (as schnorr.Verify); and for a nil sig.
func Verify(pub *secp256k1.PublicKey, hash []byte, sig *Signature) bool {
	var in verifyInput
	if !in.set(pub, hash, sig) {
		return false
	}
	var w, u1, u2 scalar.Scalar
	w.VarTimeInvert(&in.s)
	u1.Multiply(&in.e, &w)
	u2.Multiply(&in.r, &w)
	var P group.Jacobian
	P.SetAffine(&in.pub)
	R, ok := ecmult.VarTimeMult1G(&u2, &P, &u1)
	return ok && ecmult.VarTimeXEqualsScalar(&R, &in.r)
}

// verifyInput is a signature as Verify and VerifyMany check it, in the
// engine's types.
type verifyInput struct {
	pub     group.Affine
	e, r, s scalar.Scalar // the hash's integer mod n, and the signature
}

// set is the one set of checks that Verify and VerifyMany share: it sets
// in from pub, hash and sig and returns true, or returns false for a nil or
// zero pub, a nil sig, r or s zero, or a high s (libsecp256k1's rules).
func (in *verifyInput) set(pub *secp256k1.PublicKey, hash []byte, sig *Signature) bool {
	a, err := door.PublicKey(pub)
	if err != nil || sig == nil {
		return false
	}
	if sig.r.IsZero() == 1 || sig.s.IsZero() == 1 || sig.s.IsHigh() == 1 {
		return false
	}
	var msg32 [32]byte
	hashToBytes(&msg32, hash)
	in.e.SetReducedBytes(&msg32)
	in.pub, in.r, in.s = a, door.Scalar(&sig.r), door.Scalar(&sig.s)
	return true
}
