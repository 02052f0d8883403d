package dleq

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/auxrand"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Prove returns C = a·B and a proof that log_G(A) = log_B(C) for A = a·G,
// with G the curve generator (BIP-374 GenerateProof). auxRand must be nil,
// for 32 bytes from crypto/rand, or 32 bytes; msg nil or empty (no message)
// or 32 bytes. The same inputs give the same proof. It returns an error
// wrapping secp256k1.ErrUninitialized if a or B is nil or the zero value,
// ErrAuxRand, ErrMessage, and ErrProve in the negligible cases the BIP
// fails in and if the proof does not verify.
//
// Constant time in a and in the nonce (see the package documentation).
func Prove(a *secp256k1.PrivateKey, B *secp256k1.PublicKey, auxRand, msg []byte) (*secp256k1.PublicKey, *Proof, error) {
	return prove(nil, a, B, auxRand, msg)
}

// ProveWithGenerator is Prove for the generator G instead of the curve's:
// A = a·G. It returns an error wrapping secp256k1.ErrUninitialized if G is
// nil or the zero value. a·G and k·G then use the constant-time ladder
// instead of the comb.
func ProveWithGenerator(G *secp256k1.PublicKey, a *secp256k1.PrivateKey, B *secp256k1.PublicKey, auxRand, msg []byte) (*secp256k1.PublicKey, *Proof, error) {
	if err := G.Validate(); err != nil {
		return nil, nil, fmt.Errorf("dleq: generator: %w", err)
	}
	return prove(G, a, B, auxRand, msg)
}

// prove is GenerateProof with generator G, or the curve's for a nil G.
func prove(G *secp256k1.PublicKey, a *secp256k1.PrivateKey, B *secp256k1.PublicKey, auxRand, msg []byte) (*secp256k1.PublicKey, *Proof, error) {
	// The BIP's "fail if a = 0 or a ≥ n" and "fail if B is infinite": a
	// PrivateKey is in [1, n−1] and a PublicKey never the identity, except
	// for their zero values.
	if err := a.Validate(); err != nil {
		return nil, nil, fmt.Errorf("dleq: secret: %w", err)
	}
	if err := B.Validate(); err != nil {
		return nil, nil, fmt.Errorf("dleq: point B: %w", err)
	}
	if len(msg) != 0 && len(msg) != 32 {
		return nil, nil, ErrMessage
	}
	var aux [32]byte
	if !auxrand.Read(&aux, auxRand) {
		return nil, nil, ErrAuxRand
	}
	var p points
	proof := new(Proof)
	if err := generate(&p, proof, G, a, B, &aux, msg); err != nil {
		return nil, nil, err
	}
	// The BIP's final VerifyProof, on public values only (A, C and the
	// proof are the outputs), so variable time.
	A, _ := secp256k1.ParsePublicKey(p[0][:])
	C, _ := secp256k1.ParsePublicKey(p[2][:])
	if verify(&p, G, A, B, C, proof, msg) != nil {
		return nil, nil, ErrProve
	}
	return C, proof, nil
}

// generate is GenerateProof up to, not including, the final verification,
// for valid inputs: it sets proof and p[0:6] to cbytes of A, B, C, G, R₁
// and R₂. It is constant time in a and k: every step below is a
// constant-time primitive, and the only branches are on the public choice
// of G and on k = 0 (probability 2⁻²⁵⁶) and e ≥ n (about 2⁻¹²⁸), whose
// failures end the computation. The dudect test (ct_timing_test.go) times
// it.
func generate(p *points, proof *Proof, G *secp256k1.PublicKey, a *secp256k1.PrivateKey, B *secp256k1.PublicKey, aux *[32]byte, msg []byte) error {
	as, err := door.PrivateKey(a) // in [1, n−1]: checked by the callers
	if err != nil {
		return err
	}
	defer func() { as = scalar.Scalar{} }()

	var g, b group.Jacobian
	setKey(&b, B)
	if G != nil {
		setKey(&g, G)
	}
	// J holds A, C, R₁, R₂, brought to affine in pairs by one
	// constant-time inversion each (none is the identity: a, k ≠ 0, G and
	// B are not the identity, and the group has prime order).
	var J [4]group.Jacobian
	baseMult(&J[0], &as, G, &g)
	ecmult.ScalarMult(&J[1], &as, &b)
	var aff [4]group.Affine
	var scratch [4]field.Element
	group.BatchSetJacobian(aff[:2], J[:2], scratch[:2])
	aff[0].PutCompressed(&p[0])
	keyBytes(&p[1], B)
	aff[1].PutCompressed(&p[2])
	if G != nil {
		keyBytes(&p[3], G)
	} else {
		p[3] = generatorBytes
	}

	// t = bytes(a) xor hash_aux(r); k = hash_nonce(t ‖ A ‖ C ‖ m') mod n.
	var ab [32]byte
	as.PutBytes(&ab)
	ha := tagAux.Sum(aux[:])
	for i := range ab {
		ab[i] ^= ha[i]
	}
	rnd := tagNonce.Sum(ab[:], p[0][:], p[2][:], msg)
	clear(ab[:])
	var k scalar.Scalar
	k.SetReducedBytes(&rnd)
	clear(rnd[:])
	defer func() { k = scalar.Scalar{} }()
	if k.IsZero() == 1 {
		return ErrProve // probability 2⁻²⁵⁶
	}
	baseMult(&J[2], &k, G, &g)
	ecmult.ScalarMult(&J[3], &k, &b)
	group.BatchSetJacobian(aff[2:], J[2:], scratch[2:])
	aff[2].PutCompressed(&p[4])
	aff[3].PutCompressed(&p[5])

	// e = int(hash_challenge(…)); s = k + e·a mod n.
	eh := challenge(p, msg)
	if _, err := proof.e.SetCanonicalBytes(&eh); err != nil {
		return ErrProve // e ≥ n: probability about 2⁻¹²⁸
	}
	proof.s.Multiply(&proof.e, &as)
	proof.s.Add(&proof.s, &k)
	return nil
}

// baseMult sets v = k·G in constant time: the comb for the curve generator
// (G nil), the ladder over g otherwise.
func baseMult(v *group.Jacobian, k *scalar.Scalar, G *secp256k1.PublicKey, g *group.Jacobian) {
	if G == nil {
		ecmult.ScalarBaseMult(v, k)
		return
	}
	ecmult.ScalarMult(v, k, g)
}

// generatorBytes is cbytes(G) for the curve generator.
var generatorBytes = [33]byte(secp256k1.NewGeneratorPoint().BytesCompressed())

// setKey sets v to the point of a valid public key.
func setKey(v *group.Jacobian, P *secp256k1.PublicKey) {
	a := door.MustPublicKey(P)
	v.SetAffine(&a)
}

// keyBytes writes cbytes(P) of a valid public key.
func keyBytes(out *[33]byte, P *secp256k1.PublicKey) {
	a := door.MustPublicKey(P)
	a.PutCompressed(out)
}
