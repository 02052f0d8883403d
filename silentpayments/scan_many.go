package silentpayments

import (
	"github.com/kestrel-crypto/secp256k1"
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

// ScanMany scans many transactions, as a wallet or an index scanning a
// block does: out[i] is what Scan(txs[i].Summary, txs[i].Outputs) returns.
// workers is the number of goroutines it may use (see secp256k1.Workers):
// 1 scans every transaction on the calling goroutine, n > 1 on up to n,
// secp256k1.UseGOMAXPROCS on GOMAXPROCS; the results do not depend on it.
// AddLabel and Zero must not run during the call. For the zero Receiver
// every result carries Scan's error. Constant time in b_scan, as Scan.
func (r *Receiver) ScanMany(txs []ScanTx, workers_ int) []ScanResult {
	out := make([]ScanResult, len(txs))
	workers.Run(len(txs), secp256k1.Workers(workers_), func(i int) {
		out[i].Found, out[i].Err = r.Scan(txs[i].Summary, txs[i].Outputs)
	})
	return out
}
