package main

import (
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// manyRows are the rows of the many-signature APIs, per signature:
// ecdsa_verify_many and schnorrsig_verify_many verify 256 independent
// signatures (distinct keys and messages, keys parsed beforehand) with
// VerifyMany on one goroutine, for comparison with ecdsa_verify and
// schnorrsig_verify (which parse the key each time).
func manyRows() []benchRow {
	const n = 256
	eItems := make([]ecdsa.VerifyItem, n)
	sItems := make([]schnorr.VerifyItem, n)
	for i := range n {
		h := sha256.Sum256(fmt.Appendf(nil, "bench many %d", i))
		k, err := secp256k1.NewPrivateKey(h[:])
		if err != nil {
			panic(err)
		}
		msg := sha256.Sum256(h[:])
		esig, err := ecdsa.Sign(k, msg[:])
		if err != nil {
			panic(err)
		}
		eItems[i] = ecdsa.VerifyItem{Pub: k.PublicKey(), Hash: msg[:], Sig: esig}
		ssig, err := schnorr.Sign(k, msg[:], make([]byte, 32))
		if err != nil {
			panic(err)
		}
		sItems[i] = schnorr.VerifyItem{Pub: k.PublicKey(), Msg: msg[:], Sig: ssig}
	}
	check := func(ok []bool, row string) {
		for _, v := range ok {
			if !v {
				panic(row + ": invalid")
			}
		}
	}
	return []benchRow{
		{name: "ecdsa_verify_many", iters: 20000 / n, per: n, run: func(iters int) {
			for range iters {
				check(ecdsa.VerifyMany(eItems, 1), "ecdsa_verify_many")
			}
		}},
		{name: "schnorrsig_verify_many", iters: 20000 / n, per: n, run: func(iters int) {
			for range iters {
				check(schnorr.VerifyMany(sItems, 1), "schnorrsig_verify_many")
			}
		}},
	}
}
