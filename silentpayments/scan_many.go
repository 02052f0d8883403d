package silentpayments

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/workers"
)

// ScanTx is one transaction for ScanMany: its PrevoutsSummary and the
// x-only keys of its taproot outputs, the arguments of Scan.
type ScanTx struct {
	Summary *PrevoutsSummary
	Outputs [][32]byte
}

// ScanResult is ScanMany's result for one transaction: what Scan returns.
type ScanResult struct {
	Found []FoundOutput
	Err   error
}

// lanesMin is the least number of transactions that ScanMany takes through
// the lanes together, the rest of the eight lanes computing copies: the
// eight lanes cost about as much as three to four single scans.
const lanesMin = 4

// lanes16Min is the least number of transactions that ScanMany takes
// through the sixteen lanes of two interleaved groups (ecmult.ScalarMult16
// and ecmult.ScalarBaseMult16), the rest computing copies: sixteen lanes
// cost about 1.5 times eight, so nine transactions are cheaper as eight
// lanes and a single scan, and ten as sixteen lanes.
const lanes16Min = 10

// ScanMany scans many transactions, as a wallet or an index scanning a
// block does: out[i] is what Scan(txs[i].Summary, txs[i].Outputs) returns.
// workers is the number of goroutines it may use (see secp256k1.Workers):
// 1 scans every transaction on the calling goroutine, n > 1 on up to n,
// secp256k1.UseGOMAXPROCS on GOMAXPROCS; the results do not depend on it.
// AddLabel and Zero must not run during the call. For the zero Receiver
// every result carries Scan's error. Constant time in b_scan, as Scan.
func (r *Receiver) ScanMany(txs []ScanTx, workers_ int) []ScanResult {
	// On CPUs where internal/field8 runs its IFMA assembly, the
	// transactions that Scan would not reject (a valid summary, some
	// outputs) go sixteen or eight at a time through the lanes for their
	// shared secrets and their first T = t_0·G (scanLanes); each then
	// finishes on Scan's path. The others, and a tail of fewer than
	// lanesMin, take Scan.
	out := make([]ScanResult, len(txs))
	var lanes, single []int // indices of txs
	useLanes := ecmult.UseLanes() && r.check() == nil
	for i := range txs {
		if useLanes && txs[i].Summary.check() == nil && len(txs[i].Outputs) > 0 {
			lanes = append(lanes, i)
		} else {
			single = append(single, i)
		}
	}
	var chunks [][]int // up to sixteen indices each
	for len(lanes) >= lanesMin {
		n := min(len(lanes), ecmult.Lanes)
		if len(lanes) >= lanes16Min {
			n = min(len(lanes), ecmult.Lanes2)
		}
		chunks = append(chunks, lanes[:n])
		lanes = lanes[n:]
	}
	single = append(single, lanes...)
	workers.Run(len(chunks)+len(single), secp256k1.Workers(workers_), func(c int) {
		if c < len(chunks) {
			r.scanLanes(txs, chunks[c], out)
			return
		}
		i := single[c-len(chunks)]
		out[i].Found, out[i].Err = r.Scan(txs[i].Summary, txs[i].Outputs)
	})
	return out
}

// scanLanes sets out[i] to Scan's result for the 1 to 16 transactions
// txs[i] for i in idx, which Scan does not reject: a valid summary and at
// least one output. It computes on the lanes (eight, or sixteen for more
// than eight transactions) the shared secrets
// s·A = input_hash·b_scan·A (ecmult.ScalarMult8 or ScalarMult16), their
// compressed encodings with one constant-time inversion, and T = t_0·G for
// their first tweaks (ecmult.ScalarBaseMult8 or ScalarBaseMult16); lanes
// beyond len(idx) repeat the first transaction. Each transaction then goes
// through Scan's loop (scanSerialized) from k = 0 with that T. Constant
// time in b_scan and the secrets, as Scan: the only branch on them is on
// an invalid t_0, which Scan takes too (probability about 2⁻¹²⁸).
func (r *Receiver) scanLanes(txs []ScanTx, idx []int, out []ScanResult) {
	const lanes = ecmult.Lanes
	n := lanes
	if len(idx) > lanes {
		n = ecmult.Lanes2
	}
	bScan := door.Scalar(&r.scan)
	var s [ecmult.Lanes2]scalar.Scalar
	var A [ecmult.Lanes2]group.Jacobian
	for j := range n {
		sum := txs[idx[0]].Summary
		if j < len(idx) {
			sum = txs[idx[j]].Summary
		}
		h := sum.InputHash()
		s[j].SetCanonicalBytes(&h) // canonical: inputHash is a Scalar
		s[j].Multiply(&s[j], &bScan)
		a := publicKeyAffine(sum.sum)
		A[j].SetAffine(&a)
	}
	bScan = scalar.Scalar{}
	var shared [ecmult.Lanes2]group.Jacobian
	if n == ecmult.Lanes2 {
		ecmult.ScalarMult16(&shared, &s, &A)
	} else {
		ecmult.ScalarMult8((*[lanes]group.Jacobian)(shared[:lanes]), (*[lanes]scalar.Scalar)(s[:lanes]), (*[lanes]group.Jacobian)(A[:lanes]))
	}
	clear(s[:])

	// The encodings: s·A is not the identity (0 < input_hash, b_scan < n,
	// and A ≠ 𝒪), so the batch inversion is defined.
	var aff [ecmult.Lanes2]group.Affine
	var scratch [ecmult.Lanes2]field.Element
	group.BatchSetJacobian(aff[:n], shared[:n], scratch[:n])
	var ser [ecmult.Lanes2][33]byte
	var t0 [ecmult.Lanes2]scalar.Scalar
	valid := 0 // bit j set where t_0 of lane j is a valid scalar
	for j := range n {
		ser[j][0] = 2 | byte(aff[j].Y.IsOdd())
		aff[j].X.PutBytes((*[32]byte)(ser[j][1:]))
		t := hashSharedSecret(&ser[j], 0)
		if _, err := t0[j].SetCanonicalBytes(&t); err == nil && t0[j].IsZero() == 0 {
			valid |= 1 << j
		} else {
			t0[j].SetUint64(1) // any k will do: the lane's T is not used
		}
		clear(t[:])
	}
	clear(aff[:])
	clear(shared[:])
	clear(scratch[:])
	var T [ecmult.Lanes2]group.Jacobian
	if n == ecmult.Lanes2 {
		ecmult.ScalarBaseMult16(&T, &t0)
	} else {
		ecmult.ScalarBaseMult8((*[lanes]group.Jacobian)(T[:lanes]), (*[lanes]scalar.Scalar)(t0[:lanes]))
	}
	clear(t0[:])

	for j, i := range idx {
		var T0 *group.Jacobian
		if valid>>j&1 == 1 {
			T0 = &T[j]
		} // otherwise the loop fails on t_0 as Scan does
		out[i].Found, out[i].Err = r.scanSerialized(&ser[j], txs[i].Outputs, nil, T0)
	}
	clear(T[:])
	clear(ser[:])
}
