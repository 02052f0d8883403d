// Package mpsig holds the steps that the two multi-party Schnorr protocols,
// MuSig2 (BIP-327, package musig2) and FROST (BIP-445, package frost),
// compute the same way on the engine's values: the two nonce points of a
// signer, and the check of a partial signature s against the signer's
// nonce (R₁, R₂) and key P,
//
//	s·G = σ·(R₁ + b·R₂) + c·P,
//
// where b is the nonce coefficient, σ = −1 if the final nonce R has an odd
// y and 1 otherwise, and c the protocol's key coefficient (e·a·g' in MuSig2,
// e·λ·g' in FROST). The protocols keep their own types, errors and blame.
package mpsig

import (
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/frostcore"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// PublicNonce sets R1 = k1·G and R2 = k2·G and writes cbytes(R1) ‖
// cbytes(R2) into pub; k1 and k2 must not be zero. Constant time in k1 and
// k2; the encoding of the (public) points is not.
func PublicNonce(pub *[66]byte, R1, R2 *group.Jacobian, k1, k2 *scalar.Scalar) {
	ecmult.ScalarBaseMult(R1, k1)
	ecmult.ScalarBaseMult(R2, k2)
	frostcore.VarTimePutCompressed((*[33]byte)(pub[:33]), R1) // never the identity: k ≠ 0
	frostcore.VarTimePutCompressed((*[33]byte)(pub[33:]), R2)
}

// VarTimeVerifySum returns T = s·G − σ·b·R2 − c·P, and false if the engine
// detected an invalid point: s is a valid partial signature exactly when
// T = σ·R1. It takes one multi-scalar multiplication of two points and G,
// whose term uses G's precomputed tables. Variable time: every input is
// public.
func VarTimeVerifySum(s, b, c *scalar.Scalar, rOdd bool, R2, P *group.Jacobian) (group.Jacobian, bool) {
	var nsb, nc scalar.Scalar
	// −σ·b: −b if R has an even y, b if odd.
	nsb.Set(b)
	if !rOdd {
		nsb.Negate(&nsb)
	}
	nc.Negate(c)
	return ecmult.VarTimeMultiScalarMult([]*scalar.Scalar{&nsb, &nc}, []*group.Jacobian{R2, P}, s)
}

// VarTimeMatchesR1 reports whether T (with ok, from VarTimeVerifySum) is
// σ·R1 for the point R1 (Sign's self-verification, which has R1 as a
// point).
func VarTimeMatchesR1(T *group.Jacobian, ok bool, R1 *group.Jacobian, rOdd bool) bool {
	if !ok {
		return false
	}
	var want group.Jacobian
	want.Set(R1)
	if rOdd {
		want.Negate(&want)
	}
	return T.Equal(&want) == 1
}

// VarTimeMatchesEncodedR1 reports whether T (with ok) is σ·R1 for the
// 33-byte encoding r1 of R1, compared without decoding it (σ = −1 flips
// the parity byte; one inversion instead of a square root). When it is
// not, r1Valid reports whether r1 encodes a point at all, so that the
// caller can blame an invalid public nonce before a wrong partial
// signature, as the BIPs do.
func VarTimeMatchesEncodedR1(T *group.Jacobian, ok bool, r1 *[33]byte, rOdd bool) (match, r1Valid bool) {
	want := *r1
	if rOdd && (want[0] == 2 || want[0] == 3) {
		want[0] ^= 1
	}
	if ok && frostcore.VarTimeEqualCompressed(T, &want) {
		return true, true
	}
	var R1 group.Jacobian
	return false, frostcore.SetCompressed(&R1, &want)
}
