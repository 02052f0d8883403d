package group

import "testing"

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
	if n := testing.AllocsPerRun(10, func() { var v Affine; v.Lookup(table, 3) }); n != 0 {
		t.Fatalf("Lookup allocates %v times", n)
	}
}
