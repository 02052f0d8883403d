package silentpayments

import (
	"errors"
	"reflect"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestScanMany checks that ScanMany gives, transaction by transaction,
// what Scan gives: for transactions paying the receiver (plain, labelled
// and change outputs) mixed with random outputs, transactions paying no
// one, and a nil summary (Scan's error), for several worker counts.
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
	txs := make([]ScanTx, 40)
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
	txs[5].Summary = nil
	want := make([]ScanResult, len(txs))
	found := 0
	for i, tx := range txs {
		want[i].Found, want[i].Err = r.Scan(tx.Summary, tx.Outputs)
		found += len(want[i].Found)
	}
	if found != payments {
		t.Fatalf("Scan found %d of the %d payments", found, payments)
	}
	if !errors.Is(want[5].Err, secp256k1.ErrUninitialized) {
		t.Fatalf("nil summary: %v", want[5].Err)
	}
	for _, w := range []int{1, 2, 3, secp256k1.UseGOMAXPROCS, 0} {
		if got := r.ScanMany(txs, w); !reflect.DeepEqual(got, want) {
			t.Fatalf("workers %d: ScanMany differs from Scan", w)
		}
	}
}

// fill fills b from next.
func fill(next func() uint64, b []byte) {
	for i := range b {
		b[i] = byte(next())
	}
}
