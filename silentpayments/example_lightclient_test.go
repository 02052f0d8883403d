package silentpayments_test

import (
	"bytes"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/silentpayments"
)

// A light client gets 33 bytes of tweak data per eligible transaction from
// an index server, computes the k = 0 candidate outputs for its address and
// labels, and fetches a block only if a candidate's script is in the
// block's compact filter; then it scans the transaction with the tweak.
func Example_lightClient() {
	bobScan, bobSpend := exampleKey("bob scan"), exampleKey("bob spend")
	bob, _ := silentpayments.NewReceiver(bobScan, bobSpend.PublicKey())

	// Alice pays Bob's unlabeled address.
	alice := exampleKey("alice p2wpkh")
	op, _ := silentpayments.ParseOutpoint("f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16", 0)
	outputs, _ := silentpayments.CreateOutputs([]*silentpayments.Address{bob.Address(silentpayments.MainnetHRP)},
		[]silentpayments.Outpoint{op}, []silentpayments.InputKey{{PrivateKey: alice}})

	// The server's side: the summary of the transaction's inputs, and the
	// tweak data (33 bytes) or the whole summary (65 bytes) on the wire.
	summary, _ := silentpayments.NewPrevoutsSummary([]silentpayments.Outpoint{op},
		[]*secp256k1.PublicKey{alice.PublicKey()})
	wire := summary.PublicTweak().BytesCompressed()
	fmt.Println(len(wire), len(summary.Bytes()))

	// The client's side.
	tweak, err := silentpayments.ParsePublicTweak(wire)
	if err != nil {
		panic(err)
	}
	candidates, _ := bob.CandidateOutputs(tweak) // unlabeled, then the change label
	blockFilter := [][]byte{append([]byte{0x51, 0x20}, outputs[0][:]...)}
	for _, c := range candidates {
		for _, script := range blockFilter {
			if bytes.Equal(c.ScriptPubKey(), script) {
				fmt.Println("match, labeled:", c.Labeled)
			}
		}
	}
	found, _ := bob.ScanWithTweak(tweak, outputs)
	fmt.Println("found", len(found), "output(s)")
	// Output:
	// 33 65
	// match, labeled: false
	// found 1 output(s)
}

// A wallet that keeps its labels outside the Receiver (here a map; in
// practice a database keyed by the label points) scans with a lookup.
func ExampleReceiver_ScanWithLabels() {
	scan, spend := exampleKey("bob scan"), exampleKey("bob spend")
	bob, _ := silentpayments.NewReceiver(scan, spend.PublicKey()) // only the change label registered

	labels := map[[33]byte]uint32{}
	for m := uint32(1); m <= 1000; m++ {
		L, _ := silentpayments.LabelPublicKey(scan, m)
		labels[L] = m
	}
	lookup := func(L *[33]byte) (uint32, bool) {
		m, ok := labels[*L]
		return m, ok
	}

	// A payment to label 742.
	B742, _ := silentpayments.LabeledSpendKey(scan, spend.PublicKey(), 742)
	alice := exampleKey("alice p2wpkh")
	op, _ := silentpayments.ParseOutpoint("f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16", 0)
	outputs, _ := silentpayments.CreateOutputs(
		[]*silentpayments.Address{{HRP: silentpayments.MainnetHRP, Scan: scan.PublicKey(), Spend: B742}},
		[]silentpayments.Outpoint{op}, []silentpayments.InputKey{{PrivateKey: alice}})
	summary, _ := silentpayments.NewPrevoutsSummary([]silentpayments.Outpoint{op},
		[]*secp256k1.PublicKey{alice.PublicKey()})

	found, _ := bob.ScanWithLabels(summary, outputs, lookup)
	fmt.Println(len(found), found[0].Labeled, found[0].Label)
	// Output:
	// 1 true 742
}
