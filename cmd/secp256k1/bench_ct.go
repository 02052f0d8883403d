package main

import (
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1/ct"
)

// ctRows are the Confidential Transactions rows of the main group, named
// as secp256k1-zkp's functions: generator_generate and
// generator_generate_blinded (an asset generator from a 32-byte tag,
// unblinded and blinded), pedersen_commit (a commitment to an amount with a
// blinded asset generator), and surjectionproof_generate_N and
// surjectionproof_verify_N (an asset surjection proof over N inputs of
// distinct assets, all used), and surjectionproof_verify_many_N
// (ct.VerifySurjectionProofs on 64 such proofs on one goroutine, per
// proof).
func ctRows() []benchRow {
	seed := sha256.Sum256([]byte("bench generator seed"))
	blind := sha256.Sum256([]byte("bench generator blind"))
	gen, err := ct.GenerateBlindedGenerator(seed[:], blind[:])
	if err != nil {
		panic(err)
	}
	rows := []benchRow{
		{name: "generator_generate", iters: 20000, run: func(n int) {
			for range n {
				if _, err := ct.GenerateGenerator(seed[:]); err != nil {
					panic(err)
				}
			}
		}},
		{name: "generator_generate_blinded", iters: 20000, run: func(n int) {
			for range n {
				if _, err := ct.GenerateBlindedGenerator(seed[:], blind[:]); err != nil {
					panic(err)
				}
			}
		}},
		{name: "pedersen_commit", iters: 20000, run: func(n int) {
			for range n {
				if _, err := ct.Commit(blind[:], 123456789, gen); err != nil {
					panic(err)
				}
			}
		}},
	}
	for _, n := range []int{3, 10} {
		rows = append(rows, surjectionRows(n)...)
	}
	return rows
}

// surjectionRows are surjectionproof_generate_n, surjectionproof_verify_n
// and surjectionproof_verify_many_n.
func surjectionRows(n int) []benchRow {
	var fixed, blinds [][]byte
	var gens []*ct.Generator
	for i := range n {
		tag := sha256.Sum256(fmt.Appendf(nil, "bench asset %d", i))
		blind := sha256.Sum256(fmt.Appendf(nil, "bench blind %d", i))
		g, err := ct.GenerateBlindedGenerator(tag[:], blind[:])
		if err != nil {
			panic(err)
		}
		fixed, blinds, gens = append(fixed, tag[:]), append(blinds, blind[:]), append(gens, g)
	}
	outBlind := sha256.Sum256([]byte("bench output blind"))
	out, err := ct.GenerateBlindedGenerator(fixed[n/2], outBlind[:])
	if err != nil {
		panic(err)
	}
	seed := sha256.Sum256([]byte("bench surjection seed"))
	p, idx, err := ct.InitializeSurjectionProof(fixed, n, fixed[n/2], 100, seed[:])
	if err != nil {
		panic(err)
	}
	if err := p.Generate(gens, out, idx, blinds[idx], outBlind[:]); err != nil {
		panic(err)
	}
	// 64 proofs over the same inputs, for outputs of every asset with
	// different blinds.
	many := make([]ct.SurjectionItem, 64)
	for k := range many {
		ob := sha256.Sum256(fmt.Appendf(nil, "bench output blind %d", k))
		o, err := ct.GenerateBlindedGenerator(fixed[k%n], ob[:])
		if err != nil {
			panic(err)
		}
		q, j, err := ct.InitializeSurjectionProof(fixed, n, fixed[k%n], 100, seed[:])
		if err != nil {
			panic(err)
		}
		if err := q.Generate(gens, o, j, blinds[j], ob[:]); err != nil {
			panic(err)
		}
		many[k] = ct.SurjectionItem{Proof: q, InputTags: gens, OutputTag: o}
	}
	iters := 20000 / n
	return []benchRow{
		{name: fmt.Sprintf("surjectionproof_generate_%d", n), iters: iters, run: func(k int) {
			for range k {
				if err := p.Generate(gens, out, idx, blinds[idx], outBlind[:]); err != nil {
					panic(err)
				}
			}
		}},
		{name: fmt.Sprintf("surjectionproof_verify_%d", n), iters: iters, run: func(k int) {
			for range k {
				if !p.Verify(gens, out) {
					panic("surjectionproof_verify: invalid")
				}
			}
		}},
		{name: fmt.Sprintf("surjectionproof_verify_many_%d", n), iters: max(iters/64, 1), per: len(many), run: func(k int) {
			for range k {
				for _, ok := range ct.VerifySurjectionProofs(many, 1) {
					if !ok {
						panic("surjectionproof_verify_many: invalid")
					}
				}
			}
		}},
	}
}
