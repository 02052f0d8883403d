// Command field generates internal/field/fe_amd64.s and its stubs:
//
//	cd internal/_asm && go run ./field -out ../field/fe_amd64.s -stubs ../field/fe_stubs_amd64.go -pkg field
//
// Why assembly: Go's compiler emits MULQ for bits.Mul64, which writes the
// flags, so every partial product needs its own ADD/ADC pass, and it spills
// the 512-bit product. BMI2's MULX multiplies without touching the flags and
// ADX's ADCX/ADOX add along two independent carry chains (CF and OF), so each
// row of the schoolbook product adds its low and its high halves at once and
// everything stays in registers. The measurements below give the gain.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"

	"github.com/kestrel-crypto/secp256k1/internal/_asm/asmgen"
	fe "github.com/kestrel-crypto/secp256k1/internal/_asm/fieldops"
)

// Measurements behind the choices in this generator; they stay here, out
// of the generated files, whose header says only what the assembly is for.
//
// Why assembly: BMI2's MULX multiplies without writing the flags, and ADX's
// ADCX/ADOX add along two independent carry chains (CF and OF), so each row of
// the 4x64 schoolbook product adds its low and high halves at once, all in
// registers; Go's compiler emits MULQ + ADD/ADC and spills. Measured on the
// project's machine (shared and noisy; benchstat -count 6, the -tags purego
// build against this one): Multiply 23.8 -> 17.3 ns (-27%), Square 20.8 ->
// 15.1 ns (-27%), Sqrt 5.74 -> 3.90 µs (-32%). Add, subtract and half stay in
// Go: as assembly calls they measured no faster (add 6.8 vs 6.8 ns, half 4.9
// vs 5.9 ns); inside point formulas they are the fieldops macros. The square
// doubles its cross sum by double shifts (SHLD, which issue on the multiplier's
// port and not on the two ports that every carry instruction competes for)
// instead of an ADCX chain: 14.37 -> 13.35 ns (-7.1%, p = 0.000, n = 10, Intel
// Xeon, the old and new binaries alternating). feSquareNADX keeps its value in
// registers from one squaring to the next (no store and reload between them):
// Sqrt 4.065 -> 3.607 µs (-11.3%), FermatInvert 4.143 -> 3.605 µs (-13.0%), p =
// 0.000, n = 10 (20 of 20 paired runs faster).

// rationale heads the generated files, after the DO NOT EDIT line: which
// instructions the assembly uses and what they buy, without figures.
var rationale = []string{
	"MULX/ADCX/ADOX (BMI2, ADX) field multiply and square: MULX leaves the flags",
	"alone, so the carries run in two chains, all in registers; SHLD doubles the",
	"square's cross sum off the carry ports; feSquareNADX chains squarings.",
}

func main() {
	asmgen.Package("github.com/kestrel-crypto/secp256k1/internal/field")
	ConstraintExpr("!purego")

	TEXT("feMulADX", NOSPLIT, "func(v, a, b *Element, adx bool)")
	Pragma("noescape")
	Doc("feMulADX sets v = a·b mod p, with v in [0, 2²⁵⁶): feMulGeneric with MULX",
		"and ADCX/ADOX (21 MULX) if adx is true, which requires BMI2 and ADX, and a",
		"tail call to feMulGeneric otherwise. The flag is an argument so that feMul,",
		"one call, inlines into Multiply.")
	ifNot("adx", "feMulGeneric")
	fe.Mul(fe.Arg("v"), fe.Arg("a"), fe.Arg("b"))
	RET()
	genericPath("feMulGeneric")

	TEXT("feSquareADX", NOSPLIT, "func(v, a *Element, adx bool)")
	Pragma("noescape")
	Doc("feSquareADX sets v = a² mod p, with v in [0, 2²⁵⁶): feSquareGeneric (the",
		"10-product square, 15 MULX in all) with MULX and ADCX/ADOX if adx is true,",
		"which requires BMI2 and ADX, and a tail call to feSquareGeneric otherwise.")
	ifNot("adx", "feSquareGeneric")
	fe.Square(fe.Arg("v"), fe.Arg("a"))
	RET()
	genericPath("feSquareGeneric")

	TEXT("feSquareNADX", NOSPLIT, "func(v, a *Element, n int, adx bool)")
	Pragma("noescape")
	Doc("feSquareNADX sets v = a^(2ⁿ) mod p, with v in [0, 2²⁵⁶), by n squarings in",
		"one call if adx is true (which requires BMI2 and ADX) and n ≥ 1, and by a",
		"tail call to feSquareNGeneric otherwise.")
	ifNot("adx", "feSquareNGeneric")
	n := repeatCount()
	Comment("x = a in registers; each squaring reads x and leaves its result in x")
	x := fe.LoadElem(fe.Arg("a"))
	Label("loop")
	r := fe.SquareOfRegs(x)
	for i := range x {
		MOVQ(r[i], x[i])
	}
	DECQ(n)
	JNZ(LabelRef("loop"))
	fe.StoreElem(x, fe.Arg("v"))
	RET()
	genericPath("feSquareNGeneric")

	TEXT("feSquareN2ADX", NOSPLIT, "func(v, a, w, b *Element, n int, adx bool)")
	Pragma("noescape")
	Doc("feSquareN2ADX sets v = a^(2ⁿ) and w = b^(2ⁿ) mod p, with v and w in",
		"[0, 2²⁵⁶), by two chains of n squarings in one loop if adx is true (which",
		"requires BMI2 and ADX) and n ≥ 1, and by a tail call to feSquareN2Generic",
		"otherwise. v and w must not be the same Element.")
	ifNot("adx", "feSquareN2Generic")
	n2 := repeatCount()
	Comment("x = a in registers, then w = b (a is read first, so w may be a)")
	x2 := fe.LoadElem(fe.Arg("a"))
	fe.Copy(fe.Arg("w"), fe.Arg("b"))
	Comment("each turn squares v's chain, then w's: the two are independent, so the",
		"out-of-order core runs one while the other waits on its carries")
	Label("loop")
	fe.StoreElem(fe.SquareOfRegs(x2), fe.Arg("v"))
	fe.StoreElem(fe.SquareOfRegs(fe.LoadElem(fe.Arg("w"))), fe.Arg("w"))
	for i, m := range fe.Arg("v").Limbs() {
		MOVQ(m, x2[i])
	}
	DECQ(n2)
	JNZ(LabelRef("loop"))
	RET()
	genericPath("feSquareN2Generic")

	asmgen.Generate("field", rationale)
}

// repeatCount returns the argument n, the number of squarings, after a jump
// to the generic path if n ≤ 0.
func repeatCount() Mem {
	n, err := Param("n").Resolve()
	if err != nil {
		panic(err)
	}
	CMPQ(n.Addr, U8(0))
	JLE(LabelRef("generic"))
	return n.Addr
}

// ifNot jumps to the generic path (genericPath) if the bool argument flag is
// false.
func ifNot(flag, generic string) {
	f, err := Param(flag).Resolve()
	if err != nil {
		panic(err)
	}
	Commentf("%s = false: the CPU lacks BMI2/ADX, or a test forced the generic code", flag)
	CMPB(f.Addr, U8(0))
	JEQ(LabelRef("generic"))
}

// genericPath emits the label "generic" and a tail call to the Go function
// name: JMP ·name(SB) reaches its ABI0 wrapper, which reads the same leading
// arguments from the caller's frame and returns to the caller.
func genericPath(name string) {
	Label("generic")
	Instruction(&ir.Instruction{
		Opcode:     "JMP",
		Operands:   []Op{NewDataAddr(Symbol{Name: "·" + name}, 0)},
		IsTerminal: true,
	})
}
