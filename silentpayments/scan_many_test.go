package silentpayments

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// forEachBackend runs f once per internal/field8 backend this machine can
// execute: ScanMany takes the lanes only where field8 runs IFMA, and the
// single path elsewhere.
func forEachBackend(t *testing.T, f func(t *testing.T)) {
	for _, be := range field8.Backends() {
		t.Run("backend="+be, func(t *testing.T) {
			defer field8.SetBackend(be)()
			f(t)
		})
	}
}

// scanEach returns Scan's result for every transaction, the reference of
// ScanMany.
func scanEach(r *Receiver, txs []ScanTx) []ScanResult {
	want := make([]ScanResult, len(txs))
	for i, tx := range txs {
		want[i].Found, want[i].Err = r.Scan(tx.Summary, tx.Outputs)
	}
	return want
}

// checkScanMany checks ScanMany against Scan, transaction by transaction,
// with 1 and 2 workers and GOMAXPROCS, and scanLanes itself (whichever
// backend runs) on the transactions that ScanMany would give it, in runs of
// up to eight (eight lanes), twelve and sixteen (sixteen lanes, some
// computing copies where a run has fewer than sixteen).
func checkScanMany(t *testing.T, r *Receiver, txs []ScanTx, want []ScanResult) {
	t.Helper()
	for _, w := range []int{1, 2, secp256k1.UseGOMAXPROCS} {
		if got := r.ScanMany(txs, w); !reflect.DeepEqual(got, want) {
			for i := range got {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("workers %d: transaction %d of %d: ScanMany gives %+v, Scan %+v", w, i, len(txs), got[i], want[i])
				}
			}
		}
	}
	var idx []int
	for i, tx := range txs {
		if tx.Summary.check() == nil && len(tx.Outputs) > 0 {
			idx = append(idx, i)
		}
	}
	for _, run := range []int{field8.Lanes, 12, 16} {
		for rest := idx; len(rest) > 0; {
			n := min(len(rest), run)
			got := make([]ScanResult, len(txs))
			r.scanLanes(txs, rest[:n], got)
			for _, i := range rest[:n] {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("scanLanes of %d: transaction %d gives %+v, Scan %+v", n, i, got[i], want[i])
				}
			}
			rest = rest[n:]
		}
	}
}

// TestScanMany checks that ScanMany gives, transaction by transaction,
// what Scan gives, on both field8 backends: for transactions paying the
// receiver (plain, labelled and change outputs) mixed with random outputs,
// transactions paying no one, Scan's rejections (a nil and a zero summary,
// no outputs), and counts around multiples of eight and sixteen. Scan
// itself must find every payment.
func TestScanMany(t *testing.T) {
	rng := testref.PCG(t)
	r, _, _ := newTestReceiver(t, rng)
	if _, err := r.AddLabel(7); err != nil {
		t.Fatal(err)
	}
	addrs := []*Address{r.Address(MainnetHRP), r.ChangeAddress(MainnetHRP)}
	if a, err := r.LabeledAddress(MainnetHRP, 7); err == nil {
		addrs = append(addrs, a)
	} else {
		t.Fatal(err)
	}
	txs, payments := randomScanTxs(t, rng, addrs, 40)
	txs[5].Summary = nil
	txs[17].Summary = &PrevoutsSummary{}
	txs[23].Outputs = nil
	want := scanEach(r, txs)
	found := 0
	for i := range want {
		found += len(want[i].Found)
	}
	if found != payments {
		t.Fatalf("Scan found %d of the %d payments", found, payments)
	}
	for _, i := range []int{5, 17} {
		if !errors.Is(want[i].Err, secp256k1.ErrUninitialized) {
			t.Fatalf("transaction %d (no summary): %v", i, want[i].Err)
		}
	}
	forEachBackend(t, func(t *testing.T) {
		for _, n := range []int{0, 1, 3, 4, 7, 8, 9, 10, 12, 15, 16, 17, 21, 26, 33, 40} {
			checkScanMany(t, r, txs[:n], want[:n])
			checkScanMany(t, r, txs[40-n:], want[40-n:])
		}
	})
}

// TestScanManyZeroReceiver checks that the zero Receiver gives Scan's
// error for every transaction.
func TestScanManyZeroReceiver(t *testing.T) {
	rng := testref.PCG(t)
	r, _, _ := newTestReceiver(t, rng)
	txs, _ := randomScanTxs(t, rng, []*Address{r.Address(MainnetHRP)}, 9)
	var zero Receiver
	forEachBackend(t, func(t *testing.T) {
		for i, res := range zero.ScanMany(txs, 1) {
			if !errors.Is(res.Err, secp256k1.ErrUninitialized) || res.Found != nil {
				t.Fatalf("transaction %d: %+v", i, res)
			}
		}
	})
}

// randomScanTxs returns n transactions of one random input each: two of
// three pay 1 to 3 of addrs, and all have 1 to 3 random outputs. It
// returns the number of payments.
func randomScanTxs(t *testing.T, rng *rand.Rand, addrs []*Address, n int) ([]ScanTx, int) {
	t.Helper()
	txs := make([]ScanTx, n)
	payments := 0
	for i := range txs {
		in := testkey.Random(t, rng)
		var op Outpoint
		fill(rng.Uint64, op.TxID[:])
		var outputs [][32]byte
		if i%3 != 2 {
			recips := make([]*Address, 1+int(rng.Uint32()%3))
			for j := range recips {
				recips[j] = addrs[rng.Uint32()%uint32(len(addrs))]
			}
			outs, err := CreateOutputs(recips, []Outpoint{op}, []InputKey{{PrivateKey: in}})
			if err != nil {
				t.Fatal(err)
			}
			outputs = append(outputs, outs...)
			payments += len(outs)
		}
		for range 1 + int(rng.Uint32()%3) {
			var o [32]byte
			fill(rng.Uint64, o[:])
			outputs = append(outputs, o)
		}
		sum, err := NewPrevoutsSummary([]Outpoint{op}, []*secp256k1.PublicKey{in.PublicKey()})
		if err != nil {
			t.Fatal(err)
		}
		txs[i] = ScanTx{Summary: sum, Outputs: outputs}
	}
	return txs, payments
}

// TestScanManyVectors replicates each BIP-352 receiving vector into eleven
// transactions (outputs rotated in some, to move the matches), with the
// vector's labels, and checks ScanMany against Scan and the vector's
// expected outputs and tweaks, on both field8 backends.
func TestScanManyVectors(t *testing.T) {
	for ci, c := range loadVectors(t) {
		for ri, v := range c.Receiving {
			t.Run(fmt.Sprintf("%02d/%d/%s", ci, ri, c.Comment), func(t *testing.T) {
				if testing.Short() && len(v.Given.Outputs) > 100 {
					t.Skip("a K_max-sized transaction")
				}
				rcv, _ := vectorReceiver(t, v)
				for _, m := range v.Given.Labels {
					if _, err := rcv.AddLabel(m); err != nil {
						t.Fatal(err)
					}
				}
				summary, err := SummarizeTransaction(vectorInputs(t, v.Given.Vin))
				if err != nil {
					summary = nil // a skipped transaction: Scan's error
				}
				outputs := parseOutputs(t, v.Given.Outputs)
				txs := make([]ScanTx, 11)
				for i := range txs {
					o := slices.Clone(outputs)
					if len(o) > 0 && i%2 == 1 {
						o = append(o[i%len(o):], o[:i%len(o)]...)
					}
					txs[i] = ScanTx{Summary: summary, Outputs: o}
				}
				want := scanEach(rcv, txs)
				if summary != nil && v.Expected.NOutputs == nil {
					for i := range want {
						checkVectorFound(t, want[i].Found, v)
					}
				}
				forEachBackend(t, func(t *testing.T) {
					checkScanMany(t, rcv, txs, want)
				})
			})
		}
	}
}

// checkVectorFound checks found against the vector's expected outputs:
// the same x-only keys with the same tweaks.
func checkVectorFound(t *testing.T, found []FoundOutput, v vectorReceiving) {
	t.Helper()
	var got, exp []string
	for _, f := range found {
		got = append(got, hex.EncodeToString(f.PublicKey[:])+" "+hex.EncodeToString(f.Tweak[:]))
	}
	for _, o := range v.Expected.Outputs {
		exp = append(exp, o.PubKey+" "+o.PrivKeyTweak)
	}
	slices.Sort(got)
	slices.Sort(exp)
	if !slices.Equal(got, exp) {
		t.Fatalf("found %v, want %v", got, exp)
	}
}

// fill fills b from next.
func fill(next func() uint64, b []byte) {
	for i := range b {
		b[i] = byte(next())
	}
}
