package adaptor

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/auxrand"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// Single-signer BIP-340 adaptor signatures: SchnorrPreSign and
// SchnorrPreVerify, with the conventions of secp256k1-zkp's MuSig2 adaptor
// signatures (a MuSig2 session with one signer and an adaptor makes a
// pre-signature that SchnorrPreVerify accepts).

// tagAdaptorNonce is the tag of the pre-signing nonce hash (this package's
// choice; see SchnorrPreSign). The aux mask is BIP-340's "BIP0340/aux".
var (
	tagAux          = ksha256.NewTag("BIP0340/aux")
	tagAdaptorNonce = ksha256.NewTag("SchnorrAdaptor/nonce")
)

// SchnorrPreSign returns the pre-signature of msg (any length) by k for the
// adaptor point T. Adapted with T's secret it is the BIP-340 signature of
// msg by k's x-only public key.
//
// The nonce is BIP-340's derivation with T bound in and a tag of its own:
// with d the secret key (negated if k's public key P has an odd y),
// a = auxRand and t = bytes(d) ⊕ hash_BIP0340/aux(a), the nonce is
// k₀ = int(hash_SchnorrAdaptor/nonce(t ‖ cbytes(T) ‖ xbytes(P) ‖ msg)) mod n.
// The other tag keeps the nonce apart from the one schnorr.Sign derives for
// the same key, message and randomness (one nonce in a signature and a
// pre-signature would reveal the key), and T makes pre-signatures for two
// adaptor points use two nonces. Then R = k₀·G + T, k = ±k₀ so that R has
// an even y once negated by the nonce parity, e the BIP-340 challenge of
// (xbytes(R), xbytes(P), msg) and s' = k + e·d.
//
// auxRand must be nil, for 32 bytes from crypto/rand, or 32 bytes (else
// ErrAuxRand); the same key, message, T and auxRand give the same
// pre-signature. It returns an error wrapping secp256k1.ErrUninitialized for
// a nil or zero k or T, and ErrSign if the nonce is zero or R is infinity
// (probability 2⁻²⁵⁶). Constant time in the key and the nonce.
func SchnorrPreSign(k *secp256k1.PrivateKey, msg []byte, T *secp256k1.PublicKey, auxRand []byte) (*SchnorrPreSignature, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	if err := T.Validate(); err != nil {
		return nil, err
	}
	var aux [32]byte
	if !auxrand.Read(&aux, auxRand) {
		return nil, ErrAuxRand
	}
	pc := k.PublicKey().BytesCompressed()
	px := pc[1:]
	// d = k, negated if P has an odd y (P is public).
	d := k.Scalar()
	var neg secp256k1.Scalar
	neg.Negate(d)
	d.Select(&neg, d, int(pc[0]&1))

	Tc := T.BytesCompressed()
	var t [32]byte
	copy(t[:], d.Bytes())
	ha := tagAux.Sum(aux[:])
	for i := range t {
		t[i] ^= ha[i]
	}
	rnd := tagAdaptorNonce.Sum(t[:], Tc, px, msg)
	clear(t[:])
	var k0 secp256k1.Scalar
	k0.SetReducedBytes(rnd[:])
	clear(rnd[:])
	defer func() { *d, k0, neg = secp256k1.Scalar{}, secp256k1.Scalar{}, secp256k1.Scalar{} }()
	if k0.IsZero() == 1 {
		return nil, ErrSign
	}
	// R = k₀·G + T, public from here on.
	var R secp256k1.Point
	R.ScalarBaseMult(&k0)
	R.Add(&R, T.Point())
	rc := R.BytesCompressed()
	if len(rc) != 33 {
		return nil, ErrSign // k₀ = −t
	}
	// k = k₀ if R has an even y, n − k₀ if odd.
	var kk secp256k1.Scalar
	neg.Negate(&k0)
	kk.Select(&neg, &k0, int(rc[0]&1))
	var e secp256k1.Scalar
	challenge(&e, (*[32]byte)(rc[1:]), (*[32]byte)(px), msg)
	p := &SchnorrPreSignature{r: [33]byte(rc)}
	p.s.Multiply(&e, d)
	p.s.Add(&p.s, &kk)
	kk = secp256k1.Scalar{}
	return p, nil
}

// challenge sets e = int(hash_BIP0340/challenge(rx ‖ px ‖ msg)) mod n.
func challenge(e *secp256k1.Scalar, rx, px *[32]byte, msg []byte) {
	h := ksha256.BIP340Challenge.Sum32x2(rx, px, msg)
	e.SetReducedBytes(h[:])
}

// SchnorrPreVerify reports whether p is a valid pre-signature of msg (any
// length) by the x-only public key of pub (its y parity is ignored, as in
// schnorr.Verify) for the adaptor point T: whether
// s'·G = ±(R − T) + e·P, with the sign of R's y. If it is, Adapt with T's
// secret gives a signature that schnorr.Verify accepts, and from that
// signature Extract recovers T's secret; nothing else is guaranteed (see
// docs/adaptor.md). It reports false for a nil or zero p, pub or T.
// Variable time: every input is public.
func SchnorrPreVerify(pub *secp256k1.PublicKey, msg []byte, T *secp256k1.PublicKey, p *SchnorrPreSignature) bool {
	if pub.Validate() != nil || T.Validate() != nil || p.check() != nil {
		return false
	}
	pc := pub.BytesCompressed()
	P := pub.Point()
	if pc[0] == 3 {
		P.Negate(P)
	}
	var e secp256k1.Scalar
	challenge(&e, (*[32]byte)(p.r[1:]), (*[32]byte)(pc[1:]), msg)
	e.Negate(&e)
	// s'·G − e·P must be R − T, negated if R has an odd y.
	var lhs secp256k1.Point
	lhs.VarTimeDoubleScalarBaseMult(&e, P, &p.s)
	rhs := p.R()
	rhs.Subtract(rhs, T.Point())
	if p.r[0] == 3 {
		rhs.Negate(rhs)
	}
	return lhs.Equal(rhs) == 1
}
