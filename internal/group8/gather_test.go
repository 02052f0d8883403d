package group8

import (
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// randomAffine returns a random curve point with canonical coordinates.
func randomAffine(r *rand.Rand) group.Affine {
	p := randomJacobian(r)
	var a group.Affine
	a.SetJacobian(&p)
	a.X.Normalize(&a.X)
	a.Y.Normalize(&a.Y)
	return a
}

// randomOddDigits returns eight random odd digits of absolute value below 2n,
// the largest and smallest among them in some lanes.
func randomOddDigits(r *rand.Rand, n int) [field8.Lanes]int32 {
	var d [field8.Lanes]int32
	for j := range d {
		d[j] = int32(2*r.Intn(n) + 1)
		switch r.Intn(4) {
		case 0:
			d[j] = int32(2*n - 1)
		case 1:
			d[j] = 1
		}
		if r.Intn(2) == 0 {
			d[j] = -d[j]
		}
	}
	return d
}

// checkLane fails unless lane j of v is a, negated if neg.
func checkLane(t *testing.T, v *Affine8, j int, a *group.Affine, neg bool) {
	t.Helper()
	x, y, wy := lane(&v.X, j), lane(&v.Y, j), a.Y
	if neg {
		wy.Negate(&wy)
	}
	if x.Equal(&a.X) != 1 || y.Equal(&wy) != 1 {
		t.Fatalf("lane %d: not the entry of its digit", j)
	}
}

// TestVarTimeGather checks each lane of VarTimeGather against the entry of
// its digit, read from its lane of the table, and y's sign.
func TestVarTimeGather(t *testing.T) {
	r := testref.Rand(t)
	const n = 16
	for range 100 {
		var points [n][field8.Lanes]group.Affine
		table := make([]Affine8, n)
		for i := range table {
			for j := range field8.Lanes {
				points[i][j] = randomAffine(r)
				table[i].set(j, &points[i][j])
			}
		}
		d := randomOddDigits(r, n)
		var v Affine8
		v.VarTimeGather(table, &d)
		for j, dj := range d {
			checkLane(t, &v, j, &points[max(dj, -dj)>>1][j], dj < 0)
		}
	}
	assertPanics(t, func() { new(Affine8).VarTimeGather(make([]Affine8, 4), &[8]int32{1, 1, 1, 9, 1, 1, 1, 1}) })
}

// TestVarTimeGatherAffine checks each lane of VarTimeGatherAffine against
// the entry of its digit and y's sign, and x's limbs against
// Element8.SetLane.
func TestVarTimeGatherAffine(t *testing.T) {
	r := testref.Rand(t)
	const n = 64
	ref, table := randomTable(r, n)
	for range 200 {
		d := randomOddDigits(r, n)
		var v Affine8
		v.VarTimeGatherAffine(table, &d)
		var want field8.Element8
		for j, dj := range d {
			i := max(dj, -dj) >> 1
			checkLane(t, &v, j, &ref[i], dj < 0)
			want.SetLane(j, &table[i].X)
		}
		if want != v.X {
			t.Fatal("x limbs differ from Element8.SetLane")
		}
	}
	assertPanics(t, func() { new(Affine8).VarTimeGatherAffine(table, &[8]int32{1, 1, 1, 1, 1, 1, 1, -2*n - 1}) })
}

func assertPanics(t *testing.T, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Error("no panic for a digit out of the table")
		}
	}()
	f()
}
