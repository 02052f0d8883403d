package silentpayments_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/schnorr"
	"github.com/kestrel-crypto/secp256k1/silentpayments"
)

// exampleKey derives a fixed key for the example (real wallets use BIP-32
// paths m/352'/coin'/account'/1'/0 for scan and …/0'/0 for spend).
func exampleKey(name string) *secp256k1.PrivateKey {
	h := sha256.Sum256([]byte(name))
	k, err := secp256k1.NewPrivateKey(h[:])
	if err != nil {
		panic(err)
	}
	return k
}

func Example() {
	// Bob publishes a silent payment address and a labeled one.
	bobScan, bobSpend := exampleKey("bob scan"), exampleKey("bob spend")
	bob, err := silentpayments.NewReceiver(bobScan, bobSpend.PublicKey())
	if err != nil {
		panic(err)
	}
	plain := bob.Address(silentpayments.MainnetHRP).String()
	donations, err := bob.LabeledAddress(silentpayments.MainnetHRP, 1)
	if err != nil {
		panic(err)
	}

	// Alice pays both from a transaction with two inputs she owns: a P2WPKH
	// and a P2TR (key-path) one.
	var recipients []*silentpayments.Address
	for _, s := range []string{plain, donations.String()} {
		a, err := silentpayments.ParseAddress(s)
		if err != nil {
			panic(err)
		}
		recipients = append(recipients, a)
	}
	op1, _ := silentpayments.ParseOutpoint("f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16", 0)
	op2, _ := silentpayments.ParseOutpoint("a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d", 1)
	wpkh, tr := exampleKey("alice p2wpkh"), exampleKey("alice p2tr")
	outputs, err := silentpayments.CreateOutputs(recipients,
		[]silentpayments.Outpoint{op1, op2},
		[]silentpayments.InputKey{{PrivateKey: wpkh}, {PrivateKey: tr, Taproot: true}})
	if err != nil {
		panic(err)
	}

	// The transaction's taproot outputs: Alice's change first, then Bob's two.
	change := exampleKey("alice change").PublicKey().BytesCompressed()[1:]
	txOutputs := [][32]byte{[32]byte(change), outputs[0], outputs[1]}

	// Bob's full node reads the input keys (InputPublicKey applies the
	// script rules; the P2TR input contributes its x-only output key), and
	// scans.
	trKey, _ := schnorr.ParsePublicKey(tr.PublicKey().BytesCompressed()[1:])
	summary, err := silentpayments.NewPrevoutsSummary(
		[]silentpayments.Outpoint{op1, op2},
		[]*secp256k1.PublicKey{wpkh.PublicKey(), trKey})
	if err != nil {
		panic(err)
	}
	found, err := bob.Scan(summary, txOutputs)
	if err != nil {
		panic(err)
	}
	for _, f := range found {
		// Bob's offline signer spends with d = b_spend + tweak.
		d, _ := f.PrivateKey(bobSpend)
		msg := sha256.Sum256([]byte("spend"))
		sig, _ := schnorr.Sign(d, msg[:], nil)
		pub, _ := schnorr.ParsePublicKey(f.PublicKey[:])
		fmt.Printf("output %d: k=%d labeled=%v label=%d spendable=%v\n",
			f.Index, f.K, f.Labeled, f.Label, schnorr.Verify(pub, msg[:], sig))
	}

	// A light client gets the 33-byte tweak input_hash·A from a server
	// instead of the inputs, and finds the same outputs.
	tweak := summary.PublicTweak().BytesCompressed()
	t, _ := secp256k1.ParsePublicKey(tweak)
	light, _ := bob.ScanWithTweak(t, txOutputs)
	fmt.Println("light client found", len(light))
	// Output:
	// output 1: k=0 labeled=false label=0 spendable=true
	// output 2: k=1 labeled=true label=1 spendable=true
	// light client found 2
}
