package s2c_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/s2c"
)

// Statistical timing tests (internal/testkit/dudect, docs/constant-time.md)
// of the signing functions in the private key: the key fixed (class 0)
// against fresh random keys (class 1), with a fixed hash and fixed data, so
// that the fixed key also fixes the nonce and the tweak. Sign is also
// AntiExfilSign (the device's step 4); SignerCommit is its step 2. By
// default the tests only log |t|; KESTREL_DUDECT=1e6 runs a million
// measurements per test and fails on max |t| ≥ 4.5.

var (
	dudectSig *ecdsa.Signature
	dudectOp  *s2c.Opening
)

func dudectS2C(t *testing.T, f func(k *secp256k1.PrivateKey, hash, data []byte)) {
	rng := rand.New(rand.NewPCG(5, 5))
	hash, data := testref.RandomBytes(rng, 32), testref.RandomBytes(rng, 32)
	for _, fx := range dudectkey.Fixed() {
		t.Run("key="+fx.Name, func(t *testing.T) {
			dudect.Run(t, dudectkey.Target(fx.Key, func(k *secp256k1.PrivateKey) { f(k, hash, data) }), 2000)
		})
	}
}

// TestDudectSign times Sign (= AntiExfilSign).
func TestDudectSign(t *testing.T) {
	dudectS2C(t, func(k *secp256k1.PrivateKey, hash, data []byte) {
		dudectSig, dudectOp, _ = s2c.Sign(k, hash, data)
	})
}

// TestDudectSignerCommit times SignerCommit.
func TestDudectSignerCommit(t *testing.T) {
	dudectS2C(t, func(k *secp256k1.PrivateKey, hash, data []byte) {
		dudectOp, _ = s2c.SignerCommit(k, hash, data)
	})
}
