package musig2

import (
	"github.com/kestrel-crypto/secp256k1"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// The SHA-256 midstates of BIP-327's tags (and BIP-340's challenge tag),
// after the 64-byte prefix SHA-256(tag) ‖ SHA-256(tag), so that each tagged
// hash skips that block. TestTaggedHashes checks them against
// schnorr.TaggedHash.
var (
	tagKeyAggList  = ksha256.NewTagged("KeyAgg list")
	tagKeyAggCoeff = ksha256.NewTagged("KeyAgg coefficient")
	tagAux         = ksha256.NewTagged("MuSig/aux")
	tagNonce       = ksha256.NewTagged("MuSig/nonce")
	tagNonceCoef   = ksha256.NewTagged("MuSig/noncecoef")
	tagDetNonce    = ksha256.NewTagged("MuSig/deterministic/nonce")
	tagChallenge   = ksha256.NewTagged("BIP0340/challenge")
)

// taggedHash returns hash_tag(msg[0] ‖ msg[1] ‖ …) = SHA-256(SHA-256(tag) ‖
// SHA-256(tag) ‖ msg[0] ‖ …), BIP-340's tagged hash (schnorr.TaggedHash),
// continuing from the tag's midstate.
func taggedHash(tag *ksha256.Digest, msg ...[]byte) [32]byte {
	h := *tag
	for _, m := range msg {
		h.Write(m)
	}
	var out [32]byte
	h.Sum(&out)
	return out
}

// hashToScalar sets s = int(hash_tag(msg…)) mod n and returns s.
func hashToScalar(s *secp256k1.Scalar, tagHash *ksha256.Digest, msg ...[]byte) *secp256k1.Scalar {
	h := taggedHash(tagHash, msg...)
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
