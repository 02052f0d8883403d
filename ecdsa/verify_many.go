package ecdsa

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
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
// On CPUs with AVX-512 IFMA it verifies sixteen signatures at a time, two
// groups of eight lanes of ecmult.VarTimeMult1G16
// (docs/ecmult.md, "Strauss on eight lanes"), with the same results.
//
// workers is the number of goroutines it may use (see secp256k1.Workers):
// 1 runs every verification on the calling goroutine, n > 1 on up to n,
// secp256k1.UseGOMAXPROCS on GOMAXPROCS. The results do not depend on it.
// Variable time: every input is public.
func VerifyMany(items []VerifyItem, workers_ int) []bool {
	out := make([]bool, len(items))
	w := secp256k1.Workers(workers_)
	if ecmult.UseLanes() {
		workers.RunChunksOf(items, out, lanes, w, verifyLanesOf)
		return out
	}
	workers.RunChunksOf(items, out, 1, w, verifyEach)
	return out
}

// verifyLanesOf and verifyEach are VerifyMany's jobs over items[start:end],
// functions rather than closures so that a call on one goroutine does not
// allocate (workers.RunChunksOf).
func verifyLanesOf(items []VerifyItem, out []bool, start, end int) {
	verifyLanes(items[start:end], out[start:end])
}

func verifyEach(items []VerifyItem, out []bool, start, end int) {
	for i := start; i < end; i++ {
		it := &items[i]
		out[i] = Verify(it.Pub, it.Hash, it.Sig)
	}
}

// lanes is the number of items verifyLanes takes: two groups of eight
// lanes, whose formulas run interleaved (ecmult.VarTimeMult1G16).
const lanes = ecmult.Lanes2

// verifyLanes sets out[i] to the result of Verify for each of at most
// sixteen items, the well-formed ones on the lanes of
// ecmult.VarTimeMult1G16: Verify's checks item by item, then
// w = s⁻¹ for all lanes with one inversion (Montgomery's trick), and
// R = (e·w)·G + (r·w)·pub in the lanes, compared with r as Verify does.
func verifyLanes(items []VerifyItem, out []bool) {
	var (
		idx        [lanes]int // the item of each lane
		e, r, s, w [lanes]scalar.Scalar
		pub        [lanes]group.Affine
		n          int
	)
	for i := range items {
		it := &items[i]
		out[i] = false
		var in verifyInput
		if !in.set(it.Pub, it.Hash, it.Sig) {
			continue
		}
		pub[n], e[n], r[n], s[n] = in.pub, in.e, in.r, in.s
		idx[n] = i
		n++
	}
	if n == 0 {
		return
	}
	// w[j] = s₀·…·s_j, then the inverses walking back.
	w[0] = s[0]
	for j := 1; j < n; j++ {
		w[j].Multiply(&w[j-1], &s[j])
	}
	var inv scalar.Scalar
	inv.VarTimeInvert(&w[n-1])
	for j := n - 1; j > 0; j-- {
		w[j].Multiply(&inv, &w[j-1])
		inv.Multiply(&inv, &s[j])
	}
	w[0] = inv
	var u1, u2 [lanes]scalar.Scalar
	for j := range n {
		u1[j].Multiply(&e[j], &w[j])
		u2[j].Multiply(&r[j], &w[j])
	}
	var R [lanes]group.Jacobian
	var ok [lanes]bool
	ecmult.VarTimeMult1G16(&R, &ok, &u2, &pub, &u1, n)
	for j := range n {
		out[idx[j]] = ok[j] && ecmult.VarTimeXEqualsScalar(&R[j], &r[j])
	}
}
