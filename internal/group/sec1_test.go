package group

import (
	"crypto/rand"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
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

// TestAffineCompressed checks that SetCompressed inverts PutCompressed on random
// points of both parities, and refuses bad prefixes, x ≥ p and an x that
// is no point's.
func TestAffineCompressed(t *testing.T) {
	for i := range 100 {
		var kb [32]byte
		rand.Read(kb[:])
		var x = Generator.X
		x.Multiply(&x, new(field.Element).SetBytes(&kb))
		var a Affine
		if a.LiftX(&x, i&1) == 0 {
			continue
		}
		var c [33]byte
		a.PutCompressed(&c)
		if c[0] != byte(2+i&1) {
			t.Fatalf("prefix %#x for parity %d", c[0], i&1)
		}
		var b Affine
		if !b.SetCompressed(&c) || b.X.Equal(&a.X) != 1 || b.Y.Equal(&a.Y) != 1 {
			t.Fatal("SetCompressed(PutCompressed(a)) != a")
		}
		for _, p := range []byte{0, 1, 4, 6, 7} {
			d := c
			d[0] = p
			if b.SetCompressed(&d) {
				t.Fatalf("prefix %#x accepted", p)
			}
		}
	}
	// x = p and x = 5 (x³ + 7 = 132, not a square mod p) are refused.
	bad := [33]byte{2}
	copy(bad[1:], []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFC, 0x2F})
	var v Affine
	if v.SetCompressed(&bad) {
		t.Fatal("x = p accepted")
	}
	bad = [33]byte{3}
	bad[32] = 5
	if v.SetCompressed(&bad) {
		t.Fatal("x = 5 accepted")
	}
}
