package ellswift

import (
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Statistical timing tests of Create and XDH in the private key
// (internal/testkit/dudect, docs/constant-time.md): the key fixed (class 0)
// against fresh random keys (class 1). By default they only log |t|;
// KESTREL_DUDECT=1e6 runs a million measurements per test and fails on
// max |t| ≥ 4.5.

// dudectSink keeps the results alive.
var dudectSink []byte

// createInput is an input of Create: the key (the class) and the auxiliary
// randomness (fresh for every call, in both classes).
type createInput struct {
	k   secp256k1.PrivateKey
	aux [32]byte
}

// TestDudectCreate times Create with each fixed key against random keys.
// The auxiliary randomness is drawn afresh for every call in both classes,
// as Create draws it from crypto/rand when given none: the encoder's number
// of attempts is a function of SHA-256(k ‖ aux), about 4 on average, and a
// fixed aux would fix it for the fixed key alone (finding 5 of
// docs/constant-time.md: not a leak, but a difference the test would see).
// With aux fresh, both classes draw their attempts from the same
// distribution, and what remains to compare is k·G, the encoding of the
// public key and the hashing of k.
func TestDudectCreate(t *testing.T) {
	for _, fx := range dudectkey.Fixed() {
		t.Run("key="+fx.Name, func(t *testing.T) {
			var fails dudect.Failures
			fixed := createInput{k: *fx.Key}
			tg := dudect.FixedVsRandomFresh(&fixed, func(rng *rand.Rand) createInput {
				return createInput{k: *dudectkey.Random(rng)}
			}, func(in *createInput, rng *rand.Rand) {
				testref.FillRandom(rng, in.aux[:])
			}, func(in *createInput) {
				var err error
				dudectSink, err = Create(&in.k, in.aux[:])
				fails.Add(err)
			})
			// The encoding changes with aux; the public key it encodes
			// is the key's.
			dudect.RunChecked(t, tg, 2000, func() []byte {
				pub, err := Decode(dudectSink)
				if err != nil {
					return nil
				}
				return pub.BytesCompressed()
			}, &fails)
		})
	}
}

// TestDudectXDH times XDH, as the initiator, with each fixed key against
// random keys, for fixed public encodings of both parties.
func TestDudectXDH(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	var aux [32]byte
	ellA, err := Create(dudectkey.Random(rng), aux[:])
	if err != nil {
		t.Fatal(err)
	}
	ellB, err := Create(dudectkey.Random(rng), aux[:])
	if err != nil {
		t.Fatal(err)
	}
	for _, fx := range dudectkey.Fixed() {
		t.Run("key="+fx.Name, func(t *testing.T) {
			var fails dudect.Failures
			tg := dudectkey.Target(fx.Key, func(k *secp256k1.PrivateKey) {
				var err error
				dudectSink, err = XDH(ellA, ellB, k, true)
				fails.Add(err)
			})
			dudect.RunChecked(t, tg, 2000, func() []byte { return dudectSink }, &fails)
		})
	}
}
