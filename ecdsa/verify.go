package ecdsa

import "github.com/kestrel-crypto/secp256k1"

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
	if pub.Validate() != nil || sig == nil {
		return false
	}
	if sig.r.IsZero() == 1 || sig.s.IsZero() == 1 || sig.s.IsHigh() == 1 {
		return false
	}
	var msg32 [32]byte
	hashToBytes(&msg32, hash)
	var e, w, u1, u2 secp256k1.Scalar
	e.SetReducedBytes(msg32[:])
	w.VarTimeInvert(&sig.s)
	u1.Multiply(&e, &w)
	u2.Multiply(&sig.r, &w)
	var R secp256k1.Point
	R.VarTimeDoubleScalarBaseMult(&u2, pub.Point(), &u1)
	return R.VarTimeXEqualsScalar(&sig.r)
}
