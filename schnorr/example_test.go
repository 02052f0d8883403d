package schnorr_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

func Example() {
	key, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		panic(err)
	}
	kp := schnorr.NewKeypair(key)                          // caches the x-only key for repeated signing
	sig, err := kp.Sign([]byte("any length message"), nil) // nil: fresh aux_rand
	if err != nil {
		panic(err)
	}

	// The verifier has the 32-byte x-only key.
	pub, err := schnorr.ParsePublicKey(kp.XOnlyPublicKey())
	if err != nil {
		panic(err)
	}
	fmt.Println(schnorr.Verify(pub, []byte("any length message"), sig))
	// Output: true
}

// ExampleTapTweak spends a BIP-86 key-path-only taproot output: the output key
// commits to no script tree, and the key pair tweaked the same way signs the
// transaction's BIP-341 signature hash.
func ExampleTapTweak() {
	// The private key of m/86'/0'/0'/0/0 in BIP-86's test vectors.
	seckey, err := hex.DecodeString("41f41d69260df4cf277826a9b65a3717e4eeddbeedf637f212ca096576479361")
	if err != nil {
		panic(err)
	}
	key, err := secp256k1.NewPrivateKey(seckey)
	if err != nil {
		panic(err)
	}

	// The wallet derives the output key Q from the internal key P (nil: no
	// script tree) and pays to the scriptPubKey OP_1 PUSH32 x(Q).
	output, err := schnorr.TapTweak(key.PublicKey(), nil)
	if err != nil {
		panic(err)
	}
	scriptPubKey := append([]byte{0x51, 0x20}, schnorr.SerializePublicKey(output)...)
	fmt.Printf("%x\n", scriptPubKey)

	// Key-path spending: sign the signature hash with the tweaked key pair.
	// (A real sighash is computed from the spending transaction, BIP-341.)
	sigHash := sha256.Sum256([]byte("BIP-341 signature hash"))
	kp, err := schnorr.NewKeypair(key).TapTweak(nil)
	if err != nil {
		panic(err)
	}
	sig, err := kp.Sign(sigHash[:], nil)
	if err != nil {
		panic(err)
	}

	// A verifier knows only the scriptPubKey's 32-byte x-only key.
	pub, err := schnorr.ParsePublicKey(scriptPubKey[2:])
	if err != nil {
		panic(err)
	}
	fmt.Println(schnorr.Verify(pub, sigHash[:], sig))
	// Output:
	// 5120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c
	// true
}
