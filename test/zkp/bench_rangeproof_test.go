package zkp

import (
	"os"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/ct/rangeproof"
)

// benchRP is a proof for the side-by-side benchmarks: zkp's
// bench_rangeproof setup (blind 1 … 32, value 0, the commitment's first 32
// bytes as the nonce, generator H) with minBits bits, or a 64-bit value
// with a message for the 64-bit rows.
type benchRP struct {
	value, nonce, blind []byte
	v                   uint64
	minBits             int
	commit              *ct.Commitment
	commitB, genB       []byte
	proof               []byte
}

func newBenchRP(b testing.TB, v uint64, minBits int) *benchRP {
	r := &benchRP{v: v, minBits: minBits, blind: make([]byte, 32)}
	for i := range r.blind {
		r.blind[i] = byte(i + 1)
	}
	var err error
	r.commit, err = ct.Commit(r.blind, v, ct.GeneratorH())
	if err != nil {
		b.Fatal(err)
	}
	r.commitB, r.genB = r.commit.Bytes(), ct.GeneratorH().Bytes()
	r.nonce = r.commitB[:32]
	r.proof, err = rangeproof.Sign(v, 0, 0, minBits, r.nonce, nil, nil, r.commit, r.blind, ct.GeneratorH())
	if err != nil {
		b.Fatal(err)
	}
	return r
}

func (r *benchRP) verify(b *testing.B) {
	b.Run("impl=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := rangeproof.Verify(r.proof, r.commit, nil, ct.GeneratorH()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=zkp", func(b *testing.B) {
		for b.Loop() {
			if !RangeproofVerifyN(1, r.proof, r.commitB, nil, r.genB) {
				b.Fatal("zkp rejects")
			}
		}
	})
}

// BenchmarkRangeproofVerifyBit is zkp's rangeproof_verify_bit: a 32-bit
// proof of 0; the row divides by 32.
func BenchmarkRangeproofVerifyBit(b *testing.B) {
	newBenchRP(b, 0, 32).verify(b)
}

// BenchmarkRangeproofVerify64 verifies a proof of a 64-bit mantissa.
func BenchmarkRangeproofVerify64(b *testing.B) {
	newBenchRP(b, 0x0123456789abcdef, 64).verify(b)
}

// BenchmarkRangeproofSign64 signs a 64-bit proof.
func BenchmarkRangeproofSign64(b *testing.B) {
	r := newBenchRP(b, 0x0123456789abcdef, 64)
	b.Run("impl=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := rangeproof.Sign(r.v, 0, 0, 64, r.nonce, nil, nil, r.commit, r.blind, ct.GeneratorH()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=zkp", func(b *testing.B) {
		for b.Loop() {
			if _, ok := RangeproofSign(0, r.commitB, r.blind, r.nonce, 0, 64, r.v, nil, nil, r.genB); !ok {
				b.Fatal("zkp fails")
			}
		}
	})
}

// BenchmarkRangeproofRewind rewinds a 64-bit proof.
func BenchmarkRangeproofRewind(b *testing.B) {
	r := newBenchRP(b, 0x0123456789abcdef, 64)
	b.Run("impl=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := rangeproof.Rewind(r.proof, r.nonce, r.commit, nil, ct.GeneratorH()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=zkp", func(b *testing.B) {
		for b.Loop() {
			if _, ok := RangeproofRewind(r.proof, r.nonce, r.commitB, nil, r.genB); !ok {
				b.Fatal("zkp fails")
			}
		}
	})
}

// TestRangeproofCPURatios prints the Kestrel/zkp ratios of the rangeproof
// rows in CPU time (KZKP_CPU_ROUNDS rounds, medians).
func TestRangeproofCPURatios(t *testing.T) {
	if os.Getenv("KZKP_CPU_ROUNDS") == "" {
		t.Skip("set KZKP_CPU_ROUNDS to compare CPU times")
	}
	bit := newBenchRP(t, 0, 32)
	r64 := newBenchRP(t, 0x0123456789abcdef, 64)
	H := ct.GeneratorH()
	verify := func(r *benchRP) (func(), func()) {
		return func() {
				if _, _, err := rangeproof.Verify(r.proof, r.commit, nil, H); err != nil {
					t.Fatal(err)
				}
			}, func() {
				if !RangeproofVerifyN(1, r.proof, r.commitB, nil, r.genB) {
					t.Fatal("zkp rejects")
				}
			}
	}
	rows := []struct {
		name string
		n    int
		k, z func()
	}{
		{"rangeproof_sign_64", 3, func() {
			if _, err := rangeproof.Sign(r64.v, 0, 0, 64, r64.nonce, nil, nil, r64.commit, r64.blind, H); err != nil {
				t.Fatal(err)
			}
		}, func() {
			if _, ok := RangeproofSign(0, r64.commitB, r64.blind, r64.nonce, 0, 64, r64.v, nil, nil, r64.genB); !ok {
				t.Fatal("zkp fails")
			}
		}},
		{"rangeproof_rewind", 5, func() {
			if _, err := rangeproof.Rewind(r64.proof, r64.nonce, r64.commit, nil, H); err != nil {
				t.Fatal(err)
			}
		}, func() {
			if _, ok := RangeproofRewind(r64.proof, r64.nonce, r64.commitB, nil, r64.genB); !ok {
				t.Fatal("zkp fails")
			}
		}},
	}
	k, z := verify(bit)
	rows = append(rows, struct {
		name string
		n    int
		k, z func()
	}{"rangeproof_verify_bit (32-bit proof)", 10, k, z})
	k, z = verify(r64)
	rows = append(rows, struct {
		name string
		n    int
		k, z func()
	}{"rangeproof_verify_64", 5, k, z})
	items, proofs := manyItems(t)
	rows = append(rows, struct {
		name string
		n    int
		k, z func()
	}{"rangeproof_verify_many_64 (64 proofs)", 1, func() {
		for _, r := range rangeproof.VerifyMany(items, 1) {
			if r.Err != nil {
				t.Fatal(r.Err)
			}
		}
	}, func() {
		for _, r := range proofs {
			if !RangeproofVerifyN(1, r.proof, r.commitB, nil, r.genB) {
				t.Fatal("zkp rejects")
			}
		}
	}})
	for _, row := range rows {
		tk, tz, ratio := cpuRatio(t, row.n, row.k, row.z)
		t.Logf("%-40s kestrel %8.1f µs  zkp %8.1f µs  %.2fx", row.name, float64(tk.Nanoseconds())/1e3, float64(tz.Nanoseconds())/1e3, ratio)
	}
}

// manyItems returns 64 proofs of 64-bit mantissas of different values.
func manyItems(tb testing.TB) ([]rangeproof.VerifyItem, []*benchRP) {
	var items []rangeproof.VerifyItem
	var proofs []*benchRP
	for i := range 64 {
		r := newBenchRP(tb, 0x0123456789abcdef+uint64(i)*7919, 64)
		proofs = append(proofs, r)
		items = append(items, rangeproof.VerifyItem{Proof: r.proof, Commitment: r.commit, Generator: ct.GeneratorH()})
	}
	return items, proofs
}

// BenchmarkRangeproofVerifyMany64 verifies 64 proofs of 64-bit mantissas:
// VerifyMany on one goroutine against 64 zkp verifications.
func BenchmarkRangeproofVerifyMany64(b *testing.B) {
	items, proofs := manyItems(b)
	b.Run("impl=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range rangeproof.VerifyMany(items, 1) {
				if r.Err != nil {
					b.Fatal(r.Err)
				}
			}
		}
	})
	b.Run("impl=zkp", func(b *testing.B) {
		for b.Loop() {
			for _, r := range proofs {
				if !RangeproofVerifyN(1, r.proof, r.commitB, nil, r.genB) {
					b.Fatal("zkp rejects")
				}
			}
		}
	})
}
