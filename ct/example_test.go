package ct_test

import (
	"crypto/rand"
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1/ct"
)

// randomBlind returns a random blinding factor (below n with overwhelming
// probability; a real wallet retries on ErrBlindRange).
func randomBlind() []byte {
	b := make([]byte, 32)
	rand.Read(b)
	return b
}

// A transaction with one input of 100 units and outputs of 60 and 40: the
// commitments hide the amounts, and the last output's blinding factor,
// from BlindSum, makes them tally.
func Example() {
	h := ct.GeneratorH()
	rIn, rOut1 := randomBlind(), randomBlind()
	rOut2, err := ct.BlindSum([][]byte{rIn, rOut1}, 1) // rIn − rOut1
	if err != nil {
		panic(err)
	}
	in, _ := ct.Commit(rIn, 100, h)
	out1, _ := ct.Commit(rOut1, 60, h)
	out2, _ := ct.Commit(rOut2, 40, h)
	fmt.Println(ct.VerifyTally([]*ct.Commitment{in}, []*ct.Commitment{out1, out2}))

	// 33 bytes on the wire; anyone can parse and tally them.
	c, err := ct.ParseCommitment(out2.Bytes())
	fmt.Println(len(out2.Bytes()), err == nil, ct.VerifyTally([]*ct.Commitment{in}, []*ct.Commitment{out1, c}))
	// Output:
	// true
	// 33 true true
}

// Confidential Assets: an asset's generator comes from its 32-byte tag and
// is blinded on each output; BlindGeneratorBlindSum gives the blinding
// factor that balances values, generator blinds and commitment blinds.
func ExampleBlindGeneratorBlindSum() {
	tag := sha256.Sum256([]byte("an asset"))
	values := []uint64{50, 30, 20} // one input, two outputs
	gBlinds := [][]byte{randomBlind(), randomBlind(), randomBlind()}
	blinds := [][]byte{randomBlind(), randomBlind(), make([]byte, 32)} // the last is replaced
	last, err := ct.BlindGeneratorBlindSum(values, gBlinds, blinds, 1)
	if err != nil {
		panic(err)
	}
	blinds[2] = last
	cs := make([]*ct.Commitment, 3)
	for i := range cs {
		gen, err := ct.GenerateBlindedGenerator(tag[:], gBlinds[i])
		if err != nil {
			panic(err)
		}
		if cs[i], err = ct.Commit(blinds[i], values[i], gen); err != nil {
			panic(err)
		}
	}
	fmt.Println(ct.VerifyTally(cs[:1], cs[1:]))
	// Output: true
}

// An asset generator is deterministic in its tag; the encoding says
// whether y is a square (0x0a) or not (0x0b).
func ExampleGenerateGenerator() {
	tag := make([]byte, 32)
	tag[31] = 1
	gen, err := ct.GenerateGenerator(tag)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", gen.Bytes())
	fmt.Printf("%x\n", ct.GeneratorH().Bytes())
	// Output:
	// 0b806cd8edd6c153e34aa9b9a08755c4be4718b1efb26cb93ffdd99e1b21f2af8e
	// 0b50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0
}

// An asset surjection proof: the output's blinded asset generator is one
// of the inputs' (here input 1's asset, among three inputs of two assets),
// and the proof does not say which. The signer knows the fixed asset tags
// and the generator blinds; the verifier only the blinded generators.
func ExampleSurjectionProof() {
	gold, silver := sha256.Sum256([]byte("gold")), sha256.Sum256([]byte("silver"))
	fixed := [][]byte{gold[:], silver[:], gold[:]}
	blinds := [][]byte{randomBlind(), randomBlind(), randomBlind()}
	inputs := make([]*ct.Generator, 3)
	for i := range inputs {
		inputs[i], _ = ct.GenerateBlindedGenerator(fixed[i], blinds[i])
	}
	outBlind := randomBlind()
	output, _ := ct.GenerateBlindedGenerator(silver[:], outBlind)

	seed := randomBlind() // 32 random bytes: which inputs hide the real one
	proof, index, err := ct.InitializeSurjectionProof(fixed, 3, silver[:], 100, seed)
	if err != nil {
		panic(err)
	}
	if err := proof.Generate(inputs, output, index, blinds[index], outBlind); err != nil {
		panic(err)
	}
	wire := proof.Bytes()

	p, err := ct.ParseSurjectionProof(wire)
	if err != nil {
		panic(err)
	}
	fmt.Println(index, len(wire), p.NUsedInputs(), p.Verify(inputs, output))
	// Output: 1 131 3 true
}
