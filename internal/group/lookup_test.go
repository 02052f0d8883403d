package group

import (
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
)

// TestLookup checks that Lookup returns exactly table[idx] for every index,
// whatever the receiver held before.
func TestLookup(t *testing.T) {
	table := make([]Affine, 17)
	var p Jacobian
	p.SetAffine(&Generator)
	for i := range table {
		p.VarTimeAddAffine(&p, &Generator)
		if _, ok := table[i].SetJacobian(&p); ok != 1 {
			t.Fatal("identity")
		}
	}
	for idx := range table {
		v := table[(idx+5)%len(table)] // junk in the receiver
		v.Lookup(table, idx)
		if v != table[idx] {
			t.Fatalf("Lookup(%d) returned another entry", idx)
		}
	}
	race.SkipAllocs(t)
	if n := testing.AllocsPerRun(10, func() { var v Affine; v.Lookup(table, 3) }); n != 0 {
		t.Fatalf("Lookup allocates %v times", n)
	}
}

// randomTable returns n affine entries of random limbs (Lookup moves bytes;
// it does not care whether they are points).
func randomTable(r *rand.Rand, n int) []Affine {
	table := make([]Affine, n)
	for i := range table {
		var b [64]byte
		r.Read(b[:])
		table[i].X.SetBytes((*[32]byte)(b[:32]))
		table[i].Y.SetBytes((*[32]byte)(b[32:]))
	}
	return table
}

// TestAssemblyLookup checks lookupAVX2 against lookupGeneric for every index
// of tables of 1 to 40 entries, with junk in the receiver.
func TestAssemblyLookup(t *testing.T) {
	asm := requireAsm(t)
	if asm.lookup == nil {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewSource(1))
	for n := 1; n <= 40; n++ {
		table := randomTable(r, n)
		for idx := range n {
			got := randomTable(r, 1)[0]
			asm.lookup(&got, &table[0], n, idx)
			var want Affine
			want.lookupGeneric(table, idx)
			if got != want || got != table[idx] {
				t.Fatalf("lookupAVX2(n = %d, idx = %d) returned another entry", n, idx)
			}
		}
	}
}

// FuzzLookupAVX2 checks lookupAVX2 against lookupGeneric on fuzzed tables.
func FuzzLookupAVX2(f *testing.F) {
	f.Add(int64(1), uint8(16), uint8(0))
	f.Add(int64(2), uint8(32), uint8(31))
	f.Add(int64(3), uint8(1), uint8(0))
	f.Fuzz(func(t *testing.T, seed int64, n, idx uint8) {
		asm := requireAsm(t)
		if asm.lookup == nil {
			t.Skip("no AVX2")
		}
		if n == 0 {
			return
		}
		idx %= n
		r := rand.New(rand.NewSource(seed))
		table := randomTable(r, int(n))
		got := randomTable(r, 1)[0]
		asm.lookup(&got, &table[0], int(n), int(idx))
		var want Affine
		want.lookupGeneric(table, int(idx))
		if got != want {
			t.Fatalf("lookupAVX2(n = %d, idx = %d) differs from lookupGeneric", n, idx)
		}
	})
}
