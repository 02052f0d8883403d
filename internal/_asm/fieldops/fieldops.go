// Package fieldops emits the field arithmetic of internal/field/fe_generic.go
// (four 64-bit limbs lazily reduced in [0, 2²⁵⁶)) as avo macros on virtual
// registers, for ../field's standalone routines and ../group's whole point
// formulas, where a call per field operation would cost as much as the
// operation. Each macro mirrors its generic twin step by step and keeps its
// contract (any input in [0, 2²⁵⁶), output in [0, 2²⁵⁶) congruent mod p);
// the bound behind every dropped carry is in fe_generic.go and
// docs/design.md, "Field element bounds". The multiply and square take most
// general registers at their peak, so callers hold nothing else in
// registers across them and keep their temporaries in the stack frame.
package fieldops

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// c is 2²⁵⁶ mod p = 2³² + 977, the constant of the special reduction.
const c = 0x1000003D1

// p0 is the low limb of p; the three other limbs are all ones.
const p0 = 0xFFFFFFFEFFFFFC2F

// Elem is a field element in memory.
type Elem interface {
	// Limbs returns the memory operands of the limbs l[0..3], emitting the
	// load of a base pointer if the element needs one.
	Limbs() [4]Mem
}

// At is a field element stored at a memory operand (a stack slot, or an
// offset from a base register that is already loaded).
type At Mem

// Limbs implements Elem.
func (m At) Limbs() [4]Mem {
	b := Mem(m)
	return [4]Mem{b, b.Offset(8), b.Offset(16), b.Offset(24)}
}

// Local allocates a field element in the stack frame.
func Local() At { return At(AllocLocal(32)) }

// Field is a field.Element reached through a pointer argument: the function
// returns its gotypes component, such as Dereference(Param("p")).Field("X"),
// so the limb offsets come from the real Go types. It is called at each use:
// the pointer is loaded where it is needed and holds no register in between.
type Field func() gotypes.Component

// Limbs implements Elem.
func (f Field) Limbs() [4]Mem {
	l := f().Field("l")
	var m [4]Mem
	for i := range m {
		b, err := l.Index(i).Resolve()
		if err != nil {
			panic(fmt.Sprintf("fieldops: limb %d: %v", i, err))
		}
		m[i] = b.Addr
	}
	return m
}

// Arg is the field element that the argument name, of type *Element,
// points to.
func Arg(name string) Field {
	return func() gotypes.Component { return Dereference(Param(name)) }
}

// Regs is a field element held in four virtual registers, l[0..3].
type Regs [4]GPVirtual

// LoadElem returns x in registers.
func LoadElem(x Elem) Regs {
	m := x.Limbs()
	var r Regs
	for i := range r {
		r[i] = GP64()
		MOVQ(m[i], r[i])
	}
	return r
}

// StoreElem writes r to z.
func StoreElem(r Regs, z Elem) {
	m := z.Limbs()
	for i := range r {
		MOVQ(r[i], m[i])
	}
}

// Copy sets z = x through registers.
func Copy(z, x Elem) { StoreElem(LoadElem(x), z) }

func ops(m [4]Mem) [4]Op { return [4]Op{m[0], m[1], m[2], m[3]} }

func (r Regs) ops() [4]Op { return [4]Op{r[0], r[1], r[2], r[3]} }

// varTime is set between VarTime and the function it returns: the macros
// then branch on carries that are rare for any input (probability below
// 2⁻³⁰) to blocks out of line, instead of propagating them with carry
// instructions, which on Intel cores all issue on ports 0 and 6 and bound a
// point formula's throughput there. Only variable-time functions may use
// it: whether the branch is taken depends on the values.
var varTime bool

// rare holds the out-of-line blocks of the function being built.
var rare []func()

// VarTime switches the macros to their variable-time forms for the function
// being built. Call the function it returns after the function's last RET:
// it emits the out-of-line blocks there and switches back.
func VarTime() (end func()) {
	varTime, rare = true, nil
	return func() {
		for _, b := range rare {
			b()
		}
		varTime, rare = false, nil
	}
}

// rareCarry emits a JCS to an out-of-line block that runs fix, entered with
// the carry flag still set, and jumps back to the instruction after the
// JCS. The block leaves the flags changed, so rareCarry must be the last
// instruction of its macro: nothing after it may read the flags (every
// macro starts its own chains with ADD, SUB, XOR or a flag-free MULX).
func rareCarry(fix func()) {
	labels++
	in, back := fmt.Sprintf("rare%d", labels), fmt.Sprintf("back%d", labels)
	JCS(LabelRef(in))
	Label(back)
	rare = append(rare, func() {
		Label(in)
		fix()
		JMP(LabelRef(back))
	})
}

// AddTo sets r = r + y mod p (feAddGeneric), y in memory.
func AddTo(r Regs, y Elem) { addSub(r, ops(y.Limbs()), add) }

// AddRegs sets r = r + y mod p (feAddGeneric), y in registers.
func AddRegs(r, y Regs) { addSub(r, y.ops(), add) }

// SubFrom sets r = r − y mod p (feSubGeneric), y in memory.
func SubFrom(r Regs, y Elem) { addSub(r, ops(y.Limbs()), sub) }

// SubRegs sets r = r − y mod p (feSubGeneric), y in registers.
func SubRegs(r, y Regs) { addSub(r, y.ops(), sub) }

// addOp is the addition or the subtraction of addSub: its first and
// carrying instructions and the comments on its steps.
type addOp struct {
	first, carry func(imr, mr Op)
	head, ct, vt []string
}

var (
	add = addOp{ADDQ, ADCQ,
		[]string{"r = x + y: 256-bit add; a carry out stands for 2²⁵⁶ ≡ c"},
		[]string{"add c on a carry; that carries again only if r ≥ 2²⁵⁶ − c, and then",
			"the wrapped r is below c, so adding c once more into limb 0 cannot carry"},
		[]string{"add c on a carry; that carries out of limb 0 only if limb 0 ≥ 2⁶⁴ − c:",
			"rare, out of line, where the carry runs through limbs 1..3 and, if r",
			"wrapped (it is then below c), c is added once more into limb 0"}}
	sub = addOp{SUBQ, SBBQ,
		[]string{"r = x − y: 256-bit subtract; a borrow stands for −2²⁵⁶ ≡ −c"},
		[]string{"subtract c on a borrow; that borrows again only if r < c, and then",
			"limb 0 of the wrapped r is ≥ 2⁶⁴ − c, so subtracting c once more cannot borrow"},
		[]string{"subtract c on a borrow; that borrows from limb 1 only if limb 0 < c:",
			"rare, out of line, where the borrow runs through limbs 1..3 and, if r",
			"wrapped (limb 0 is then ≥ 2⁶⁴ − c), c is subtracted once more from limb 0"}}
)

// addSub sets r = r ± y mod p: the 256-bit operation, then ±c on a carry
// (or borrow) out, which can wrap once more, and then ±c again.
func addSub(r Regs, y [4]Op, o addOp) {
	Comment(o.head...)
	o.first(y[0], r[0])
	for i := 1; i < 4; i++ {
		o.carry(y[i], r[i])
	}
	m, k := GP64(), GP64()
	MOVQ(U64(c), k)
	SBBQ(m, m)
	ANDQ(k, m)
	// again propagates the carry of ±c through limbs 1..3 and applies c
	// once more if r wrapped.
	again := func() {
		for i := 1; i < 4; i++ {
			o.carry(Imm(0), r[i])
		}
		SBBQ(m, m)
		ANDQ(k, m)
		o.first(m, r[0])
	}
	if varTime {
		Comment(o.vt...)
		o.first(m, r[0])
		rareCarry(again)
		return
	}
	Comment(o.ct...)
	o.first(m, r[0])
	again()
}

// NegRegs returns −r mod p in new registers, as 0 − r (Element.Negate, which
// is feSubGeneric from zero): the same subtraction, so the same bound.
func NegRegs(r Regs) Regs {
	n := ZeroRegs()
	SubRegs(n, r)
	return n
}

// Add sets z = x + y mod p.
func Add(z, x, y Elem) {
	r := LoadElem(x)
	AddTo(r, y)
	StoreElem(r, z)
}

// Sub sets z = x − y mod p.
func Sub(z, x, y Elem) {
	r := LoadElem(x)
	SubFrom(r, y)
	StoreElem(r, z)
}

// HalfRegs sets r = r/2 mod p (feHalfGeneric): r + p if r is odd, shifted
// right by one with the carry as bit 255; r + p < 2²⁵⁷, so the result is
// < 2²⁵⁶. The shifts are SHRD, not RCR (two µops each on the carry ports).
func HalfRegs(r Regs) {
	Comment("r = r/2: add p if r is odd (p's limbs 1..3 are all ones), then shift",
		"right by double shifts (SHRD) with the carry out as bit 255")
	m, t, cy := GP64(), GP64(), GP64()
	MOVQ(r[0], m)
	ANDQ(Imm(1), m)
	NEGQ(m)
	MOVQ(U64(p0), t)
	ANDQ(m, t)
	MOVL(U32(0), cy.As32())
	ADDQ(t, r[0])
	ADCQ(m, r[1])
	ADCQ(m, r[2])
	ADCQ(m, r[3])
	ADCQ(Imm(0), cy)
	SHRQ(Imm(1), r[1], r[0])
	SHRQ(Imm(1), r[2], r[1])
	SHRQ(Imm(1), r[3], r[2])
	SHRQ(Imm(1), cy, r[3])
}

// Half sets z = x/2 mod p.
func Half(z, x Elem) {
	r := LoadElem(x)
	HalfRegs(r)
	StoreElem(r, z)
}

// ZeroRegs returns 0 in registers.
func ZeroRegs() Regs {
	var r Regs
	for i := range r {
		r[i] = GP64()
		XORL(r[i].As32(), r[i].As32())
	}
	return r
}

// SelectIf sets r = x if cond (a register or a memory word holding 0 or 1)
// is 1, and leaves r alone if it is 0 (Element.Select): a TEST and four
// CMOVQNE, which load x either way, so it runs in constant time.
func SelectIf(cond Op, r Regs, x Elem) {
	m := x.Limbs()
	if IsRegister(cond) {
		TESTQ(cond, cond)
	} else {
		CMPQ(cond, U8(0))
	}
	for i := range r {
		CMOVQNE(m[i], r[i])
	}
}

// IsZeroCT returns a register holding 1 if r ≡ 0 mod p (r = 0 or r = p) and
// 0 otherwise (Element.IsZero), without branches.
func IsZeroCT(r Regs) GPVirtual {
	Comment("d = 1 if r ≡ 0 mod p (r = 0 or r = p), else 0; branch-free")
	t, u, w, one, d := GP64(), GP64(), GP64(), GP64(), GP64()
	MOVQ(r[0], t)
	ORQ(r[1], t)
	ORQ(r[2], t)
	ORQ(r[3], t) // t = 0 iff r = 0
	MOVQ(r[1], u)
	ANDQ(r[2], u)
	ANDQ(r[3], u)
	NOTQ(u) // u = 0 iff limbs 1..3 are all ones
	MOVQ(U64(p0), w)
	XORQ(r[0], w)
	ORQ(w, u) // u = 0 iff r = p
	XORL(d.As32(), d.As32())
	MOVL(U32(1), one.As32())
	TESTQ(t, t)
	CMOVQEQ(one, d)
	TESTQ(u, u)
	CMOVQEQ(one, d)
	return d
}

// sup returns n in superscript digits, for exponents in comments.
func sup(n int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var b []rune
	for _, d := range fmt.Sprint(n) {
		b = append(b, []rune(digits)[d-'0'])
	}
	return string(b)
}

// labels numbers the labels that macros make.
var labels int

// JumpIfZero jumps to label if r represents 0 mod p, that is if r = 0 or
// r = p (Element.IsZero). It is variable time.
func JumpIfZero(r Regs, label string) {
	Comment("r ≡ 0 mod p when r = 0 or r = p (limbs 1..3 all ones, limb 0 = p0)")
	t := GP64()
	MOVQ(r[0], t)
	ORQ(r[1], t)
	ORQ(r[2], t)
	ORQ(r[3], t)
	JZ(LabelRef(label))
	labels++
	notP := fmt.Sprintf("notp%d", labels)
	MOVQ(r[1], t)
	ANDQ(r[2], t)
	ANDQ(r[3], t)
	INCQ(t)
	JNZ(LabelRef(notP))
	MOVQ(U64(p0), t)
	CMPQ(r[0], t)
	JEQ(LabelRef(label))
	Label(notP)
}

// MulRegs returns x·y mod p in registers (feMulGeneric): the schoolbook
// product with MULX, whose flag-free multiplies let each row add its low
// halves on the CF chain (ADCX) and its high halves on the OF chain (ADOX)
// at once, then the special reduction.
func MulRegs(x, y Elem) Regs {
	a := x.Limbs()
	b := y.Limbs()
	var t [8]GPVirtual
	for i := range t {
		t[i] = GP64()
	}
	lo, hi := GP64(), GP64()

	Comment("Row 0: t0..t4 = a0·b")
	MOVQ(a[0], RDX)
	MULXQ(b[0], t[0], t[1])
	MULXQ(b[1], lo, t[2])
	ADDQ(lo, t[1])
	MULXQ(b[2], lo, t[3])
	ADCQ(lo, t[2])
	MULXQ(b[3], lo, t[4])
	ADCQ(lo, t[3])
	ADCQ(Imm(0), t[4]) // high words are ≤ 2⁶⁴ − 2: no overflow

	zero := GP64()
	for i := 1; i < 4; i++ {
		Commentf("Row %d: t%d..t%d += a%d·b, low halves on CF (ADCX), high halves on OF (ADOX);", i, i, i+4, i)
		Commentf("the sum so far is a·(b mod 2%s) < 2%s, so t%d takes both final carries", sup(64*(i+1)), sup(64*(i+5)), i+4)
		MOVQ(a[i], RDX)
		XORL(zero.As32(), zero.As32()) // zero = 0, and clears CF and OF
		for j := 0; j < 3; j++ {
			MULXQ(b[j], lo, hi)
			ADCXQ(lo, t[i+j])
			ADOXQ(hi, t[i+j+1])
		}
		MULXQ(b[3], lo, t[i+4])
		ADCXQ(lo, t[i+3])
		ADOXQ(zero, t[i+4])
		ADCXQ(zero, t[i+4])
	}
	return reduce(t, lo, hi)
}

// SquareRegs returns x² mod p in registers (feSquareGeneric): the six cross
// products once, doubled by double shifts as in the generic code, plus the
// four squares (10 MULX instead of 16), then the special reduction.
func SquareRegs(x Elem) Regs { return square(ops(x.Limbs())) }

// SquareOfRegs returns a² mod p in new registers, for a held in registers
// (SquareRegs with register operands): a loop of squarings keeps its value
// in registers, with no store and reload between two squarings. a's
// registers are free after their last use, in the squares aᵢ² near the end.
func SquareOfRegs(a Regs) Regs { return square(a.ops()) }

// square is SquareRegs on the limbs a[0..3], memory or registers.
func square(a [4]Op) Regs {
	var t [8]GPVirtual
	for i := range t {
		t[i] = GP64()
	}
	lo, hi, zero := GP64(), GP64(), GP64()

	Comment("Cross sum C = Σ_{i<j} aᵢaⱼ into t1..t6. CF chain: a0·(a1, a2, a3) and",
		"a3·(a1, a2), a partial sum ≤ C < 2⁴⁴⁸, so it ends in t6 without a carry out")
	XORL(zero.As32(), zero.As32()) // zero = 0, and clears CF and OF
	MOVQ(a[0], RDX)
	MULXQ(a[1], t[1], t[2])
	MULXQ(a[2], lo, t[3])
	ADCXQ(lo, t[2])
	MULXQ(a[3], lo, t[4])
	ADCXQ(lo, t[3])
	MOVQ(a[3], RDX)
	MULXQ(a[1], lo, t[5])
	ADCXQ(lo, t[4])
	MULXQ(a[2], lo, t[6])
	ADCXQ(lo, t[5])
	ADCXQ(zero, t[6])
	Comment("OF chain: a1·a2 at limbs 3..4; C < 2⁴⁴⁸ fits t1..t6")
	MOVQ(a[1], RDX)
	MULXQ(a[2], lo, hi)
	ADOXQ(lo, t[3])
	ADOXQ(hi, t[4])
	ADOXQ(zero, t[5])
	ADOXQ(zero, t[6])

	Comment("t0..t7 = 2C + Σ aᵢ²·2^(128i): the doubling by double shifts (SHLD, on",
		"the multiplier's port, top limb first so each reads the limb below unshifted),",
		"then the squares on one ADD/ADC chain; 2C < 2⁴⁴⁹ and a² < 2⁵¹², so t7 takes the final carry")
	XORL(t[7].As32(), t[7].As32())
	for i := 7; i >= 2; i-- {
		SHLQ(Imm(1), t[i-1], t[i])
	}
	ADDQ(t[1], t[1])
	MOVQ(a[0], RDX)
	MULXQ(RDX, t[0], hi)
	ADDQ(hi, t[1])
	for i := 1; i < 4; i++ {
		MOVQ(a[i], RDX)
		MULXQ(RDX, lo, hi)
		ADCQ(lo, t[2*i])
		ADCQ(hi, t[2*i+1])
	}
	return reduce(t, lo, hi)
}

// reduce returns the 512-bit t0..t7 mod p in [0, 2²⁵⁶): t0..t3 + c·(t4..t7)
// leaves a top limb r4 < 2³³ + 2, and r4·c < 2⁶⁷ is folded in (fold in
// fe_generic.go). lo and hi are scratch registers.
func reduce(t [8]GPVirtual, lo, hi GPVirtual) Regs {
	Comment("Reduce: t ≡ t0..t3 + c·(t4..t7), c = 2³² + 977, lows on CF, highs on OF;",
		"each high half is < 2³³, so the top limb r4 < 2³³ + 2")
	MOVQ(U64(c), RDX)
	XORL(lo.As32(), lo.As32())
	for j := 0; j < 3; j++ {
		MULXQ(t[4+j], lo, hi)
		ADCXQ(lo, t[j])
		ADOXQ(hi, t[j+1])
	}
	r4 := GP64()
	MULXQ(t[7], lo, r4)
	ADCXQ(lo, t[3])
	MOVL(U32(0), lo.As32())
	ADOXQ(lo, r4)
	ADCXQ(lo, r4)

	if varTime {
		Comment("fold: add r4·c < 2⁶⁷ into limbs 0..1 (the high half is < 8); a carry",
			"out of limb 1 (limb 1 ≥ 2⁶⁴ − 8) is rare, out of line, where it runs",
			"through limbs 2..3 and, on a carry out (the wrapped value is then below",
			"2⁹⁷), c and its carry are added into limbs 0..1, which cannot carry further")
		MULXQ(r4, lo, hi)
		ADDQ(lo, t[0])
		ADCQ(hi, t[1])
		rareCarry(func() {
			m := GP64()
			ADCQ(Imm(0), t[2])
			ADCQ(Imm(0), t[3])
			SBBQ(m, m)
			ANDQ(RDX, m)
			ADDQ(m, t[0])
			ADCQ(Imm(0), t[1])
		})
		return Regs{t[0], t[1], t[2], t[3]}
	}
	Comment("fold: add r4·c < 2⁶⁷ on CF; on a carry out the wrapped value is below",
		"2⁹⁷, so adding c (and the carry into limb 1) cannot carry further. Limbs",
		"0..1 plus c are computed on OF alongside and selected by the final CF:",
		"a CMOV after the carry, not a second add chain")
	MULXQ(r4, lo, hi)
	zero, s0, s1 := GP64(), GP64(), GP64()
	XORL(zero.As32(), zero.As32())
	ADCXQ(lo, t[0])
	MOVQ(t[0], s0)
	ADOXQ(RDX, s0)
	ADCXQ(hi, t[1])
	MOVQ(t[1], s1)
	ADOXQ(zero, s1)
	ADCXQ(zero, t[2])
	ADCXQ(zero, t[3])
	CMOVQCS(s0, t[0])
	CMOVQCS(s1, t[1])
	return Regs{t[0], t[1], t[2], t[3]}
}

// Mul sets z = x·y mod p.
func Mul(z, x, y Elem) { StoreElem(MulRegs(x, y), z) }

// Square sets z = x² mod p.
func Square(z, x Elem) { StoreElem(SquareRegs(x), z) }
