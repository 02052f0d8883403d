package ecmult

import (
	"math/rand"
	"testing"
	"unsafe"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// randomAffine returns k·G for a random k.
func randomAffine(r *rand.Rand) group.Affine {
	var a group.Affine
	a.SetJacobian(baseMult(scalarFromBig(randomScalar(r))))
	return a
}

// TestAffine64Layout checks what combTables64 and loadGTables64 rely on:
// group.Affine and group8.Affine64 have one size, alignment and field
// offsets, and a field.Element is its four little-endian 64-bit limbs (the
// table's canonical coordinates, read through an Affine64, are those of
// field.Element.Limbs). A change of either type fails here, before the
// lanes read a table wrongly.
func TestAffine64Layout(t *testing.T) {
	var a group.Affine
	var w group8.Affine64
	if unsafe.Sizeof(a) != unsafe.Sizeof(w) || unsafe.Alignof(a) != unsafe.Alignof(w) {
		t.Fatalf("group.Affine: size %d, align %d; group8.Affine64: size %d, align %d",
			unsafe.Sizeof(a), unsafe.Alignof(a), unsafe.Sizeof(w), unsafe.Alignof(w))
	}
	if unsafe.Offsetof(a.X) != unsafe.Offsetof(w.X) || unsafe.Offsetof(a.Y) != unsafe.Offsetof(w.Y) {
		t.Fatalf("offsets of X, Y: group.Affine %d, %d; group8.Affine64 %d, %d",
			unsafe.Offsetof(a.X), unsafe.Offsetof(a.Y), unsafe.Offsetof(w.X), unsafe.Offsetof(w.Y))
	}
	if unsafe.Sizeof(a.X) != unsafe.Sizeof(w.X) {
		t.Fatalf("field.Element is %d bytes, [4]uint64 %d", unsafe.Sizeof(a.X), unsafe.Sizeof(w.X))
	}
	comb, g := combTables(), loadGTables()
	comb64, g64 := combTables64(), loadGTables64()
	for _, c := range []struct {
		name string
		a    *group.Affine
		w    *group8.Affine64
	}{
		{"comb[0][0]", &comb[0][0], &comb64[0][0]},
		{"comb[last][last]", &comb[combBlocks-1][combPoints-1], &comb64[combBlocks-1][combPoints-1]},
		{"g[0][1]", &g[0][1], &g64[0][1]},
		{"g[1][last]", &g[1][gTableSize-1], &g64[1][gTableSize-1]},
	} {
		if c.w.X != c.a.X.Limbs() || c.w.Y != c.a.Y.Limbs() {
			t.Errorf("%s: Affine64 %x, group.Affine's limbs %x %x", c.name, *c.w, c.a.X.Limbs(), c.a.Y.Limbs())
		}
	}
}

// TestLaneConversions checks setJacobianLane, getJacobianLane and
// setAffineLane: a point through a lane comes back the same point, and
// the other lanes are left alone.
func TestLaneConversions(t *testing.T) {
	r := testref.Rand(t)
	for range 50 {
		var v group8.Jacobian8
		var a8 group8.Affine8
		var ps [lanes]group.Jacobian
		var as [lanes]group.Affine
		for j := range lanes {
			as[j] = randomAffine(r)
			ps[j].SetAffine(&as[j])
			rescale(&ps[j], r)
			setJacobianLane(&v, j, &ps[j])
			setAffineLane(&a8, j, &as[j])
		}
		for j := range lanes {
			var p group.Jacobian
			getJacobianLane(&v, j, &p)
			if p.Equal(&ps[j]) != 1 || p.X.Equal(&ps[j].X) != 1 || p.Z.Equal(&ps[j].Z) != 1 {
				t.Fatalf("lane %d: Jacobian point differs", j)
			}
			var x, y field.Element
			getLane(&a8.X, j, &x)
			getLane(&a8.Y, j, &y)
			if x.Equal(&as[j].X) != 1 || y.Equal(&as[j].Y) != 1 {
				t.Fatalf("lane %d: affine point differs", j)
			}
		}
	}
}
