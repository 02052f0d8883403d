package group

import (
	"crypto/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
)

// TestCompressed checks that SetCompressed inverts PutCompressed on random
// points of both parities, and refuses bad prefixes, x ≥ p and an x that
// is no point's.
func TestCompressed(t *testing.T) {
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
		if b.SetCompressed(&c) != 1 || b.X.Equal(&a.X) != 1 || b.Y.Equal(&a.Y) != 1 {
			t.Fatal("SetCompressed(PutCompressed(a)) != a")
		}
		for _, p := range []byte{0, 1, 4, 6, 7} {
			d := c
			d[0] = p
			if b.SetCompressed(&d) != 0 {
				t.Fatalf("prefix %#x accepted", p)
			}
		}
	}
	// x = p and x = 5 (x³ + 7 = 132, not a square mod p) are refused.
	bad := [33]byte{2}
	copy(bad[1:], []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFC, 0x2F})
	var v Affine
	if v.SetCompressed(&bad) != 0 {
		t.Fatal("x = p accepted")
	}
	bad = [33]byte{3}
	bad[32] = 5
	if v.SetCompressed(&bad) != 0 {
		t.Fatal("x = 5 accepted")
	}
}
