package zkp

import (
	"crypto/sha256"
	"fmt"
	"os"
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

// surjectionManyCase returns 64 proofs over the same n inputs of distinct
// assets, all used, for outputs of every asset with different blinds, and
// zkp's parsed copies (to free).
func surjectionManyCase(tb testing.TB, n int) ([]ct.SurjectionItem, []*surjectionBench) {
	var fixed, blinds [][]byte
	var gens []*ct.Generator
	for i := range n {
		tag := sha256.Sum256(fmt.Appendf(nil, "asset %d", i))
		blind := sha256.Sum256(fmt.Appendf(nil, "blind %d", i))
		g, err := ct.GenerateBlindedGenerator(tag[:], blind[:])
		if err != nil {
			tb.Fatal(err)
		}
		fixed, blinds, gens = append(fixed, tag[:]), append(blinds, blind[:]), append(gens, g)
	}
	items := make([]ct.SurjectionItem, 64)
	zbs := make([]*surjectionBench, len(items))
	for k := range items {
		ob := sha256.Sum256(fmt.Appendf(nil, "output blind %d", k))
		out, err := ct.GenerateBlindedGenerator(fixed[k%n], ob[:])
		if err != nil {
			tb.Fatal(err)
		}
		seed := sha256.Sum256(fmt.Appendf(nil, "seed %d", k))
		p, idx, err := ct.InitializeSurjectionProof(fixed, n, fixed[k%n], 100, seed[:])
		if err != nil {
			tb.Fatal(err)
		}
		if err := p.Generate(gens, out, idx, blinds[idx], ob[:]); err != nil {
			tb.Fatal(err)
		}
		items[k] = ct.SurjectionItem{Proof: p, InputTags: gens, OutputTag: out}
		var ok bool
		if zbs[k], ok = newSurjectionBench(p.Bytes(), encodeGens(gens), out.Bytes()); !ok {
			tb.Fatal("zkp setup failed")
		}
	}
	return items, zbs
}

// BenchmarkSurjectionVerifyMany verifies 64 proofs over n inputs:
// ct.VerifySurjectionProofs on one goroutine against 64 zkp
// verifications.
func BenchmarkSurjectionVerifyMany(b *testing.B) {
	for _, n := range []int{3, 10} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			items, zbs := surjectionManyCase(b, n)
			defer func() {
				for _, zb := range zbs {
					zb.free()
				}
			}()
			b.Run("impl=kestrel", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, ok := range ct.VerifySurjectionProofs(items, 1) {
						if !ok {
							b.Fatal("invalid")
						}
					}
				}
			})
			b.Run("impl=zkp", func(b *testing.B) {
				for b.Loop() {
					for _, zb := range zbs {
						if !zb.verify() {
							b.Fatal("invalid")
						}
					}
				}
			})
		})
	}
}

// TestSurjectionCPURatios prints the Kestrel/zkp ratios of
// surjectionproof_verify_N (one proof) and surjectionproof_verify_many_N
// (64 proofs, VerifySurjectionProofs against 64 zkp verifications) in CPU
// time (KZKP_CPU_ROUNDS rounds, medians).
func TestSurjectionCPURatios(t *testing.T) {
	if os.Getenv("KZKP_CPU_ROUNDS") == "" {
		t.Skip("set KZKP_CPU_ROUNDS to compare CPU times")
	}
	for _, n := range []int{3, 10} {
		items, zbs := surjectionManyCase(t, n)
		it, zb := items[0], zbs[0]
		tk, tz, ratio := cpuRatio(t, 400/n, func() {
			if !it.Proof.Verify(it.InputTags, it.OutputTag) {
				t.Fatal("invalid")
			}
		}, func() {
			if !zb.verify() {
				t.Fatal("invalid")
			}
		})
		t.Logf("surjectionproof_verify_%-2d        kestrel %8.1f µs  zkp %8.1f µs  %.2fx", n, float64(tk.Nanoseconds())/1e3, float64(tz.Nanoseconds())/1e3, ratio)
		tk, tz, ratio = cpuRatio(t, 40/n, func() {
			for _, ok := range ct.VerifySurjectionProofs(items, 1) {
				if !ok {
					t.Fatal("invalid")
				}
			}
		}, func() {
			for _, zb := range zbs {
				if !zb.verify() {
					t.Fatal("invalid")
				}
			}
		})
		t.Logf("surjectionproof_verify_many_%-2d   kestrel %8.1f µs  zkp %8.1f µs  %.2fx (per proof)", n, float64(tk.Nanoseconds())/1e3/64, float64(tz.Nanoseconds())/1e3/64, ratio)
		for _, zb := range zbs {
			zb.free()
		}
	}
}
