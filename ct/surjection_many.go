package ct

import (
	"sync"

	"github.com/kestrel-crypto/secp256k1/internal/borromean"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/workers"
)

// SurjectionItem is one proof for VerifySurjectionProofs, with
// SurjectionProof.Verify's receiver and arguments.
type SurjectionItem struct {
	Proof     *SurjectionProof
	InputTags []*Generator
	OutputTag *Generator
}

// surjectionChunk is the number of proofs verified together: their rings
// (one per proof) share the sixteen lanes of the Borromean check.
const surjectionChunk = 16

// surjectionScratch is the s values and ring keys of a chunk of
// VerifySurjectionProofs, grown to the largest chunk seen (at most
// surjectionChunk·SurjectionMaxInputs each, about 400 KB in all) and
// reused from surjectionPool.
type surjectionScratch struct {
	s    []scalar.Scalar
	keys []group.Affine
}

var surjectionPool = sync.Pool{New: func() any { return new(surjectionScratch) }}

// VerifySurjectionProofs verifies every item as SurjectionProof.Verify
// does and returns the results in order; an item with a nil or zero proof
// or generator is false. It runs the rings of several proofs together on
// the lanes of ecmult.VarTimeMult1G16 (internal/borromean's
// VarTimeVerifyMany), so that a proof's ring of few keys does not leave
// lanes idle, as rangeproof.VerifyMany does for rangeproofs.
//
// workers is the number of goroutines it may use (see secp256k1.Workers):
// 1 runs every verification on the calling goroutine, n > 1 on up to n,
// secp256k1.UseGOMAXPROCS on GOMAXPROCS. The results do not depend on it.
// On one goroutine it allocates nothing but the results, once its scratch
// is in its sync.Pool and large enough (a garbage collection may empty the
// pool); more goroutines also cost a few small allocations to start them
// and, the first time, a scratch each. Variable time: every input is
// public.
func VerifySurjectionProofs(items []SurjectionItem, workers_ int) []bool {
	res := make([]bool, len(items))
	workers.RunChunksOf(items, res, surjectionChunk, workers.Count(workers_), verifySurjectionChunk)
	return res
}

// verifySurjectionChunk sets res[i] for the items i in [start, end), at
// most surjectionChunk of them.
func verifySurjectionChunk(items []SurjectionItem, res []bool, start, end int) {
	var nUsed [surjectionChunk]int
	total := 0
	for i := start; i < end; i++ {
		it := &items[i]
		n, ok := it.Proof.verifyShape(it.InputTags, it.OutputTag)
		if ok {
			nUsed[i-start] = n
			total += n
		}
	}
	if total == 0 {
		return
	}
	sc := surjectionPool.Get().(*surjectionScratch)
	defer surjectionPool.Put(sc)
	if len(sc.s) < total {
		sc.s, sc.keys = make([]scalar.Scalar, total), make([]group.Affine, total)
	}
	var (
		sigs  [surjectionChunk]borromean.Sig
		m     [surjectionChunk][32]byte
		sizes [surjectionChunk][1]int
		idx   [surjectionChunk]int
	)
	n, at := 0, 0
	for i := start; i < end; i++ {
		nu := nUsed[i-start]
		if nu == 0 {
			continue
		}
		it := &items[i]
		ps, pk := sc.s[at:at+nu], sc.keys[at:at+nu]
		at += nu
		if !it.Proof.verifyInputs(ps, pk, &m[n], it.InputTags, it.OutputTag) {
			continue
		}
		sizes[n][0] = nu
		sigs[n] = borromean.Sig{E0: &it.Proof.e0, S: ps, Pubs: pk, Sizes: sizes[n][:], M: m[n][:]}
		idx[n] = i
		n++
	}
	var ok [surjectionChunk]bool
	borromean.VarTimeVerifyMany(sigs[:n], ok[:n])
	for q := range n {
		res[idx[q]] = ok[q]
	}
}
