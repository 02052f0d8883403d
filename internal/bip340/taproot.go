package bip340

import (
	"errors"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// BIP-341's taproot tweak of an x-only key, for schnorr (TapTweak and
// TapTweakHash), btcaddr (BIP-86 addresses) and the tweak accumulator of
// musig2 and frost (ApplyTapTweak), so that none of them imports another
// for it. Every value here is public.

// schnorr's ErrTweak and ErrMerkleRoot, declared here so that btcaddr,
// musig2 and frost return the same errors without importing schnorr.
var (
	ErrTweak      = errors.New("schnorr: invalid tweak")
	ErrMerkleRoot = errors.New("schnorr: taproot merkle root must be empty or 32 bytes")
)

// tagTapTweak is BIP-341's "TapTweak".
var tagTapTweak = ksha256.NewTag("TapTweak")

// TapTweakHash returns BIP-341's tweak hash_TapTweak(px ‖ merkleRoot) of
// the internal key with x coordinate px, or ErrMerkleRoot if merkleRoot is
// neither empty (a key-path-only output, BIP-86) nor 32 bytes.
func TapTweakHash(px []byte, merkleRoot []byte) ([32]byte, error) {
	if len(merkleRoot) != 0 && len(merkleRoot) != 32 {
		return [32]byte{}, ErrMerkleRoot
	}
	return tagTapTweak.Sum(px, merkleRoot), nil
}

// TapTweak sets q to BIP-341's output key lift_x(x(p)) + t·G for the
// internal key p (not the identity), with t = TapTweakHash(x(p),
// merkleRoot), and returns nil; or it returns ErrMerkleRoot, or ErrTweak
// (with negligible probability) if t ≥ n or the output key is the
// identity. Variable time.
func TapTweak(q, p *group.Affine, merkleRoot []byte) error {
	var x group.Affine
	x.X.Normalize(&p.X)
	x.Y.Normalize(&p.Y)
	var px [32]byte
	x.X.PutBytes(&px)
	t, err := TapTweakHash(px[:], merkleRoot)
	if err != nil {
		return err
	}
	var ts scalar.Scalar
	if _, err := ts.SetCanonicalBytes(&t); err != nil {
		return ErrTweak
	}
	x.CondNegate(&x, x.Y.IsOdd()) // lift_x(x(p)) has an even y
	var Q group.Jacobian
	ecmult.ScalarBaseMult(&Q, &ts)
	Q.AddAffine(&Q, &x)
	if _, ok := q.VarTimeSetJacobian(&Q); ok == 0 {
		return ErrTweak
	}
	return nil
}
