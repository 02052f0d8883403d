package group8

import (
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// randomJacobian returns a random curve point (the lift of a random x, not
// through internal/ecmult, which imports this package), scaled projectively
// by a random λ (X·λ², Y·λ³, Z·λ: the same point), so that the formulas see
// Z ≠ 1.
func randomJacobian(r *rand.Rand) group.Jacobian {
	var b [32]byte
	var a group.Affine
	for {
		r.Read(b[:])
		var x field.Element
		x.SetBytes(&b)
		if a.LiftX(&x, r.Intn(2)) == 1 {
			break
		}
	}
	var p group.Jacobian
	p.SetAffine(&a)
	r.Read(b[:])
	var l, l2 field.Element
	l.SetBytes(&b)
	l2.Square(&l)
	p.X.Multiply(&p.X, &l2)
	p.Y.Multiply(&p.Y, &l2)
	p.Y.Multiply(&p.Y, &l)
	p.Z.Multiply(&p.Z, &l)
	return p
}

// same reports whether the Jacobian points p and q are the same point.
func same(p, q *group.Jacobian) bool { return p.Equal(q) == 1 }

// TestFormulas checks Double, AddAffine and Add, lane by lane, against the
// formulas of internal/group on random points, also with the output
// aliasing an input.
func TestFormulas(t *testing.T) {
	r := testref.Rand(t)
	for range 300 {
		var p8, q8 Jacobian8
		var a8 Affine8
		var ps, qs [field8.Lanes]group.Jacobian
		var as [field8.Lanes]group.Affine
		for j := range field8.Lanes {
			ps[j], qs[j] = randomJacobian(r), randomJacobian(r)
			aj := randomJacobian(r)
			as[j].SetJacobian(&aj)
			p8.set(j, &ps[j])
			q8.set(j, &qs[j])
			a8.set(j, &as[j])
		}
		var dbl, madd, add Jacobian8
		dbl.Double(&p8)
		madd.AddAffine(&p8, &a8)
		add.Add(&p8, &q8)
		alias := p8
		alias.Double(&alias)
		if alias != dbl {
			t.Fatal("Double in place differs")
		}
		alias = p8
		alias.AddAffine(&alias, &a8)
		if alias != madd {
			t.Fatal("AddAffine in place differs")
		}
		for j := range field8.Lanes {
			var want, got group.Jacobian
			want.Double(&ps[j])
			dbl.get(j, &got)
			if !same(&got, &want) {
				t.Fatalf("Double lane %d", j)
			}
			var qj group.Jacobian
			qj.SetAffine(&as[j])
			want.VarTimeAdd(&ps[j], &qj)
			madd.get(j, &got)
			if !same(&got, &want) {
				t.Fatalf("AddAffine lane %d", j)
			}
			want.VarTimeAdd(&ps[j], &qs[j])
			add.get(j, &got)
			if !same(&got, &want) {
				t.Fatalf("Add lane %d", j)
			}
		}
	}
}

// TestExceptions checks what the package documentation says of the
// exceptional lanes: the identity doubles to the identity, and an addition
// of two points with the same x gives Z = 0, while the other lanes are
// unaffected.
func TestExceptions(t *testing.T) {
	r := testref.Rand(t)
	var p8, q8 Jacobian8
	var ps [field8.Lanes]group.Jacobian
	for j := range field8.Lanes {
		ps[j] = randomJacobian(r)
		p8.set(j, &ps[j])
		q := randomJacobian(r)
		switch j {
		case 0: // q = p
			q = ps[j]
		case 1: // q = −p
			q.Negate(&ps[j])
		}
		q8.set(j, &q)
	}
	var id group.Jacobian
	p8.set(2, &id)
	var dbl, add Jacobian8
	dbl.Double(&p8)
	add.Add(&p8, &q8)
	var got group.Jacobian
	dbl.get(2, &got)
	if got.IsIdentity() != 1 {
		t.Fatal("the identity doubled is not the identity")
	}
	for _, j := range []int{0, 1} {
		add.get(j, &got)
		if got.IsIdentity() != 1 {
			t.Fatalf("lane %d: Z ≠ 0 for two inputs with the same x", j)
		}
	}
	for j := 3; j < field8.Lanes; j++ {
		var want group.Jacobian
		want.Double(&ps[j])
		dbl.get(j, &got)
		if !same(&got, &want) {
			t.Fatalf("Double lane %d affected by the other lanes", j)
		}
	}
}
