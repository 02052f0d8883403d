package dleq

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Verify checks a proof that log_G(A) = log_B(C), with G the curve
// generator and msg nil or empty (no message) or 32 bytes (BIP-374
// VerifyProof). It returns nil for a valid proof, ErrMessage for a message
// of another length, and ErrInvalidProof otherwise, including for a nil
// proof and for a nil or zero key (the BIP's "fail if any point is
// infinite": no PublicKey is the point at infinity). Variable time: every
// input is public.
func Verify(A, B, C *secp256k1.PublicKey, proof *Proof, msg []byte) error {
	return verifyKeys(nil, A, B, C, proof, msg)
}

// VerifyWithGenerator is Verify for the generator G instead of the curve's.
func VerifyWithGenerator(G, A, B, C *secp256k1.PublicKey, proof *Proof, msg []byte) error {
	if G == nil || G.Validate() != nil {
		return ErrInvalidProof
	}
	return verifyKeys(G, A, B, C, proof, msg)
}

func verifyKeys(G, A, B, C *secp256k1.PublicKey, proof *Proof, msg []byte) error {
	if len(msg) != 0 && len(msg) != 32 {
		return ErrMessage
	}
	if proof == nil || A == nil || B == nil || C == nil ||
		A.Validate() != nil || B.Validate() != nil || C.Validate() != nil {
		return ErrInvalidProof
	}
	var p points
	keyBytes(&p[0], A)
	keyBytes(&p[1], B)
	keyBytes(&p[2], C)
	if G != nil {
		keyBytes(&p[3], G)
	} else {
		p[3] = generatorBytes
	}
	return verify(&p, G, A, B, C, proof, msg)
}

// verify is VerifyProof for valid keys whose encodings A, B, C, G are in
// p[0:4]; it fills in p[4:6] with R₁ and R₂.
//
// R₁ = s·G − e·A is one Strauss–wNAF double multiplication with the
// precomputed tables of G (as an ECDSA or BIP-340 verification), R₂ = s·B −
// e·C a Strauss–wNAF over the two variable points B and C (GLV splits, one
// shared doubling chain); their affine forms share one inversion. R₁ and R₂
// are hashed separately, so the two multiplications cannot share a
// doubling chain: a verification does about twice the point operations of
// an ECDSA verification, less its scalar inversion. Nothing allocates.
func verify(p *points, G, A, B, C *secp256k1.PublicKey, proof *Proof, msg []byte) error {
	var negE scalar.Scalar
	negE.Negate(&proof.e)
	s := proof.s
	var a, b, c group.Jacobian
	setKey(&a, A)
	setKey(&b, B)
	setKey(&c, C)
	var J [2]group.Jacobian
	var ok bool
	if G == nil {
		J[0], ok = ecmult.VarTimeMult1G(&negE, &a, &s)
	} else {
		var g group.Jacobian
		setKey(&g, G)
		J[0], ok = ecmult.VarTimeMult2(&s, &g, &negE, &a)
	}
	if !ok {
		return ErrInvalidProof // an input off the curve: no valid key is
	}
	J[1], ok = ecmult.VarTimeMult2(&s, &b, &negE, &c)
	if !ok {
		return ErrInvalidProof
	}
	// Fail if R₁ or R₂ is infinite.
	var aff [2]group.Affine
	var scratch [2]field.Element
	if !group.VarTimeBatchSetJacobian(aff[:], J[:], scratch[:]) {
		return ErrInvalidProof
	}
	aff[0].PutCompressed(&p[4])
	aff[1].PutCompressed(&p[5])
	eh := challenge(p, msg)
	var e scalar.Scalar
	if _, err := e.SetCanonicalBytes(&eh); err != nil || e.Equal(&proof.e) == 0 {
		return ErrInvalidProof
	}
	return nil
}
