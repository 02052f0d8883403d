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
// go: for entry i, VPCMPEQQ of the lane indices with a vector of i gives
// the lanes that want it, and ten merge-masked loads copy those lanes. Every
// entry is read, whatever the indices. Then y = 0 − y (field8's Sub, as
// lookupLanesGeneric computes it) in the lanes whose neg word is nonzero.
func lookupLanes() {
	TEXT("lookupLanes8IFMA", 0, "func(v *Affine8, table []Affine8, idx, neg *[8]uint64)")
	Pragma("noescape")
	Doc("lookupLanes8IFMA is Affine8.LookupLanes in one function, with AVX-512.")

	c.Broadcast()
	v := argMem("v")
	var w [10]reg.VecVirtual
	scanEntries(w[:], 2*elemSize, func(entry Mem, sel reg.OpmaskVirtual) {
		for i := range w {
			VMOVDQU64(entry.Offset(64*i), sel, w[i])
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
// apart: for each entry, VPCMPEQQ of the lane indices (argument idx) with
// a vector of the entry's number gives sel, the lanes that want it, and
// take writes those lanes of the entry into w, which starts at zero.
// Every entry is read, whatever the indices.
func scanEntries(w []reg.VecVirtual, stride int, take func(entry Mem, sel reg.OpmaskVirtual)) {
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
	sel := K()
	TESTQ(n, n)
	JZ(LabelRef("done"))
	Label("scan")
	{
		Comment("Lanes whose index is this entry's number take it.")
		VPCMPEQQ(cnt, idx, sel)
		take(Mem{Base: ptr}, sel)
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
	negv := ZMM()
	VMOVDQU64(argMem("neg"), negv)
	flip := K()
	VPTESTMQ(negv, negv, flip)
	for i := range y {
		VMOVDQU64(ny[i], flip, y[i])
	}
}

// selectLanes emits selectJacobian8IFMA, Jacobian8.Select: each of the
// fifteen rows of b, overwritten by a's row in the lanes whose cond word is
// nonzero (a merge-masked load), row by row, so v may alias a or b.
func selectLanes() {
	TEXT("selectJacobian8IFMA", NOSPLIT, "func(v, a, b *Jacobian8, cond *[8]uint64)")
	Pragma("noescape")
	Doc("selectJacobian8IFMA is Jacobian8.Select in one function, with AVX-512.")
	v, a, b := argMem("v"), argMem("a"), argMem("b")
	cv := ZMM()
	VMOVDQU64(argMem("cond"), cv)
	k := K()
	VPTESTMQ(cv, cv, k)
	for i := range 15 {
		r := ZMM()
		VMOVDQU64(b.Offset(64*i), r)
		VMOVDQU64(a.Offset(64*i), k, r)
		VMOVDQU64(r, v.Offset(64*i))
	}
	VZEROUPPER()
	RET()
}
