package rangeproof_test

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/ct/rangeproof"
)

// A confidential output: the sender commits to the amount with a random
// blinding factor and proves it in range with a nonce it shares with the
// receiver (in Elements, the ECDH secret of the sender's ephemeral key and
// the receiver's blinding key); anyone verifies the proof, and the receiver
// rewinds it to learn the amount and the blinding factor.
func Example() {
	const amount = 50_000
	blind := make([]byte, 32)
	rand.Read(blind)
	blind[0] &= 0x7f // below the group order
	shared := sha256.Sum256([]byte("ECDH secret of sender and receiver"))
	nonce := shared[:]

	H := ct.GeneratorH()
	commit, err := ct.Commit(blind, amount, H)
	if err != nil {
		panic(err)
	}
	script := []byte("the output's script")
	proof, err := rangeproof.Sign(amount, 0, 0, 52, nonce, []byte("memo"), script, commit, blind, H)
	if err != nil {
		panic(err)
	}

	// Anyone: the committed amount is in [min, max].
	minV, maxV, err := rangeproof.Verify(proof, commit, script, H)
	fmt.Println(minV, maxV, err)

	// The receiver, with the same nonce.
	r, err := rangeproof.Rewind(proof, nonce, commit, script, H)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Value, bytes.Equal(r.Blind, blind), string(r.Message[:4]))
	// Output:
	// 0 4503599627370495 <nil>
	// 50000 true memo
}

// Info reads a proof's header without verifying it.
func ExampleInfo() {
	blind := bytes.Repeat([]byte{1}, 32)
	nonce := bytes.Repeat([]byte{2}, 32)
	commit, _ := ct.Commit(blind, 1_230_000, ct.GeneratorH())
	proof, _ := rangeproof.Sign(1_230_000, 1000, 3, 0, nonce, nil, nil, commit, blind, ct.GeneratorH())
	info, _ := rangeproof.Info(proof)
	fmt.Printf("%+v, %d bytes (at most %d)\n", info, len(proof), rangeproof.MaxSize(1_230_000, 0))
	// Output:
	// {Exp:3 Mantissa:11 MinValue:1000 MaxValue:2048000}, 907 bytes (at most 1708)
}

// A whole confidential output, as Elements makes one: the sender blinds
// the output's asset generator, commits to the amount with it, proves the
// amount in range and the asset among the inputs' (a surjection proof);
// anyone verifies both proofs, and the receiver rewinds the rangeproof,
// which carries the asset tag and its blind as its message, to learn the
// amount, the blinding factor and the asset.
func Example_confidentialOutput() {
	// label returns 32 bytes from s, below the group order (a blind must be).
	label := func(s string) []byte { h := sha256.Sum256([]byte(s)); h[0] &= 0x7f; return h[:] }

	// The inputs being spent: two assets, each with its generator blind
	// (the sender knows them: they are its own inputs).
	inTags := [][]byte{label("asset: L-BTC"), label("asset: USDT")}
	inBlinds := [][]byte{label("input 0 asset blind"), label("input 1 asset blind")}
	var inGens []*ct.Generator
	for i := range inTags {
		g, err := ct.GenerateBlindedGenerator(inTags[i], inBlinds[i])
		if err != nil {
			panic(err)
		}
		inGens = append(inGens, g)
	}

	// The sender: an output of 25 000 units of input 1's asset.
	const amount = 25_000
	assetBlind, valueBlind := label("output asset blind"), label("output value blind")
	gen, err := ct.GenerateBlindedGenerator(inTags[1], assetBlind)
	if err != nil {
		panic(err)
	}
	commit, err := ct.Commit(valueBlind, amount, gen)
	if err != nil {
		panic(err)
	}
	nonce := label("ECDH secret of sender and receiver")
	message := append(append([]byte{}, inTags[1]...), assetBlind...)
	rp, err := rangeproof.Sign(amount, 0, 0, 52, nonce, message, nil, commit, valueBlind, gen)
	if err != nil {
		panic(err)
	}
	sp, idx, err := ct.InitializeSurjectionProof(inTags, 2, inTags[1], 100, label("surjection seed"))
	if err != nil {
		panic(err)
	}
	if err := sp.Generate(inGens, gen, idx, inBlinds[idx], assetBlind); err != nil {
		panic(err)
	}

	// Anyone, from the output (gen, commit, rp, sp) and the inputs' gens.
	minV, maxV, err := rangeproof.Verify(rp, commit, nil, gen)
	fmt.Println("rangeproof:", minV, maxV, err)
	fmt.Println("surjection proof:", sp.Verify(inGens, gen))

	// The receiver, with the nonce: the amount, its blinding factor, and
	// the asset, checked against the output's generator.
	r, err := rangeproof.Rewind(rp, nonce, commit, nil, gen)
	if err != nil {
		panic(err)
	}
	tag, blind := r.Message[:32], r.Message[32:64]
	again, _ := ct.GenerateBlindedGenerator(tag, blind)
	fmt.Println("amount:", r.Value, "blind:", bytes.Equal(r.Blind, valueBlind))
	fmt.Println("asset is input 1's:", bytes.Equal(tag, inTags[1]), bytes.Equal(again.Bytes(), gen.Bytes()))
	// Output:
	// rangeproof: 0 4503599627370495 <nil>
	// surjection proof: true
	// amount: 25000 blind: true
	// asset is input 1's: true true
}
