// Package dudectkey is the private-key driver of the internal/testkit/dudect timing
// tests shared by the protocol packages (ecdh, ecdsa, schnorr, ellswift,
// musig2, silentpayments) and the root package's external tests of the key
// tweaks: it draws the keys and builds the Target that times a function in
// its secret key. It is a package of its own because internal/testkit/dudect
// cannot import the root package, whose tests import internal/testkit/dudect.
package dudectkey

import (
	"math/rand/v2"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Random returns a random private key drawn from rng.
func Random(rng *rand.Rand) *secp256k1.PrivateKey {
	var b [32]byte
	for {
		testref.FillRandom(rng, b[:])
		if k, err := secp256k1.NewPrivateKey(b[:]); err == nil {
			return k
		}
	}
}

// Named is a fixed class-0 key with the name that its subtest carries.
type Named struct {
	Name string
	Key  *secp256k1.PrivateKey
}

// Fixed returns the fixed class-0 keys: 1 (whose scalar multiplications
// have a single nonzero digit) and a random key drawn from
// rand.NewPCG(1, 1).
func Fixed() []Named {
	var one [32]byte
	one[31] = 1
	k1, err := secp256k1.NewPrivateKey(one[:])
	if err != nil {
		panic(err)
	}
	return []Named{
		{"1", k1},
		{"random", Random(rand.New(rand.NewPCG(1, 1)))},
	}
}

// Target times f on a secret key: fixed (class 0) or random (class 1). The
// keys are copied into slots so that both classes live in the same memory.
func Target(fixed *secp256k1.PrivateKey, f func(*secp256k1.PrivateKey)) dudect.Target {
	return dudect.FixedVsRandom(fixed, func(rng *rand.Rand) secp256k1.PrivateKey { return *Random(rng) }, f)
}
