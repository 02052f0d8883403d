package ecmult

import (
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestGTablesSample checks sample entries of the generator tables, the first
// and last included, against the math/big reference:
// tables[0][i] = (2i + 1)·G and tables[1][i] = (2i + 1)·2¹²⁸·G.
func TestGTablesSample(t *testing.T) {
	r, n := testRand(t, 100)
	tables := loadGTables()
	indices := []int{0, 1, 2, 3, 4095, 4096, gTableSize - 2, gTableSize - 1}
	for range n / 5 {
		indices = append(indices, r.Intn(gTableSize))
	}
	pow128 := new(big.Int).Lsh(big.NewInt(1), 128)
	for k, base := range []*big.Int{big.NewInt(1), pow128} {
		for _, i := range indices {
			m := new(big.Int).Mul(big.NewInt(int64(2*i+1)), base)
			want := testref.ScalarMult(m, testref.G)
			var v group.Jacobian
			v.SetAffine(&tables[k][i])
			checkPoint(t, "G table entry", &v, want)
		}
	}
}

// TestGTablesRecompute recomputes both tables in full by a different method
// (Jacobian + Jacobian additions of 2P, each sum made affine by its own
// inversion) and compares every entry.
func TestGTablesRecompute(t *testing.T) {
	tables := loadGTables()
	var base group.Jacobian
	base.SetAffine(&group.Generator)
	for k := range tables {
		if k == 1 {
			for range 128 {
				base.Double(&base)
			}
		}
		var twice group.Jacobian
		twice.Double(&base)
		acc := base
		for i := range gTableSize {
			var want group.Affine
			if _, ok := want.VarTimeSetJacobian(&acc); ok != 1 {
				t.Fatalf("table %d: entry %d is the identity", k, i)
			}
			got := &tables[k][i]
			if got.Equal(&want) != 1 || got.IsOnCurve() != 1 {
				t.Fatalf("table %d: entry %d differs from the recomputation", k, i)
			}
			acc.VarTimeAdd(&acc, &twice)
		}
	}
}

// TestGTablesOnce checks that the tables are computed once and shared.
func TestGTablesOnce(t *testing.T) {
	first, second := loadGTables(), loadGTables()
	if first != second {
		t.Error("loadGTables returned different tables")
	}
}

// BenchmarkTablesInit is the one-time computation of the generator tables.
func BenchmarkTablesInit(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		computeGTables()
	}
}
