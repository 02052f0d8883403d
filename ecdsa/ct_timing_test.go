package ecdsa

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Statistical timing test of Sign in the private key (internal/testkit/dudect,
// docs/constant-time.md): the key fixed (class 0) against fresh random keys
// (class 1), with a fixed message hash, so that the fixed key also fixes the
// RFC 6979 nonce. By default it only logs |t|; KESTREL_DUDECT=1e6 runs a
// million measurements and fails on max |t| ≥ 4.5.

// dudectSink keeps the results alive.
var dudectSink *Signature

// TestDudectSign times Sign with each fixed key against random keys.
func TestDudectSign(t *testing.T) {
	hash := make([]byte, 32)
	testref.FillRandom(rand.New(rand.NewPCG(2, 2)), hash)
	for _, fx := range dudectkey.Fixed() {
		t.Run("key="+fx.Name, func(t *testing.T) {
			dudect.Run(t, dudectkey.Target(fx.Key, func(k *secp256k1.PrivateKey) {
				dudectSink, _ = Sign(k, hash)
			}), 2000)
		})
	}
}
