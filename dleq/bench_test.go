package dleq

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

func BenchmarkProve(b *testing.B) {
	rng := testref.PCG(b)
	a := testkey.Random(b, rng)
	B := testkey.Random(b, rng).PublicKey()
	aux := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Prove(a, B, aux, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	rng := testref.PCG(b)
	a := testkey.Random(b, rng)
	B := testkey.Random(b, rng).PublicKey()
	C, proof, err := Prove(a, B, make([]byte, 32), nil)
	if err != nil {
		b.Fatal(err)
	}
	A := a.PublicKey()
	b.ReportAllocs()
	for b.Loop() {
		if err := Verify(A, B, C, proof, nil); err != nil {
			b.Fatal(err)
		}
	}
}
