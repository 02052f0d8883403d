package main

import (
	"crypto/sha256"

	"github.com/kestrel-crypto/secp256k1/ct"
)

// ctRows are the Confidential Transactions rows of the main group, named
// as secp256k1-zkp's functions: generator_generate and
// generator_generate_blinded (an asset generator from a 32-byte tag,
// unblinded and blinded) and pedersen_commit (a commitment to an amount
// with a blinded asset generator).
func ctRows() []benchRow {
	seed := sha256.Sum256([]byte("bench generator seed"))
	blind := sha256.Sum256([]byte("bench generator blind"))
	gen, err := ct.GenerateBlindedGenerator(seed[:], blind[:])
	if err != nil {
		panic(err)
	}
	return []benchRow{
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
}
