package zkp

import (
	"crypto/sha256"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
)

// Side-by-side benchmarks of the generator module: each row runs the same
// operation on the same inputs in Kestrel and in zkp (the zkp side on
// parsed values, without serialization; so does Kestrel).

func benchInputs() (seed, blind []byte) {
	s := sha256.Sum256([]byte("bench generator seed"))
	b := sha256.Sum256([]byte("bench generator blind"))
	return s[:], b[:]
}

func BenchmarkGeneratorGenerate(b *testing.B) {
	seed, _ := benchInputs()
	b.Run("impl=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ct.GenerateGenerator(seed); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=zkp", func(b *testing.B) {
		var g generatorRaw
		for b.Loop() {
			if !generatorGenerateRaw(&g, seed) {
				b.Fatal("failed")
			}
		}
	})
}

func BenchmarkGeneratorGenerateBlinded(b *testing.B) {
	seed, blind := benchInputs()
	b.Run("impl=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ct.GenerateBlindedGenerator(seed, blind); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=zkp", func(b *testing.B) {
		var g generatorRaw
		for b.Loop() {
			if !generatorGenerateBlindedRaw(&g, seed, blind) {
				b.Fatal("failed")
			}
		}
	})
}

func BenchmarkPedersenCommit(b *testing.B) {
	seed, blind := benchInputs()
	const value = 123456789
	b.Run("impl=kestrel", func(b *testing.B) {
		gen, err := ct.GenerateBlindedGenerator(seed, blind)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ct.Commit(blind, value, gen); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=zkp", func(b *testing.B) {
		var g generatorRaw
		if !generatorGenerateBlindedRaw(&g, seed, blind) {
			b.Fatal("failed")
		}
		for b.Loop() {
			if !pedersenCommitRaw(&g, blind, value) {
				b.Fatal("failed")
			}
		}
	})
}
