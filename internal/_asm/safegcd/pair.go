package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// chain is the state of one of the two posdivstep chains of
// posdivstepsUpdate2Asm: f, g, η and the steps left of the batch in
// registers, the matrix and jac in memory. The matrix and jac are off the
// path from one g to the next, which sets the speed of the loop, so their
// loads and stores cost issue slots but no latency; the registers left do
// not hold two matrices (doc of posdivstepsUpdate2Asm).
type chain struct {
	name            string // "a" or "b", in labels and comments
	arg             string // "A" or "B", the suffix of its arguments
	f, g, eta, left GPPhysical
	u, v, q, r, jac Mem
}

// posdivstepsUpdate2 emits posdivstepsUpdate2Asm: two independent batches
// of posdivsteps62Var in one loop, each turn of one chain followed by a turn
// of the other, then the update of each chain's f and g. A chain's turn is a
// latency chain of about 15 cycles (BSF, shift, the products that give w,
// g += w·f) whose few instructions leave most of the core idle; the other
// chain's turn fills it.
func posdivstepsUpdate2() {
	TEXT("posdivstepsUpdate2Asm", NOSPLIT, "func(nA int, fA, gA *signed62, etaA int64, jacA uint64, nB int, fB, gB *signed62, etaB int64, jacB uint64) (int64, uint64, int64, uint64)")
	Pragma("noescape")
	Doc("posdivstepsUpdate2Asm is posdivstepsUpdateAsm on two independent pairs",
		"(fA, gA) and (fB, gB) at once: the two batches of posdivsteps run",
		"interleaved, then each pair gets its update. It returns the new ηA,",
		"jacA, ηB and jacB. 1 ≤ nA, nB ≤ 5.")
	local := func() Mem { return AllocLocal(8) }
	param := func(name string) Mem {
		p, err := Param(name).Resolve()
		if err != nil {
			panic(err)
		}
		return p.Addr
	}
	a := chain{name: "a", arg: "A", f: R8, g: R9, eta: R10, left: R11,
		u: local(), v: local(), q: local(), r: local(), jac: param("jacA")}
	b := chain{name: "b", arg: "B", f: R12, g: R13, eta: R14, left: R15,
		u: local(), v: local(), q: local(), r: local(), jac: param("jacB")}
	for _, c := range []chain{a, b} {
		Comment("chain " + c.name + ": f0, g0 = the low 64 bits of its f and g; the identity matrix; 62 steps left")
		Load(Param("eta"+c.arg), c.eta)
		loadLow64("f"+c.arg, c.f, RAX)
		loadLow64("g"+c.arg, c.g, RAX)
		MOVQ(U32(1), c.u)
		MOVQ(U32(0), c.v)
		MOVQ(U32(0), c.q)
		MOVQ(U32(1), c.r)
		MOVL(U32(62), c.left.As32())
	}

	Comment("both chains: a turn of a, then a turn of b; when one chain ends its",
		"batch, the other goes on alone")
	emitTurn(a, "ab_a", "ab_b", "b_turn")
	emitTurn(b, "ab_b", "ab_a", "a_turn")
	Comment("chain a alone")
	emitTurn(a, "a_turn", "a_turn", "fin")
	Comment("chain b alone")
	emitTurn(b, "b_turn", "b_turn", "fin")

	Label("fin")
	Store(a.eta, ReturnIndex(0))
	Store(b.eta, ReturnIndex(2))
	MOVQ(a.jac, RAX)
	Store(RAX, ReturnIndex(1))
	MOVQ(b.jac, RAX)
	Store(RAX, ReturnIndex(3))
	for _, c := range []chain{a, b} {
		Comment("the update of chain " + c.name + ", its matrix into R9–R12")
		MOVQ(c.u, R9)
		MOVQ(c.v, R10)
		MOVQ(c.q, R11)
		MOVQ(c.r, R12)
		emitUpdateFG("n"+c.arg, "f"+c.arg, "g"+c.arg, "_"+c.name)
	}
	RET()
}

// emitTurn emits, at the label id, one turn of posdivsteps62Var on the
// chain c, as varDivsteps does for one chain, then a jump to next. If the
// turn ends the chain's batch, it jumps to done instead.
func emitTurn(c chain, id, next, done string) {
	t1, t2, m, w := RAX, RBX, RDX, RSI
	Label(id)
	Comment("zeros = the trailing zeros of g below bit left; t2 = 1 − η")
	MOVQ(c.left, RCX)
	MOVQ(I32(-1), m)
	SHLQ(CL, m)
	ORQ(c.g, m)
	MOVL(U32(1), t2.As32())
	SUBQ(c.eta, t2)
	BSFQ(m, RCX)
	SHRQ(CL, c.g)
	SHLQ(CL, c.u)
	SHLQ(CL, c.v)
	Comment("jac ^= zeros & (f>>1 ^ f>>2)")
	MOVQ(c.f, t1)
	SHRQ(U8(1), t1)
	MOVQ(c.f, m)
	SHRQ(U8(2), m)
	XORQ(m, t1)
	ANDQ(RCX, t1)
	XORQ(t1, c.jac)
	SUBQ(RCX, c.left)
	JZ(LabelRef(id + "_end"))
	CMPQ(c.eta, RCX)
	JGE(LabelRef(id + "_noswap"))

	mask := func(bits uint8) { emitMask(t2, c.left, m, w, bits) }
	Comment("η' = zeros − η > 0: swap (f, u, v) with (g, q, r); reciprocity")
	ADDQ(RCX, t2)
	LEAQ(Mem{Base: t2, Disp: -1}, c.eta)
	MOVQ(c.f, t1)
	MOVQ(c.g, c.f)
	MOVQ(t1, c.g)
	for _, p := range [][2]Mem{{c.u, c.q}, {c.v, c.r}} {
		MOVQ(p[0], t1)
		MOVQ(p[1], m)
		MOVQ(m, p[0])
		MOVQ(t1, p[1])
	}
	MOVQ(c.f, t1)
	ANDQ(c.g, t1)
	SHRQ(U8(1), t1)
	XORQ(t1, c.jac)
	Comment("w = f·g·(f² − 2) mod 2^min(η'+1, left, 6)")
	MOVQ(c.f, w)
	IMULQ(c.g, w)
	MOVQ(c.f, t1)
	IMULQ(c.f, t1)
	SUBQ(U8(2), t1)
	IMULQ(t1, w)
	mask(63)
	JMP(LabelRef(id + "_update"))

	Label(id + "_noswap")
	Comment("η' = η − zeros ≥ 0: w = −g·f⁻¹ mod 2^min(η'+1, left, 4)")
	SUBQ(RCX, c.eta)
	LEAQ(Mem{Base: c.eta, Disp: 1}, t2)
	LEAQ(Mem{Base: c.f, Disp: 1}, t1)
	ANDL(U8(4), t1.As32())
	LEAQ(Mem{Base: c.f, Index: t1, Scale: 2}, w)
	NEGQ(w)
	IMULQ(c.g, w)
	mask(15)

	Label(id + "_update")
	Comment("g += w·f, q += w·u, r += w·v")
	MOVQ(c.f, t1)
	IMULQ(w, t1)
	ADDQ(t1, c.g)
	MOVQ(c.u, t1)
	IMULQ(w, t1)
	ADDQ(t1, c.q)
	MOVQ(c.v, t1)
	IMULQ(w, t1)
	ADDQ(t1, c.r)
	JMP(LabelRef(next))

	Label(id + "_end")
	Comment("the batch's last run of zeros: η −= zeros")
	SUBQ(RCX, c.eta)
	JMP(LabelRef(done))
}
