package adaptor

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/auxrand"
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// Single-signer BIP-340 adaptor signatures: SchnorrPreSign and
// SchnorrPreVerify, with the conventions of secp256k1-zkp's MuSig2 adaptor
// signatures (a MuSig2 session with one signer and an adaptor makes a
// pre-signature that SchnorrPreVerify accepts).

// tagAdaptorNonce is the tag of the pre-signing nonce hash (this package's
// choice; see SchnorrPreSign). The aux mask is BIP-340's "BIP0340/aux".
var tagAdaptorNonce = ksha256.NewTag("SchnorrAdaptor/nonce")

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
	sk, err := door.PrivateKey(k)
	if err != nil {
		return nil, err
	}
	Ta, err := door.PublicKey(T)
	if err != nil {
		return nil, err
	}
	var aux [32]byte
	if !auxrand.Read(&aux, auxRand) {
		return nil, ErrAuxRand
	}
	var key bip340.Key
	key.Set(&sk)
	sk = scalar.Scalar{}
	defer key.Zero()
	var R group.Affine
	var sp scalar.Scalar
	if !bip340.Standard.PreSign(&R, &sp, &key, msg, &aux, &Ta, &tagAdaptorNonce) {
		return nil, ErrSign // a zero nonce, or k₀ = −t
	}
	p := new(SchnorrPreSignature)
	R.PutCompressed(&p.r)
	door.SetScalar(&p.s, &sp)
	return p, nil
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
	a, err := door.PublicKey(pub)
	if err != nil || p.check() != nil {
		return false
	}
	Ta, err := door.PublicKey(T)
	if err != nil {
		return false
	}
	var R group.Affine
	if !R.SetCompressed(&p.r) {
		return false // unreachable: a checked pre-signature's R decodes
	}
	var pk bip340.PublicKey
	pk.Set(&a)
	sp := door.Scalar(&p.s)
	return bip340.Standard.VarTimePreVerify(&pk, msg, &R, &sp, &Ta)
}
