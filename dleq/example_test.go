package dleq_test

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/dleq"
)

// A signer holding a proves that C = a·B shares its discrete logarithm with
// its public key A = a·G; anyone with A, B, C and the 64-byte proof checks
// it, as BIP-375 does for silent-payment ECDH shares.
func Example() {
	a, _ := secp256k1.GeneratePrivateKey()    // the prover's secret
	scan, _ := secp256k1.GeneratePrivateKey() // the recipient's key B
	B := scan.PublicKey()

	C, proof, err := dleq.Prove(a, B, nil, nil) // nil: fresh aux randomness, no message
	if err != nil {
		panic(err)
	}
	wire := proof.Bytes() // 64 bytes: e ‖ s

	// The verifier knows A, B and C, and receives the proof.
	p, err := dleq.ParseProof(wire)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(wire), dleq.Verify(a.PublicKey(), B, C, p, nil))

	// A share that is not a·B fails with a named error.
	other, _ := secp256k1.GeneratePrivateKey()
	fmt.Println(dleq.Verify(a.PublicKey(), B, other.PublicKey(), p, nil))
	// Output:
	// 64 <nil>
	// dleq: invalid proof
}
