package frost

import (
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// BIP-445's tags; the challenge tag is BIP-340's, ksha256.BIP340Challenge.
// TestTaggedHashes checks them against testref.TaggedHash.
var (
	tagAux       = ksha256.NewTag("BIP0445/aux")
	tagNonce     = ksha256.NewTag("BIP0445/nonce")
	tagNonceCoef = ksha256.NewTag("BIP0445/noncecoef")
	tagDetNonce  = ksha256.NewTag("BIP0445/deterministic/nonce")
)

// cpoint sets P to BIP-445's cpoint(b): b must be 33 bytes, 0x02 or 0x03
// followed by the x coordinate (< p) of a point. It returns false, leaving P
// unchanged, otherwise. Variable time: b is public.
func cpoint(P *secp256k1.Point, b []byte) bool {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return false
	}
	_, err := P.SetBytes(b)
	return err == nil
}

// cpointExt sets P to BIP-445's cpoint_ext(b): the identity for 33 zero
// bytes, and cpoint(b) otherwise. It returns false, leaving P unchanged, if
// that fails.
func cpointExt(P *secp256k1.Point, b []byte) bool {
	if len(b) == 33 && isZero(b) {
		P.Set(secp256k1.NewIdentityPoint())
		return true
	}
	return cpoint(P, b)
}

// cbytesExt writes BIP-445's cbytes_ext(P) into out: the compressed encoding
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

// putUint32 appends bytes(4, x) to b.
func putUint32(b []byte, x int) []byte {
	return binary.BigEndian.AppendUint32(b, uint32(x))
}

// The scalars 1 and n − 1 = −1 mod n, BIP-445's values of g and gacc.
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

// generator is G, read only.
var generator = secp256k1.NewGeneratorPoint()

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

// fromInternal sets s to t, through its encoding, and returns s. Constant
// time.
func fromInternal(s *secp256k1.Scalar, t *scalar.Scalar) *secp256k1.Scalar {
	var b [32]byte
	t.PutBytes(&b)
	s.SetCanonicalBytes(b[:]) // t < n
	clear(b[:])
	return s
}
