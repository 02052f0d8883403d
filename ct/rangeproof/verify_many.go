package rangeproof

import (
	"sync"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/internal/borromean"
	"github.com/kestrel-crypto/secp256k1/internal/workers"
)

// VerifyItem is one proof for VerifyMany, with Verify's arguments.
type VerifyItem struct {
	Proof       []byte
	Commitment  *ct.Commitment
	ExtraCommit []byte
	Generator   *ct.Generator
}

// VerifyResult is Verify's result for one item of VerifyMany.
type VerifyResult struct {
	MinValue, MaxValue uint64
	Err                error
}

// manyChunk is the number of proofs verified together: their rings share
// the sixteen lanes of the Borromean check.
const manyChunk = 8

// chunkPool holds the parsed proofs of a chunk (about 100 KB), which live
// only while it is verified: reused, they cost VerifyMany no allocation
// and no stack of that size.
var chunkPool = sync.Pool{New: func() any { return new([manyChunk]parsed) }}

// VerifyMany verifies every item as Verify does and returns the results in
// order: each item's range, or the error Verify would return. It runs the
// rings of several proofs together on the lanes of
// ecmult.VarTimeMult1G16 (internal/borromean's VarTimeVerifyMany), so that
// short proofs fill them, with fewer of Verify's fixed costs per proof.
//
// workers is the number of goroutines it may use (see secp256k1.Workers):
// 1 runs every verification on the calling goroutine, n > 1 on up to n,
// secp256k1.UseGOMAXPROCS on GOMAXPROCS. The results do not depend on it.
// On one goroutine it allocates nothing but the results, once its scratch
// is in its sync.Pool (a garbage collection may empty the pool); more
// goroutines also cost a few small allocations to start them and, the
// first time, a scratch each.
// Variable time: every input is public.
func VerifyMany(items []VerifyItem, workers_ int) []VerifyResult {
	res := make([]VerifyResult, len(items))
	workers.RunChunksOf(items, res, manyChunk, secp256k1.Workers(workers_), verifyChunk)
	return res
}

// verifyChunk sets res[i] for the items i in [start, end), at most
// manyChunk of them.
func verifyChunk(items []VerifyItem, res []VerifyResult, start, end int) {
	ps := chunkPool.Get().(*[manyChunk]parsed)
	defer chunkPool.Put(ps)
	var sigs [manyChunk]borromean.Sig
	var idx [manyChunk]int
	n := 0
	for i := start; i < end; i++ {
		it := &items[i]
		c, g, err := points(it.Commitment, it.Generator)
		if err != nil {
			res[i].Err = err
			continue
		}
		p := &ps[i-start]
		if !p.parse(it.Proof, &c, &g, it.ExtraCommit) {
			res[i].Err = ErrEncoding
			continue
		}
		np := p.sh.npub
		sigs[n] = borromean.Sig{E0: &p.e0, S: p.s[:np], Pubs: p.pubs[:np], Sizes: p.sh.sizes[:p.sh.rings], M: p.m[:]}
		idx[n] = i
		n++
	}
	var ok [manyChunk]bool
	borromean.VarTimeVerifyMany(sigs[:n], ok[:n])
	for q := range n {
		i := idx[q]
		if !ok[q] {
			res[i].Err = ErrProof
			continue
		}
		res[i].MinValue, res[i].MaxValue = ps[i-start].h.MinValue, ps[i-start].h.MaxValue
	}
}
