package zkp

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/halfagg"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Side by side: Kestrel's halfagg and zkp's schnorrsig_halfagg on the same
// signatures, N = 2, 16, 256 and 4096, all under distinct keys. zkp gets
// its keys parsed beforehand (as its callers hold them); Kestrel's
// VerifyAggregate lifts the 32-byte keys itself, inside the timing.
// BenchmarkHalfAggSingles is the baseline of N schnorr.Verify calls on
// parsed keys. Compare with benchstat -col /impl.

var halfaggBenchSizes = []int{2, 16, 256, 4096}

func halfaggBenchSet(b *testing.B, n int) (*halfaggSet, *HalfAggKeys) {
	// Not randomHalfaggSet, which repeats items and keys: n distinct ones.
	s2 := &halfaggSet{valid: true}
	rng := rand.New(rand.NewPCG(uint64(n), 42))
	for range n {
		sk := randBytes(rng, 32)
		k, err := secp256k1.NewPrivateKey(sk)
		if err != nil {
			b.Fatal(err)
		}
		msg := randBytes(rng, 32)
		sig, err := schnorr.Sign(k, msg, randBytes(rng, 32))
		if err != nil {
			b.Fatal(err)
		}
		s2.add(halfagg.Item{PublicKey: schnorr.SerializePublicKey(k.PublicKey()), Message: msg, Signature: sig}, true)
	}
	keys, ok := ParseHalfAggKeys(s2.pks, n)
	if !ok {
		b.Fatal("keys do not parse")
	}
	b.Cleanup(keys.Free)
	return s2, keys
}

func BenchmarkHalfAggAggregate(b *testing.B) {
	for _, n := range halfaggBenchSizes {
		s, keys := halfaggBenchSet(b, n)
		b.Run(fmt.Sprintf("n=%d/impl=kestrel", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := halfagg.Aggregate(s.items); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/impl=zkp", n), func(b *testing.B) {
			agg := make([]byte, 32*(n+1))
			for b.Loop() {
				if !keys.Aggregate(agg, s.msgs, s.sigs) {
					b.Fatal("zkp aggregate failed")
				}
			}
		})
	}
}

func BenchmarkHalfAggVerify(b *testing.B) {
	for _, n := range halfaggBenchSizes {
		s, keys := halfaggBenchSet(b, n)
		agg, err := halfagg.Aggregate(s.items)
		if err != nil {
			b.Fatal(err)
		}
		pairs := halfagg.Pairs(s.items)
		b.Run(fmt.Sprintf("n=%d/impl=kestrel", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := halfagg.VerifyAggregate(agg, pairs); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/impl=zkp", n), func(b *testing.B) {
			for b.Loop() {
				if !keys.Verify(s.msgs, agg) {
					b.Fatal("zkp: invalid")
				}
			}
		})
	}
}

// BenchmarkHalfAggSingles is N single BIP-340 verifications by Kestrel
// (schnorr.Verify, parsed keys): VerifyAggregate's target is 0.3× this.
func BenchmarkHalfAggSingles(b *testing.B) {
	for _, n := range halfaggBenchSizes {
		s, _ := halfaggBenchSet(b, n)
		pubs := make([]*secp256k1.PublicKey, n)
		for i, it := range s.items {
			var err error
			if pubs[i], err = schnorr.ParsePublicKey(it.PublicKey); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(fmt.Sprintf("n=%d/impl=kestrel", n), func(b *testing.B) {
			for b.Loop() {
				for i, it := range s.items {
					if !schnorr.Verify(pubs[i], it.Message, it.Signature) {
						b.Fatal("invalid")
					}
				}
			}
		})
	}
}
