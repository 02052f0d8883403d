package ecdh

import (
	"bytes"
	"crypto/sha256"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

func TestECDHAgainstReference(t *testing.T) {
	r := testref.Rand(t)
	n := testref.Short{Div: 10}.Count(t, 100)
	for range n {
		a, b := testkey.Random(t, r), testkey.Random(t, r)
		s1 := SharedSecret(a, b.PublicKey())
		s2 := SharedSecret(b, a.PublicKey())
		if !bytes.Equal(s1, s2) {
			t.Fatal("ECDH is not symmetric")
		}
		ka := new(big.Int).SetBytes(a.Bytes())
		kb := new(big.Int).SetBytes(b.Bytes())
		want := testref.ScalarMult(new(big.Int).Mul(ka, kb), testref.G)
		h := sha256.Sum256(testref.Compressed(want))
		if !bytes.Equal(s1, h[:]) {
			t.Fatal("SharedSecret differs from SHA-256(compressed a·b·G)")
		}
		if x := SharedX(a, b.PublicKey()); !bytes.Equal(x, testref.Uncompressed(want)[1:33]) {
			t.Fatal("SharedX")
		}
		got := SharedSecretWithHash(a, b.PublicKey(), func(x, y []byte) []byte {
			return append(append([]byte{}, x...), y...)
		})
		if !bytes.Equal(got, testref.Uncompressed(want)[1:]) {
			t.Fatal("SharedSecretWithHash coordinates")
		}
	}
}

func TestAllocations(t *testing.T) {
	race.SkipAllocs(t)
	r := rand.New(rand.NewSource(1))
	a, b := testkey.Random(t, r), testkey.Random(t, r)
	pub := b.PublicKey()
	if n := testing.AllocsPerRun(10, func() { SharedSecret(a, pub) }); n > 1 {
		t.Errorf("SharedSecret allocates %v times", n)
	}
}

// BenchmarkEcdh is libsecp256k1's ecdh row: the shared secret with the
// default hash, for a parsed public key.
func BenchmarkEcdh(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	k, peer := testkey.Random(b, r), testkey.Random(b, r)
	pub := peer.PublicKey()
	b.ReportAllocs()
	for b.Loop() {
		SharedSecret(k, pub)
	}
}
