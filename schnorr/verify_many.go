package schnorr

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
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
		out[i] = Verify(it.Pub, it.Msg, it.Sig)
	}
}

// lanes is the number of items verifyLanes takes: two groups of eight
// lanes, whose formulas run interleaved (ecmult.VarTimeMult1G16).
const lanes = ecmult.Lanes2

// verifyLanes sets out[i] to the result of Verify for each of at most
// sixteen items, the well-formed ones on the lanes of
// ecmult.VarTimeMult1G16: Verify's checks and challenge hash
// item by item, R = s·G − e·P in the lanes, then R in affine coordinates
// for all lanes with one inversion, and Verify's comparison of R with r.
func verifyLanes(items []VerifyItem, out []bool) {
	var (
		idx  [lanes]int // the item of each lane
		s, e [lanes]scalar.Scalar
		p    [lanes]group.Affine
		r    [lanes][32]byte
		n    int
	)
	for i := range items {
		it := &items[i]
		out[i] = false
		var pk bip340.PublicKey
		var sig bip340.Signature
		if parse(&pk, &sig, it.Pub, it.Sig) != nil {
			continue
		}
		bip340.Standard.NegatedChallenge(&e[n], &pk, it.Msg, &sig)
		s[n], p[n], r[n] = sig.S, pk.P, sig.R
		idx[n] = i
		n++
	}
	if n == 0 {
		return
	}
	var R [lanes]group.Jacobian
	var ok [lanes]bool
	ecmult.VarTimeMult1G16(&R, &ok, &e, &p, &s, n)
	// R must not be the identity, and must have an even y and x = r.
	var jac [lanes]group.Jacobian
	var lane [lanes]int
	m := 0
	for j := range n {
		if ok[j] && R[j].IsIdentity() == 0 {
			jac[m], lane[m] = R[j], j
			m++
		}
	}
	var aff [lanes]group.Affine
	var scratch [lanes]field.Element
	if !group.VarTimeBatchSetJacobian(aff[:m], jac[:m], scratch[:m]) {
		panic("schnorr: identity after the identity check")
	}
	for k := range m {
		j := lane[k]
		out[idx[j]] = bip340.IsR(&aff[k], &r[j])
	}
}
