package s2c_test

import (
	"crypto/sha256"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/s2c"
)

func benchInputs(b *testing.B) (k *secp256k1.PrivateKey, hash, data []byte) {
	h := sha256.Sum256([]byte("s2c bench key"))
	k, err := secp256k1.NewPrivateKey(h[:])
	if err != nil {
		b.Fatal(err)
	}
	m := sha256.Sum256([]byte("s2c bench message"))
	d := sha256.Sum256([]byte("s2c bench data"))
	return k, m[:], d[:]
}

func BenchmarkSign(b *testing.B) {
	k, hash, data := benchInputs(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := s2c.Sign(k, hash, data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSignerCommit(b *testing.B) {
	k, hash, data := benchInputs(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s2c.SignerCommit(k, hash, data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerifyCommit(b *testing.B) {
	k, hash, data := benchInputs(b)
	sig, op, err := s2c.Sign(k, hash, data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := s2c.VerifyCommit(sig, data, op); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHostVerify(b *testing.B) {
	k, hash, rho := benchInputs(b)
	pub := k.PublicKey()
	sig, op, err := s2c.Sign(k, hash, rho)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := s2c.HostVerify(sig, pub, hash, rho, op); err != nil {
			b.Fatal(err)
		}
	}
}
