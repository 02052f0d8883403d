package main

import (
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/dleq"
	"github.com/kestrel-crypto/secp256k1/silentpayments"
)

// spRows are the rows of the main group for BIP-374 DLEQ proofs and the
// silent-payment light client. dleq_prove is Prove with its BIP-mandated
// self-verification; dleq_verify compares with ecdsa_verify (the target is
// at most 1.2 of it). silentpayments_light_tweak is
// Receiver.CandidateOutputs for a wallet with the change label (two
// candidates per tweak) over 10000 distinct tweaks: its time is per tweak.
// silentpayments_scan_many is Receiver.ScanMany on one goroutine over
// scanTxs transactions of one input and two outputs that do not pay the
// receiver (the common case for a scanning wallet), per transaction. The
// silentpayments_scan_nomatch_N and _worstcase_K rows follow (spScanRows).
func spRows() []benchRow {
	key := func(s string) *secp256k1.PrivateKey {
		h := sha256.Sum256([]byte(s))
		k, err := secp256k1.NewPrivateKey(h[:])
		if err != nil {
			panic(err)
		}
		return k
	}
	a, B := key("bench dleq a"), key("bench dleq B").PublicKey()
	aux := sha256.Sum256([]byte("bench dleq aux"))
	C, proof, err := dleq.Prove(a, B, aux[:], nil)
	if err != nil {
		panic(err)
	}
	A := a.PublicKey()
	recv, err := silentpayments.NewReceiver(key("bench sp scan"), key("bench sp spend").PublicKey())
	if err != nil {
		panic(err)
	}
	const nTweaks = 10000
	var tweaks []*secp256k1.PublicKey
	var once sync.Once
	makeTweaks := func() {
		var s secp256k1.Scalar
		s.SetUint64(1)
		step := key("bench sp tweak step").Scalar()
		for range nTweaks {
			s.Add(&s, step)
			t, _ := secp256k1.NewPublicKey(new(secp256k1.Point).ScalarBaseMult(&s))
			tweaks = append(tweaks, t)
		}
	}
	rows := []benchRow{
		{name: "dleq_prove", iters: 5000, run: func(n int) {
			for range n {
				if _, _, err := dleq.Prove(a, B, aux[:], nil); err != nil {
					panic(err)
				}
			}
		}},
		{name: "dleq_verify", iters: 10000, run: func(n int) {
			for range n {
				if err := dleq.Verify(A, B, C, proof, nil); err != nil {
					panic(err)
				}
			}
		}},
		{name: "silentpayments_scan_many", iters: 2000 / scanTxs, per: scanTxs, run: func(n int) {
			txs := scanManyTxs(key)
			for range n {
				for _, r := range recv.ScanMany(txs, 1) {
					if r.Err != nil || len(r.Found) != 0 {
						panic("silentpayments_scan_many: unexpected result")
					}
				}
			}
		}},
		{name: "silentpayments_light_tweak", iters: nTweaks, run: func(n int) {
			once.Do(makeTweaks)
			for i := range n {
				if _, err := recv.CandidateOutputs(tweaks[i%nTweaks]); err != nil {
					panic(err)
				}
			}
		}},
	}
	return append(rows, spScanRows(key, recv)...)
}

// spScanRows are the workloads of libsecp256k1's silent-payments bench rows,
// with their names: a receiver with the change label scans one transaction
// of two inputs, whose prevouts summary is built once (the full-node path).
// silentpayments_scan_nomatch_N has N taproot outputs, none of them the
// receiver's; silentpayments_scan_worstcase_K has K outputs that all pay
// it, with k = 0…K−1 (K = 2323 is KMax, the most a transaction may pay one
// receiver). Times are per scan, by spRows' receiver. The inputs are built
// on a row's first run.
func spScanRows(key func(string) *secp256k1.PrivateKey, recv *silentpayments.Receiver) []benchRow {
	var outpoints []silentpayments.Outpoint
	var inputs []silentpayments.InputKey
	var pubs []*secp256k1.PublicKey
	for i := range 2 {
		var op silentpayments.Outpoint
		op.TxID = sha256.Sum256([]byte(fmt.Sprint("bench sp outpoint ", i)))
		k := key(fmt.Sprint("bench sp input ", i))
		outpoints = append(outpoints, op)
		inputs = append(inputs, silentpayments.InputKey{PrivateKey: k})
		pubs = append(pubs, k.PublicKey())
	}
	summary, err := silentpayments.NewPrevoutsSummary(outpoints, pubs)
	if err != nil {
		panic(err)
	}
	scanRow := func(name string, iters, want int, outputs func() [][32]byte) benchRow {
		var out [][32]byte
		var once sync.Once
		return benchRow{name: name, iters: iters, run: func(n int) {
			once.Do(func() { out = outputs() })
			for range n {
				found, err := recv.Scan(summary, out)
				if err != nil || len(found) != want {
					panic(name + ": unexpected result")
				}
			}
		}}
	}
	var rows []benchRow
	for _, c := range []struct{ n, iters int }{{2, 2000}, {5, 2000}, {10, 1000}, {100, 200}, {1000, 20}} {
		rows = append(rows, scanRow(fmt.Sprint("silentpayments_scan_nomatch_", c.n), c.iters, 0, func() [][32]byte {
			out := make([][32]byte, c.n)
			for i := range out {
				out[i] = [32]byte(key(fmt.Sprint("bench sp output ", i)).PublicKey().BytesCompressed()[1:])
			}
			return out
		}))
	}
	for _, c := range []struct{ k, iters int }{{1, 2000}, {10, 200}, {100, 20}, {silentpayments.KMax, 2}} {
		rows = append(rows, scanRow(fmt.Sprint("silentpayments_scan_worstcase_", c.k), c.iters, c.k, func() [][32]byte {
			recipients := make([]*silentpayments.Address, c.k)
			for i := range recipients {
				recipients[i] = recv.Address(silentpayments.MainnetHRP)
			}
			out, err := silentpayments.CreateOutputs(recipients, outpoints, inputs)
			if err != nil {
				panic(err)
			}
			return out
		}))
	}
	return rows
}

// scanTxs is the number of transactions of the silentpayments_scan_many row.
const scanTxs = 100

// scanManyTxs returns scanTxs transactions of one input each and two
// outputs that pay no one.
func scanManyTxs(key func(string) *secp256k1.PrivateKey) []silentpayments.ScanTx {
	txs := make([]silentpayments.ScanTx, scanTxs)
	for i := range txs {
		in := key(fmt.Sprint("bench sp scan many input ", i))
		var op silentpayments.Outpoint
		op.TxID = sha256.Sum256([]byte(fmt.Sprint("bench sp scan many outpoint ", i)))
		sum, err := silentpayments.NewPrevoutsSummary([]silentpayments.Outpoint{op}, []*secp256k1.PublicKey{in.PublicKey()})
		if err != nil {
			panic(err)
		}
		o1 := sha256.Sum256([]byte(fmt.Sprint("bench sp scan many output a ", i)))
		o2 := sha256.Sum256([]byte(fmt.Sprint("bench sp scan many output b ", i)))
		txs[i] = silentpayments.ScanTx{Summary: sum, Outputs: [][32]byte{o1, o2}}
	}
	return txs
}
