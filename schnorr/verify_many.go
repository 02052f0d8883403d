package schnorr

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/workers"
)

// VerifyItem is one signature for VerifyMany: Sig on Msg by Pub, the
// arguments of Verify.
type VerifyItem struct {
	Pub *secp256k1.PublicKey
	Msg []byte
	Sig []byte
}

// VerifyMany verifies many independent BIP-340 signatures and returns one
// result per item: out[i] is Verify(items[i].Pub, items[i].Msg,
// items[i].Sig), false for an item with a nil or zero key or a malformed
// signature. It costs as many verifications; BatchVerifier costs less when
// one answer for the whole batch is enough, and VerifyMany when every
// answer is needed (a batch that fails must be checked one by one).
//
// workers is the number of goroutines it may use (see secp256k1.Workers):
// 1 runs every verification on the calling goroutine, n > 1 on up to n,
// secp256k1.UseGOMAXPROCS on GOMAXPROCS. The results do not depend on it.
// Variable time: every input is public.
func VerifyMany(items []VerifyItem, workers_ int) []bool {
	out := make([]bool, len(items))
	workers.Run(len(items), secp256k1.Workers(workers_), func(i int) {
		it := &items[i]
		out[i] = it.Pub != nil && Verify(it.Pub, it.Msg, it.Sig)
	})
	return out
}
