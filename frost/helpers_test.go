package frost

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// verifyBIP340 is schnorr.Verify.
func verifyBIP340(pub *secp256k1.PublicKey, msg, sig []byte) bool {
	return schnorr.Verify(pub, msg, sig)
}
