// Package ecdh implements elliptic-curve Diffie–Hellman over secp256k1 as
// libsecp256k1's ecdh module does: the shared point k·P, hashed by default as
// SHA-256 of its compressed encoding, or with a caller's function of its
// coordinates. It is constant time in the private key (and in the shared
// point, which is secret).
//
// An invalid peer key cannot reach this package: secp256k1.ParsePublicKey
// rejects off-curve points and the identity.
package ecdh

import (
	"crypto/sha256"

	"github.com/kestrel-crypto/secp256k1"
)

// SharedSecret returns SHA-256 of the 33-byte compressed encoding of k·pub,
// libsecp256k1's default secp256k1_ecdh hash function.
func SharedSecret(k *secp256k1.PrivateKey, pub *secp256k1.PublicKey) []byte {
	var p secp256k1.Point
	shared(&p, k, pub)
	h := sha256.Sum256(p.BytesCompressed())
	return h[:]
}

// SharedX returns the raw 32-byte x coordinate of k·pub.
func SharedX(k *secp256k1.PrivateKey, pub *secp256k1.PublicKey) []byte {
	var p secp256k1.Point
	shared(&p, k, pub)
	x, _ := p.BytesX() // k ≠ 0 and pub ≠ identity: never the identity
	return x
}

// SharedSecretWithHash returns hash(x, y) for the 32-byte coordinates of
// k·pub, like libsecp256k1's secp256k1_ecdh with a custom hashfp. x and y
// are erased after hash returns, so hash must not keep them.
func SharedSecretWithHash(k *secp256k1.PrivateKey, pub *secp256k1.PublicKey, hash func(x, y []byte) []byte) []byte {
	var p secp256k1.Point
	shared(&p, k, pub)
	u := p.Bytes() // 0x04 ‖ x ‖ y
	out := hash(u[1:33], u[33:65])
	clear(u)
	return out
}

func shared(p *secp256k1.Point, k *secp256k1.PrivateKey, pub *secp256k1.PublicKey) {
	s := k.Scalar()
	p.ScalarMult(s, pub.Point())
	*s = secp256k1.Scalar{}
}
