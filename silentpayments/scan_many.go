package silentpayments

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
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
	// outputs) go eight at a time through the lanes for their shared
	// secrets and their first T = t_0·G (scanLanes); each then finishes on
	// Scan's path. The others, and a tail of fewer than lanesMin, take Scan.
	out := make([]ScanResult, len(txs))
	var lanes, single []int // indices of txs
	useLanes := field8.IFMA() && r.check() == nil
	for i := range txs {
		if useLanes && txs[i].Summary.check() == nil && len(txs[i].Outputs) > 0 {
			lanes = append(lanes, i)
		} else {
			single = append(single, i)
		}
	}
	if tail := len(lanes) % field8.Lanes; tail < lanesMin {
		single = append(single, lanes[len(lanes)-tail:]...)
		lanes = lanes[:len(lanes)-tail]
	}
	chunks := (len(lanes) + field8.Lanes - 1) / field8.Lanes
	workers.Run(chunks+len(single), secp256k1.Workers(workers_), func(c int) {
		if c < chunks {
			r.scanLanes(txs, lanes[c*field8.Lanes:min((c+1)*field8.Lanes, len(lanes))], out)
			return
		}
		i := single[c-chunks]
		out[i].Found, out[i].Err = r.Scan(txs[i].Summary, txs[i].Outputs)
	})
	return out
}

// scanLanes sets out[i] to Scan's result for the 1 to 8 transactions txs[i]
// for i in idx, which Scan does not reject: a valid summary and at least one
// output. It computes on the lanes the eight shared secrets
// s·A = input_hash·b_scan·A (ecmult.ScalarMult8), their compressed
// encodings with one constant-time inversion, and T = t_0·G for their
// first tweaks (ecmult.ScalarBaseMult8); lanes beyond len(idx) repeat the
// first transaction. Each transaction then goes through Scan's loop
// (scanSerialized) from k = 0 with that T. Constant time in b_scan and the
// secrets, as Scan: the only branch on them is on an invalid t_0, which
// Scan takes too (probability about 2⁻¹²⁸).
func (r *Receiver) scanLanes(txs []ScanTx, idx []int, out []ScanResult) {
	var bScan scalar.Scalar
	b := r.scan.Bytes()
	bScan.SetCanonicalBytes((*[32]byte)(b)) // canonical: a Scalar's encoding
	clear(b)
	var s [field8.Lanes]scalar.Scalar
	var A [field8.Lanes]group.Jacobian
	for j := range field8.Lanes {
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
	var shared [field8.Lanes]group.Jacobian
	ecmult.ScalarMult8(&shared, &s, &A)
	clear(s[:])

	// The encodings: s·A is not the identity (0 < input_hash, b_scan < n,
	// and A ≠ 𝒪), so the batch inversion is defined.
	var aff [field8.Lanes]group.Affine
	var scratch [field8.Lanes]field.Element
	group.BatchSetJacobian(aff[:], shared[:], scratch[:])
	var ser [field8.Lanes][33]byte
	var t0 [field8.Lanes]scalar.Scalar
	valid := 0 // bit j set where t_0 of lane j is a valid scalar
	for j := range aff {
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
	var T [field8.Lanes]group.Jacobian
	ecmult.ScalarBaseMult8(&T, &t0)
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
