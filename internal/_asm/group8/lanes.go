package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	f8 "github.com/kestrel-crypto/secp256k1/internal/_asm/field8ops"
)

// lanes emits the per-lane table lookup and the lane select of
// internal/group8's lanes.go (Affine8.LookupLanes, Jacobian8.Select), which
// internal/ecmult's ScalarMult8 runs at every window.
func lanes() {
	lookupLanes()
	selectLanes()
}

// lookupLanes emits lookupLanes8IFMA, Affine8.LookupLanes: lane j takes
// lane j of table[idx[j]]. The table is Affine8s, ten 64-byte rows each
// (x's five limb rows, then y's), so an entry's lanes are already where they
// go: for entry i, scanEntries gives the lanes that want it, and the
// entry's ten rows are ANDed with that lane mask and ORed into the result.
// Every entry is read, whatever the indices. Then y = 0 − y (field8's Sub, as
// lookupLanesGeneric computes it) in the lanes whose neg word is nonzero.
func lookupLanes() {
	TEXT("lookupLanes8IFMA", 0, "func(v *Affine8, table []Affine8, idx, neg *[8]uint64)")
	Pragma("noescape")
	Doc("lookupLanes8IFMA is Affine8.LookupLanes in one function, with AVX-512.")

	c.Broadcast()
	v := argMem("v")
	var w [10]reg.VecVirtual
	scanEntries(w[:], 2*elemSize, func(entry Mem, ne reg.VecVirtual) {
		t := ZMM()
		for i := range w {
			VPANDNQ(entry.Offset(64*i), ne, t) // t = entry & ~ne
			VPORQ(t, w[i], w[i])
		}
	})
	x := f8.Elem{w[0], w[1], w[2], w[3], w[4]}
	y := f8.Elem{w[5], w[6], w[7], w[8], w[9]}
	f8.StoreElem(x, field(v, 0))
	condNegate(y)
	f8.StoreElem(y, field(v, 1))
	VZEROUPPER()
	RET()
}

// scanEntries emits the scan of a signed lookup (lookup8IFMA and
// lookupLanes8IFMA) over the table argument, whose entries are stride bytes
// apart, into w, which starts at zero: for each entry, ne is all ones in
// the lanes whose index (argument idx) differs from the entry's number and
// 0 in the others, computed with vector arithmetic (d = idx ⊕ cnt, then
// the sign of d | −d spread by an arithmetic shift), and take ORs the
// entry, ANDed with ¬ne, into w. Every entry is read, whatever the indices,
// and no mask register is used: the timing of merge-masked loads was seen
// to depend on how many lanes their masks select (docs/constant-time.md,
// finding 7).
func scanEntries(w []reg.VecVirtual, stride int, take func(entry Mem, ne reg.VecVirtual)) {
	ptr := Load(Param("table").Base(), GP64())
	n := Load(Param("table").Len(), GP64())
	idx := ZMM()
	VMOVDQU64(argMem("idx"), idx)

	Comment("cnt is the entry number in every lane, one is 1 in every lane.")
	cnt, one := ZMM(), ZMM()
	VMOVDQA64(c.Zero, cnt)
	t := GP64()
	MOVQ(U32(1), t)
	VPBROADCASTQ(t, one)
	for i := range w {
		w[i] = ZMM()
		VMOVDQA64(c.Zero, w[i])
	}
	d := ZMM()
	TESTQ(n, n)
	JZ(LabelRef("done"))
	Label("scan")
	{
		Comment("ne: all ones in the lanes whose index is not this entry's number.")
		VPXORQ(cnt, idx, d)
		nonzeroMask(d, c.Zero)
		take(Mem{Base: ptr}, d)
		VPADDQ(one, cnt, cnt)
		ADDQ(U32(stride), ptr)
		DECQ(n)
		JNZ(LabelRef("scan"))
	}
	Label("done")
}

// condNegate sets y = 0 − y (field8's Sub, as the generic twins compute
// it) in the lanes whose word of the argument neg is nonzero (VPTESTMQ to a
// mask register, masked moves).
func condNegate(y f8.Elem) {
	Comment("y = 0 − y in the lanes whose neg word is nonzero.")
	ny := c.Sub(f8.Elem{c.Zero, c.Zero, c.Zero, c.Zero, c.Zero}, y)
	m := laneMask(argMem("neg"), c.Zero)
	for i := range y {
		blend(m, ny[i], y[i])
	}
}

// laneMask returns all ones in the lanes whose word at m is nonzero and 0
// in the others, with no mask register (nonzeroMask); zero is 0 in every
// lane.
func laneMask(m Mem, zero reg.VecVirtual) reg.VecVirtual {
	w := ZMM()
	VMOVDQU64(m, w)
	nonzeroMask(w, zero)
	return w
}

// nonzeroMask sets each lane of w to all ones if it is nonzero and to 0
// otherwise, by vector arithmetic: the sign of w | −w, spread by an
// arithmetic shift. zero is 0 in every lane.
func nonzeroMask(w, zero reg.VecVirtual) {
	nw := ZMM()
	VPSUBQ(w, zero, nw)
	VPORQ(nw, w, w)
	VPSRAQ(U8(63), w, w)
}

// blend sets dst = a in the lanes where m is all ones, keeping dst in the
// others (m is all ones or 0 in each lane): dst ⊕= (a ⊕ dst) ∧ m.
func blend(m, a, dst reg.VecVirtual) {
	t := ZMM()
	VPXORQ(a, dst, t)
	VPANDQ(m, t, t)
	VPXORQ(t, dst, dst)
}

// selectLanes emits selectJacobian8IFMA, Jacobian8.Select: each of the
// fifteen rows of b, with a's row in the lanes whose cond word is nonzero
// (a bitwise blend, no mask register), row by row, so v may alias a or b.
func selectLanes() {
	TEXT("selectJacobian8IFMA", NOSPLIT, "func(v, a, b *Jacobian8, cond *[8]uint64)")
	Pragma("noescape")
	Doc("selectJacobian8IFMA is Jacobian8.Select in one function, with AVX-512.")
	v, a, b := argMem("v"), argMem("a"), argMem("b")
	zero := ZMM()
	VPXORQ(zero, zero, zero)
	m := laneMask(argMem("cond"), zero)
	for i := range 15 {
		r, ra := ZMM(), ZMM()
		VMOVDQU64(b.Offset(64*i), r)
		VMOVDQU64(a.Offset(64*i), ra)
		blend(m, ra, r)
		VMOVDQU64(r, v.Offset(64*i))
	}
	VZEROUPPER()
	RET()
}
