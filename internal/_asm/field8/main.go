// Command field8 generates internal/field8/field8_amd64.s and its stubs:
//
//	cd internal/_asm && go run ./field8 -out ../field8/field8_amd64.s -stubs ../field8/field8_stubs_amd64.go -pkg field8
//
// The 8-lane field operations of internal/field8 with AVX-512: each of the
// five 52-bit limbs of the eight lanes is one ZMM register, and the 25
// partial products of a multiplication are 25 VPMADD52LUQ (low 52 bits of
// each product, added to an accumulator) and 25 VPMADD52HUQ (bits 52..103).
// The code follows the generic twins of internal/field8/field8.go step for
// step (same columns, same carries, same folds), so the two give the same
// limbs, which the tests check.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/kestrel-crypto/secp256k1/internal/_asm/asmgen"
)

var rationale = []string{
	"AVX512 IFMA: VPMADD52LUQ/VPMADD52HUQ multiply eight pairs of limbs at once,",
	"one ZMM register per limb of the eight lanes, for eight field products.",
}

// Constants, broadcast from memory.
var (
	m52, r, p32 Mem
)

func main() {
	asmgen.Package("github.com/kestrel-crypto/secp256k1/internal/field8")
	ConstraintExpr("!purego")

	m52 = GLOBL("m52", RODATA|NOPTR)
	DATA(0, U64(1<<52-1))
	r = GLOBL("r", RODATA|NOPTR)
	DATA(0, U64(0x1000003D10))
	p32 = GLOBL("p32", RODATA|NOPTR)
	for i, l := range []uint64{0xFFFFEFFFFFC2F, 0xFFFFFFFFFFFFF, 0xFFFFFFFFFFFFF, 0xFFFFFFFFFFFFF, 0x0FFFFFFFFFFFF} {
		DATA(8*i, U64(32*l))
	}

	TEXT("mul8IFMA", NOSPLIT, "func(v, a, b *Element8)")
	Pragma("noescape")
	Doc("mul8IFMA is mul8Generic with AVX-512 IFMA, for CPUs that have it.")
	a := load("a")
	b := load("b")
	var t [10]reg.VecVirtual
	for i := range t {
		t[i] = ZMM()
		VPXORQ(t[i], t[i], t[i])
	}
	Comment("The 25 partial products, low and high halves, into columns 0..9.")
	for i := range 5 {
		for k := range 5 {
			VPMADD52LUQ(b[k], a[i], t[i+k])
			VPMADD52HUQ(b[k], a[i], t[i+k+1])
		}
	}
	mask, rr := ZMM(), ZMM()
	VPBROADCASTQ(m52, mask)
	VPBROADCASTQ(r, rr)
	Comment("Fold columns 5..9, each split into its low 52 bits and the rest,")
	Comment("back multiplied by r = 2²⁶⁰ mod p; what lands at 2²⁶⁰ again is s5.")
	tmp := ZMM()
	s5 := ZMM()
	VPXORQ(s5, s5, s5)
	for k := 5; k < 10; k++ {
		VPSRLQ(U8(52), t[k], tmp)
		VPANDQ(mask, t[k], t[k])
		VPMADD52LUQ(rr, t[k], t[k-5])
		if k < 9 {
			VPMADD52HUQ(rr, t[k], t[k-4])
			VPMADD52LUQ(rr, tmp, t[k-4])
		} else {
			VPMADD52HUQ(rr, t[k], s5)
			VPMADD52LUQ(rr, tmp, s5)
		}
	}
	VPMADD52LUQ(rr, s5, t[0])
	VPMADD52HUQ(rr, s5, t[1])
	reduce5(t[:5], tmp, mask, rr)
	store(t[:5], "v")
	VZEROUPPER()
	RET()

	for _, op := range []struct{ name, doc string }{
		{"add8IFMA", "add8IFMA is add8Generic with AVX-512, for CPUs that have IFMA."},
		{"sub8IFMA", "sub8IFMA is sub8Generic with AVX-512, for CPUs that have IFMA."},
	} {
		TEXT(op.name, NOSPLIT, "func(v, a, b *Element8)")
		Pragma("noescape")
		Doc(op.doc)
		a := load("a")
		b := load("b")
		mask, rr, tmp := ZMM(), ZMM(), ZMM()
		VPBROADCASTQ(m52, mask)
		VPBROADCASTQ(r, rr)
		for i := range 5 {
			if op.name == "add8IFMA" {
				VPADDQ(b[i], a[i], a[i])
			} else {
				VPADDQ_BCST(p32.Offset(8*i), a[i], a[i])
				VPSUBQ(b[i], a[i], a[i])
			}
		}
		reduce5(a[:], tmp, mask, rr)
		store(a[:], "v")
		VZEROUPPER()
		RET()
	}

	asmgen.Generate("field8", rationale)
}

// load returns the five limb registers of the *Element8 argument name.
func load(name string) [5]reg.VecVirtual {
	p := Load(Param(name), GP64())
	var l [5]reg.VecVirtual
	for i := range l {
		l[i] = ZMM()
		VMOVDQU64(Mem{Base: p, Disp: 64 * i}, l[i])
	}
	return l
}

// store writes the limb registers l to the *Element8 argument name.
func store(l []reg.VecVirtual, name string) {
	p := Load(Param(name), GP64())
	for i := range l {
		VMOVDQU64(l[i], Mem{Base: p, Disp: 64 * i})
	}
}

// carry adds lo >> 52 to hi and keeps the low 52 bits of lo.
func carry(lo, hi, tmp, mask reg.VecVirtual) {
	VPSRLQ(U8(52), lo, tmp)
	VPADDQ(tmp, hi, hi)
	VPANDQ(mask, lo, lo)
}

// reduce5 is the generic reduce5: two rounds of carries and a fold of what
// is above 2²⁶⁰.
func reduce5(t []reg.VecVirtual, tmp, mask, rr reg.VecVirtual) {
	if len(t) != 5 {
		panic(fmt.Sprint("reduce5 of ", len(t), " limbs"))
	}
	Comment("reduce5: carry, fold the carry out of limb 4 multiplied by r, twice.")
	for range 2 {
		for i := range 4 {
			carry(t[i], t[i+1], tmp, mask)
		}
		VPSRLQ(U8(52), t[4], tmp)
		VPANDQ(mask, t[4], t[4])
		VPMADD52LUQ(rr, tmp, t[0])
	}
}
