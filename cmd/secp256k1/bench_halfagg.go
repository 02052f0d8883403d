package main

import (
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/halfagg"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// halfaggRows are the schnorrsig_halfagg_aggregate_N and
// schnorrsig_halfagg_verify_N rows of the main group: half-aggregation
// (secp256k1-zkp's schnorrsig_halfagg module) of N = 2, 16, 256 and 4096
// BIP-340 signatures under distinct keys, per call (the whole aggregate
// of N signatures, not per signature). The signatures are made on the
// first run of a row of their N, outside its timing.
func halfaggRows() []benchRow {
	var rows []benchRow
	for _, n := range []int{2, 16, 256, 4096} {
		type input struct {
			items []halfagg.Item
			pairs []halfagg.Pair
			agg   []byte
		}
		in := sync.OnceValue(func() input {
			items := make([]halfagg.Item, n)
			for i := range items {
				h := sha256.Sum256(fmt.Appendf(nil, "bench halfagg %d", i))
				k, err := secp256k1.NewPrivateKey(h[:])
				if err != nil {
					panic(err)
				}
				msg := sha256.Sum256(h[:])
				sig, err := schnorr.Sign(k, msg[:], make([]byte, 32))
				if err != nil {
					panic(err)
				}
				items[i] = halfagg.Item{PublicKey: schnorr.SerializePublicKey(k.PublicKey()), Message: msg[:], Signature: sig}
			}
			agg, err := halfagg.Aggregate(items)
			if err != nil {
				panic(err)
			}
			return input{items, halfagg.Pairs(items), agg}
		})
		rows = append(rows,
			benchRow{name: fmt.Sprintf("schnorrsig_halfagg_aggregate_%d", n), iters: max(4, 40000/n), run: func(iters int) {
				items := in().items
				for range iters {
					if _, err := halfagg.Aggregate(items); err != nil {
						panic(err)
					}
				}
			}},
			benchRow{name: fmt.Sprintf("schnorrsig_halfagg_verify_%d", n), iters: max(2, 2000/n), run: func(iters int) {
				v := in()
				for range iters {
					if err := halfagg.VerifyAggregate(v.agg, v.pairs); err != nil {
						panic(err)
					}
				}
			}},
		)
	}
	return rows
}
