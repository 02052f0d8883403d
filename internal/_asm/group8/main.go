// Command group8 generates internal/group8/group8_amd64.s and its stubs:
//
//	cd internal/_asm && go run ./group8 -out ../group8/group8_amd64.s -stubs ../group8/group8_stubs_amd64.go -pkg group8
//
// The 8-lane point formulas of internal/group8 as single functions: the
// field operations are internal/_asm/field8ops's macros, in the order and on
// the operands of group8.go's formulas, so the results are the limbs the
// Go formulas give over field8's operations (the tests compare them). The
// intermediate values live in the function's stack frame: a field element
// of eight lanes is five ZMM registers, and a multiplication alone needs
// twenty, so only the operands of the operation at hand are in registers.
// What the single function saves over a call per field operation is the
// calls, the constants' broadcasts and the VZEROUPPER of each call, and the
// out-of-order core can overlap consecutive operations. The functions are
// not NOSPLIT: their frames (up to 3200 bytes) are above the linker's
// limit for functions without a stack check.
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
		v, p := argMem("v"), argMem("p")
		X, Y, Z := field(p, 0), field(p, 1), field(p, 2)
		vX, vY, vZ := field(v, 0), field(v, 1), field(v, 2)
		l := locals(6)
		a, b, cc, d, e, t := l[0], l[1], l[2], l[3], l[4], l[5]
		sqr(a, X)
		sqr(b, Y)
		sqr(cc, b)
		add(d, X, b)
		sqr(d, d)
		sub(d, d, a)
		sub(d, d, cc)
		add(d, d, d)
		add(e, a, a)
		add(e, e, a)
		mul(vZ, Y, Z)
		add(vZ, vZ, vZ)
		sqr(vX, e)
		sub(vX, vX, d)
		sub(vX, vX, d)
		sub(t, d, vX)
		mul(vY, e, t)
		add(cc, cc, cc)
		add(cc, cc, cc)
		add(cc, cc, cc)
		sub(vY, vY, cc)
		VZEROUPPER()
		RET()
	}

	TEXT("addAffine8IFMA", 0, "func(v, p *Jacobian8, q *Affine8)")
	Pragma("noescape")
	Doc("addAffine8IFMA is Jacobian8.AddAffine's formula in one function, with AVX-512 IFMA.")
	{
		c.Broadcast()
		v, p, q := argMem("v"), argMem("p"), argMem("q")
		X1, Y1, Z1 := field(p, 0), field(p, 1), field(p, 2)
		X2, Y2 := field(q, 0), field(q, 1)
		vX, vY, vZ := field(v, 0), field(v, 1), field(v, 2)
		l := locals(10)
		z1z1, u2, s2, h, hh, i, j, r, vv, t := l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7], l[8], l[9]
		sqr(z1z1, Z1)
		mul(u2, X2, z1z1)
		mul(s2, Y2, Z1)
		mul(s2, s2, z1z1)
		sub(h, u2, X1)
		sqr(hh, h)
		add(i, hh, hh)
		add(i, i, i)
		mul(j, h, i)
		sub(r, s2, Y1)
		add(r, r, r)
		mul(vv, X1, i)
		add(t, Z1, h)
		sqr(t, t)
		sub(t, t, z1z1)
		sub(vZ, t, hh)
		mul(t, Y1, j)
		add(t, t, t)
		sqr(vX, r)
		sub(vX, vX, j)
		sub(vX, vX, vv)
		sub(vX, vX, vv)
		sub(vv, vv, vX)
		mul(vY, r, vv)
		sub(vY, vY, t)
		VZEROUPPER()
		RET()
	}

	gather()

	asmgen.Generate("group8", rationale)
}
