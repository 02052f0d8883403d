package ct

import (
	"crypto/sha256"
	"fmt"
	"testing"
)

// benchSurjectionItems returns count proofs over n inputs of distinct
// assets, all used, each for an output of another asset or blind.
func benchSurjectionItems(b *testing.B, n, count int) []SurjectionItem {
	var fixed [][]byte
	var blinds [][]byte
	var gens []*Generator
	for i := range n {
		tag := sha256.Sum256(fmt.Appendf(nil, "asset %d", i))
		blind := sha256.Sum256(fmt.Appendf(nil, "blind %d", i))
		g, err := GenerateBlindedGenerator(tag[:], blind[:])
		if err != nil {
			b.Fatal(err)
		}
		fixed, blinds, gens = append(fixed, tag[:]), append(blinds, blind[:]), append(gens, g)
	}
	items := make([]SurjectionItem, count)
	for k := range items {
		ob := sha256.Sum256(fmt.Appendf(nil, "output blind %d", k))
		out, err := GenerateBlindedGenerator(fixed[k%n], ob[:])
		if err != nil {
			b.Fatal(err)
		}
		seed := sha256.Sum256(fmt.Appendf(nil, "seed %d", k))
		p, idx, err := InitializeSurjectionProof(fixed, n, fixed[k%n], 100, seed[:])
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Generate(gens, out, idx, blinds[idx], ob[:]); err != nil {
			b.Fatal(err)
		}
		items[k] = SurjectionItem{Proof: p, InputTags: gens, OutputTag: out}
	}
	return items
}

// BenchmarkSurjectionVerify verifies one proof over n inputs, all used.
func BenchmarkSurjectionVerify(b *testing.B) {
	for _, n := range []int{3, 10} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			it := benchSurjectionItems(b, n, 1)[0]
			b.ReportAllocs()
			for b.Loop() {
				if !it.Proof.Verify(it.InputTags, it.OutputTag) {
					b.Fatal("invalid")
				}
			}
		})
	}
}

// BenchmarkVerifySurjectionProofs verifies 64 proofs over n inputs, all
// used, on one goroutine; the time is per proof.
func BenchmarkVerifySurjectionProofs(b *testing.B) {
	for _, n := range []int{3, 10} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			items := benchSurjectionItems(b, n, 64)
			b.ReportAllocs()
			for b.Loop() {
				for _, ok := range VerifySurjectionProofs(items, 1) {
					if !ok {
						b.Fatal("invalid")
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(items)), "ns/proof")
		})
	}
}
