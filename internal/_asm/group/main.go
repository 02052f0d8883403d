// Command group generates internal/group/formulas_amd64.s and its stubs:
//
//	cd internal/_asm && go run ./group -out ../group/formulas_amd64.s -stubs ../group/formulas_stubs_amd64.go -pkg group
//
// Each point formula is one function: ../fieldops' MULX/ADCX/ADOX multiplies
// and squares and the adds inlined as macros, temporaries in the stack frame,
// no Go call per field operation. The order of emission follows the longest
// dependency chain: products that nothing on it waits for (Z₃, Y₃'s last
// term) come after the chain's own. Offsets come from the real Go types; the
// measurements behind these choices follow the imports.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/gotypes"
	. "github.com/mmcloughlin/avo/operand"

	"github.com/kestrel-crypto/secp256k1/internal/_asm/asmgen"
	fe "github.com/kestrel-crypto/secp256k1/internal/_asm/fieldops"
)

// Measurements behind the choices in this generator; they stay here, out
// of the generated files, whose header says only what the assembly is for.
//
// Why assembly: a whole point formula in one function, with the MULX/ADCX/ADOX
// field multiply and square (BMI2, ADX) and the adds inlined as macros, so no
// Go call per field operation; independent products sit side by side for the
// core to overlap. Measured on the project's machine (shared and noisy;
// benchstat -count 6, the -tags purego build against this one): Double 209 ->
// 135 ns (-35%), VarTimeAddAffine 379 -> 200 ns (-47%), VarTimeAddZinv 377 ->
// 211 ns (-44%), VarTimeAdd 566 -> 291 ns (-49%), AddAffine 428 -> 221 ns
// (-48%). CALLing one register-passing multiply subroutine instead of inlining
// measured no faster (within the ±15% noise), so the products are inlined.
// Double's order shortens its dependency chain (L = X² + X²/2, 2T and 3T beside
// it, T − X₃ as 3T − L²): 108.1 -> 98.4 ns (-9%, p = 0.001, n = 20, Intel
// Xeon); the same idea for the additions (2T beside) measured no gain. The
// squares' doubling by SHLD and the halving by SHRD (fewer µops on the carry
// ports 0 and 6, which bound a formula's throughput on Intel cores): Double
// 98.55 -> 93.57 ns (-5.1%, p = 0.004, n = 20). The variable-time additions
// branch on rare carries to blocks out of line (fieldops.VarTime): mixed add
// 155.2 -> 129.9 ns (-16%), with known z-inverse 173.6 -> 143.4 ns (-17%),
// Jacobian add 205.8 -> 165.9 ns (-19%) (p <= 0.002, n = 20); and Double in
// that mode, varTimeDoubleADX, for the variable-time multiplications: 120.3
// -> 100.2 ns against doubleADX (-17%, p = 0.000, n = 20), ECDSA verification
// 34.98 -> 32.32 µs (-7.6%, p = 0.029, n = 15). The products off the longest
// chain emitted after it (old and new binaries alternating, n =
// 30, Intel Xeon): mixed add 128.3 -> 114.2 ns (-11%, p = 0.000; measured with
// the H = 0 check after S2, which the landed code makes before it, on H still
// in registers), Double 102.7 -> 94.5 ns (-7.9%, p = 0.007), VarTimeDouble
// 80.6 -> 72.7 ns (-9.9%, p = 0.010). The landed code against its parent
// starting binary, paired runs back to back (n = 30): median new/old 0.906
// (mixed add, 26 of 30 faster), 0.935 (Double), 0.956 (VarTimeDouble), and
// 0.978 for AddAffine, unchanged, the control; VarTimeAdd (S1*H^3 after U)
// 0.962 against a control of 0.981.
//
// The mixed additions of the tables (varTimeAddAffineScaledZrADX for the
// Strauss tables, addAffineDistinctZrADX for k·P's), the same formula with
// the z-ratio written out, had been Go over the assembly field operations
// (AMD Zen 5, old and new binaries alternating, n = 8): k·P 16.73 -> 16.07
// µs (-3.9%), a·A + b·G 12.85 -> 12.70 µs (-1.2%), a·A + b·B + g·G 18.19
// -> 17.69 µs (-2.7%).
//
// lookupAVX2, the constant-time table scan (AVX2): 16 entries 94 -> 27 ns, 32
// entries 180 -> 56 ns (benchstat -count 6 against the generic scan, noisy);
// k·G (43 scans of 32 entries) 18.6 -> 14.5 µs (-22%, n = 8, p = 0.001).

// rationale heads the generated files, after the DO NOT EDIT line: which
// instructions the assembly uses and what they buy, without figures.
var rationale = []string{
	"Whole point formulas in one function each, the MULX/ADCX/ADOX multiply",
	"and square and the adds inlined as macros to avoid Go's call overhead (the",
	"variable-time ones branch on rare carries); an AVX2 constant-time table scan.",
}

// coord is the field element p.name for a pointer argument p to a Jacobian
// or an Affine.
func coord(p, name string) fe.Field {
	return func() gotypes.Component { return Dereference(Param(p)).Field(name) }
}

func main() {
	asmgen.Package("github.com/kestrel-crypto/secp256k1/internal/group")
	ConstraintExpr("!purego")

	double()
	varTimeDouble()
	addAffineVar()
	addAffineVarZr()
	addAffineDistinctZr()
	addVar()
	addAffine()
	lookup()

	asmgen.Generate("group", rationale)
}

// double emits doubleADX, the twin of doubleGeneric (libsecp256k1's
// secp256k1_gej_double, 3M + 4S). With T = S·X₁ in place of the generic
// code's −S·X₁ it reads
//
//	L = (3/2)·X₁², S = Y₁², T = S·X₁
//	X₃ = L² − 2T, Y₃ = L·(T − X₃) − S², Z₃ = Y₁·Z₁
//
// which are the same values: the generic X₃ = L² + 2(−T) and
// Y₃ = −(L·(X₃ − T) + S²). The order shortens the dependency chain, which
// bounds a doubling in a loop of doublings: L is X₁² + X₁²/2 (two macros
// after X₁², not three), 2T and 3T are formed beside the chain, and
// T − X₃ is taken as 3T − L², so only one subtraction separates L² from
// the multiply L·(T − X₃). Z₃ = Y₁·Z₁ and S², which only the end waits
// for, are emitted after X₃.
func double() {
	TEXT("doubleADX", NOSPLIT, "func(v, p *Jacobian)")
	Pragma("noescape")
	Doc("doubleADX sets v = 2·p: doubleGeneric with the MULX/ADCX/ADOX field",
		"arithmetic inlined (3M + 4S), in constant time. It requires BMI2 and ADX.")
	doubleBody()
}

// varTimeDouble emits varTimeDoubleADX, the same formula as doubleADX with
// the variable-time macros (fieldops.VarTime), for the variable-time
// multi-scalar multiplications; its twin is doubleGeneric as well.
func varTimeDouble() {
	TEXT("varTimeDoubleADX", NOSPLIT, "func(v, p *Jacobian)")
	Pragma("noescape")
	Doc("varTimeDoubleADX sets v = 2·p like doubleADX, but its field macros branch",
		"on rare carries (fieldops.VarTime), so it runs in variable time. It requires",
		"BMI2 and ADX.")
	end := fe.VarTime()
	doubleBody()
	end()
}

// doubleBody emits the body of doubleADX and varTimeDoubleADX.
func doubleBody() {
	x1, y1, z1 := coord("p", "X"), coord("p", "Y"), coord("p", "Z")
	x3, y3, z3 := coord("v", "X"), coord("v", "Y"), coord("v", "Z")
	s, l, t2, t3, ss, u := fe.Local(), fe.Local(), fe.Local(), fe.Local(), fe.Local(), fe.Local()

	Comment("S = Y₁²")
	fe.Square(s, y1)
	Comment("L = (3/2)·X₁² as X₁² + X₁²/2: two macros on the critical path, not three")
	x2 := fe.SquareRegs(x1)
	lr := fe.Regs{GP64(), GP64(), GP64(), GP64()}
	for i := range lr {
		MOVQ(x2[i], lr[i])
	}
	fe.HalfRegs(lr)
	fe.AddRegs(lr, x2)
	fe.StoreElem(lr, l)
	Comment("T = S·X₁ (the last read of X₁); 2T and 3T off the critical path")
	tr := fe.MulRegs(s, x1)
	t2r := fe.Regs{GP64(), GP64(), GP64(), GP64()}
	for i := range t2r {
		MOVQ(tr[i], t2r[i])
	}
	fe.AddRegs(t2r, tr)
	fe.StoreElem(t2r, t2)
	fe.AddRegs(tr, t2r)
	fe.StoreElem(tr, t3)
	Comment("U = T − X₃ = 3T − L², from L² directly: one subtraction between L² and L·U")
	x := fe.SquareRegs(l)
	ur := fe.LoadElem(t3)
	fe.SubRegs(ur, x)
	fe.StoreElem(ur, u)
	Comment("X₃ = L² − 2T")
	fe.SubFrom(x, t2)
	fe.StoreElem(x, x3)
	Comment("Z₃ = Y₁·Z₁ and S², off the chain. v.X is written, but Y₁ and Z₁ are read")
	Comment("before v.Y and v.Z are, so v may alias p")
	fe.Mul(z3, y1, z1)
	fe.Square(ss, s)
	Comment("Y₃ = L·U − S²")
	y := fe.MulRegs(l, u)
	fe.SubFrom(y, ss)
	fe.StoreElem(y, y3)
	RET()
}

// addAffineVar emits varTimeAddAffineScaledADX, the twin of
// varTimeAddAffineScaledGeneric (libsecp256k1's secp256k1_gej_add_ge_var with
// az for Z₁ in U₂ and S₂, 8M + 3S):
//
//	U₂ = x₂·az², S₂ = y₂·az³, H = U₂ − X₁, R = S₂ − Y₁
//	X₃ = R² − H³ − 2X₁H², Y₃ = R(X₁H² − X₃) − Y₁H³, Z₃ = Z₁·H
//
// The longest chains run az² → H → H² → H³ and T → X₃ → U → R·U, and
// az² → S₂ → R → R² → X₃ beside it: H and H² come before S₂ and R, and
// Z₁·H and Y₁·H³, which no later product waits for, after them.
//
// If H ≡ 0 (p = ±a) it returns 1 before writing v, and the Go wrapper runs
// the generic code, which handles both exceptional cases.
func addAffineVar() {
	TEXT("varTimeAddAffineScaledADX", NOSPLIT, "func(v, p *Jacobian, a *Affine, az *fieldElement) int")
	Pragma("noescape")
	Doc("varTimeAddAffineScaledADX sets v = p + a like varTimeAddAffineScaledGeneric",
		"(8M + 3S) and returns 0, or returns 1 leaving v unchanged if H ≡ 0 (p = ±a),",
		"the exceptional cases for the caller. It requires BMI2 and ADX.")
	mixedAddBody(fe.Arg("az"), nil, true)
}

// addAffineVarZr emits varTimeAddAffineScaledZrADX, varTimeAddAffineScaledADX
// that also writes the z-ratio H = Z₃/Z₁ to zr (after the exceptional
// check: an exceptional case writes nothing), the twin of
// varTimeAddAffineScaledZrGeneric for the Strauss tables' odd multiples.
func addAffineVarZr() {
	TEXT("varTimeAddAffineScaledZrADX", NOSPLIT, "func(v, p *Jacobian, a *Affine, az, zr *fieldElement) int")
	Pragma("noescape")
	Doc("varTimeAddAffineScaledZrADX is varTimeAddAffineScaledADX that also sets zr",
		"to H = Z₃/Z₁ when it returns 0. It requires BMI2 and ADX.")
	mixedAddBody(fe.Arg("az"), fe.Arg("zr"), true)
}

// addAffineDistinctZr emits addAffineDistinctZrADX, the twin of
// addAffineDistinctZrGeneric: the same formula with az = Z₁, in constant
// time (no exceptional check, the constant-time macros), writing H to zr,
// for k·P's table, whose additions are never exceptional.
func addAffineDistinctZr() {
	TEXT("addAffineDistinctZrADX", NOSPLIT, "func(v, p *Jacobian, a *Affine, zr *fieldElement)")
	Pragma("noescape")
	Doc("addAffineDistinctZrADX sets v = p + a and zr = H = Z₃/Z₁ like",
		"addAffineDistinctZrGeneric (8M + 3S), in constant time, for p ≠ ±a (for p = ±a",
		"it gives Z₃ = 0). It requires BMI2 and ADX.")
	mixedAddBody(coord("p", "Z"), fe.Arg("zr"), false)
}

// mixedAddBody emits the body of the mixed additions above: az stands for
// Z₁ in U₂ and S₂, H is also written to zr if zr is not nil, and varTime
// selects the variable-time macros and the exceptional exit (return 1 if
// H ≡ 0, before anything is written; return 0 otherwise).
func mixedAddBody(az, zr fe.Field, varTime bool) {
	if varTime {
		defer fe.VarTime()()
	}
	x1, y1, z1 := coord("p", "X"), coord("p", "Y"), coord("p", "Z")
	x2, y2 := coord("a", "X"), coord("a", "Y")
	x3, y3, z3 := coord("v", "X"), coord("v", "Y"), coord("v", "Z")
	zz, s2, h, r, h2, h3, t, yh3, u := fe.Local(), fe.Local(), fe.Local(), fe.Local(),
		fe.Local(), fe.Local(), fe.Local(), fe.Local(), fe.Local()

	Comment("az²")
	fe.Square(zz, az)
	Comment("H = x₂·az² − X₁, and S₂ = y₂·az² (·az below): independent products")
	hr := fe.MulRegs(x2, zz)
	fe.SubFrom(hr, x1)
	fe.StoreElem(hr, h)
	if varTime {
		Comment("H ≡ 0: p = ±a, left to the Go wrapper")
		fe.JumpIfZero(hr, "exceptional")
	}
	if zr != nil {
		Comment("the z-ratio H")
		fe.StoreElem(hr, zr)
	}
	Comment("S₂ = y₂·az²")
	fe.Mul(s2, y2, zz)
	Comment("H² and R = S₂·az − Y₁; the last read of az")
	fe.Square(h2, h)
	rr := fe.MulRegs(s2, az)
	fe.SubFrom(rr, y1)
	fe.StoreElem(rr, r)
	Comment("Z₃ = Z₁·H; the last read of Z₁")
	fe.Mul(z3, z1, h)
	Comment("H³ = H²·H and T = X₁·H²: independent; the last read of X₁")
	fe.Mul(h3, h2, h)
	fe.Mul(t, x1, h2)
	Comment("X₃ = R² − H³ − 2T")
	x := fe.SquareRegs(r)
	fe.SubFrom(x, h3)
	fe.SubFrom(x, t)
	fe.SubFrom(x, t)
	fe.StoreElem(x, x3)
	Comment("U = T − X₃")
	ur := fe.LoadElem(t)
	fe.SubRegs(ur, x)
	fe.StoreElem(ur, u)
	Comment("Y₁·H³, off the chain to R·U; the last read of Y₁")
	fe.Mul(yh3, h3, y1)
	Comment("Y₃ = R·U − Y₁·H³")
	y := fe.MulRegs(r, u)
	fe.SubFrom(y, yh3)
	fe.StoreElem(y, y3)
	if !varTime {
		RET()
		return
	}
	ret, err := ReturnIndex(0).Resolve()
	if err != nil {
		panic(err)
	}
	MOVQ(U32(0), ret.Addr)
	RET()

	Label("exceptional")
	MOVQ(U32(1), ret.Addr)
	RET()
}

// addVar emits varTimeAddADX, the twin of varTimeAddGeneric in its general
// case (addCore: EFD add-1998-cmo-2, 12M + 4S):
//
//	U₁ = X₁Z₂², U₂ = X₂Z₁², S₁ = Y₁Z₂³, S₂ = Y₂Z₁³, H = U₂ − U₁, R = S₂ − S₁
//	X₃ = R² − H³ − 2U₁H², Y₃ = R(U₁H² − X₃) − S₁H³, Z₃ = Z₁Z₂H
//
// S₁H³, which only Y₃'s last subtraction waits for, is emitted after U.
//
// If p or q is the identity or H ≡ 0 (p = ±q) it returns 1 before writing v,
// and the Go wrapper runs the generic code, which handles those cases.
func addVar() {
	TEXT("varTimeAddADX", NOSPLIT, "func(v, p, q *Jacobian) int")
	Pragma("noescape")
	endVarTime := fe.VarTime()
	Doc("varTimeAddADX sets v = p + q like varTimeAddGeneric (12M + 4S) and returns",
		"0, or returns 1 leaving v unchanged if p or q is the identity or H ≡ 0",
		"(p = ±q), the exceptional cases for the caller. It requires BMI2 and ADX.")
	x1, y1, z1 := coord("p", "X"), coord("p", "Y"), coord("p", "Z")
	x2, y2, z2 := coord("q", "X"), coord("q", "Y"), coord("q", "Z")
	x3, y3, z3 := coord("v", "X"), coord("v", "Y"), coord("v", "Z")
	z1z1, z2z2, u1, h, s1, s2, r, z12, h2, h3, t, sh3, u := fe.Local(), fe.Local(),
		fe.Local(), fe.Local(), fe.Local(), fe.Local(), fe.Local(), fe.Local(),
		fe.Local(), fe.Local(), fe.Local(), fe.Local(), fe.Local()
	ret, err := ReturnIndex(0).Resolve()
	if err != nil {
		panic(err)
	}

	Comment("p or q the identity (Z ≡ 0): left to the Go wrapper")
	fe.JumpIfZero(fe.LoadElem(z1), "exceptional")
	fe.JumpIfZero(fe.LoadElem(z2), "exceptional")
	Comment("Z₁² and Z₂²")
	fe.Square(z1z1, z1)
	fe.Square(z2z2, z2)
	Comment("U₁ = X₁·Z₂², and H = X₂·Z₁² − U₁")
	fe.Mul(u1, x1, z2z2)
	hr := fe.MulRegs(x2, z1z1)
	fe.SubFrom(hr, u1)
	fe.StoreElem(hr, h)
	Comment("H ≡ 0: p = ±q, left to the Go wrapper")
	fe.JumpIfZero(hr, "exceptional")
	Comment("Y₁·Z₂², Y₂·Z₁² and Z₁·Z₂: independent products")
	fe.Mul(s1, y1, z2z2)
	fe.Mul(s2, y2, z1z1)
	fe.Mul(z12, z1, z2)
	Comment("S₁ = Y₁·Z₂³ and R = Y₂·Z₁³ − S₁; the last reads of Z₁ and Z₂")
	fe.Mul(s1, s1, z2)
	rr := fe.MulRegs(s2, z1)
	fe.SubFrom(rr, s1)
	fe.StoreElem(rr, r)
	Comment("Z₃ = Z₁·Z₂·H and H²: independent")
	fe.Mul(z3, z12, h)
	fe.Square(h2, h)
	Comment("H³ = H²·H and T = U₁·H²: independent")
	fe.Mul(h3, h2, h)
	fe.Mul(t, u1, h2)
	Comment("X₃ = R² − H³ − 2T")
	x := fe.SquareRegs(r)
	fe.SubFrom(x, h3)
	fe.SubFrom(x, t)
	fe.SubFrom(x, t)
	fe.StoreElem(x, x3)
	Comment("U = T − X₃")
	ur := fe.LoadElem(t)
	fe.SubRegs(ur, x)
	fe.StoreElem(ur, u)
	Comment("S₁·H³, off the chain to R·U")
	fe.Mul(sh3, s1, h3)
	Comment("Y₃ = R·U − S₁·H³")
	y := fe.MulRegs(r, u)
	fe.SubFrom(y, sh3)
	fe.StoreElem(y, y3)
	MOVQ(U32(0), ret.Addr)
	RET()

	Label("exceptional")
	MOVQ(U32(1), ret.Addr)
	RET()
	endVarTime()
}

// addAffine emits addAffineADX, the twin of addAffineGeneric (libsecp256k1's
// secp256k1_gej_add_ge, the Brier–Joye unified formula, 7M + 5S), branch-free:
// the degenerate case M ≡ 0 and the identity p are handled with CMOV
// selects, as the generic code does with Select. With T·M'² in place of the
// generic code's Q = −T·M'² it reads
//
//	U₂ = x₂Z₁², S₂ = y₂Z₁³, T = X₁ + U₂, M = Y₁ + S₂, R = T² − X₁U₂
//	degenerate (M ≡ 0): R' = 2Y₁, M' = X₁ − U₂; else R' = R, M' = M
//	N = M'², X₃ = R'² − T·N, Y₃ = −(R'(2X₃ − T·N) + (M ≡ 0 ? M : N²))/2, Z₃ = Z₁M'
//
// and for p the identity the result is (x₂, y₂, 1).
func addAffine() {
	TEXT("addAffineADX", NOSPLIT, "func(v, p *Jacobian, a *Affine)")
	Pragma("noescape")
	Doc("addAffineADX sets v = p + a like addAffineGeneric (7M + 5S), for any p",
		"(the identity, a and −a included), in constant time: no branches, and",
		"CMOV selects. It requires BMI2 and ADX.")
	x1, y1, z1 := coord("p", "X"), coord("p", "Y"), coord("p", "Z")
	x2, y2 := coord("a", "X"), coord("a", "Y")
	x3, y3, z3 := coord("v", "X"), coord("v", "Y"), coord("v", "Z")
	zz, u2, s2, t, m, tt, rr, mm, n, n2, tn, xx, zr, w := fe.Local(), fe.Local(),
		fe.Local(), fe.Local(), fe.Local(), fe.Local(), fe.Local(), fe.Local(),
		fe.Local(), fe.Local(), fe.Local(), fe.Local(), fe.Local(), fe.Local()
	degenerate, inf := AllocLocal(8), AllocLocal(8)

	Comment("inf = 1 if p is the identity (Z₁ ≡ 0)")
	MOVQ(fe.IsZeroCT(fe.LoadElem(z1)), inf)
	Comment("Z₁²")
	fe.Square(zz, z1)
	Comment("U₂ = x₂·Z₁² and y₂·Z₁²: independent")
	fe.Mul(u2, x2, zz)
	fe.Mul(s2, y2, zz)
	Comment("S₂ = y₂·Z₁³, and X₁·U₂ (independent)")
	fe.Mul(s2, s2, z1)
	fe.Mul(tt, x1, u2)
	Comment("T = X₁ + U₂")
	fe.Add(t, x1, u2)
	Comment("M = Y₁ + S₂, and degenerate = 1 if M ≡ 0")
	mr := fe.LoadElem(y1)
	fe.AddTo(mr, s2)
	fe.StoreElem(mr, m)
	MOVQ(fe.IsZeroCT(mr), degenerate)
	Comment("R' = 2Y₁ if degenerate, else R = T² − X₁U₂")
	r := fe.SquareRegs(t)
	fe.SubFrom(r, tt)
	alt := fe.LoadElem(y1)
	fe.AddRegs(alt, alt)
	for i := range r {
		TESTQ(U32(1), degenerate) // TESTQ imm32, m64
		CMOVQNE(alt[i], r[i])
	}
	fe.StoreElem(r, rr)
	Comment("M' = X₁ − U₂ if degenerate, else M")
	mr = fe.LoadElem(m)
	alt = fe.LoadElem(x1)
	fe.SubFrom(alt, u2)
	for i := range mr {
		TESTQ(U32(1), degenerate)
		CMOVQNE(alt[i], mr[i])
	}
	fe.StoreElem(mr, mm)
	Comment("N = M'², and Z₃ = Z₁·M' (independent); the last read of Z₁")
	fe.Square(n, mm)
	fe.Mul(zr, z1, mm)
	Comment("T·N, and N² replaced by M (≡ 0) if degenerate: M³·M' (independent)")
	fe.Mul(tn, t, n)
	nr := fe.SquareRegs(n)
	fe.SelectIf(degenerate, nr, m)
	fe.StoreElem(nr, n2)
	Comment("X₃ = R'² − T·N")
	x := fe.SquareRegs(rr)
	fe.SubFrom(x, tn)
	fe.StoreElem(x, xx)
	Comment("W = 2X₃ − T·N")
	fe.AddRegs(x, x)
	fe.SubFrom(x, tn)
	fe.StoreElem(x, w)
	Comment("Y₃ = −(R'·W + M³M')/2")
	y := fe.MulRegs(rr, w)
	fe.AddTo(y, n2)
	ny := fe.NegRegs(y)
	fe.HalfRegs(ny)

	Comment("For p the identity the result is (x₂, y₂, 1); v is written last, so it may alias p")
	fe.SelectIf(inf, ny, y2)
	fe.StoreElem(ny, y3)
	x = fe.LoadElem(xx)
	fe.SelectIf(inf, x, x2)
	fe.StoreElem(x, x3)
	z := fe.LoadElem(zr)
	one, zero := GP64(), GP64()
	MOVL(U32(1), one.As32())
	XORL(zero.As32(), zero.As32())
	CMPQ(inf, U8(0))
	CMOVQNE(one, z[0])
	for i := 1; i < 4; i++ {
		CMOVQNE(zero, z[i])
	}
	fe.StoreElem(z, z3)
	RET()
}

// lookup emits lookupAVX2, the twin of Affine.lookupGeneric: the
// constant-time table scan behind the comb (43 scans of 32 entries per k·G)
// and the GLV windows of k·P (52 scans of 16). Each 64-byte entry is two YMM
// loads masked by a lane-wise compare of a running counter with idx, ORed
// into two accumulators: every entry is read, and the only branch is the
// loop's, on the public length.
func lookup() {
	TEXT("lookupAVX2", NOSPLIT, "func(v *Affine, table *Affine, n int, idx int)")
	Pragma("noescape")
	Doc("lookupAVX2 sets v = table[idx] for the n ≥ 1 entries at table, reading",
		"every entry and keeping the one at idx by masking (0 ≤ idx < n < 2³¹). It",
		"requires AVX2.")
	tbl := Load(Param("table"), GP64())
	n := Load(Param("n"), GP64())
	i := GP64()
	Load(Param("idx"), i)

	Comment("want = idx in every 32-bit lane, cnt = 0, one = 1 in every lane")
	want, cnt, one, t := YMM(), YMM(), YMM(), YMM()
	VMOVQ(i, want.AsX())
	VPBROADCASTD(want.AsX(), want)
	VPXOR(cnt, cnt, cnt)
	MOVL(U32(1), i.As32())
	VMOVQ(i, one.AsX())
	VPBROADCASTD(one.AsX(), one)
	accX, accY, tx, ty := YMM(), YMM(), YMM(), YMM()
	VPXOR(accX, accX, accX)
	VPXOR(accY, accY, accY)

	Label("loop")
	Comment("mask = all ones where cnt == idx; acc |= entry & mask")
	VPCMPEQD(want, cnt, t)
	VPAND(Mem{Base: tbl}, t, tx)
	VPAND(Mem{Base: tbl, Disp: 32}, t, ty)
	VPOR(tx, accX, accX)
	VPOR(ty, accY, accY)
	VPADDD(one, cnt, cnt)
	ADDQ(U32(64), tbl)
	DECQ(n)
	JNZ(LabelRef("loop"))

	Comment("v.X, v.Y")
	vx, err := Dereference(Param("v")).Field("X").Field("l").Index(0).Resolve()
	if err != nil {
		panic(err)
	}
	vy, err := Dereference(Param("v")).Field("Y").Field("l").Index(0).Resolve()
	if err != nil {
		panic(err)
	}
	VMOVDQU(accX, vx.Addr)
	VMOVDQU(accY, vy.Addr)
	VZEROUPPER()
	RET()
}
