package silentpayments

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
)

// Benchmarks named after libsecp256k1's silentpayments bench rows.
//
// silentpayments_scan_nomatch_N scans a transaction with N taproot outputs,
// none of them ours, the way libsecp256k1's row does: the prevouts summary
// (A and input_hash) is built once from the input public keys and the scan
// computes input_hash·b_scan·A (the full-node path). The _tweak_ rows give
// the scan the published tweak input_hash·A instead (the light-client
// path), and the _fromkeys_ rows include building the summary from two
// input keys and their outpoints in every iteration. Each receiver scans
// for the change label, as NewReceiver sets it up.
//
// silentpayments_scan_worstcase_K scans a transaction whose K outputs all
// pay us with k = 0…K−1 (K = 2323 is KMax).

// benchKey returns a deterministic private key.
func benchKey(b testing.TB, seed string, i int) *secp256k1.PrivateKey {
	var buf [8]byte
	binary.BigEndian.PutUint64(buf[:], uint64(i))
	h := sha256.Sum256(append([]byte(seed), buf[:]...))
	k, err := secp256k1.NewPrivateKey(h[:])
	if err != nil {
		b.Fatal(err)
	}
	return k
}

type benchTx struct {
	outpoints []Outpoint
	inputs    []InputKey
	pubs      []*secp256k1.PublicKey
}

func newBenchTx(b testing.TB) *benchTx {
	tx := new(benchTx)
	for i := range 2 {
		var op Outpoint
		op.TxID = sha256.Sum256([]byte{byte(i)})
		k := benchKey(b, "input", i)
		tx.outpoints = append(tx.outpoints, op)
		tx.inputs = append(tx.inputs, InputKey{PrivateKey: k})
		tx.pubs = append(tx.pubs, k.PublicKey())
	}
	return tx
}

func newBenchReceiver(b testing.TB) (*Receiver, *secp256k1.PrivateKey) {
	spend := benchKey(b, "spend", 0)
	r, err := NewReceiver(benchKey(b, "scan", 0), spend.PublicKey())
	if err != nil {
		b.Fatal(err)
	}
	return r, spend
}

// randomOutputs returns n x-only keys of random points (not ours).
func randomOutputs(b testing.TB, n int) [][32]byte {
	out := make([][32]byte, n)
	for i := range out {
		out[i] = [32]byte(benchKey(b, "output", i).PublicKey().BytesCompressed()[1:])
	}
	return out
}

func BenchmarkScanNoMatch(b *testing.B) {
	tx := newBenchTx(b)
	r, _ := newBenchReceiver(b)
	summary, err := NewPrevoutsSummary(tx.outpoints, tx.pubs)
	if err != nil {
		b.Fatal(err)
	}
	tweak := summary.PublicTweak()
	for _, n := range []int{2, 5, 10, 100, 1000} {
		outputs := randomOutputs(b, n)
		check := func(found []FoundOutput, err error) {
			if err != nil || len(found) != 0 {
				b.Fatal("unexpected match", err)
			}
		}
		b.Run(fmt.Sprintf("silentpayments_scan_nomatch_%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				check(r.Scan(summary, outputs))
			}
		})
		b.Run(fmt.Sprintf("silentpayments_scan_nomatch_tweak_%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				check(r.ScanWithTweak(tweak, outputs))
			}
		})
		b.Run(fmt.Sprintf("silentpayments_scan_nomatch_fromkeys_%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, err := NewPrevoutsSummary(tx.outpoints, tx.pubs)
				if err != nil {
					b.Fatal(err)
				}
				check(r.Scan(s, outputs))
			}
		})
	}
}

func BenchmarkScanWorstCase(b *testing.B) {
	tx := newBenchTx(b)
	r, _ := newBenchReceiver(b)
	summary, err := NewPrevoutsSummary(tx.outpoints, tx.pubs)
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []int{1, 10, 100, KMax} {
		recipients := make([]*Address, k)
		for i := range recipients {
			recipients[i] = r.Address(MainnetHRP)
		}
		outputs, err := CreateOutputs(recipients, tx.outpoints, tx.inputs)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("silentpayments_scan_worstcase_%d", k), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				found, err := r.Scan(summary, outputs)
				if err != nil || len(found) != k {
					b.Fatal("missed outputs", err)
				}
			}
		})
	}
}

// BenchmarkScanManyLabels scans 10 outputs, none ours, with 1000 labels
// registered: the subtraction method (one square root per output, then two
// batched affine sums per output) instead of 1000 label additions.
func BenchmarkScanManyLabels(b *testing.B) {
	tx := newBenchTx(b)
	r, _ := newBenchReceiver(b)
	for m := uint32(1); m <= 1000; m++ {
		if _, err := r.AddLabel(m); err != nil {
			b.Fatal(err)
		}
	}
	summary, err := NewPrevoutsSummary(tx.outpoints, tx.pubs)
	if err != nil {
		b.Fatal(err)
	}
	outputs := randomOutputs(b, 10)
	b.Run("silentpayments_scan_nomatch_labels1000_10", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if found, err := r.Scan(summary, outputs); err != nil || len(found) != 0 {
				b.Fatal("unexpected match")
			}
		}
	})
}

func BenchmarkCreateOutputs(b *testing.B) {
	tx := newBenchTx(b)
	r, _ := newBenchReceiver(b)
	recipients := []*Address{r.Address(MainnetHRP)}
	b.Run("silentpayments_create_outputs_1", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := CreateOutputs(recipients, tx.outpoints, tx.inputs); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkPublicTweak(b *testing.B) {
	tx := newBenchTx(b)
	b.ReportAllocs()
	for b.Loop() {
		s, err := NewPrevoutsSummary(tx.outpoints, tx.pubs)
		if err != nil {
			b.Fatal(err)
		}
		s.PublicTweak()
	}
}

// BenchmarkScanMethods times the label-matching methods, forced, over
// numbers of labels M and outputs N (none of them ours): the data behind
// the cost constants in scan.go.
func BenchmarkScanMethods(b *testing.B) {
	tx := newBenchTx(b)
	r, _ := newBenchReceiver(b)
	summary, err := NewPrevoutsSummary(tx.outpoints, tx.pubs)
	if err != nil {
		b.Fatal(err)
	}
	tweak := summary.PublicTweak()
	methods := map[int]string{methodAddition: "addition", methodSubtraction: "subtraction", methodProjective: "projective"}
	for _, M := range []int{1, 10, 100, 1000} {
		for r.NumLabels() < M {
			if _, err := r.AddLabel(uint32(r.NumLabels())); err != nil {
				b.Fatal(err)
			}
		}
		for _, n := range []int{2, 10, 100} {
			outputs := randomOutputs(b, n)
			for _, m := range []int{methodAddition, methodSubtraction, methodProjective} {
				b.Run(fmt.Sprintf("M=%d/N=%d/%s", M, n, methods[m]), func(b *testing.B) {
					r.method = m
					defer func() { r.method = methodAuto }()
					b.ReportAllocs()
					for b.Loop() {
						if found, err := r.ScanWithTweak(tweak, outputs); err != nil || len(found) != 0 {
							b.Fatal("unexpected match", err)
						}
					}
				})
			}
		}
	}
}

// BenchmarkCandidateOutputs times the light client's k = 0 candidates per
// tweak (the change label registered: two candidates), over distinct
// tweaks.
func BenchmarkCandidateOutputs(b *testing.B) {
	r, _ := newBenchReceiver(b)
	tweaks := make([]*secp256k1.PublicKey, 64)
	for i := range tweaks {
		var s secp256k1.Scalar
		s.SetUint64(uint64(i) + 12345)
		tweaks[i], _ = secp256k1.NewPublicKey(new(secp256k1.Point).ScalarBaseMult(&s))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := r.CandidateOutputs(tweaks[i%len(tweaks)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkScanMany compares ScanMany on one goroutine (mode=many: the
// lanes where field8 runs IFMA) with a loop of Scan (mode=scan) over 100
// transactions of one input each, per transaction (ns/tx): workload=nomatch
// is the silentpayments_scan_many row of cmd/secp256k1 (two outputs that
// pay no one), workload=match has one output paying the receiver (k = 0
// matches, k = 1 is computed on the single path) and one that does not.
func BenchmarkScanMany(b *testing.B) {
	r, _ := newBenchReceiver(b)
	const n = 100
	for _, workload := range []string{"nomatch", "match"} {
		txs := make([]ScanTx, n)
		for i := range txs {
			in := benchKey(b, "scan many input", i)
			var op Outpoint
			op.TxID = sha256.Sum256(fmt.Appendf(nil, "scan many outpoint %d", i))
			outputs := [][32]byte{sha256.Sum256(fmt.Appendf(nil, "scan many output a %d", i))}
			if workload == "match" {
				out, err := CreateOutputs([]*Address{r.Address(MainnetHRP)}, []Outpoint{op}, []InputKey{{PrivateKey: in}})
				if err != nil {
					b.Fatal(err)
				}
				outputs = append(outputs, out...)
			} else {
				outputs = append(outputs, sha256.Sum256(fmt.Appendf(nil, "scan many output b %d", i)))
			}
			sum, err := NewPrevoutsSummary([]Outpoint{op}, []*secp256k1.PublicKey{in.PublicKey()})
			if err != nil {
				b.Fatal(err)
			}
			txs[i] = ScanTx{Summary: sum, Outputs: outputs}
		}
		want := 0
		if workload == "match" {
			want = 1
		}
		check := func(found []FoundOutput, err error) {
			if err != nil || len(found) != want {
				b.Fatal("unexpected result", err)
			}
		}
		b.Run("workload="+workload+"/mode=scan", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, tx := range txs {
					check(r.Scan(tx.Summary, tx.Outputs))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/tx")
		})
		b.Run("workload="+workload+"/mode=many", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, res := range r.ScanMany(txs, 1) {
					check(res.Found, res.Err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/tx")
		})
	}
}
