package zkp

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
)

// surjectionBenchCase returns n inputs of distinct assets, all used, the
// output of the asset of input n/2, and an initialized proof.
func surjectionBenchCase(b *testing.B, n int) (gens []*ct.Generator, out *ct.Generator, p *ct.SurjectionProof, idx int, inBlind, outBlind []byte) {
	var fixed [][]byte
	var blinds [][]byte
	for i := range n {
		tag := sha256.Sum256(fmt.Appendf(nil, "asset %d", i))
		blind := sha256.Sum256(fmt.Appendf(nil, "blind %d", i))
		g, err := ct.GenerateBlindedGenerator(tag[:], blind[:])
		if err != nil {
			b.Fatal(err)
		}
		fixed = append(fixed, tag[:])
		blinds = append(blinds, blind[:])
		gens = append(gens, g)
	}
	ob := sha256.Sum256([]byte("output blind"))
	outBlind = ob[:]
	var err error
	if out, err = ct.GenerateBlindedGenerator(fixed[n/2], outBlind); err != nil {
		b.Fatal(err)
	}
	seed := sha256.Sum256([]byte("seed"))
	if p, idx, err = ct.InitializeSurjectionProof(fixed, n, fixed[n/2], 100, seed[:]); err != nil {
		b.Fatal(err)
	}
	return gens, out, p, idx, blinds[idx], outBlind
}

// zkpSurjection returns zkp's parsed copy of p and the generators.
func zkpSurjection(b *testing.B, p *ct.SurjectionProof, gens []*ct.Generator, out *ct.Generator) *surjectionBench {
	zb, ok := newSurjectionBench(p.Bytes(), encodeGens(gens), out.Bytes())
	if !ok {
		b.Fatal("zkp setup failed")
	}
	return zb
}

func encodeGens(gens []*ct.Generator) [][]byte {
	enc := make([][]byte, len(gens))
	for i, g := range gens {
		enc[i] = g.Bytes()
	}
	return enc
}

func BenchmarkSurjectionGenerate(b *testing.B) {
	for _, n := range []int{3, 10} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			gens, out, p, idx, inBlind, outBlind := surjectionBenchCase(b, n)
			b.Run("impl=kestrel", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := p.Generate(gens, out, idx, inBlind, outBlind); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("impl=zkp", func(b *testing.B) {
				zb := zkpSurjection(b, p, gens, out)
				defer zb.free()
				for b.Loop() {
					if !zb.generate(idx, inBlind, outBlind) {
						b.Fatal("generate failed")
					}
				}
			})
		})
	}
}

func BenchmarkSurjectionVerify(b *testing.B) {
	for _, n := range []int{3, 10} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			gens, out, p, idx, inBlind, outBlind := surjectionBenchCase(b, n)
			if err := p.Generate(gens, out, idx, inBlind, outBlind); err != nil {
				b.Fatal(err)
			}
			b.Run("impl=kestrel", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if !p.Verify(gens, out) {
						b.Fatal("invalid")
					}
				}
			})
			b.Run("impl=zkp", func(b *testing.B) {
				zb := zkpSurjection(b, p, gens, out)
				defer zb.free()
				for b.Loop() {
					if !zb.verify() {
						b.Fatal("invalid")
					}
				}
			})
		})
	}
}
