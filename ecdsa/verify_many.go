package ecdsa

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/workers"
)

// VerifyItem is one signature for VerifyMany: Sig on Hash by Pub, the
// arguments of Verify.
type VerifyItem struct {
	Pub  *secp256k1.PublicKey
	Hash []byte
	Sig  *Signature
}

// VerifyMany verifies many independent signatures, as a block validator
// does, and returns one result per item: out[i] is Verify(items[i].Pub,
// items[i].Hash, items[i].Sig), false for an item with a nil or zero key
// or signature. Unlike schnorr.BatchVerifier, it says which signatures are
// invalid at no extra cost (ECDSA has no batch equation).
//
// workers is the number of goroutines it may use (see secp256k1.Workers):
// 1 runs every verification on the calling goroutine, n > 1 on up to n,
// secp256k1.UseGOMAXPROCS on GOMAXPROCS. The results do not depend on it.
// Variable time: every input is public.
func VerifyMany(items []VerifyItem, workers_ int) []bool {
	out := make([]bool, len(items))
	workers.Run(len(items), secp256k1.Workers(workers_), func(i int) {
		it := &items[i]
		out[i] = it.Pub != nil && it.Sig != nil && Verify(it.Pub, it.Hash, it.Sig)
	})
	return out
}
