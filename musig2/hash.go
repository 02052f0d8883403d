package musig2

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// BIP-327's tags; the challenge tag is BIP-340's, ksha256.BIP340Challenge.
// TestTaggedHashes checks them against testref.TaggedHash.
var (
	tagKeyAggList  = ksha256.NewTag("KeyAgg list")
	tagKeyAggCoeff = ksha256.NewTag("KeyAgg coefficient")
	tagAux         = ksha256.NewTag("MuSig/aux")
	tagNonce       = ksha256.NewTag("MuSig/nonce")
	tagNonceCoef   = ksha256.NewTag("MuSig/noncecoef")
	tagDetNonce    = ksha256.NewTag("MuSig/deterministic/nonce")
)

// hashToScalar sets s = int(hash_tag(msg…)) mod n and returns s.
func hashToScalar(s *secp256k1.Scalar, tag *ksha256.Tag, msg ...[]byte) *secp256k1.Scalar {
	h := tag.Sum(msg...)
	s.SetReducedBytes(h[:])
	clear(h[:])
	return s
}

// cpoint sets P to BIP-327's cpoint(b): b must be 33 bytes, 0x02 or 0x03
// followed by the x coordinate (< p) of a point. It returns false, leaving P
// unchanged, otherwise. Variable time: b is public.
func cpoint(P *secp256k1.Point, b []byte) bool {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return false
	}
	_, err := P.SetBytes(b)
	return err == nil
}

// cpointExt sets P to BIP-327's cpoint_ext(b): the identity for 33 zero
// bytes, and cpoint(b) otherwise. It returns false, leaving P unchanged, if
// that fails.
func cpointExt(P *secp256k1.Point, b []byte) bool {
	if len(b) == 33 && b[0] == 0 && isZero(b) {
		P.Set(secp256k1.NewIdentityPoint())
		return true
	}
	return cpoint(P, b)
}

// cbytesExt writes BIP-327's cbytes_ext(P) into out: the compressed encoding
// of P, or 33 zero bytes for the identity. Variable time: P is public.
func cbytesExt(out []byte, P *secp256k1.Point) {
	c := P.VarTimeBytesCompressed()
	if len(c) == 1 { // the identity
		clear(out[:33])
		return
	}
	copy(out[:33], c)
}

// isZero reports whether every byte of b is zero.
func isZero(b []byte) bool {
	var acc byte
	for _, x := range b {
		acc |= x
	}
	return acc == 0
}

// The scalars 1 and n − 1 = −1 mod n, BIP-327's values of g and gacc.
var (
	scalarOne      = *new(secp256k1.Scalar).SetUint64(1)
	scalarMinusOne = *new(secp256k1.Scalar).Negate(&scalarOne)
)

// plusMinusOne returns the scalar −1 if neg, and 1 otherwise. The result is
// shared: callers must not modify it.
func plusMinusOne(neg bool) *secp256k1.Scalar {
	if neg {
		return &scalarMinusOne
	}
	return &scalarOne
}

// toInternal returns s as an internal/scalar value, through its encoding.
// Constant time.
func toInternal(s *secp256k1.Scalar) scalar.Scalar {
	var b [32]byte
	copy(b[:], s.Bytes())
	var t scalar.Scalar
	t.SetCanonicalBytes(&b) // s < n
	clear(b[:])
	return t
}
