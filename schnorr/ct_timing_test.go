package schnorr

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/dudect"
)

// Statistical timing test of Sign in the private key (internal/dudect,
// docs/constant-time.md): the key fixed (class 0) against fresh random keys
// (class 1), with a fixed message and auxiliary randomness, so that the
// fixed key also fixes the BIP-340 nonce. By default it only logs |t|;
// KESTREL_DUDECT=1e6 runs a million measurements and fails on max |t| ≥ 4.5.

// dudectKey returns a random private key drawn from rng.
func dudectKey(rng *rand.Rand) *secp256k1.PrivateKey {
	var b [32]byte
	for {
		dudect.RandomBytes(rng, b[:])
		if k, err := secp256k1.NewPrivateKey(b[:]); err == nil {
			return k
		}
	}
}

// dudectFixedKeys returns the fixed class-0 keys: 1 (whose scalar
// multiplications have a single nonzero digit) and a random key.
func dudectFixedKeys() []struct {
	name string
	k    *secp256k1.PrivateKey
} {
	var one [32]byte
	one[31] = 1
	k1, err := secp256k1.NewPrivateKey(one[:])
	if err != nil {
		panic(err)
	}
	return []struct {
		name string
		k    *secp256k1.PrivateKey
	}{
		{"1", k1},
		{"random", dudectKey(rand.New(rand.NewPCG(1, 1)))},
	}
}

// keyTarget times f on a secret key: fixed (class 0) or random. The keys
// are copied into slots so that both classes live in the same memory.
func keyTarget(fixed *secp256k1.PrivateKey, f func(*secp256k1.PrivateKey)) dudect.Target {
	const slots = 1000
	in := make([]secp256k1.PrivateKey, slots)
	return dudect.Target{
		Slots: slots,
		Prepare: func(i, c int, rng *rand.Rand) {
			if c == 0 {
				in[i] = *fixed
				return
			}
			in[i] = *dudectKey(rng)
		},
		Run: func(i int) { f(&in[i]) },
	}
}

// dudectSink keeps the results alive.
var dudectSink []byte

// TestDudectSign times Sign with each fixed key against random keys.
func TestDudectSign(t *testing.T) {
	msg := make([]byte, 32)
	dudect.RandomBytes(rand.New(rand.NewPCG(2, 2)), msg)
	aux := make([]byte, 32)
	for _, fx := range dudectFixedKeys() {
		t.Run("key="+fx.name, func(t *testing.T) {
			dudect.Run(t, keyTarget(fx.k, func(k *secp256k1.PrivateKey) {
				dudectSink, _ = Sign(k, msg, aux)
			}), 2000)
		})
	}
}
