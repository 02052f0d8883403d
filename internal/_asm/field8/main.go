// Command field8 generates internal/field8/field8_amd64.s and its stubs:
//
//	cd internal/_asm && go run ./field8 -out ../field8/field8_amd64.s -stubs ../field8/field8_stubs_amd64.go -pkg field8
//
// The 8-lane field operations of internal/field8 with AVX-512: each of the
// five 52-bit limbs of the eight lanes is one ZMM register, and a
// multiplication is 25 VPMADD52LUQ and 25 VPMADD52HUQ. They are the macros of
// internal/_asm/field8ops, which follow the generic twins of
// internal/field8/field8.go step for step, so both give the same limbs.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"

	"github.com/kestrel-crypto/secp256k1/internal/_asm/asmgen"
	f8 "github.com/kestrel-crypto/secp256k1/internal/_asm/field8ops"
)

var rationale = []string{
	"AVX512 IFMA: VPMADD52LUQ/VPMADD52HUQ multiply eight pairs of limbs at once,",
	"one ZMM register per limb of the eight lanes, for eight field products.",
}

func main() {
	asmgen.Package("github.com/kestrel-crypto/secp256k1/internal/field8")
	ConstraintExpr("!purego")
	c := f8.Declare()
	for _, op := range []struct {
		name, doc string
		f         func(a, b f8.Elem) f8.Elem
	}{
		{"mul8IFMA", "mul8IFMA is mul8Generic with AVX-512 IFMA, for CPUs that have it.", c.Mul},
		{"add8IFMA", "add8IFMA is add8Generic with AVX-512, for CPUs that have IFMA.", c.Add},
		{"sub8IFMA", "sub8IFMA is sub8Generic with AVX-512, for CPUs that have IFMA.", c.Sub},
	} {
		TEXT(op.name, NOSPLIT, "func(v, a, b *Element8)")
		Pragma("noescape")
		Doc(op.doc)
		a := f8.LoadElem(arg("a"))
		b := f8.LoadElem(arg("b"))
		c.Broadcast()
		f8.StoreElem(op.f(a, b), arg("v"))
		VZEROUPPER()
		RET()
	}
	squareN(c)
	squareN2(c)
	asmgen.Generate("field8", rationale)
}

// squareN emits squareN8IFMA: n squarings with the limbs kept in registers,
// for the long runs of squarings in Sqrt's addition chain, where one call
// per squaring would load and store the limbs and pay a call each time.
func squareN(c *f8.Consts) {
	TEXT("squareN8IFMA", NOSPLIT, "func(v, a *Element8, n int)")
	Pragma("noescape")
	Doc("squareN8IFMA is squareN8Generic with AVX-512 IFMA, for CPUs that have it.")
	a := f8.LoadElem(arg("a"))
	n := Load(Param("n"), GP64())
	c.Broadcast()
	Label("loop")
	TESTQ(n, n)
	JZ(LabelRef("done"))
	Comment("a = a², back into a's registers for the next round.")
	s := c.Mul(a, a)
	for i := range a {
		VMOVDQA64(s[i], a[i])
	}
	DECQ(n)
	JMP(LabelRef("loop"))
	Label("done")
	f8.StoreElem(a, arg("v"))
	VZEROUPPER()
	RET()
}

// squareN2 emits squareN2IFMA: squareN8IFMA on two Element8s at once. One
// squaring waits on the previous one (a chain is bound by the IFMA
// latency); the two chains are independent, and the CPU runs one's
// products while the other's wait.
func squareN2(c *f8.Consts) {
	TEXT("squareN2IFMA", NOSPLIT, "func(v, a *[2]Element8, n int)")
	Pragma("noescape")
	Doc("squareN2IFMA is squareN2Generic with AVX-512 IFMA, for CPUs that have it.")
	pa := Load(Param("a"), GP64())
	a := f8.LoadElem(Mem{Base: pa})
	b := f8.LoadElem(Mem{Base: pa, Disp: 320})
	n := Load(Param("n"), GP64())
	c.Broadcast()
	Label("loop2")
	TESTQ(n, n)
	JZ(LabelRef("done2"))
	Comment("a = a², b = b², each back into its registers for the next round.")
	for _, x := range []f8.Elem{a, b} {
		s := c.Mul(x, x)
		for i := range x {
			VMOVDQA64(s[i], x[i])
		}
	}
	DECQ(n)
	JMP(LabelRef("loop2"))
	Label("done2")
	pv := Load(Param("v"), GP64())
	f8.StoreElem(a, Mem{Base: pv})
	f8.StoreElem(b, Mem{Base: pv, Disp: 320})
	VZEROUPPER()
	RET()
}

// arg returns the memory the pointer argument name points to.
func arg(name string) Mem {
	return Mem{Base: Load(Param(name), GP64())}
}
