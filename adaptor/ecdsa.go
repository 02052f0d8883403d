package adaptor

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/auxrand"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// setKey sets v to the valid public key P, with Z = 1.
func setKey(v *group.Jacobian, P *secp256k1.PublicKey) {
	a := door.MustPublicKey(P)
	v.SetAffine(&a)
}

// ECDSA adaptor signatures (the DLC specification's, as secp256k1-zkp's
// ecdsa_adaptor module implements them): ECDSAEncrypt, ECDSAVerify,
// ECDSASignature.Decrypt and ECDSASignature.Recover.

// ECDSASignatureSize is the length of an encoded ECDSASignature.
const ECDSASignatureSize = 162

// ECDSASignature is an ECDSA adaptor signature (an "encrypted signature"):
// R = k·Y, R' = k·G, s' = k⁻¹·(m + r·x) with r = R.x mod n, and the proof
// (e, s) that R and R' have the same discrete logarithm k to the bases Y
// and G. Its encoding is secp256k1-zkp's 162 bytes,
// cbytes(R) ‖ cbytes(R') ‖ s' ‖ e ‖ s (the DLC specification's
// R ‖ R_a ‖ s_a ‖ proof).
//
// The zero value is not a signature: Decrypt and Recover return an error
// wrapping secp256k1.ErrUninitialized for it, ECDSAVerify reports false, and
// the methods without an error result panic.
type ECDSASignature struct {
	rc, rpc [33]byte         // cbytes(R), cbytes(R'); rc[0] = 0 in the zero value
	R       secp256k1.Point  // R, decoded
	rj, rpj group.Jacobian   // R and R' on the engine's types (Z = 1), for ECDSAVerify
	r       secp256k1.Scalar // R.x mod n, never 0
	sp      secp256k1.Scalar // s', in [1, n−1]
	e, s    secp256k1.Scalar // the proof; e reduced mod n
}

// check returns errZeroECDSASig for nil or the zero value.
func (a *ECDSASignature) check() error {
	if a == nil || a.rc[0] == 0 {
		return errZeroECDSASig
	}
	return nil
}

// ParseECDSASignature parses the 162-byte encoding with secp256k1-zkp's
// rules: R and R' must be compressed encodings of points, R.x mod n must
// not be 0, s' must be in [1, n−1] and the proof's s less than n; the
// proof's e is reduced mod n and never rejected (Bytes writes it reduced).
// It returns ErrECDSASignature otherwise. Variable time.
func ParseECDSASignature(b []byte) (*ECDSASignature, error) {
	if len(b) != ECDSASignatureSize {
		return nil, ErrECDSASignature
	}
	var a ECDSASignature
	if b[0]&^1 != 2 || b[33]&^1 != 2 {
		return nil, ErrECDSASignature
	}
	var Rk, Rpk secp256k1.PublicKey
	if Rk.UnmarshalBinary(b[:33]) != nil || Rpk.UnmarshalBinary(b[33:66]) != nil {
		return nil, ErrECDSASignature
	}
	a.R = *Rk.Point()
	setKey(&a.rj, &Rk)
	setKey(&a.rpj, &Rpk)
	a.r.SetReducedBytes(b[1:33])
	if _, err := a.sp.SetCanonicalBytes(b[66:98]); err != nil || a.r.IsZero()|a.sp.IsZero() == 1 {
		return nil, ErrECDSASignature
	}
	a.e.SetReducedBytes(b[98:130])
	if _, err := a.s.SetCanonicalBytes(b[130:]); err != nil {
		return nil, ErrECDSASignature
	}
	a.rc, a.rpc = [33]byte(b[:33]), [33]byte(b[33:66])
	return &a, nil
}

// Bytes returns the 162-byte encoding.
func (a *ECDSASignature) Bytes() []byte {
	must(a.check())
	out := make([]byte, 0, ECDSASignatureSize)
	out = append(out, a.rc[:]...)
	out = append(out, a.rpc[:]...)
	out = append(out, a.sp.Bytes()...)
	out = append(out, a.e.Bytes()...)
	return append(out, a.s.Bytes()...)
}

// Equal reports whether a and b encode the same signature. Variable time.
func (a *ECDSASignature) Equal(b *ECDSASignature) bool {
	must(a.check())
	must(b.check())
	return a.rc == b.rc && a.rpc == b.rpc && a.sp.Equal(&b.sp)&a.e.Equal(&b.e)&a.s.Equal(&b.s) == 1
}

// ECDSAEncrypt returns the ECDSA adaptor signature of the 32-byte message
// hash by k, encrypted under the encryption key Y: decrypting it with Y's
// secret y gives an ECDSA signature of hash by k (secp256k1-zkp's
// secp256k1_ecdsa_adaptor_encrypt with its default nonce function, so that
// the same inputs give zkp's bytes).
//
// auxRand must be nil, for 32 bytes from crypto/rand, or 32 bytes (else
// ErrAuxRand). It returns ErrHash for a hash of another length, an error
// wrapping secp256k1.ErrUninitialized for a nil or zero k or Y, and ErrSign
// if a nonce, r or s' is zero (probability about 2⁻²⁵⁶).
//
// The signature reveals the Diffie–Hellman value x·Y = y·X of the signing
// key and the encryption key: do not use a key that signs adaptor
// signatures in a protocol that relies on that value being secret (ECDH,
// ElGamal). Constant time in the key and the nonces.
func ECDSAEncrypt(k *secp256k1.PrivateKey, hash []byte, Y *secp256k1.PublicKey, auxRand []byte) (*ECDSASignature, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	if err := Y.Validate(); err != nil {
		return nil, err
	}
	if len(hash) != 32 {
		return nil, ErrHash
	}
	var aux [32]byte
	if !auxrand.Read(&aux, auxRand) {
		return nil, ErrAuxRand
	}
	x := k.Scalar()
	xb := k.Bytes()
	Yp := Y.Point()
	Yc := Y.BytesCompressed()
	var kn, kinv secp256k1.Scalar
	defer func() { *x, kn, kinv = secp256k1.Scalar{}, secp256k1.Scalar{}, secp256k1.Scalar{} }()
	zkpNonce(&kn, &tagECDSANon, xb, Yc, hash, &aux)
	clear(xb)
	if kn.IsZero() == 1 {
		return nil, ErrSign
	}
	var a ECDSASignature
	var R, Rp secp256k1.Point
	R.ScalarMult(&kn, Yp)
	Rp.ScalarBaseMult(&kn)
	Rk, err := secp256k1.NewPublicKey(&R) // k ≠ 0 and Y ≠ O: never the identity
	if err != nil {
		return nil, ErrSign
	}
	Rpk, err := secp256k1.NewPublicKey(&Rp)
	if err != nil {
		return nil, ErrSign
	}
	a.R = R
	setKey(&a.rj, Rk)
	setKey(&a.rpj, Rpk)
	a.rc, a.rpc = [33]byte(Rk.BytesCompressed()), [33]byte(Rpk.BytesCompressed())
	if !dleqProve(&a.e, &a.s, &kn, Yp, a.rpc[:], Yc, a.rc[:], &aux) {
		return nil, ErrSign
	}
	// s' = k⁻¹·(m + r·x).
	var m secp256k1.Scalar
	m.SetReducedBytes(hash)
	a.r.SetReducedBytes(a.rc[1:])
	a.sp.Multiply(&a.r, x)
	a.sp.Add(&a.sp, &m)
	kinv.Invert(&kn)
	a.sp.Multiply(&a.sp, &kinv)
	if a.r.IsZero()|a.sp.IsZero() == 1 {
		return nil, ErrSign
	}
	return &a, nil
}

// ECDSAVerify reports whether a is a valid adaptor signature of the 32-byte
// message hash by pub, encrypted under Y: whether the proof shows that R
// and R' have one discrete logarithm to the bases Y and G, and
// R' = s'⁻¹·m·G + s'⁻¹·r·pub. If it is valid, Decrypt with Y's secret gives
// a valid ECDSA signature of hash by pub, and from that signature Recover
// finds Y's secret (docs/adaptor.md). It reports false for a hash of
// another length and for a nil or zero pub, Y or a.
//
// It accepts the signatures that secp256k1-zkp's
// secp256k1_ecdsa_adaptor_verify accepts, except with probability about
// 2⁻¹²⁸ per attempt for a forger (below). zkp computes the proof's first
// commitment A1 = s·G − e·R' and separately checks that
// D = R' − u1·G − u2·pub is the identity, with u1 = s'⁻¹·m, u2 = s'⁻¹·r.
// ECDSAVerify folds the check into the commitment: it computes
// A1 + z·D = (s − z·u1)·G + (z − e)·R' + (−z·u2)·pub in one multiplication,
// with z = e + ρ for a 128-bit ρ hashed from every input (so the
// coefficient of R' is the short ρ). If D is the identity that is A1; if not, it is
// one of 2¹²⁸ points that the forger could not choose among before fixing
// the inputs that ρ hashes, so the challenge, which hashes it, fails. This
// saves one of zkp's three multiplications. (With z = e the sum would not
// depend on R' at all, and a signer could put any R' in the signature with
// a proof for the true one: TestECDSAVerifyBindsRPrime.) Variable time:
// every input is public.
func ECDSAVerify(pub *secp256k1.PublicKey, hash []byte, Y *secp256k1.PublicKey, a *ECDSASignature) bool {
	if pub.Validate() != nil || Y.Validate() != nil || a.check() != nil || len(hash) != 32 {
		return false
	}
	// On the engine's types: u1 = s'⁻¹·m, u2 = s'⁻¹·r, then A1 + z·D and
	// A2 = s·Y − e·R, both affine with one inversion.
	sp, r, e, s := door.Scalar(&a.sp), door.Scalar(&a.r), door.Scalar(&a.e), door.Scalar(&a.s)
	var m, w, u1, u2 scalar.Scalar
	m.SetReducedBytes((*[32]byte)(hash))
	w.VarTimeInvert(&sp)
	u1.Multiply(&m, &w)
	u2.Multiply(&r, &w)
	Yc := Y.BytesCompressed()
	// z = e + ρ, so that the coefficient of R', z − e = ρ, is below 2¹²⁸ and R'
	// needs no GLV split: A1 + z·D = cG·G + ρ·R' + cP·pub.
	var rho, z scalar.Scalar
	verifyCoefficient(&rho, pub, hash, Yc, a, &sp, &e, &s)
	z.Add(&e, &rho)
	var cG, cP, ne scalar.Scalar
	cG.Multiply(&z, &u1)
	cG.Subtract(&s, &cG)
	cP.Multiply(&z, &u2)
	cP.Negate(&cP)
	ne.Negate(&e)
	var J [2]group.Jacobian
	var P, Yj group.Jacobian
	setKey(&P, pub)
	setKey(&Yj, Y)
	var ok1, ok2 bool
	J[0], ok1 = ecmult.VarTimeMult2G(&rho, &a.rpj, &cP, &P, &cG)
	J[1], ok2 = ecmult.VarTimeMult2(&s, &Yj, &ne, &a.rj)
	if !ok1 || !ok2 {
		return false // not reached: the keys are on the curve
	}
	var aff [2]group.Affine
	var scratch [2]field.Element
	if !group.VarTimeBatchSetJacobian(aff[:], J[:], scratch[:]) {
		return false // zkp rejects either at infinity
	}
	var A1c, A2c [33]byte
	aff[0].PutCompressed(&A1c)
	aff[1].PutCompressed(&A2c)
	var eh secp256k1.Scalar
	dleqChallenge(&eh, a.rpc[:], Yc, a.rc[:], A1c[:], A2c[:])
	return eh.Equal(&a.e) == 1
}

// verifyCoefficient sets rho to the 128-bit part of ECDSAVerify's
// coefficient z = e + ρ of D = R' − s'⁻¹·(m·G + r·pub): the first 16 bytes
// of hash_KestrelECDSAadaptor/verify(cbytes(pub) ‖ hash ‖ cbytes(Y) ‖ a's
// 162 bytes) as an integer, or 1 if they are 0. The hash covers every input
// of the verification, the proof's s and e included, so a forger fixes D
// before learning ρ, and A1 + z·D is then one of 2¹²⁸ points that it
// cannot choose among.
func verifyCoefficient(rho *scalar.Scalar, pub *secp256k1.PublicKey, hash, Yc []byte, a *ECDSASignature, sp, e, s *scalar.Scalar) {
	var enc [ECDSASignatureSize]byte
	copy(enc[:33], a.rc[:])
	copy(enc[33:66], a.rpc[:])
	sp.PutBytes((*[32]byte)(enc[66:98]))
	e.PutBytes((*[32]byte)(enc[98:130]))
	s.PutBytes((*[32]byte)(enc[130:]))
	h := tagVerify.Sum(pub.BytesCompressed(), hash, Yc, enc[:])
	var b [32]byte
	copy(b[16:], h[:16])
	rho.SetReducedBytes(&b)
	if rho.IsZero() == 1 {
		rho.SetUint64(1)
	}
}

// Decrypt returns the ECDSA signature (r, s) that the decryption key y
// decrypts a into: s = s'·y⁻¹, negated if high, so that it is always low-S
// (secp256k1_ecdsa_adaptor_decrypt). The signature is valid if a passed
// ECDSAVerify and y is the secret of the encryption key a was made for;
// Decrypt checks neither (use ecdsa.Verify). It returns an error wrapping
// secp256k1.ErrUninitialized for a nil or zero a or y. Constant time in y.
func (a *ECDSASignature) Decrypt(y *secp256k1.PrivateKey) (*ecdsa.Signature, error) {
	if err := a.check(); err != nil {
		return nil, err
	}
	if err := y.Validate(); err != nil {
		return nil, err
	}
	ys := y.Scalar()
	var s, neg secp256k1.Scalar
	s.Invert(ys)
	s.Multiply(&s, &a.sp)
	*ys = secp256k1.Scalar{}
	neg.Negate(&s)
	s.Select(&neg, &s, s.IsHigh())
	return ecdsa.NewSignature(&a.r, &s), nil
}

// Recover returns the decryption key y that turned a into sig, given the
// encryption key Y (secp256k1_ecdsa_adaptor_recover): y = ±s⁻¹·s', the sign
// chosen so that y·G = Y. sig may be high-S or low-S. It returns ErrRecover
// if sig's r is not a's r, its s is zero, or y·G is neither Y nor −Y; an
// error wrapping secp256k1.ErrUninitialized for a nil or zero a or Y.
// Variable time: sig and a are public, so is what they reveal.
func (a *ECDSASignature) Recover(sig *ecdsa.Signature, Y *secp256k1.PublicKey) (*secp256k1.PrivateKey, error) {
	if err := a.check(); err != nil {
		return nil, err
	}
	if err := Y.Validate(); err != nil {
		return nil, err
	}
	if sig == nil || sig.R().Equal(&a.r) == 0 || sig.S().IsZero() == 1 {
		return nil, ErrRecover
	}
	var y secp256k1.Scalar
	y.VarTimeInvert(sig.S())
	y.Multiply(&y, &a.sp)
	var Yi secp256k1.Point
	Yi.ScalarBaseMult(&y)
	got, want := Yi.BytesCompressed(), Y.BytesCompressed()
	if len(got) != 33 || [32]byte(got[1:]) != [32]byte(want[1:]) {
		return nil, ErrRecover
	}
	if got[0] != want[0] {
		y.Negate(&y)
	}
	k, err := secp256k1.NewPrivateKeyFromScalar(&y)
	if err != nil { // unreachable: y·G has Y's x
		return nil, ErrRecover
	}
	return k, nil
}
