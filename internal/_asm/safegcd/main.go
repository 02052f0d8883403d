// Command safegcd generates internal/safegcd/safegcd_amd64.s and its stubs:
//
//	cd internal/_asm && go run ./safegcd -out ../safegcd/safegcd_amd64.s -stubs ../safegcd/safegcd_stubs_amd64.go -pkg safegcd
//
// The inner parts of a safegcd batch (internal/safegcd, docs/safegcd.md):
// the divsteps and the matrix updates of d, e, f and g. Each function mirrors
// its generic twin in internal/safegcd and gives the same results, which the
// tests check. Only baseline x86-64 instructions are used (one-operand IMUL,
// BSF, CMOV), so the assembly runs on every amd64 CPU.
//
// Why assembly, from the profile of the Go code (pprof and the compiled code):
//
//   - The updates: Go has no 128-bit integer, so each signed 64×64 product
//     is bits.Mul64 with the offset correction of update.go, and the compiler
//     shuffles RAX and RDX around each MULQ. The one-operand IMUL gives the
//     signed 128-bit product at once, as C's __int128 does, and the limbs stay
//     in memory operands, with no spill.
//   - divsteps59: the compiler's loop is about 40 instructions per divstep.
//     Here u and v share one register (u + 2³²·v), and q and r another, for
//     two halves of 30 and 29 divsteps whose matrices (entries below 2³⁰)
//     are multiplied at the end: about 28 instructions per divstep.
//
// Measured (pinned, the old and new test binaries alternating, count 10, on
// the shared 2-vCPU host): updateDE 57.7 -> 22.7 ns, updateFG 33.9 -> 22.3 ns,
// divsteps59 251.7 -> 227.1 ns (minima of 4 runs); Invert 0.84x (p) and
// 0.79x (n), VarTimeInvert 0.82x and 0.81x, VarTimeJacobi 0.89x and 0.90x
// (benchstat medians, p <= 0.011). divsteps62Var and posdivsteps62Var stay
// in Go: the same loop in assembly, with BMI2 or with CMOV swaps, was no
// faster (docs/design.md, "Tried"); on batches recorded from real
// inversions Go's compiled loop takes 133 ns and libsecp256k1's C 132 ns.
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
	fp, gp := RDI, R8
	u, v, q, r := R9, R10, R11, R12
	cf, cg := acc{RBX, RCX}, acc{R13, R14}
	tmp := R15
	n, err := Param("n").Resolve()
	if err != nil {
		panic(err)
	}
	Comment("the loop counts down n in its argument slot, so that every conditional",
		"jump follows an instruction on n, a public argument (ctcheck.Assembly)")
	Load(Param("fv"), fp)
	Load(Param("gv"), gp)
	Load(Param("t"), tmp)
	MOVQ(field("t", tmp, "u"), u)
	MOVQ(field("t", tmp, "v"), v)
	MOVQ(field("t", tmp, "q"), q)
	MOVQ(field("t", tmp, "r"), r)
	f0, g0 := limb("fv", fp, 0), limb("gv", gp, 0)

	Comment("cf = u·f₀ + v·g₀, cg = q·f₀ + r·g₀, whose low 62 bits are zero")
	cf.set(u, f0)
	cf.addMul(v, g0)
	cg.set(q, f0)
	cg.addMul(r, g0)
	cf.shr62()
	cg.shr62()
	DECQ(n.Addr)
	JZ(LabelRef("fg_top"))

	Label("fg_loop")
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
	JNZ(LabelRef("fg_loop"))

	Label("fg_top")
	Comment("the signed top limb")
	MOVQ(cf.lo, f0)
	MOVQ(cg.lo, g0)
	RET()
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
	m1 := [4]Register{R12, R13, R14, R15} // u₁, v₁, q₁, r₁
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
		var out [4]Register
		if half == 0 {
			out = m1
		} else {
			out = [4]Register{f, g, uv, qr} // f and g are no longer needed
			MOVQ(uv, c1)
			MOVQ(qr, c2)
			uv, qr = c1, c2
		}
		MOVLQSX(uv.As32(), out[0])
		SUBQ(out[0], uv)
		SARQ(U8(32), uv)
		MOVQ(uv, out[1])
		MOVLQSX(qr.As32(), out[2])
		SUBQ(out[2], qr)
		SARQ(U8(32), qr)
		MOVQ(qr, out[3])
	}

	Store(zeta, ReturnIndex(0))
	Comment("t = 8·M₂·M₁, with M₂ = [RBX RCX; RDX RSI] and M₁ = [R12 R13; R14 R15]")
	u2, v2, q2, r2 := RBX, RCX, RDX, RSI
	u1, v1, q1, r1 := m1[0], m1[1], m1[2], m1[3]
	tp := R11
	Load(Param("t"), tp)
	for _, e := range []struct {
		name           string
		a, b, c, d, xx Register
	}{
		{"u", u2, u1, v2, q1, RDI}, // u = u₂u₁ + v₂q₁
		{"v", u2, v1, v2, r1, R8},  // v = u₂v₁ + v₂r₁
		{"q", q2, u1, r2, q1, R9},  // q = q₂u₁ + r₂q₁
		{"r", q2, v1, r2, r1, R10}, // r = q₂v₁ + r₂r₁
	} {
		MOVQ(e.a, e.xx)
		IMULQ(e.b, e.xx)
		MOVQ(e.c, RAX)
		IMULQ(e.d, RAX)
		ADDQ(RAX, e.xx)
		SHLQ(U8(3), e.xx)
		MOVQ(e.xx, field("t", tp, e.name))
	}
	RET()
}
