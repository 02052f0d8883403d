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
