// Command safegcd generates internal/safegcd/safegcd_amd64.s and its stubs:
//
//	cd internal/_asm && go run ./safegcd -out ../safegcd/safegcd_amd64.s -stubs ../safegcd/safegcd_stubs_amd64.go -pkg safegcd
//
// The inner parts of a safegcd batch (internal/safegcd): the divsteps and
// the matrix updates of d, e, f and g, each the twin of a Go function with
// the same results, which the tests check. Only baseline x86-64
// instructions (one-operand IMUL, BSF, CMOV), so it runs on every amd64
// CPU. Why each routine is assembly, and what it gains: docs/safegcd.md, §8.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/kestrel-crypto/secp256k1/internal/_asm/asmgen"
)

var rationale = []string{
	"safegcd's divsteps and matrix updates: one-operand IMUL gives the signed",
	"double-word products that Go lacks; the constant-time divsteps keep two",
	"matrix entries per register. Baseline amd64 instructions only.",
}

const mask62 = 1<<62 - 1

func main() {
	asmgen.Package("github.com/kestrel-crypto/secp256k1/internal/safegcd")
	ConstraintExpr("!purego")
	updateDE()
	updateFG()
	divsteps59()
	divstepsTab()
	varDivsteps()
	posdivstepsUpdate2()
	asmgen.Generate("safegcd", rationale)
}

// mem returns the memory operand of the component c of the value that the
// pointer argument param points to, with its address in the register base
// (loaded by the caller): c(Param(param).Dereference(base)).
func mem(param string, base Register, c func(gotypes.Component) gotypes.Component) Mem {
	b, err := c(Param(param).Dereference(base)).Resolve()
	if err != nil {
		panic(err)
	}
	return b.Addr
}

func limb(param string, base Register, i int) Mem {
	return mem(param, base, func(c gotypes.Component) gotypes.Component { return c.Index(i) })
}

func field(param string, base Register, name string) Mem {
	return mem(param, base, func(c gotypes.Component) gotypes.Component { return c.Field(name) })
}

// acc is a signed 128-bit accumulator hi:lo in two registers.
type acc struct{ lo, hi Register }

// set sets a = x·y (signed), with x in RAX's source and y a memory operand
// or register; RDX is clobbered.
func (a acc) set(x, y Op) {
	MOVQ(x, RAX)
	IMULQ(y)
	MOVQ(RAX, a.lo)
	MOVQ(RDX, a.hi)
}

// addMul adds x·y (signed) to a.
func (a acc) addMul(x, y Op) {
	MOVQ(x, RAX)
	IMULQ(y)
	ADDQ(RAX, a.lo)
	ADCQ(RDX, a.hi)
}

// shr62 sets a = a >> 62 (arithmetic), by a double shift (SHRD) and SAR.
func (a acc) shr62() {
	SHRQ(U8(62), a.hi, a.lo)
	SARQ(U8(62), a.hi)
}

// storeLow62 stores the low 62 bits of a at m, with tmp clobbered.
func (a acc) storeLow62(m Mem, mask, tmp Register) {
	MOVQ(a.lo, tmp)
	ANDQ(mask, tmp)
	MOVQ(tmp, m)
}

// updateDE mirrors (*Modulus).updateDE of update.go with signed products:
// the same md and me, so the same d and e.
func updateDE() {
	TEXT("updateDEAsm", NOSPLIT, "func(m *Modulus, d, e *signed62, t *trans, nz uint64)")
	Pragma("noescape")
	Doc("updateDEAsm is (*Modulus).updateDE: it sets [d, e] = t·[d, e]/2⁶² mod M,",
		"in constant time. Bit i of nz is set if limb i of M is not zero (m.nonzero);",
		"the products by the zero limbs are skipped (M is public).")
	nz, err := Param("nz").Resolve()
	if err != nil {
		panic(err)
	}
	mp, dp, ep, tp := RSI, RDI, R8, R9
	md, me := R10, R11
	cd, ce := acc{RBX, RCX}, acc{R12, R13}
	mask, tmp := R14, R15
	Load(Param("m"), mp)
	Load(Param("d"), dp)
	Load(Param("e"), ep)
	Load(Param("t"), tp)
	u, v := field("t", tp, "u"), field("t", tp, "v")
	q, r := field("t", tp, "q"), field("t", tp, "r")
	d := func(i int) Mem { return limb("d", dp, i) }
	e := func(i int) Mem { return limb("e", ep, i) }
	mm := func(i int) Mem {
		return mem("m", mp, func(c gotypes.Component) gotypes.Component { return c.Field("m").Index(i) })
	}

	Comment("sd, se = d₄ >> 63, e₄ >> 63: all ones if d < 0 or e < 0")
	MOVQ(d(4), mask)
	SARQ(U8(63), mask)
	MOVQ(e(4), tmp)
	SARQ(U8(63), tmp)
	Comment("md = u&sd + v&se, me = q&sd + r&se")
	MOVQ(u, md)
	ANDQ(mask, md)
	MOVQ(v, RAX)
	ANDQ(tmp, RAX)
	ADDQ(RAX, md)
	MOVQ(q, me)
	ANDQ(mask, me)
	MOVQ(r, RAX)
	ANDQ(tmp, RAX)
	ADDQ(RAX, me)

	Comment("cd = u·d₀ + v·e₀, ce = q·d₀ + r·e₀")
	cd.set(u, d(0))
	cd.addMul(v, e(0))
	ce.set(q, d(0))
	ce.addMul(r, e(0))

	Comment("md -= (M⁻¹·cd + md) mod 2⁶², me -= (M⁻¹·ce + me) mod 2⁶²")
	MOVQ(U64(mask62), mask)
	inv := field("m", mp, "inv62")
	for _, x := range []struct {
		c  acc
		mx Register
	}{{cd, md}, {ce, me}} {
		MOVQ(inv, RAX)
		IMULQ(x.c.lo, RAX)
		ADDQ(x.mx, RAX)
		ANDQ(mask, RAX)
		SUBQ(RAX, x.mx)
	}
	Comment("cd += M₀·md, ce += M₀·me; their low 62 bits are zero now")
	cd.addMul(mm(0), md)
	ce.addMul(mm(0), me)
	cd.shr62()
	ce.shr62()

	for i := 1; i < 5; i++ {
		Commentf("limb %d of the sums is limb %d of the result", i, i-1)
		cd.addMul(u, d(i))
		cd.addMul(v, e(i))
		ce.addMul(q, d(i))
		ce.addMul(r, e(i))
		skip := fmt.Sprintf("de_m%d_zero", i)
		if i < 4 {
			Comment("zero limbs of M (public) are skipped")
			TESTQ(U32(1<<i), nz.Addr)
			JEQ(LabelRef(skip))
		}
		cd.addMul(mm(i), md)
		ce.addMul(mm(i), me)
		if i < 4 {
			Label(skip)
		}
		cd.storeLow62(d(i-1), mask, tmp)
		ce.storeLow62(e(i-1), mask, tmp)
		cd.shr62()
		ce.shr62()
	}
	Comment("the top limbs, in (−2⁹, 2⁸)")
	MOVQ(cd.lo, d(4))
	MOVQ(ce.lo, e(4))
	RET()
}

// updateFG mirrors updateFGVar of update.go (and updateFG for n = 5) with
// signed products.
func updateFG() {
	TEXT("updateFGAsm", NOSPLIT, "func(n int, fv, gv *signed62, t *trans)")
	Pragma("noescape")
	Doc("updateFGAsm is updateFGVar: it sets [fv, gv] = t·[fv, gv]/2⁶² on the low n",
		"limbs of fv and gv, 1 ≤ n ≤ 5. Its time depends only on n, so it is also",
		"updateFG for n = 5.")
	u, v, q, r := R9, R10, R11, R12
	tmp := R15
	Load(Param("t"), tmp)
	MOVQ(field("t", tmp, "u"), u)
	MOVQ(field("t", tmp, "v"), v)
	MOVQ(field("t", tmp, "q"), q)
	MOVQ(field("t", tmp, "r"), r)
	emitUpdateFG("n", "fv", "gv", "")
	RET()
}

// emitUpdateFG emits the body of updateFGAsm, for a function whose
// arguments nName, fName and gName are n, fv and gv, with the matrix in
// R9–R12 (u, v, q, r). Its labels end in sfx, so that a function can emit it
// once per pair of values. It clobbers every register but RSI and RBP.
func emitUpdateFG(nName, fName, gName, sfx string) {
	fp, gp := RDI, R8
	u, v, q, r := R9, R10, R11, R12
	cf, cg := acc{RBX, RCX}, acc{R13, R14}
	tmp := R15
	n, err := Param(nName).Resolve()
	if err != nil {
		panic(err)
	}
	Comment("the loop counts down n in its argument slot, so that every conditional",
		"jump follows an instruction on n, a public argument (ctcheck.Assembly)")
	Load(Param(fName), fp)
	Load(Param(gName), gp)
	f0, g0 := limb(fName, fp, 0), limb(gName, gp, 0)

	Comment("cf = u·f₀ + v·g₀, cg = q·f₀ + r·g₀, whose low 62 bits are zero")
	cf.set(u, f0)
	cf.addMul(v, g0)
	cg.set(q, f0)
	cg.addMul(r, g0)
	cf.shr62()
	cg.shr62()
	DECQ(n.Addr)
	JZ(LabelRef("fg_top" + sfx))

	Label("fg_loop" + sfx)
	Comment("limb i of the sums is limb i − 1 of the result")
	fi, gi := f0.Offset(8), g0.Offset(8)
	cf.addMul(u, fi)
	cf.addMul(v, gi)
	cg.addMul(q, fi)
	cg.addMul(r, gi)
	for _, x := range []struct {
		c acc
		m Mem
	}{{cf, f0}, {cg, g0}} {
		MOVQ(x.c.lo, tmp)
		SHLQ(U8(2), tmp)
		SHRQ(U8(2), tmp)
		MOVQ(tmp, x.m)
	}
	cf.shr62()
	cg.shr62()
	ADDQ(U8(8), fp)
	ADDQ(U8(8), gp)
	DECQ(n.Addr)
	JNZ(LabelRef("fg_loop" + sfx))

	Label("fg_top" + sfx)
	Comment("the signed top limb")
	MOVQ(cf.lo, f0)
	MOVQ(cg.lo, g0)
}

// divsteps59 mirrors divsteps59 of divsteps.go: the same 59 hddivsteps in
// two halves of 30 and 29 with packed matrices, multiplied at the end.
func divsteps59() {
	TEXT("divsteps59Asm", NOSPLIT, "func(zeta int64, f0, g0 uint64, t *trans) int64")
	Pragma("noescape")
	Doc("divsteps59Asm is divsteps59: it runs 59 hddivsteps in constant time on",
		"the low 64 bits f0 and g0 of f and g, stores the transition matrix in t",
		"and returns the new ζ.")
	zeta, f, g := RAX, RBX, RCX
	uv, qr := RDX, RSI
	c1, c2, x, y := RDI, R8, R9, R10
	m1 := [4]GPPhysical{R12, R13, R14, R15} // u₁, v₁, q₁, r₁
	Load(Param("zeta"), zeta)
	Load(Param("f0"), f)
	Load(Param("g0"), g)

	for half, steps := range []int{30, 29} {
		Commentf("%d hddivsteps from the identity, uv = u + 2³²·v, qr = q + 2³²·r", steps)
		MOVL(U32(1), uv.As32())
		MOVQ(U64(1<<32), qr)
		Commentf("unrolled, without any branch: %d times", steps)
		for step := range steps {
			first := func(lines ...string) {
				if step == 0 {
					Comment(lines...)
				}
			}
			first("c1: all ones if δ > 0 (ζ < 0); c2: all ones if g is odd")
			MOVQ(zeta, c1)
			SARQ(U8(63), c1)
			MOVQ(g, c2)
			ANDQ(U8(1), c2)
			NEGQ(c2)
			first("x, y = −f, −uv if δ > 0, else f, uv; added to g, qr if g is odd")
			MOVQ(f, x)
			XORQ(c1, x)
			SUBQ(c1, x)
			MOVQ(uv, y)
			XORQ(c1, y)
			SUBQ(c1, y)
			ANDQ(c2, x)
			ADDQ(x, g)
			ANDQ(c2, y)
			ADDQ(y, qr)
			first("if δ > 0 and g odd: ζ ← −ζ − 2, f += g − f (the old g); else ζ ← ζ − 1")
			ANDQ(c2, c1)
			XORQ(c1, zeta)
			DECQ(zeta)
			MOVQ(g, x)
			ANDQ(c1, x)
			ADDQ(x, f)
			MOVQ(qr, y)
			ANDQ(c1, y)
			ADDQ(y, uv)
			first("halve g, double the row of f")
			SHRQ(U8(1), g)
			ADDQ(uv, uv)
		}

		Comment("unpack: u = the low half of uv, sign-extended; v = (uv − u) >> 32")
		var out [4]GPPhysical
		if half == 0 {
			out = m1
		} else {
			out = [4]GPPhysical{f, g, uv, qr} // f and g are no longer needed
			MOVQ(uv, c1)
			MOVQ(qr, c2)
			uv, qr = c1, c2
		}
		unpack(uv, out[0], out[1])
		unpack(qr, out[2], out[3])
	}

	Store(zeta, ReturnIndex(0))
	Comment("t = 8·M₂·M₁, with M₂ = [RBX RCX; RDX RSI] and M₁ = [R12 R13; R14 R15]")
	u2, v2, q2, r2 := RBX, RCX, RDX, RSI
	mul2x2(u2, v2, q2, r2, m1[0], m1[1], m1[2], m1[3], RDI, R8)
	tp := R11
	Load(Param("t"), tp)
	for _, e := range []struct {
		name string
		x    GPPhysical
	}{{"u", u2}, {"v", v2}, {"q", q2}, {"r", r2}} {
		SHLQ(U8(3), e.x)
		MOVQ(e.x, field("t", tp, e.name))
	}
	RET()
}

// varDivsteps generates posdivstepsUpdateAsm, one batch of the Jacobi
// symbol: the loop of posdivsteps62Var of divsteps.go, turn by turn with the
// same results (jac included, all 64 bits), then updateFG's body with the
// matrix still in registers. The loop is bound by the latency of the chain
// from one g to the next, and the compiled Go loop was about 1.3 times
// slower than gcc's for the same steps. This follows gcc's form: the
// sentinel of the trailing-zero count and the mask of w are built off g's
// path (all ones shifted by left, and by 64 − min(η + 1, left), with no
// second minimum on the path from η), and w's products run in parallel with
// the mask. A swap's η + 1 = zeros + 1 − η is one addition after the count,
// 1 − η being computed before it (gcc folds the negation the same way).
//
// The inversion's batch was this loop too, without jac and with the swap's
// negations, until the table-driven divstepsUpdateAsm (tab.go) replaced it.
func varDivsteps() {
	TEXT("posdivstepsUpdateAsm", NOSPLIT, "func(n int, fv, gv *signed62, eta int64, jac uint64) (int64, uint64)")
	Pragma("noescape")
	Doc("posdivstepsUpdateAsm is posdivstepsUpdate: posdivsteps62Var on the low",
		"64 bits of fv and gv, then updateFGVar(n, fv, gv, t) with its matrix t;",
		"it returns the new η and jac. 1 ≤ n ≤ 5.")
	eta, f, g := R8, R9, R10
	u, v, q, r := R11, R12, R13, R14
	left, jac, w := R15, RDI, RSI
	t1, t2, m := RAX, RBX, RDX
	Load(Param("eta"), eta)
	Comment("f0, g0 = the low 64 bits of fv and gv: limb 0 + limb 1 << 62")
	loadLow64("fv", f, t1)
	loadLow64("gv", g, t1)
	Load(Param("jac"), jac)
	MOVL(U32(1), u.As32())
	XORL(v.As32(), v.As32())
	XORL(q.As32(), q.As32())
	MOVL(U32(1), r.As32())
	MOVL(U32(62), left.As32())
	sent := m // all ones from bit left up: set for each turn off g's path
	MOVQ(I32(-1), sent)
	SHLQ(U8(62), sent)

	Label("turn")
	Comment("zeros = the trailing zeros of g below bit left (BSF: g | sent ≠ 0);",
		"t2 = 1 − η, so that min(η' + 1, left) of a swap is one addition from zeros")
	MOVQ(g, RCX)
	ORQ(sent, RCX)
	MOVL(U32(1), t2.As32())
	SUBQ(eta, t2)
	BSFQ(RCX, RCX)
	SHRQ(CL, g)
	SHLQ(CL, u)
	SHLQ(CL, v)
	Comment("jac ^= zeros & (f>>1 ^ f>>2): (2 | f) = −1 iff f ≡ 3, 5 (mod 8)")
	MOVQ(f, t1)
	SHRQ(U8(1), t1)
	MOVQ(f, m)
	SHRQ(U8(2), m)
	XORQ(m, t1)
	ANDQ(RCX, t1)
	XORQ(t1, jac)
	SUBQ(RCX, left)
	JZ(LabelRef("done"))
	Comment("η − zeros ≥ 0: no swap")
	CMPQ(eta, RCX)
	JGE(LabelRef("noswap"))

	// swap sets (x, y) = (y, x).
	swap := func(x, y Register) {
		MOVQ(x, t1)
		MOVQ(y, x)
		MOVQ(t1, y)
	}
	mask := func(bits uint8) { emitMask(t2, left, m, w, bits) }
	Comment("η' = zeros − η > 0; swap (f, u, v) with (g, q, r); reciprocity flips jac if f ≡ g ≡ 3 (mod 4)")
	ADDQ(RCX, t2)
	LEAQ(Mem{Base: t2, Disp: -1}, eta)
	swap(f, g)
	swap(u, q)
	swap(v, r)
	MOVQ(f, t1)
	ANDQ(g, t1)
	SHRQ(U8(1), t1)
	XORQ(t1, jac)
	Comment("w = f·g·(f² − 2) mod 2^min(η'+1, left, 6): −g/f, as f·(2 − f²) ≡ f⁻¹ (mod 64)")
	MOVQ(f, w)
	IMULQ(g, w)
	MOVQ(f, t1)
	IMULQ(f, t1)
	SUBQ(U8(2), t1)
	IMULQ(t1, w)
	mask(63)
	JMP(LabelRef("update"))

	Label("noswap")
	Comment("η' = η − zeros ≥ 0: w = −g·f⁻¹ mod 2^min(η'+1, left, 4), f⁻¹ ≡ f + 8·((f + 1)/4 mod 2) (mod 16)")
	SUBQ(RCX, eta)
	LEAQ(Mem{Base: eta, Disp: 1}, t2)
	LEAQ(Mem{Base: f, Disp: 1}, t1)
	ANDL(U8(4), t1.As32())
	LEAQ(Mem{Base: f, Index: t1, Scale: 2}, w)
	NEGQ(w)
	IMULQ(g, w)
	mask(15)

	Label("update")
	Comment("sent = −1 << left for the next turn; g += w·f, q += w·u, r += w·v")
	MOVQ(left, RCX)
	MOVQ(I32(-1), sent)
	SHLQ(CL, sent)
	MOVQ(f, t1)
	IMULQ(w, t1)
	ADDQ(t1, g)
	MOVQ(u, t1)
	IMULQ(w, t1)
	ADDQ(t1, q)
	MOVQ(v, t1)
	IMULQ(w, t1)
	ADDQ(t1, r)
	JMP(LabelRef("turn"))

	Label("done")
	Comment("the last run of zeros: η −= zeros")
	SUBQ(RCX, eta)
	Store(eta, ReturnIndex(0))
	Store(jac, ReturnIndex(1))
	Comment("the matrix into R9–R12 for the update of f and g")
	MOVQ(u, R9)
	MOVQ(v, R10)
	MOVQ(q, R11)
	MOVQ(r, R12)
	emitUpdateFG("n", "fv", "gv", "")
	RET()
}

// emitMask sets m to the low min(t2, left, bits) bits, t2 ≥ 1, and applies
// it to w: all ones shifted right by 64 − min(t2, left) (CL = −min). It
// clobbers t2 and RCX.
func emitMask(t2, left, m, w GPPhysical, bits uint8) {
	CMPQ(t2, left)
	CMOVQGT(left, t2)
	MOVL(t2.As32(), ECX)
	NEGL(ECX)
	MOVQ(I32(-1), m)
	SHRQ(CL, m)
	ANDL(U8(bits), m.As32())
	ANDQ(m, w)
}

// loadLow64 sets dst to the low 64 bits of the signed62 value that the
// pointer argument param points to, limb 0 + limb 1·2⁶², with ptr
// clobbered.
func loadLow64(param string, dst, ptr GPPhysical) {
	Load(Param(param), ptr)
	MOVQ(Mem{Base: ptr, Disp: 8}, dst)
	SHLQ(U8(62), dst)
	ADDQ(Mem{Base: ptr}, dst)
}
