package dleq

import (
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// BIP-374's tagged hashes (BIP-340 style), continued from each tag's
// precomputed midstate.
var (
	tagAux       = ksha256.NewTag("BIP0374/aux")
	tagNonce     = ksha256.NewTag("BIP0374/nonce")
	tagChallenge = ksha256.NewTag("BIP0374/challenge")
)

// points are the compressed encodings that the challenge hashes, in its
// order: A, B, C, G, R₁, R₂.
type points [6][33]byte

// challenge returns hash_BIP0374/challenge(cbytes(A) ‖ cbytes(B) ‖ cbytes(C)
// ‖ cbytes(G) ‖ cbytes(R₁) ‖ cbytes(R₂) ‖ m').
func challenge(p *points, msg []byte) [32]byte {
	d := tagChallenge.New()
	for i := range p {
		d.Write(p[i][:])
	}
	d.Write(msg)
	var out [32]byte
	d.Sum(&out)
	return out
}
