// Package ecdh implements elliptic-curve Diffie–Hellman over secp256k1 as
// libsecp256k1's ecdh module does: the shared point k·P, hashed by default as
// SHA-256 of its compressed encoding, or with a caller's function of its
// coordinates. It is constant time in the private key (and in the shared
// point, which is secret).
//
// An invalid peer key cannot reach this package: secp256k1.ParsePublicKey
// rejects off-curve points and the identity. A nil key or the zero value of
// secp256k1.PrivateKey or PublicKey is not a key either: every function
// panics for one, naming its type, before any computation (the functions
// have no error result, as API.md fixes them).
package ecdh

import (
	"crypto/sha256"

	"github.com/kestrel-crypto/secp256k1"
)

// SharedSecret returns SHA-256 of the 33-byte compressed encoding of k·pub,
// libsecp256k1's default secp256k1_ecdh hash function. It panics if k or pub
// is nil or the zero value of its type.
func SharedSecret(k *secp256k1.PrivateKey, pub *secp256k1.PublicKey) []byte {
	checkKeys(k, pub)
	var p secp256k1.Point
	shared(&p, k, pub)
	h := sha256.Sum256(p.BytesCompressed())
	return h[:]
}

// SharedX returns the raw 32-byte x coordinate of k·pub. It panics if k or
// pub is nil or the zero value of its type.
func SharedX(k *secp256k1.PrivateKey, pub *secp256k1.PublicKey) []byte {
	checkKeys(k, pub)
	var p secp256k1.Point
	shared(&p, k, pub)
	x, _ := p.BytesX() // k ≠ 0 and pub ≠ identity: never the identity
	return x
}

// SharedSecretWithHash returns hash(x, y) for the 32-byte coordinates of
// k·pub, like libsecp256k1's secp256k1_ecdh with a custom hashfp; a nil
// hash is libsecp256k1's default, as for a NULL hashfp: SharedSecret. x and
// y are erased after hash returns, so hash must not keep them. It panics if
// k or pub is nil or the zero value of its type, without calling hash.
func SharedSecretWithHash(k *secp256k1.PrivateKey, pub *secp256k1.PublicKey, hash func(x, y []byte) []byte) []byte {
	if hash == nil {
		return SharedSecret(k, pub)
	}
	checkKeys(k, pub)
	var p secp256k1.Point
	shared(&p, k, pub)
	u := p.Bytes() // 0x04 ‖ x ‖ y
	out := hash(u[1:33], u[33:65])
	clear(u)
	return out
}

// checkKeys panics, naming the type, if k or pub is nil or the zero value:
// neither is a key, and k·pub would be computed with 0 or (0, 0).
func checkKeys(k *secp256k1.PrivateKey, pub *secp256k1.PublicKey) {
	if k == nil || k.Validate() != nil {
		panic("ecdh: use of an uninitialized PrivateKey")
	}
	if pub == nil || pub.Validate() != nil {
		panic("ecdh: use of an uninitialized PublicKey")
	}
}

// shared sets p to k·pub, for keys that checkKeys has accepted.
func shared(p *secp256k1.Point, k *secp256k1.PrivateKey, pub *secp256k1.PublicKey) {
	s := k.Scalar()
	p.ScalarMult(s, pub.Point())
	*s = secp256k1.Scalar{}
}
