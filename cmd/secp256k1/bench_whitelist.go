package main

import (
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ct/whitelist"
)

// whitelistRows are secp256k1-zkp's bench_whitelist rows whitelist_N:
// verifying a whitelist signature over N key pairs, made from its keys
// (SHA-256("whitelist" ‖ le32(counter))) by signer 0. zkp prints N = 1 … 30;
// these are N = 1, 5, 10 and 30.
func whitelistRows() []benchRow {
	key := func(num uint32) *secp256k1.PrivateKey {
		var b [13]byte
		copy(b[:], "whitelist")
		b[9], b[10], b[11], b[12] = byte(num), byte(num>>8), byte(num>>16), byte(num>>24)
		h := sha256.Sum256(b[:])
		k, err := secp256k1.NewPrivateKey(h[:])
		if err != nil {
			panic(err)
		}
		return k
	}
	const maxN = 30
	subSK := key(0)
	sub := subSK.PublicKey()
	var online, offline []*secp256k1.PublicKey
	for i := range maxN {
		online = append(online, key(uint32(i+1)).PublicKey())
		offline = append(offline, key(uint32(i+1+maxN)).PublicKey())
	}
	var sum secp256k1.Scalar
	sum.Add(key(1+maxN).Scalar(), subSK.Scalar())
	summed, err := secp256k1.NewPrivateKeyFromScalar(&sum)
	if err != nil {
		panic(err)
	}
	var rows []benchRow
	for _, n := range []int{1, 5, 10, 30} {
		sig, err := whitelist.Sign(online[:n], offline[:n], sub, key(1), summed, 0)
		if err != nil {
			panic(err)
		}
		rows = append(rows, benchRow{name: fmt.Sprintf("whitelist_%d", n), iters: 100, run: func(iters int) {
			for range iters {
				if !whitelist.Verify(sig, online[:n], offline[:n], sub) {
					panic("whitelist: invalid")
				}
			}
		}})
	}
	return rows
}
