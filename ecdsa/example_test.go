package ecdsa_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
)

func Example() {
	key, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		panic(err)
	}
	hash := sha256.Sum256([]byte("hello, secp256k1"))

	sig, err := ecdsa.Sign(key, hash[:])
	if err != nil {
		panic(err)
	}
	der := sig.DER() // what Bitcoin transactions carry (plus a sighash byte)

	// The verifier has the public key's bytes and the DER signature.
	pub, err := secp256k1.ParsePublicKey(key.PublicKey().BytesCompressed())
	if err != nil {
		panic(err)
	}
	parsed, err := ecdsa.ParseDERSignature(der)
	if err != nil {
		panic(err)
	}
	fmt.Println(ecdsa.Verify(pub, hash[:], parsed))
	// Output: true
}

func ExampleRecoverPublicKey() {
	key, _ := secp256k1.NewPrivateKey(sha256.New().Sum(nil)) // a fixed key for the example
	hash := sha256.Sum256([]byte("recover me"))

	sig, _ := ecdsa.SignRecoverable(key, hash[:]) // r ‖ s ‖ v
	pub, err := ecdsa.RecoverPublicKey(hash[:], sig)
	fmt.Println(err == nil && pub.Equal(key.PublicKey()))
	// Output: true
}
