package silentpayments

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// dudectSink keeps the results alive.
var dudectSink [][32]byte

// TestDudectCreateOutputs is a statistical timing test of the sender
// (internal/testkit/dudect, docs/constant-time.md): CreateOutputs with the
// private keys of its two inputs, a taproot one and a plain one, fixed
// (class 0) against fresh random keys (class 1); the recipients (two
// addresses with one scan key: one ECDH, two tweaks) and the outpoints are
// fixed. The fixed first key is 1 or a random key, the second a fixed
// random key; the random class negates the taproot key half of the time (its
// y parity), the fixed class always or never. By default it only logs |t|;
// KESTREL_DUDECT=1e6 runs a million measurements and fails on max |t| ≥
// 4.5.
func TestDudectCreateOutputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	second := dudectkey.Random(rng)
	scan := dudectkey.Random(rng).PublicKey()
	recipients := []*Address{
		{Scan: scan, Spend: dudectkey.Random(rng).PublicKey()},
		{Scan: scan, Spend: dudectkey.Random(rng).PublicKey()},
	}
	outpoints := make([]Outpoint, 2)
	for i := range outpoints {
		testref.FillRandom(rng, outpoints[i].TxID[:])
		outpoints[i].Vout = uint32(i)
	}
	for _, fx := range dudectkey.Fixed() {
		t.Run("key="+fx.Name, func(t *testing.T) {
			var fails dudect.Failures
			fixed := [2]secp256k1.PrivateKey{*fx.Key, *second}
			tg := dudect.FixedVsRandom(&fixed, func(rng *rand.Rand) [2]secp256k1.PrivateKey {
				return [2]secp256k1.PrivateKey{*dudectkey.Random(rng), *dudectkey.Random(rng)}
			}, func(k *[2]secp256k1.PrivateKey) {
				keys := [2]InputKey{{PrivateKey: &k[0], Taproot: true}, {PrivateKey: &k[1]}}
				var err error
				dudectSink, err = CreateOutputs(recipients, outpoints, keys[:])
				fails.Add(err)
			})
			dudect.RunChecked(t, tg, 2000, func() []byte {
				if dudectSink == nil {
					return nil
				}
				return slices.Concat(dudectSink[0][:], dudectSink[1][:])
			}, &fails)
		})
	}
}

// candidateSink keeps CandidateOutputs' results alive.
var candidateSink []Candidate

// TestDudectCandidateOutputs times the light client's candidates in the
// scan key: NewReceiver (which derives the change label from b_scan) and
// CandidateOutputs for a fixed tweak and spend key, the scan key fixed
// (class 0) against fresh random keys (class 1). Like the others it only
// logs |t| by default.
func TestDudectCandidateOutputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	spend := dudectkey.Random(rng).PublicKey()
	tweak := dudectkey.Random(rng).PublicKey()
	for _, fx := range dudectkey.Fixed() {
		t.Run("key="+fx.Name, func(t *testing.T) {
			dudect.Run(t, dudectkey.Target(fx.Key, func(k *secp256k1.PrivateKey) {
				r, err := NewReceiver(k, spend)
				if err == nil {
					candidateSink, _ = r.CandidateOutputs(tweak)
				}
			}), 2000)
		})
	}
}
