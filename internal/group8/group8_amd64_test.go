//go:build !purego

package group8

import (
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// randomLanes returns a Jacobian8 and an Affine8 of random points.
func randomLanes(r *rand.Rand) (p8 Jacobian8, a8 Affine8) {
	for j := range field8.Lanes {
		p := randomJacobian(r)
		p8.set(j, &p)
		q := randomJacobian(r)
		var a group.Affine
		a.SetJacobian(&q)
		a8.set(j, &a)
	}
	return p8, a8
}

// TestAssemblyMatchesGeneric checks that the single-function formulas give
// exactly the limbs of the formulas composed of field8 calls (on field8's
// assembly, whose operations they inline), also in place.
func TestAssemblyMatchesGeneric(t *testing.T) {
	if !field8.IFMA() {
		t.Skip("field8 does not run its IFMA assembly here (no AVX-512 IFMA, or the generic backend)")
	}
	r := testref.Rand(t)
	for range 300 {
		p8, a8 := randomLanes(r)
		var x, y Jacobian8
		double8IFMA(&x, &p8)
		y.doubleGeneric(&p8)
		if x != y {
			t.Fatal("double8IFMA differs from doubleGeneric")
		}
		addAffine8IFMA(&x, &p8, &a8)
		y.addAffineGeneric(&p8, &a8)
		if x != y {
			t.Fatal("addAffine8IFMA differs from addAffineGeneric")
		}
		x = p8
		addAffine8IFMA(&x, &x, &a8)
		if x != y {
			t.Fatal("addAffine8IFMA in place differs")
		}
		x = p8
		double8IFMA(&x, &x)
		y.doubleGeneric(&p8)
		if x != y {
			t.Fatal("double8IFMA in place differs")
		}
	}
}

// TestAssembly2MatchesGeneric checks that the interleaved pairs
// double8x2IFMA and addAffine8x2IFMA give exactly the limbs of two generic
// formulas, also in place.
func TestAssembly2MatchesGeneric(t *testing.T) {
	if !field8.IFMA() {
		t.Skip("field8 does not run its IFMA assembly here (no AVX-512 IFMA, or the generic backend)")
	}
	r := testref.Rand(t)
	for range 200 {
		p, a := randomLanes(r)
		p2, a2 := randomLanes(r)
		var x, x2, y, y2 Jacobian8
		double8x2IFMA(&x, &p, &x2, &p2)
		y.doubleGeneric(&p)
		y2.doubleGeneric(&p2)
		if x != y || x2 != y2 {
			t.Fatal("double8x2IFMA differs from doubleGeneric")
		}
		x, x2 = p, p2
		double8x2IFMA(&x, &x, &x2, &x2)
		if x != y || x2 != y2 {
			t.Fatal("double8x2IFMA in place differs")
		}
		addAffine8x2IFMA(&x, &p, &a, &x2, &p2, &a2)
		y.addAffineGeneric(&p, &a)
		y2.addAffineGeneric(&p2, &a2)
		if x != y || x2 != y2 {
			t.Fatal("addAffine8x2IFMA differs from addAffineGeneric")
		}
		x, x2 = p, p2
		addAffine8x2IFMA(&x, &x, &a, &x2, &x2, &a2)
		if x != y || x2 != y2 {
			t.Fatal("addAffine8x2IFMA in place differs")
		}
	}
}

// TestLookupAssemblyMatchesGeneric checks that lookup8IFMA gives exactly
// the limbs of lookupGeneric, for tables of 1, 16 and 32 entries.
func TestLookupAssemblyMatchesGeneric(t *testing.T) {
	if !field8.IFMA() {
		t.Skip("field8 does not run its IFMA assembly here (no AVX-512 IFMA, or the generic backend)")
	}
	r := testref.Rand(t)
	for _, n := range []int{1, 16, 32} {
		_, table := randomTable(r, n)
		for range 100 {
			idx, neg := randomDigits(r, n)
			var x, y Affine8
			scramble(r, &x) // stale contents must not show through
			lookup8IFMA(&x, table, &idx, &neg)
			y.lookupGeneric(table, &idx, &neg)
			if x != y {
				t.Fatalf("n=%d: lookup8IFMA differs from lookupGeneric", n)
			}
		}
	}
}

// TestLanesAssemblyMatchesGeneric checks that lookupLanes8IFMA and
// selectJacobian8IFMA give exactly the limbs of their generic twins.
func TestLanesAssemblyMatchesGeneric(t *testing.T) {
	if !field8.IFMA() {
		t.Skip("field8 does not run its IFMA assembly here (no AVX-512 IFMA, or the generic backend)")
	}
	r := testref.Rand(t)
	for _, n := range []int{1, 16, 32} {
		table, _ := randomLaneTable(r, n)
		for range 50 {
			idx, neg := randomDigits(r, n)
			var x, y Affine8
			scramble(r, &x) // stale contents must not show through
			lookupLanes8IFMA(&x, table, &idx, &neg)
			y.lookupLanesGeneric(table, &idx, &neg)
			if x != y {
				t.Fatalf("n=%d: lookupLanes8IFMA differs from lookupLanesGeneric", n)
			}
			var a, b, v, w Jacobian8
			for j := range field8.Lanes {
				p, q := randomJacobian(r), randomJacobian(r)
				a.set(j, &p)
				b.set(j, &q)
			}
			selectJacobian8IFMA(&v, &a, &b, &neg)
			w.selectGeneric(&a, &b, &neg)
			if v != w {
				t.Fatal("selectJacobian8IFMA differs from selectGeneric")
			}
		}
	}
}

// scramble fills v with random words.
func scramble(r *rand.Rand, v *Affine8) {
	for i := range v.X.L {
		for j := range v.X.L[i] {
			v.X.L[i][j], v.Y.L[i][j] = r.Uint64(), r.Uint64()
		}
	}
}

// TestAssemblyConstantTime checks the constant-time assembly of
// group8_amd64.s: the formulas, the lookups and the select have no branch
// but the table scans' loop on the public table length (JZ done after
// TESTQ of the length, JNZ scan after its decrement), and the lookups and
// the select use no mask register (K0–K7), whose masked loads' timing
// depends on how many lanes a mask selects (docs/constant-time.md, finding
// 7).
func TestAssemblyConstantTime(t *testing.T) {
	src, err := os.ReadFile("group8_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	noMask := map[string]bool{"lookup8IFMA": true, "lookupLanes8IFMA": true, "selectJacobian8IFMA": true}
	for _, fn := range []string{"double8IFMA", "double8x2IFMA", "addAffine8IFMA", "addAffine8x2IFMA", "lookup8IFMA", "lookupLanes8IFMA", "selectJacobian8IFMA"} {
		_, body, ok := strings.Cut(string(src), "TEXT ·"+fn+"(SB)")
		if !ok {
			t.Fatalf("no TEXT ·%s in group8_amd64.s", fn)
		}
		body, _, _ = strings.Cut(body, "\nTEXT ")
		prev := ""
		for _, line := range strings.Split(body, "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || strings.HasPrefix(f[0], "//") {
				continue
			}
			ins := strings.Join(f, " ")
			if strings.HasPrefix(f[0], "J") {
				loop := (ins == "JNZ scan" && strings.HasPrefix(prev, "DECQ")) || (ins == "JZ done" && strings.HasPrefix(prev, "TESTQ"))
				if !loop {
					t.Errorf("%s branches: %s", fn, ins)
				}
			}
			if noMask[fn] {
				for _, op := range f[1:] {
					op = strings.Trim(op, ",")
					if len(op) == 2 && op[0] == 'K' && op[1] >= '0' && op[1] <= '7' {
						t.Errorf("%s uses a mask register: %s", fn, ins)
					}
				}
			}
			prev = ins
		}
	}
}
