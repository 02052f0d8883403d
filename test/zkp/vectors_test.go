package zkp

import (
	"crypto/sha256"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestWriteSurjectionVectors writes ct/testdata/surjection_zkp.txt, proofs
// made by zkp alone (generators, selection and signature), so that ct's
// own tests check byte equality without cgo. It runs only with
// ZKP_WRITE_VECTORS=1; the inputs are fixed, so the file is reproducible.
func TestWriteSurjectionVectors(t *testing.T) {
	if os.Getenv("ZKP_WRITE_VECTORS") != "1" {
		t.Skip("set ZKP_WRITE_VECTORS=1 to rewrite ct/testdata/surjection_zkp.txt")
	}
	h := func(s string, i int) []byte { b := sha256.Sum256(fmt.Appendf(nil, "%s %d", s, i)); return b[:] }
	var sb strings.Builder
	sb.WriteString("# Made by secp256k1-zkp 99fab529 through test/zkp (TestWriteSurjectionVectors,\n")
	sb.WriteString("# ZKP_WRITE_VECTORS=1): n n_use max_iter seed fixed_tags(n×32) output_tag\n")
	sb.WriteString("# input_blinds(n×32) output_blind | input_index iterations proof\n")
	for c, cs := range []struct{ n, use, assets int }{
		{1, 1, 1}, {2, 1, 2}, {2, 2, 1}, {3, 2, 3}, {3, 3, 2}, {5, 3, 2}, {10, 10, 10},
		{10, 4, 3}, {40, 7, 5}, {100, 20, 30}, {256, 3, 4}, {256, 40, 256}, {256, 256, 2},
	} {
		var fixed, blinds, gens [][]byte
		for i := range cs.n {
			tag := h(fmt.Sprintf("case %d asset", c), i%cs.assets)
			blind := h(fmt.Sprintf("case %d blind", c), i)
			blind[0] &= 0x7f
			g, ok := GeneratorGenerateBlinded(tag, blind)
			if !ok {
				t.Fatal("generate")
			}
			fixed, blinds, gens = append(fixed, tag), append(blinds, blind), append(gens, g)
		}
		outTag := fixed[(7*c+3)%cs.n]
		outBlind := h(fmt.Sprintf("case %d output blind", c), 0)
		outBlind[0] &= 0x7f
		out, ok := GeneratorGenerateBlinded(outTag, outBlind)
		if !ok {
			t.Fatal("generate")
		}
		seed := h(fmt.Sprintf("case %d seed", c), 0)
		unsigned, idx, iters := SurjectionInitialize(fixed, cs.use, outTag, 100, seed)
		if iters <= 0 {
			t.Fatalf("case %d: initialize %d", c, iters)
		}
		proof, status := SurjectionGenerate(unsigned, gens, out, idx, blinds[idx], outBlind)
		if status != 1 || SurjectionVerify(proof, gens, out) != 1 {
			t.Fatalf("case %d: generate %d", c, status)
		}
		fmt.Fprintf(&sb, "%d %d %d %x %x %x %x %x | %d %d %x\n", cs.n, cs.use, 100, seed,
			join(fixed), outTag, join(blinds), outBlind, idx, iters, proof)
	}
	if err := os.WriteFile("../../ct/testdata/surjection_zkp.txt", []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func join(bs [][]byte) []byte { return []byte(strings.Join(strs(bs), "")) }

func strs(bs [][]byte) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = string(b)
	}
	return out
}
