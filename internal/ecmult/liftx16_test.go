package ecmult

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestLiftX16 checks LiftX16 against group.Affine.LiftX lane by lane (the
// flag, and for x on the curve the same canonical point), on random x
// (about half on the curve), x of points on the curve, 0 and p − 1, with
// random parities, and that the lifted points are on the curve.
func TestLiftX16(t *testing.T) {
	forEachBackend(t, testLiftX16)
}

func testLiftX16(t *testing.T) {
	r := testref.Rand(t)
	var pm1 field.Element
	pm1.SetUint64(1)
	pm1.Negate(&pm1)
	on, off := 0, 0
	for range 100 {
		var x [Lanes2]field.Element
		var odd [Lanes2]int
		for i := range x {
			switch r.Intn(5) {
			case 0:
				x[i] = randomAffine(r).X
			case 1:
				if r.Intn(2) == 0 {
					x[i] = pm1
				}
			default:
				var b [32]byte
				r.Read(b[:])
				x[i].SetBytes(&b)
			}
			odd[i] = r.Intn(2)
		}
		var v [Lanes2]group.Affine
		ok := LiftX16(&v, &x, &odd)
		for i := range x {
			var want group.Affine
			wantOK := want.LiftX(&x[i], odd[i])
			if ok[i] != wantOK {
				t.Fatalf("lane %d, x = %x: ok = %d, group's LiftX %d", i, x[i].Bytes(), ok[i], wantOK)
			}
			if wantOK == 0 {
				off++
				continue
			}
			on++
			if v[i] != want || v[i].IsOnCurve() != 1 {
				t.Fatalf("lane %d, x = %x: %+v, group's LiftX %+v", i, x[i].Bytes(), v[i], want)
			}
		}
	}
	if on == 0 || off == 0 {
		t.Fatalf("%d lifts on the curve and %d off it: the inputs miss a case", on, off)
	}
}

// TestLiftXAll checks LiftXAll against group.Affine.LiftX with an even y,
// for lengths around multiples of Lanes2 (whole lane groups and a
// remainder), on x of points and random x (about half on the curve).
func TestLiftXAll(t *testing.T) {
	forEachBackend(t, testLiftXAll)
}

func testLiftXAll(t *testing.T) {
	r := testref.Rand(t)
	for _, n := range []int{0, 1, Lanes2 - 1, Lanes2, Lanes2 + 1, 3*Lanes2 + 5} {
		x := make([]field.Element, n)
		for i := range x {
			if r.Intn(2) == 0 {
				x[i] = randomAffine(r).X
				continue
			}
			var b [32]byte
			r.Read(b[:])
			x[i].SetBytes(&b)
		}
		v := make([]group.Affine, n)
		ok := make([]int, n)
		LiftXAll(v, ok, x)
		for i := range x {
			var want group.Affine
			wantOK := want.LiftX(&x[i], 0)
			if ok[i] != wantOK || (wantOK == 1 && v[i] != want) {
				t.Fatalf("n = %d, i = %d, x = %x: (%+v, %d), LiftX (%+v, %d)", n, i, x[i].Bytes(), v[i], ok[i], want, wantOK)
			}
		}
	}
}
