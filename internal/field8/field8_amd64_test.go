//go:build !purego

package field8

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestIFMAMatchesGeneric checks that the assembly gives the generic twins'
// limbs exactly, lane for lane.
func TestIFMAMatchesGeneric(t *testing.T) {
	if !hasIFMA {
		t.Skip("the CPU has no AVX-512 IFMA: the generic twins run everywhere (TestOpsAgainstBig)")
	}
	r := testref.Rand(t)
	for range 20000 {
		a, c := randomElement8(r), randomElement8(r)
		for _, op := range []struct {
			name     string
			asm, gen func(v, a, b *Element8)
		}{
			{"mul", mul8IFMA, mul8Generic},
			{"add", add8IFMA, add8Generic},
			{"sub", sub8IFMA, sub8Generic},
		} {
			var x, y Element8
			op.asm(&x, a, c)
			op.gen(&y, a, c)
			if x != y {
				t.Fatalf("%s: assembly %x, generic %x", op.name, x, y)
			}
		}
		n := r.Intn(40)
		var x, y Element8
		squareN8IFMA(&x, a, n)
		squareN8Generic(&y, a, n)
		if x != y {
			t.Fatalf("squareN %d: assembly %x, generic %x", n, x, y)
		}
		a2 := [2]Element8{*a, *c}
		var x2, y2 [2]Element8
		squareN2IFMA(&x2, &a2, n)
		squareN2Generic(&y2, &a2, n)
		if x2 != y2 {
			t.Fatalf("squareN2 %d: assembly %x, generic %x", n, x2, y2)
		}
	}
}
