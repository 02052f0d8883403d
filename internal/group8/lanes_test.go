package group8

import (
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// randomLaneTable returns n Affine8 entries of random points, with
// ref[i][j] the affine point in lane j of entry i.
func randomLaneTable(r *rand.Rand, n int) ([]Affine8, [][field8.Lanes]group.Affine) {
	table := make([]Affine8, n)
	ref := make([][field8.Lanes]group.Affine, n)
	for i := range table {
		for j := range field8.Lanes {
			p := randomJacobian(r)
			ref[i][j].SetJacobian(&p)
			table[i].set(j, &ref[i][j])
		}
	}
	return table, ref
}

// TestLookupLanes checks each lane of LookupLanes against that lane's point
// in the entry at its index, negated (group.Affine.Negate) where its neg
// word is nonzero, also with v aliasing an entry.
func TestLookupLanes(t *testing.T) {
	r := testref.Rand(t)
	for _, n := range []int{1, 16} {
		table, ref := randomLaneTable(r, n)
		for range 50 {
			idx, neg := randomDigits(r, n)
			var v Affine8
			v.LookupLanes(table, &idx, &neg)
			check := func(v *Affine8, what string) {
				for j := range field8.Lanes {
					want := ref[idx[j]][j]
					if neg[j] != 0 {
						want.Negate(&want)
					}
					x, y := lane(&v.X, j), lane(&v.Y, j)
					if x.Equal(&want.X) != 1 || y.Equal(&want.Y) != 1 {
						t.Fatalf("%s n=%d lane %d: not entry %d (neg %d)", what, n, j, idx[j], neg[j])
					}
					for i := range v.X.L {
						if v.X.L[i][j]>>52 != 0 || v.Y.L[i][j]>>52 != 0 {
							t.Fatalf("%s n=%d lane %d: limb %d above 2⁵²", what, n, j, i)
						}
					}
				}
			}
			check(&v, "")
			saved := table[n-1]
			table[n-1].LookupLanes(table, &idx, &neg)
			check(&table[n-1], "aliased")
			table[n-1] = saved
		}
	}
}

// TestSelect checks each lane of Select against its cond word, with v
// aliasing a, b or neither.
func TestSelect(t *testing.T) {
	r := testref.Rand(t)
	for range 50 {
		var a, b Jacobian8
		for j := range field8.Lanes {
			p, q := randomJacobian(r), randomJacobian(r)
			a.set(j, &p)
			b.set(j, &q)
		}
		var cond [field8.Lanes]uint64
		for j := range cond {
			cond[j] = uint64(r.Intn(2)) << uint(r.Intn(64))
		}
		for alias := range 3 {
			v := Jacobian8{}
			switch alias {
			case 1:
				v = a
			case 2:
				v = b
			}
			x, y := &a, &b
			if alias == 1 {
				x = &v
			} else if alias == 2 {
				y = &v
			}
			v.Select(x, y, &cond)
			for j := range field8.Lanes {
				var got, want group.Jacobian
				v.get(j, &got)
				if cond[j] != 0 {
					a.get(j, &want)
				} else {
					b.get(j, &want)
				}
				if got != want {
					t.Fatalf("alias %d lane %d (cond %#x): wrong point", alias, j, cond[j])
				}
			}
		}
	}
}
