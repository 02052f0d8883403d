package schnorr_test

import (
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
