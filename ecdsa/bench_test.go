package ecdsa

import (
	"crypto/sha256"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
)

func benchKey(b *testing.B) *secp256k1.PrivateKey {
	h := sha256.Sum256([]byte("benchmark key"))
	k, err := secp256k1.NewPrivateKey(h[:])
	if err != nil {
		b.Fatal(err)
	}
	return k
}

// BenchmarkEcdsaSign is libsecp256k1's ecdsa_sign row: sign a 32-byte hash.
func BenchmarkEcdsaSign(b *testing.B) {
	k := benchKey(b)
	hash := sha256.Sum256([]byte("message"))
	b.ReportAllocs()
	for b.Loop() {
		sig, _ := Sign(k, hash[:])
		hash[0] ^= sig.s.Bytes()[31]
	}
}

// BenchmarkEcdsaVerify is libsecp256k1's ecdsa_verify row: parse the public
// key and the DER signature from bytes, then verify.
func BenchmarkEcdsaVerify(b *testing.B) {
	k := benchKey(b)
	hash := sha256.Sum256([]byte("message"))
	sig, _ := Sign(k, hash[:])
	der := sig.DER()
	pubBytes := k.PublicKey().BytesCompressed()
	b.ReportAllocs()
	for b.Loop() {
		pub, err := secp256k1.ParsePublicKey(pubBytes)
		if err != nil {
			b.Fatal(err)
		}
		s, err := ParseDERSignature(der)
		if err != nil || !Verify(pub, hash[:], s) {
			b.Fatal("verify failed")
		}
	}
}

// BenchmarkEcdsaRecover is libsecp256k1's ecdsa_recover row: recover the key
// from a 65-byte signature and serialize it.
func BenchmarkEcdsaRecover(b *testing.B) {
	k := benchKey(b)
	hash := sha256.Sum256([]byte("message"))
	sig, _ := SignRecoverable(k, hash[:])
	b.ReportAllocs()
	for b.Loop() {
		pub, err := RecoverPublicKey(hash[:], sig)
		if err != nil {
			b.Fatal(err)
		}
		_ = pub.BytesCompressed()
	}
}
