package ct

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
)

// Statistical timing tests (internal/testkit/dudect, docs/constant-time.md)
// of the functions that take secrets: a fixed input (class 0) against
// fresh random ones (class 1). The fixed inputs are edge values: a zero
// blind and value, and a blind of n − 1 with the largest value. By default
// they only log |t|; KESTREL_DUDECT=1e6 runs a million measurements and
// fails on max |t| ≥ 4.5.

type commitInput struct {
	blind [32]byte
	value uint64
}

var (
	dudectCommitSink    *Commitment
	dudectGeneratorSink *Generator
)

// randomCommitInput returns a random blind below n (the top bit cleared)
// and a random value.
func randomCommitInput(rng *rand.Rand) commitInput {
	var in commitInput
	dudect.RandomBytes(rng, in.blind[:])
	in.blind[0] &= 0x7f
	in.value = rng.Uint64()
	return in
}

// nMinus1 is n − 1, the largest blind.
var nMinus1 = [32]byte{
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
	0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x40,
}

func fixedCommitInputs() map[string]commitInput {
	return map[string]commitInput{
		// The zero blind with value 1 (blind 0 and value 0 is the identity,
		// which has no output).
		"zero":    {value: 1},
		"largest": {blind: nMinus1, value: ^uint64(0)},
	}
}

// TestDudectCommit times Commit in the blind and the value, with GeneratorH.
func TestDudectCommit(t *testing.T) {
	gen := GeneratorH()
	for name, fx := range fixedCommitInputs() {
		t.Run(name, func(t *testing.T) {
			dudect.Run(t, dudect.FixedVsRandom(&fx, randomCommitInput, func(in *commitInput) {
				dudectCommitSink, _ = Commit(in.blind[:], in.value, gen)
			}), 2000)
		})
	}
}

type generatorInput struct{ seed, blind [32]byte }

// TestDudectGenerateBlinded times GenerateBlindedGenerator in the seed and
// the blind.
func TestDudectGenerateBlinded(t *testing.T) {
	random := func(rng *rand.Rand) generatorInput {
		var in generatorInput
		dudect.RandomBytes(rng, in.seed[:])
		dudect.RandomBytes(rng, in.blind[:])
		in.blind[0] &= 0x7f
		return in
	}
	for name, fx := range map[string]generatorInput{"zero": {}, "largest": {seed: nMinus1, blind: nMinus1}} {
		t.Run(name, func(t *testing.T) {
			dudect.Run(t, dudect.FixedVsRandom(&fx, random, func(in *generatorInput) {
				dudectGeneratorSink, _ = GenerateBlindedGenerator(in.seed[:], in.blind[:])
			}), 2000)
		})
	}
}
