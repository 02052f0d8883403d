package group

import (
	"math/big"
	"testing"
)

// refCompressed returns the compressed encoding of the affine point p
// (not the identity), from math/big.
func refCompressed(p refPoint) [33]byte {
	var b [33]byte
	b[0] = 2 | byte(p.y.Bit(0))
	p.x.FillBytes(b[1:])
	return b
}

// TestCompressed checks VarTimePutCompressed against an encoding computed
// with math/big, SetCompressed against the point, and
// VarTimeEqualCompressed against both, for random points in random
// Jacobian representations (edge values of x, y and Z included).
func TestCompressed(t *testing.T) {
	r := seededRand(t)
	n := 2000
	if testing.Short() {
		n = 200
	}
	for range n {
		p := randPoint(r)
		j := randJacobian(r, p)
		var got [33]byte
		if p.inf {
			got[0] = 0xaa
			if j.VarTimePutCompressed(&got) || got[0] != 0xaa {
				t.Fatalf("identity %s: encoded or out changed", fmtJac(&j))
			}
			if j.VarTimeEqualCompressed(&[33]byte{}) || j.VarTimeEqualCompressed(&[33]byte{2}) {
				t.Fatalf("identity %s: equals an encoding", fmtJac(&j))
			}
			continue
		}
		want := refCompressed(p)
		if !j.VarTimePutCompressed(&got) || got != want {
			t.Fatalf("%v: encoded %x, want %x", p, got, want)
		}
		var q Jacobian
		if !q.SetCompressed(&want) || !refEqual(jacToRef(&q), p) {
			t.Fatalf("%v: SetCompressed(%x) gives %v", p, want, jacToRef(&q))
		}
		if !j.VarTimeEqualCompressed(&want) {
			t.Fatalf("%v: not equal to its encoding", p)
		}
		flipped := want
		flipped[0] ^= 1
		if j.VarTimeEqualCompressed(&flipped) {
			t.Fatalf("%v: equal to its negation's encoding", p)
		}
		other := want
		other[0] = 4 | other[0]&1
		if j.VarTimeEqualCompressed(&other) {
			t.Fatalf("%v: equal with prefix %#x", p, other[0])
		}
	}
}

// TestSetCompressedInvalid checks that SetCompressed refuses every
// encoding that is not a point's and leaves its receiver unchanged.
func TestSetCompressedInvalid(t *testing.T) {
	var pb [33]byte // x = p
	pb[0] = 2
	bigP.FillBytes(pb[1:])
	var noPoint [33]byte // x = 5: 5³ + 7 = 132 is not a square mod p
	noPoint[0], noPoint[32] = 3, 5
	for _, b := range [][33]byte{{}, {4}, {1, 1}, {5}, pb, noPoint} {
		var v Jacobian
		v.SetAffine(&Generator)
		before := v
		if v.SetCompressed(&b) {
			t.Errorf("%x decoded", b)
		}
		if v != before {
			t.Errorf("%x: receiver changed", b)
		}
	}
	// x = p − d for small d decodes exactly when x³ + 7 is a square mod p
	// (Euler's criterion), to the point with that x and an even y.
	half := new(big.Int).Rsh(bigP, 1)
	for d := int64(1); d < 40; d++ {
		x := new(big.Int).Sub(bigP, big.NewInt(d))
		rhs := new(big.Int).Exp(x, big.NewInt(3), bigP)
		rhs = modP(rhs.Add(rhs, big.NewInt(7)))
		square := new(big.Int).Exp(rhs, half, bigP).Cmp(bigOne) == 0
		var b [33]byte
		b[0] = 2
		x.FillBytes(b[1:])
		var v Jacobian
		ok := v.SetCompressed(&b)
		if ok != square {
			t.Fatalf("x = p − %d: decoded %v, x³ + 7 a square %v", d, ok, square)
		}
		if q := jacToRef(&v); ok && (q.x.Cmp(x) != 0 || q.y.Bit(0) != 0 || !refOnCurve(q)) {
			t.Fatalf("x = p − %d: decoded to %v", d, q)
		}
	}
}
