package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The table-driven batch of the variable-time inversion: divsteps60Tab of
// internal/safegcd/divtab.go (whose comment gives the table's layout), then
// updateFG's body. The 15 lookups are unrolled.
//
// The chain from one lookup to the next is the entry's load, a product and
// an addition (P_f = a·f + b·g, P_g = c·f + d·g), and one AND and one ADD
// to the next entry's address: base = row + (P_g & 0xF0), index = P_f &
// 0xE0, the entry at base + 8·index. Everything else hangs off it: the
// shifts to the next f and g, η and the row (an escape, about 1% of the
// lookups, jumps out to recompute the row from η and back), and the matrix.
//
// The matrix is kept two entries per register, uv = u + 2³²·v and qr = q +
// 2³²·r, as in divsteps59Asm: a lookup updates it with 4 products instead of
// 8. Packed entries must stay below 2³¹, which holds for 28 divsteps from
// the identity (|u| + |v| ≤ 2²⁸), so the batch has three matrices: lookups
// 1–7, lookups 8–14, and the 15th's own, multiplied at the end (and by 4,
// for the scale 2⁶²).
const (
	tabEtaMax    = 15   // divtab.go's tabEtaMax
	tabGroups    = 15   // lookups per batch
	tabPacked    = 7    // lookups per packed matrix
	tabRowPair   = 2048 // bytes per pair of rows
	tabEscapeBit = 1
)

// divstepsTab generates divstepsUpdateAsm.
func divstepsTab() {
	TEXT("divstepsUpdateAsm", NOSPLIT, "func(n int, fv, gv *signed62, eta int64, t *trans) int64")
	Pragma("noescape")
	Doc("divstepsUpdateAsm is divstepsUpdate: divsteps60Tab on limb 0 of",
		"fv and gv, its matrix stored in t, then updateFGVar(n, fv, gv, t); it",
		"returns the new η. η is odd; 1 ≤ n ≤ 5.")
	f, g, uv, qr := R9, R10, R11, R12
	eta, row, base, index := R13, R14, RSI, R8
	pf, pg, x, y, z := RAX, RCX, RBX, RDX, RDI

	Load(Param("eta"), eta)
	Comment("f, g = limb 0 of fv and gv (the divsteps read their low 60 bits)")
	Load(Param("fv"), x)
	MOVQ(Mem{Base: x}, f)
	Load(Param("gv"), x)
	MOVQ(Mem{Base: x}, g)
	Comment("the first entry: row + 16·(g mod 16) + 256·(bits 1–3 of f)")
	emitRow(eta, row, x, y)
	MOVQ(g, base)
	ANDL(U8(15), base.As32())
	SHLL(U8(4), base.As32())
	ADDQ(row, base)
	MOVQ(f, index)
	ANDL(U8(14), index.As32())
	SHLL(U8(4), index.As32())

	entry := func(off int) Mem { return Mem{Base: base, Index: index, Scale: 8, Disp: off} }
	for i := range tabGroups {
		first := i == 0
		if i%tabPacked == 0 && i < 2*tabPacked {
			if i > 0 {
				Comment("lookups 1–7 done: keep their matrix in t.u and t.v")
				Load(Param("t"), x)
				MOVQ(uv, Mem{Base: x})
				MOVQ(qr, Mem{Base: x, Disp: 8})
			}
			Comment("the packed matrix from the identity: uv = 1, qr = 2³²")
			MOVL(U32(1), uv.As32())
			MOVQ(U64(1<<32), qr)
		}
		last := i == tabGroups-1
		if first {
			Comment("lookup i: a, b, c, d = the entry's matrix; P_f = a·f + b·g, P_g = c·f + d·g")
		}
		if !last {
			MOVBQSX(entry(0), pf)
			IMULQ(f, pf)
			MOVBQSX(entry(1), x)
			IMULQ(g, x)
			ADDQ(x, pf)
			MOVBQSX(entry(2), pg)
			IMULQ(f, pg)
			MOVBQSX(entry(3), x)
			IMULQ(g, x)
			ADDQ(x, pg)
		}
		if first {
			Comment("η = (η ^ m) + cm")
		}
		MOVBQSX(entry(5), x)
		XORQ(x, eta)
		MOVBQSX(entry(4), x)
		ADDQ(x, eta)
		if last {
			break
		}
		if first {
			Comment("uv, qr = a·uv + b·qr, c·uv + d·qr")
		}
		MOVBQSX(entry(0), x)
		IMULQ(uv, x)
		MOVBQSX(entry(2), y)
		IMULQ(y, uv)
		MOVBQSX(entry(1), y)
		IMULQ(qr, y)
		ADDQ(y, x)
		MOVBQSX(entry(3), y)
		IMULQ(y, qr)
		ADDQ(uv, qr)
		MOVQ(x, uv)
		if first {
			Comment("the next row: row += delta, or from η if delta is odd")
		}
		MOVWQSX(entry(6), x)
		esc, back := fmt.Sprintf("escape%d", i), fmt.Sprintf("row%d", i)
		TESTL(U32(tabEscapeBit), x.As32())
		JNZ(LabelRef(esc))
		ADDQ(x, row)
		Label(back)
		if first {
			Comment("the next entry: base = row + (P_g & 0xF0), index = P_f & 0xE0; f, g = P_f/16, P_g/16")
		}
		MOVQ(pg, base)
		ANDL(U32(0xF0), base.As32())
		ADDQ(row, base)
		MOVQ(pf, index)
		ANDL(U32(0xE0), index.As32())
		SARQ(U8(4), pf)
		MOVQ(pf, f)
		SARQ(U8(4), pg)
		MOVQ(pg, g)
	}
	Store(eta, ReturnIndex(0))

	Comment("unpack the matrices: u = the low half of uv, sign-extended; v = (uv − u) >> 32")
	Load(Param("t"), z)
	// B = [u₂ v₂; q₂ r₂] (lookups 8–14) in R9, R10, R14, R15 (f, g and row
	// are no longer needed); A = [u₁ v₁; q₁ r₁] from t.
	u2, v2, q2, r2 := R9, R10, R14, R15
	unpack(uv, u2, v2)
	unpack(qr, q2, r2)
	u1, v1, q1, r1 := R11, R12, RAX, RCX
	MOVQ(Mem{Base: z}, x)
	MOVQ(Mem{Base: z, Disp: 8}, y)
	unpack(x, u1, v1)
	unpack(y, q1, r1)
	Comment("N = B·A, in R9, R10, R14, R15")
	mul2x2(u2, v2, q2, r2, u1, v1, q1, r1, x, y)
	Comment("T = 4·M·N, M = [a b; c d] the 15th lookup's: into R9–R12 for updateFG, and t")
	a, b := R11, R12
	MOVBQSX(entry(0), a)
	MOVBQSX(entry(1), b)
	MOVBQSX(entry(2), RAX)
	MOVBQSX(entry(3), RCX)
	mul2x2(a, b, RAX, RCX, u2, v2, q2, r2, x, y)
	for i, m := range []GPPhysical{a, b, RAX, RCX} {
		SHLQ(U8(2), m)
		MOVQ(m, Mem{Base: z, Disp: 8 * i})
	}
	MOVQ(a, R9)
	MOVQ(b, R10)
	MOVQ(RAX, R11)
	MOVQ(RCX, R12)
	emitUpdateFG("n", "fv", "gv", "")
	RET()

	for i := range tabGroups - 1 {
		Label(fmt.Sprintf("escape%d", i))
		emitRow(eta, row, x, y)
		JMP(LabelRef(fmt.Sprintf("row%d", i)))
	}
}

// emitRow sets row to the address of the row of the odd η in divTab:
// ρ = (clamp(η, ±tabEtaMax) + tabEtaMax)/2, at 2048·(ρ/2) + 8·(ρ mod 2). It
// clobbers x and y.
func emitRow(eta, row, x, y GPPhysical) {
	MOVQ(U32(tabEtaMax), x)
	CMPQ(eta, x)
	CMOVQLT(eta, x)
	MOVQ(I32(-tabEtaMax), y)
	CMPQ(x, y)
	CMOVQLT(y, x)
	ADDQ(U8(tabEtaMax), x)
	SHRQ(U8(1), x)
	MOVQ(x, y)
	ANDL(U8(1), y.As32())
	SHRQ(U8(1), x)
	SHLQ(U8(11), x)
	LEAQ(Mem{Base: x, Index: y, Scale: 8}, x)
	MOVQ(NewDataAddr(Symbol{Name: "·divTab"}, 0), row)
	ADDQ(x, row)
}

// unpack sets lo and hi to the entries packed in p as lo + 2³²·hi (|lo|,
// |hi| < 2³¹): lo is p's low half sign-extended, hi = (p − lo) >> 32. p is
// clobbered.
func unpack(p, lo, hi GPPhysical) {
	MOVLQSX(p.As32(), lo)
	SUBQ(lo, p)
	SARQ(U8(32), p)
	MOVQ(p, hi)
}

// mul2x2 sets [a b; c d] = [a b; c d]·[e f; g h], with x and y clobbered.
func mul2x2(a, b, c, d, e, f, g, h, x, y GPPhysical) {
	// a' = a·e + b·g, b' = a·f + b·h
	MOVQ(a, x)
	IMULQ(e, x)
	MOVQ(b, y)
	IMULQ(g, y)
	ADDQ(y, x)
	IMULQ(f, a)
	IMULQ(h, b)
	ADDQ(a, b)
	MOVQ(x, a)
	// c' = c·e + d·g, d' = c·f + d·h
	MOVQ(c, x)
	IMULQ(e, x)
	MOVQ(d, y)
	IMULQ(g, y)
	ADDQ(y, x)
	IMULQ(f, c)
	IMULQ(h, d)
	ADDQ(c, d)
	MOVQ(x, c)
}
