package rangeproof

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
)

// A statistical timing test (internal/testkit/dudect,
// docs/constant-time.md) of Sign in the value, the blinding factor and the
// nonce: a fixed input (class 0) against fresh random ones (class 1), with
// the proof's shape fixed (exp 0, minBits 64, minimum 0: 32 rings of 4) and
// one commitment for all (Sign only hashes it). The fixed inputs are the
// value 0 (every digit 0, the real key first in every ring) and 2⁶⁴ − 1
// (every digit 3, the real key last). By default it only logs |t|;
// KESTREL_DUDECT=1e6 runs a million measurements and fails on
// max |t| ≥ 4.5.

type signInput struct {
	value        uint64
	blind, nonce [32]byte
}

var dudectSignSink []byte

func TestDudectSign(t *testing.T) {
	H := ct.GeneratorH()
	commit, err := ct.Commit(make([]byte, 32), 1, H)
	if err != nil {
		t.Fatal(err)
	}
	random := func(rng *rand.Rand) signInput {
		var in signInput
		in.value = rng.Uint64()
		dudect.RandomBytes(rng, in.blind[:])
		dudect.RandomBytes(rng, in.nonce[:])
		in.blind[0] &= 0x7f
		return in
	}
	fixed := map[string]signInput{
		"digits0": {value: 0, blind: [32]byte{31: 1}},
		"digits3": {value: ^uint64(0), blind: [32]byte{0: 0x7f}, nonce: [32]byte{0: 0xff}},
	}
	for name, fx := range fixed {
		t.Run(name, func(t *testing.T) {
			dudect.Run(t, dudect.FixedVsRandom(&fx, random, func(in *signInput) {
				dudectSignSink, _ = Sign(in.value, 0, 0, 64, in.nonce[:], nil, nil, commit, in.blind[:], H)
			}), 300)
		})
	}
}
