package group8

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The formulas on eight lanes with each field8 backend, and eight of
// internal/group's formulas (the MULX assembly) for the ratio per point.
func BenchmarkLanes(b *testing.B) {
	r := testref.Rand(b)
	var p8 Jacobian8
	var a8 Affine8
	var ps [field8.Lanes]group.Jacobian
	var as [field8.Lanes]group.Affine
	for j := range field8.Lanes {
		ps[j] = randomJacobian(r)
		p8.set(j, &ps[j])
		q := randomJacobian(r)
		as[j].SetJacobian(&q)
		a8.set(j, &as[j])
	}
	for _, be := range field8.Backends() {
		b.Run("op=Double/backend="+be, func(b *testing.B) {
			defer field8.SetBackend(be)()
			x := p8
			for b.Loop() {
				x.Double(&x)
			}
		})
		b.Run("op=AddAffine/backend="+be, func(b *testing.B) {
			defer field8.SetBackend(be)()
			x := p8
			for b.Loop() {
				x.AddAffine(&x, &a8)
			}
		})
		// Two independent points, each step on both: compare with twice
		// Double and AddAffine.
		b.Run("op=Double2/backend="+be, func(b *testing.B) {
			defer field8.SetBackend(be)()
			x, y := p8, p8
			for b.Loop() {
				Double2(&x, &x, &y, &y)
			}
		})
		b.Run("op=AddAffine2/backend="+be, func(b *testing.B) {
			defer field8.SetBackend(be)()
			x, y := p8, p8
			for b.Loop() {
				AddAffine2(&x, &x, &a8, &y, &y, &a8)
			}
		})
	}
	ref, table := randomTable(r, 32)
	idx, neg := randomDigits(r, len(table))
	for _, be := range field8.Backends() {
		b.Run("op=Lookup32/backend="+be, func(b *testing.B) {
			defer field8.SetBackend(be)()
			var v Affine8
			for b.Loop() {
				v.Lookup(table, &idx, &neg)
			}
		})
	}
	b.Run("op=Lookup32/backend=group", func(b *testing.B) {
		var v group.Affine
		for b.Loop() {
			for j := range idx {
				v.Lookup(ref, int(idx[j]))
				v.CondNegate(&v, int(neg[j]&1))
			}
		}
	})
	b.Run("op=Double/backend=group", func(b *testing.B) {
		x := ps
		for b.Loop() {
			for j := range x {
				x[j].Double(&x[j])
			}
		}
	})
	b.Run("op=AddAffine/backend=group", func(b *testing.B) {
		x := ps
		for b.Loop() {
			for j := range x {
				x[j].VarTimeAddAffine(&x[j], &as[j])
			}
		}
	})
}
