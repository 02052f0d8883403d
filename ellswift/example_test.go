package ellswift_test

import (
	"bytes"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ellswift"
)

// The BIP-324 key exchange: each side makes an ephemeral key and sends its
// 64-byte ElligatorSwift encoding, which looks like random bytes on the wire.
// Both pass the initiator's encoding first.
func Example() {
	// Initiator.
	x, _ := secp256k1.GeneratePrivateKey()
	ellX, _ := ellswift.Create(x, nil) // sent to the responder

	// Responder.
	y, _ := secp256k1.GeneratePrivateKey()
	ellY, _ := ellswift.Create(y, nil) // sent to the initiator
	secretR, _ := ellswift.XDH(ellX, ellY, y, false)

	// Initiator, on receiving ellY.
	secretI, _ := ellswift.XDH(ellX, ellY, x, true)

	fmt.Println(len(ellX), bytes.Equal(secretI, secretR))
	// Output: 64 true
}

// Any 64 bytes decode to a public key.
func ExampleDecode() {
	pub, _ := ellswift.Decode(make([]byte, 64))
	fmt.Printf("%x\n", pub.BytesCompressed()[1:])
	// Output: edd1fd3e327ce90cc7a3542614289aee9682003e9cf7dcc9cf2ca9743be5aa0c
}

// Encode turns an existing public key into one of its encodings; the
// randomness must be secret and fresh for the result to look random.
func ExampleEncode() {
	k, _ := secp256k1.GeneratePrivateKey()
	rnd := make([]byte, 32) // use crypto/rand in real code
	enc, _ := ellswift.Encode(k.PublicKey(), rnd)
	pub, _ := ellswift.Decode(enc)
	fmt.Println(pub.Equal(k.PublicKey()))
	// Output: true
}
