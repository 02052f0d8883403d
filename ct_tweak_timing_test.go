package secp256k1_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
)

// Statistical timing tests of the key tweaks (internal/testkit/dudect,
// docs/constant-time.md), in the external test package because
// dudectkey imports the root package: the secret input fixed (class 0)
// against fresh random values (class 1). By default they only log |t|;
// KESTREL_DUDECT=1e6 runs a million measurements per test and fails on
// max |t| ≥ 4.5.

// tweakPrivSink and tweakPubSink keep the results alive.
var (
	tweakPrivSink *secp256k1.PrivateKey
	tweakPubSink  *secp256k1.PublicKey
)

// tweakBatch is the number of calls per measurement of the private-key
// tweaks, which take about a hundred nanoseconds, near the cost of reading
// the clock.
const tweakBatch = 4

// TestDudectPrivateKeyTweakAdd times PrivateKey.TweakAdd in the key, for a
// fixed public tweak.
func TestDudectPrivateKeyTweakAdd(t *testing.T) {
	dudectPrivateKeyTweak(t, (*secp256k1.PrivateKey).TweakAdd)
}

// TestDudectPrivateKeyTweakMul times PrivateKey.TweakMul in the key, for a
// fixed public tweak.
func TestDudectPrivateKeyTweakMul(t *testing.T) {
	dudectPrivateKeyTweak(t, (*secp256k1.PrivateKey).TweakMul)
}

// dudectPrivateKeyTweak times tweak(k, t) with each fixed key k against
// random keys, for a fixed random t.
func dudectPrivateKeyTweak(t *testing.T, tweak func(*secp256k1.PrivateKey, []byte) (*secp256k1.PrivateKey, error)) {
	tw := dudectkey.Random(rand.New(rand.NewPCG(2, 2))).Bytes()
	for _, fx := range dudectkey.Fixed() {
		t.Run("key="+fx.Name, func(t *testing.T) {
			var fails dudect.Failures
			tg := dudectkey.Target(fx.Key, func(k *secp256k1.PrivateKey) {
				var err error
				tweakPrivSink, err = tweak(k, tw)
				fails.Add(err)
			})
			tg.Batch = tweakBatch
			dudect.RunChecked(t, tg, 20000, func() []byte { return privBytes(tweakPrivSink) }, &fails)
		})
	}
}

// TestDudectPublicKeyTweakMul times PublicKey.TweakMul, t·P by the GLV
// engine, in the tweak t, which its documentation says may be secret (silent
// payments tweak with secrets), for a fixed public P. The fixed tweaks are
// those of the k·P test in internal/ecmult: 1, 2¹²⁸ and a random value.
func TestDudectPublicKeyTweakMul(t *testing.T) {
	dudectPublicKeyTweak(t, (*secp256k1.PublicKey).TweakMul)
}

// TestDudectPublicKeyTweakAdd times PublicKey.TweakAdd, P + t·G by the
// comb, in the tweak t (documented constant time like TweakMul), for a fixed
// public P.
func TestDudectPublicKeyTweakAdd(t *testing.T) {
	dudectPublicKeyTweak(t, (*secp256k1.PublicKey).TweakAdd)
}

// dudectPublicKeyTweak times tweak(P, t) with each fixed tweak t against
// random tweaks, for a fixed random P.
func dudectPublicKeyTweak(t *testing.T, tweak func(*secp256k1.PublicKey, []byte) (*secp256k1.PublicKey, error)) {
	P := dudectkey.Random(rand.New(rand.NewPCG(3, 3))).PublicKey()
	var one, pow128 [32]byte
	one[31] = 1
	pow128[15] = 1
	for _, fx := range []struct {
		name string
		t    [32]byte
	}{
		{"1", one},
		{"2^128", pow128},
		{"random", [32]byte(dudectkey.Random(rand.New(rand.NewPCG(1, 1))).Bytes())},
	} {
		t.Run("t="+fx.name, func(t *testing.T) {
			var fails dudect.Failures
			tg := dudect.FixedVsRandom(&fx.t, func(rng *rand.Rand) [32]byte {
				return [32]byte(dudectkey.Random(rng).Bytes())
			}, func(tw *[32]byte) {
				var err error
				tweakPubSink, err = tweak(P, tw[:])
				fails.Add(err)
			})
			dudect.RunChecked(t, tg, 2000, func() []byte { return pubBytes(tweakPubSink) }, &fails)
		})
	}
}

// privBytes returns k's encoding, or nil for a nil k (a failed call).
func privBytes(k *secp256k1.PrivateKey) []byte {
	if k == nil {
		return nil
	}
	return k.Bytes()
}

// pubBytes returns p's compressed encoding, or nil for a nil p (a failed
// call).
func pubBytes(p *secp256k1.PublicKey) []byte {
	if p == nil {
		return nil
	}
	return p.BytesCompressed()
}
