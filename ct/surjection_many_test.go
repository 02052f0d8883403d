package ct

import (
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// manySurjectionItem returns a random item over n inputs, valid or
// changed in one of several ways chosen by rng.
func manySurjectionItem(t *testing.T, rng *rand.Rand, n int) SurjectionItem {
	c := newSurjectionCase(t, rng, n)
	if n > 20 {
		c.nUse = n - rng.Intn(3)
	}
	p, idx, err := InitializeSurjectionProof(c.fixed, c.nUse, c.outFixed, 100, c.seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Generate(c.inputs, c.output, idx, c.blinds[idx], c.outBlind); err != nil {
		t.Fatal(err)
	}
	it := SurjectionItem{Proof: p, InputTags: c.inputs, OutputTag: c.output}
	switch rng.Intn(28) { // about half of the items are valid
	case 1:
		p.s[rng.Intn(len(p.s))][rng.Intn(32)] ^= 1 << rng.Intn(8)
	case 2:
		p.e0[rng.Intn(32)] ^= 1 << rng.Intn(8)
	case 3:
		it.OutputTag, _ = GenerateGenerator(testref.RandomBytes(rng, 32))
	case 4:
		_, wrong := randScalar(rng)
		if err := p.Generate(c.inputs, c.output, idx, wrong, c.outBlind); err != nil {
			t.Fatal(err)
		}
	case 5:
		it.InputTags = it.InputTags[:n-1]
	case 6:
		it.Proof = nil
	case 7:
		it.Proof = new(SurjectionProof)
	case 8:
		it.InputTags = append([]*Generator(nil), it.InputTags...)
		it.InputTags[rng.Intn(n)] = nil
	case 9:
		it.OutputTag = new(Generator)
	case 10:
		copy(p.s[rng.Intn(len(p.s))][:], testref.Bytes32(testref.N))
	case 11:
		// An input generator equal to the output's: its key is the
		// identity if the input is used.
		it.InputTags = append([]*Generator(nil), it.InputTags...)
		it.InputTags[rng.Intn(n)] = it.OutputTag
	case 12:
		it.InputTags = append([]*Generator(nil), it.InputTags...)
		i, j := rng.Intn(n), rng.Intn(n)
		it.InputTags[i], it.InputTags[j] = it.InputTags[j], it.InputTags[i]
	case 13:
		p.s = p.s[:len(p.s)-1]
	}
	return it
}

// TestVerifySurjectionProofs compares VerifySurjectionProofs with Verify
// on random mixes of valid and changed proofs over 1 to 20 inputs, and a
// few large ones, for several worker counts.
func TestVerifySurjectionProofs(t *testing.T) {
	rng := testref.Rand(t)
	for round := range short.Count(t, 12) {
		var items []SurjectionItem
		for range 8 + rng.Intn(33) {
			items = append(items, manySurjectionItem(t, rng, 1+rng.Intn(20)))
		}
		if round%4 == 0 {
			for _, n := range []int{64, 256} {
				items = append(items, manySurjectionItem(t, rng, n))
			}
		}
		items = append(items, SurjectionItem{}, SurjectionItem{Proof: new(SurjectionProof)})
		rng.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
		valid := 0
		for _, w := range []int{1, 3} {
			res := VerifySurjectionProofs(items, w)
			if len(res) != len(items) {
				t.Fatalf("%d results for %d items", len(res), len(items))
			}
			for i, it := range items {
				want := it.Proof.Verify(it.InputTags, it.OutputTag)
				if res[i] != want {
					t.Fatalf("round %d, workers %d, item %d of %d: VerifySurjectionProofs %v, Verify %v", round, w, i, len(items), res[i], want)
				}
				if want && w == 1 {
					valid++
				}
			}
		}
		if valid == 0 || valid == len(items) {
			t.Errorf("round %d: %d of %d valid: the mix is wrong", round, valid, len(items))
		}
	}
	if len(VerifySurjectionProofs(nil, 1)) != 0 {
		t.Error("VerifySurjectionProofs(nil) is not empty")
	}
}

// TestVerifySurjectionProofsAllocs checks that VerifySurjectionProofs on
// one worker allocates only its result, for 64 proofs over 3 and over 10
// inputs, valid and changed, and that Verify allocates nothing.
func TestVerifySurjectionProofsAllocs(t *testing.T) {
	race.SkipAllocs(t)
	rng := testref.Rand(t)
	for _, n := range []int{3, 10} {
		items := make([]SurjectionItem, 64)
		for i := range items {
			items[i] = manySurjectionItem(t, rng, n)
		}
		if a := testing.AllocsPerRun(5, func() { VerifySurjectionProofs(items, 1) }); a != 1 {
			t.Errorf("n=%d: VerifySurjectionProofs of %d items allocates %v times, want 1 (the results)", n, len(items), a)
		}
		it := &items[0]
		if a := testing.AllocsPerRun(5, func() { it.Proof.Verify(it.InputTags, it.OutputTag) }); a != 0 {
			t.Errorf("n=%d: Verify allocates %v times", n, a)
		}
	}
}
