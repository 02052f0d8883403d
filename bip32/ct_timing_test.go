package bip32

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
)

// Statistical timing test of private derivation in the private key
// (internal/testkit/dudect, docs/constant-time.md): the parent key fixed
// (class 0) against fresh random keys (class 1), with a fixed chain code,
// for a hardened child (the key goes into the HMAC) and a normal one (its
// public key, k·G, does). By default it only logs |t|; KESTREL_DUDECT=1e6
// runs a million measurements and fails on max |t| ≥ 4.5.

// dudectSink keeps the results alive.
var dudectSink *ExtendedKey

// fromKey returns the private extended key of k at depth 1 with the chain
// code c.
func fromKey(k *secp256k1.PrivateKey, c *[32]byte) *ExtendedKey {
	x := newKey()
	x.s.net, x.s.private, x.s.depth = Mainnet, true, 1
	x.s.sec.priv, x.s.sec.chainCode = *k, *c
	return x
}

func TestDudectDerive(t *testing.T) {
	chainCode := [32]byte{1, 2, 3}
	for _, fx := range dudectkey.Fixed() {
		for name, i := range map[string]uint32{"hardened": HardenedKeyStart + 1, "normal": 1} {
			t.Run("key="+fx.Name+"/"+name, func(t *testing.T) {
				dudect.Run(t, dudectkey.Target(fx.Key, func(k *secp256k1.PrivateKey) {
					dudectSink, _ = fromKey(k, &chainCode).Derive(i)
				}), 2000)
			})
		}
	}
}
