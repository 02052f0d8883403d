package halfagg_test

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/halfagg"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// benchSizes are the numbers of signatures of the benchmarks (and of the
// CLI's schnorrsig_halfagg_* rows).
var benchSizes = []int{2, 16, 256, 4096}

// benchItems returns n valid items under distinct keys, the same for every
// run.
func benchItems(b *testing.B, n int) []halfagg.Item {
	return randomItems(b, rand.New(rand.NewSource(int64(n))), n, false)
}

func BenchmarkAggregate(b *testing.B) {
	for _, n := range benchSizes {
		items := benchItems(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := halfagg.Aggregate(items); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkVerifyAggregate(b *testing.B) {
	for _, n := range benchSizes {
		items := benchItems(b, n)
		agg, err := halfagg.Aggregate(items)
		if err != nil {
			b.Fatal(err)
		}
		pairs := halfagg.Pairs(items)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := halfagg.VerifyAggregate(agg, pairs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkVerifySingles verifies the same signatures one by one with
// schnorr.Verify, from parsed keys: what VerifyAggregate replaces.
func BenchmarkVerifySingles(b *testing.B) {
	for _, n := range benchSizes {
		items := benchItems(b, n)
		pubs := make([]*secp256k1.PublicKey, n)
		for i, it := range items {
			var err error
			if pubs[i], err = schnorr.ParsePublicKey(it.PublicKey); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for i, it := range items {
					if !schnorr.Verify(pubs[i], it.Message, it.Signature) {
						b.Fatal("invalid")
					}
				}
			}
		})
	}
}

// BenchmarkVerifyAggregateRatio times VerifyAggregate of n signatures and
// the n single verifications it replaces, alternately in one loop so that
// a shared machine's load weighs on both alike, and reports their ratio:
// x_verify against schnorr.Verify from parsed keys, x_verify_bytes
// against schnorr.ParsePublicKey and Verify (BIP-340's Verify, which
// lifts the key as VerifyAggregate does).
func BenchmarkVerifyAggregateRatio(b *testing.B) {
	for _, n := range []int{256} {
		items := benchItems(b, n)
		agg, err := halfagg.Aggregate(items)
		if err != nil {
			b.Fatal(err)
		}
		pairs := halfagg.Pairs(items)
		pubs := make([]*secp256k1.PublicKey, n)
		for i, it := range items {
			if pubs[i], err = schnorr.ParsePublicKey(it.PublicKey); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var aggT, parsedT, bytesT time.Duration
			for b.Loop() {
				t0 := time.Now()
				if err := halfagg.VerifyAggregate(agg, pairs); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				for i, it := range items {
					if !schnorr.Verify(pubs[i], it.Message, it.Signature) {
						b.Fatal("invalid")
					}
				}
				t2 := time.Now()
				for _, it := range items {
					pub, err := schnorr.ParsePublicKey(it.PublicKey)
					if err != nil || !schnorr.Verify(pub, it.Message, it.Signature) {
						b.Fatal("invalid")
					}
				}
				aggT, parsedT, bytesT = aggT+t1.Sub(t0), parsedT+t2.Sub(t1), bytesT+time.Since(t2)
			}
			b.ReportMetric(float64(aggT)/float64(parsedT), "x_verify")
			b.ReportMetric(float64(aggT)/float64(bytesT), "x_verify_bytes")
		})
	}
}
