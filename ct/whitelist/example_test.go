package whitelist_test

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ct/whitelist"
)

// A peg-out authorization: three whitelisted key pairs; the holder of the
// second proves the destination key sub was made from one of them, without
// saying which.
func Example() {
	key := func(b byte) *secp256k1.PrivateKey {
		k, err := secp256k1.NewPrivateKey(append(make([]byte, 31), b))
		if err != nil {
			panic(err)
		}
		return k
	}
	subSK := key(100)
	var online, offline []*secp256k1.PublicKey
	for i := range 3 {
		online = append(online, key(byte(2*i+1)).PublicKey())
		offline = append(offline, key(byte(2*i+2)).PublicKey())
	}
	// Signer 1 knows on₁'s key and the key of off₁ + sub.
	var sum secp256k1.Scalar
	sum.Add(key(4).Scalar(), subSK.Scalar())
	summed, _ := secp256k1.NewPrivateKeyFromScalar(&sum)

	sig, err := whitelist.Sign(online, offline, subSK.PublicKey(), key(3), summed, 1)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(sig.Bytes()), whitelist.Verify(sig, online, offline, subSK.PublicKey()))
	// Output: 129 true
}
