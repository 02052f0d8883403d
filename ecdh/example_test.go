package ecdh_test

import (
	"bytes"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
)

func Example() {
	alice, _ := secp256k1.GeneratePrivateKey()
	bob, _ := secp256k1.GeneratePrivateKey()

	// Each side parses the other's public key (parsing rejects invalid keys).
	bobPub, _ := secp256k1.ParsePublicKey(bob.PublicKey().BytesCompressed())
	alicePub, _ := secp256k1.ParsePublicKey(alice.PublicKey().BytesCompressed())

	s1 := ecdh.SharedSecret(alice, bobPub)
	s2 := ecdh.SharedSecret(bob, alicePub)
	fmt.Println(bytes.Equal(s1, s2), len(s1))
	// Output: true 32
}
