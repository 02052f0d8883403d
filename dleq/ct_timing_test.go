package dleq

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Statistical timing test of proof generation in the secret a
// (internal/testkit/dudect, docs/constant-time.md): the secret fixed (class
// 0) against fresh random secrets (class 1), with a fixed B, aux randomness
// and message, so that the fixed secret also fixes the nonce k. It times
// generate, which is Prove without its final self-verification: that
// verification is variable time by design, in public values only (A, C and
// the proof, which Prove hands out), so its time differs between a fixed
// and random secrets without revealing more than the outputs do. By default
// it only logs |t|; KESTREL_DUDECT=1e6 runs a million measurements and
// fails on max |t| ≥ 4.5.

// dudectSink keeps the results alive.
var dudectSink Proof

// TestDudectProve times generate with each fixed secret against random
// secrets, with the curve generator.
func TestDudectProve(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	B := dudectkey.Random(rng).PublicKey()
	var aux [32]byte
	msg := make([]byte, 32)
	testref.FillRandom(rng, msg)
	for _, fx := range dudectkey.Fixed() {
		t.Run("key="+fx.Name, func(t *testing.T) {
			dudect.Run(t, dudectkey.Target(fx.Key, func(a *secp256k1.PrivateKey) {
				var p points
				_ = generate(&p, &dudectSink, nil, a, B, &aux, msg)
			}), 2000)
		})
	}
}
