// Command group8 generates internal/group8/group8_amd64.s and its stubs:
//
//	cd internal/_asm && go run ./group8 -out ../group8/group8_amd64.s -stubs ../group8/group8_stubs_amd64.go -pkg group8
//
// The 8-lane point formulas of internal/group8, each one function of
// internal/_asm/field8ops's macros in the order and on the operands of
// group8.go's formulas, so both give the same limbs (the tests compare them),
// emitted for one point or for two in turn (double8x2IFMA, addAffine8x2IFMA).
// Intermediates live in the stack frame, too large for NOSPLIT. Why:
// docs/ecmult.md, "Lanes: field8 and group8".
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"

	"github.com/kestrel-crypto/secp256k1/internal/_asm/asmgen"
	f8 "github.com/kestrel-crypto/secp256k1/internal/_asm/field8ops"
)

var rationale = []string{
	"AVX512 IFMA point formulas on eight lanes, each one function: the field",
	"operations of internal/field8 inline, intermediates in the stack frame.",
}

// elemSize is the size of a field8.Element8: five rows of eight limbs.
const elemSize = 5 * 64

var c *f8.Consts

// mem is the ith Element8 of a point (X, Y, Z) at base, or a local.
func field(base Mem, i int) Mem { return base.Offset(elemSize * i) }

func mul(dst, a, b Mem) {
	x := f8.LoadElem(a)
	y := x
	if a != b {
		y = f8.LoadElem(b)
	}
	f8.StoreElem(c.Mul(x, y), dst)
}

func sqr(dst, a Mem) { mul(dst, a, a) }

func add(dst, a, b Mem) {
	f8.StoreElem(c.Add(f8.LoadElem(a), f8.LoadElem(b)), dst)
}

func sub(dst, a, b Mem) {
	f8.StoreElem(c.Sub(f8.LoadElem(a), f8.LoadElem(b)), dst)
}

// term is one term c·x of lin, x an Element8 in memory.
type term struct {
	c int
	m Mem
}

// lin sets dst = k·32p + Σ cᵢ·xᵢ with one reduction (field8's Lin).
func lin(dst Mem, k int, terms ...term) {
	lt := make([]f8.LinTerm, len(terms))
	for i, t := range terms {
		lt[i] = f8.LinTerm{C: t.c, X: f8.LoadElem(t.m)}
	}
	f8.StoreElem(c.Lin(k, lt...), dst)
}

// locals returns n Element8 slots in the stack frame.
func locals(n int) []Mem {
	base := AllocLocal(elemSize * n)
	out := make([]Mem, n)
	for i := range out {
		out[i] = base.Offset(elemSize * i)
	}
	return out
}

func argMem(name string) Mem { return Mem{Base: Load(Param(name), GP64())} }

func main() {
	asmgen.Package("github.com/kestrel-crypto/secp256k1/internal/group8")
	ConstraintExpr("!purego")
	c = f8.Declare()

	TEXT("double8IFMA", 0, "func(v, p *Jacobian8)")
	Pragma("noescape")
	Doc("double8IFMA is Jacobian8.Double's formula in one function, with AVX-512 IFMA.")
	{
		c.Broadcast()
		interleave(doubleSteps(argMem("v"), argMem("p")))
		VZEROUPPER()
		RET()
	}

	TEXT("double8x2IFMA", 0, "func(v, p, v2, p2 *Jacobian8)")
	Pragma("noescape")
	Doc("double8x2IFMA is double8IFMA on two points, their operations interleaved.")
	{
		c.Broadcast()
		interleave(doubleSteps(argMem("v"), argMem("p")), doubleSteps(argMem("v2"), argMem("p2")))
		VZEROUPPER()
		RET()
	}

	TEXT("addAffine8IFMA", 0, "func(v, p *Jacobian8, q *Affine8)")
	Pragma("noescape")
	Doc("addAffine8IFMA is Jacobian8.AddAffine's formula in one function, with AVX-512 IFMA.")
	{
		c.Broadcast()
		interleave(addAffineSteps(argMem("v"), argMem("p"), argMem("q")))
		VZEROUPPER()
		RET()
	}

	TEXT("addAffine8x2IFMA", 0, "func(v, p *Jacobian8, q *Affine8, v2, p2 *Jacobian8, q2 *Affine8)")
	Pragma("noescape")
	Doc("addAffine8x2IFMA is addAffine8IFMA on two pairs of points, their operations interleaved.")
	{
		c.Broadcast()
		interleave(addAffineSteps(argMem("v"), argMem("p"), argMem("q")), addAffineSteps(argMem("v2"), argMem("p2"), argMem("q2")))
		VZEROUPPER()
		RET()
	}

	lookup()
	lanes()
	gather()

	asmgen.Generate("group8", rationale)
}

// interleave emits the operations of each sequence in turn: the first of
// each, then the second of each, and so on.
func interleave(seqs ...[]func()) {
	for i := range seqs[0] {
		for _, seq := range seqs {
			seq[i]()
		}
	}
}

// doubleSteps returns the field operations of Jacobian8.Double's formula,
// v = 2p, with their locals.
func doubleSteps(v, p Mem) []func() {
	X, Y, Z := field(p, 0), field(p, 1), field(p, 2)
	vX, vY, vZ := field(v, 0), field(v, 1), field(v, 2)
	l := locals(6)
	a, b, cc, d, e, t := l[0], l[1], l[2], l[3], l[4], l[5]
	return []func(){
		func() { sqr(a, X) },
		func() { sqr(b, Y) },
		func() { sqr(cc, b) },
		func() { add(d, X, b) },
		func() { sqr(d, d) },
		func() { lin(d, 4, term{2, d}, term{-2, a}, term{-2, cc}) },
		func() { lin(e, 0, term{3, a}) },
		func() { mul(vZ, Y, Z) },
		func() { lin(vZ, 0, term{2, vZ}) },
		func() { sqr(vX, e) },
		func() { lin(vX, 2, term{1, vX}, term{-2, d}) },
		func() { sub(t, d, vX) },
		func() { mul(vY, e, t) },
		func() { lin(vY, 8, term{1, vY}, term{-8, cc}) },
	}
}

// addAffineSteps returns the field operations of Jacobian8.AddAffine's
// formula, v = p + q, with their locals.
func addAffineSteps(v, p, q Mem) []func() {
	X1, Y1, Z1 := field(p, 0), field(p, 1), field(p, 2)
	X2, Y2 := field(q, 0), field(q, 1)
	vX, vY, vZ := field(v, 0), field(v, 1), field(v, 2)
	l := locals(10)
	z1z1, u2, s2, h, hh, i, j, r, vv, t := l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7], l[8], l[9]
	return []func(){
		func() { sqr(z1z1, Z1) },
		func() { mul(u2, X2, z1z1) },
		func() { mul(s2, Y2, Z1) },
		func() { mul(s2, s2, z1z1) },
		func() { sub(h, u2, X1) },
		func() { sqr(hh, h) },
		func() { lin(i, 0, term{4, hh}) },
		func() { mul(j, h, i) },
		func() { lin(r, 2, term{2, s2}, term{-2, Y1}) },
		func() { mul(vv, X1, i) },
		func() { add(t, Z1, h) },
		func() { sqr(t, t) },
		func() { lin(vZ, 2, term{1, t}, term{-1, z1z1}, term{-1, hh}) },
		func() { mul(t, Y1, j) },
		func() { sqr(vX, r) },
		func() { lin(vX, 2, term{1, vX}, term{-1, j}, term{-2, vv}) },
		func() { sub(vv, vv, vX) },
		func() { mul(vY, r, vv) },
		func() { lin(vY, 2, term{1, vY}, term{-2, t}) },
	}
}
