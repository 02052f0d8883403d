package group8

import (
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// randomTable returns n random affine points, and the same points as
// Lookup's table entries.
func randomTable(r *rand.Rand, n int) ([]group.Affine, []Affine64) {
	ref := make([]group.Affine, n)
	table := make([]Affine64, n)
	for i := range ref {
		ref[i] = randomAffine(r)
		table[i] = affine64(&ref[i])
	}
	return ref, table
}

// randomDigits returns lane indices below n, the first and last entries
// among them, and neg words that are 0, 1 or another nonzero value.
func randomDigits(r *rand.Rand, n int) (idx, neg [field8.Lanes]uint64) {
	for j := range idx {
		idx[j] = uint64(r.Intn(n))
		neg[j] = uint64(r.Intn(2))
	}
	idx[0], idx[1] = 0, uint64(n-1)
	neg[2] = 1 << 63
	return idx, neg
}

// TestLookup checks each lane of Lookup against the table entry at its
// index, negated (group.Affine.Negate) where its neg word is nonzero.
func TestLookup(t *testing.T) {
	r := testref.Rand(t)
	for _, n := range []int{1, 16, 32} {
		ref, table := randomTable(r, n)
		for range 50 {
			idx, neg := randomDigits(r, n)
			var v Affine8
			v.Lookup(table, &idx, &neg)
			for j := range field8.Lanes {
				want := ref[idx[j]]
				if neg[j] != 0 {
					want.Negate(&want)
				}
				x, y := lane(&v.X, j), lane(&v.Y, j)
				if x.Equal(&want.X) != 1 || y.Equal(&want.Y) != 1 {
					t.Fatalf("n=%d lane %d: not entry %d (neg %d)", n, j, idx[j], neg[j])
				}
				for i := range v.X.L {
					if v.X.L[i][j]>>52 != 0 || v.Y.L[i][j]>>52 != 0 {
						t.Fatalf("n=%d lane %d: limb %d above 2⁵²", n, j, i)
					}
				}
			}
		}
	}
}
