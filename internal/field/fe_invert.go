package field

import (
	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/safegcd"
)

// modulus holds the safegcd constants for p (docs/safegcd.md).
var modulus = safegcd.New(&[4]uint64{p0, p1, p2, p3})

// Invert sets v = 1/a mod p and returns v; 0 maps to 0. It runs in constant
// time (safegcd with a fixed number of divsteps, docs/safegcd.md).
func (v *Element) Invert(a *Element) *Element {
	var t Element
	t.reduce(a)
	modulus.Invert(&v.l, &t.l)
	if debug.Enabled {
		checkInverse(v, &t, "field: Invert")
	}
	return v
}

// VarTimeInvert sets v = 1/a mod p and returns v; 0 maps to 0. Its running
// time depends on a: use it only on public values.
func (v *Element) VarTimeInvert(a *Element) *Element {
	var t Element
	t.reduce(a)
	modulus.VarTimeInvert(&v.l, &t.l)
	if debug.Enabled {
		checkInverse(v, &t, "field: VarTimeInvert")
	}
	return v
}

// VarTimeIsSquare returns 1 if a is a square mod p (0 counts as a square),
// and 0 otherwise. It computes the Legendre symbol by safegcd's Jacobi
// variant, in time that depends on a.
func (a *Element) VarTimeIsSquare() int {
	var t Element
	t.reduce(a)
	if modulus.VarTimeJacobi(&t.l) >= 0 {
		return 1
	}
	return 0
}

// VarTimeIsSquare2 returns a.VarTimeIsSquare() and b.VarTimeIsSquare(), in
// less time than the two calls: the two Legendre symbols run interleaved
// (safegcd's VarTimeJacobi2). Its running time depends on a and b.
func VarTimeIsSquare2(a, b *Element) (ra, rb int) {
	var ta, tb Element
	ta.reduce(a)
	tb.reduce(b)
	ja, jb := modulus.VarTimeJacobi2(&ta.l, &tb.l)
	if ja >= 0 {
		ra = 1
	}
	if jb >= 0 {
		rb = 1
	}
	return ra, rb
}
