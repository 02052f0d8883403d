package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	f8 "github.com/kestrel-crypto/secp256k1/internal/_asm/field8ops"
)

// The lookups of the 8-lane Strauss (internal/ecmult/strauss8.go): lane j
// reads its own table entry, chosen by its own signed odd digit, and
// negates y where the digit is negative. One VPGATHERQQ loads one limb (or
// one 64-bit word) of all eight lanes' entries. Each function mirrors
// gather.go's generic twin: the gathered limbs, then y's negation as
// field8's Sub from zero, blended in the lanes with a negative digit.

// affine8Size is the size of a group8.Affine8 (two Element8) and
// affineSize that of an Affine64 (two 4×64-bit field elements).
const (
	affine8Size = 2 * elemSize
	affineSize  = 2 * 32
)

// gatherSetup loads the eight int32 digits at d and returns the entry
// indices |dⱼ| >> 1 in qwords and a mask of the lanes with a negative digit.
func gatherSetup(d Mem) (reg.VecVirtual, reg.OpmaskVirtual) {
	digits, k := ZMM(), ZMM()
	VPMOVSXDQ(d, digits)
	VPABSQ(digits, k)
	VPSRLQ(U8(1), k, k)
	Comment("Lanes with a negative digit: its sign bit.")
	sign, neg := ZMM(), K()
	VPSRLQ(U8(63), digits, sign)
	VPTESTMQ(sign, sign, neg)
	return k, neg
}

// gatherQ returns the qwords at base + disp + 8·index of every lane.
// any is a defined mask register, for a fresh all-ones mask (~(any ^ any))
// that reads no undefined register: avo's liveness would keep an
// undefined one live from the function's entry (as field8ops's Zero).
func gatherQ(base reg.Register, disp int, index reg.VecVirtual, any reg.OpmaskVirtual) reg.VecVirtual {
	all := K()
	KXNORW(any, any, all) // the gather clears its mask: a fresh one each time
	out := ZMM()
	VMOVDQA64(c.Zero, out) // no dependency on out's old value
	VPGATHERQQ(Mem{Base: base, Disp: disp, Index: index, Scale: 8}, all, out)
	return out
}

// negateY sets y to −y (field8's Sub from zero) in the lanes of neg.
func negateY(y f8.Elem, neg reg.OpmaskVirtual) {
	zero := f8.Elem{c.Zero, c.Zero, c.Zero, c.Zero, c.Zero}
	n := c.Sub(zero, y)
	for i := range y {
		VMOVDQA64(n[i], neg, y[i])
	}
}

// storeGathered negates y in the lanes of neg, writes the point to the
// Affine8 at v and returns.
func storeGathered(v Mem, xy [2]f8.Elem, neg reg.OpmaskVirtual) {
	negateY(xy[1], neg)
	f8.StoreElem(xy[0], field(v, 0))
	f8.StoreElem(xy[1], field(v, 1))
	VZEROUPPER()
	RET()
}

func gather() {
	laneIdx := GLOBL("laneIdx", RODATA|NOPTR)
	for j := range 8 {
		DATA(8*j, U64(uint64(j)))
	}

	TEXT("gather8IFMA", 0, "func(v *Affine8, t *Affine8, d *[8]int32)")
	Pragma("noescape")
	Doc("gather8IFMA is Affine8.VarTimeGather with AVX-512 IFMA: t is the first entry",
		"of the table and the digits' entries are in it.")
	{
		c.Broadcast()
		v, t := argMem("v"), Load(Param("t"), GP64())
		k, neg := gatherSetup(argMem("d"))
		Comment("Lane j's limb i of coordinate c is qword 80·k + 40·c + 8·i + j from t.")
		idx, tmp := ZMM(), ZMM()
		VPSLLQ(U8(6), k, idx)
		VPSLLQ(U8(4), k, tmp)
		VPADDQ(tmp, idx, idx)
		VPADDQ(laneIdx, idx, idx)
		var xy [2]f8.Elem
		for coord := range xy {
			for i := range 5 {
				xy[coord][i] = gatherQ(t, coord*elemSize+64*i, idx, neg)
			}
		}
		storeGathered(v, xy, neg)
	}

	TEXT("gatherAffine8IFMA", 0, "func(v *Affine8, t *Affine64, d *[8]int32)")
	Pragma("noescape")
	Doc("gatherAffine8IFMA is Affine8.VarTimeGatherAffine with AVX-512 IFMA: t is the",
		"first entry of the table and the digits' entries are in it.")
	{
		c.Broadcast()
		v, t := argMem("v"), Load(Param("t"), GP64())
		k, neg := gatherSetup(argMem("d"))
		Comment("Word w of coordinate c of lane j's entry is qword 8·k + 4·c + w from t.")
		idx := ZMM()
		VPSLLQ(U8(3), k, idx)
		var xy [2]f8.Elem
		for coord := range xy {
			var w [4]reg.VecVirtual
			for i := range w {
				w[i] = gatherQ(t, 32*coord+8*i, idx, neg)
			}
			Comment("4×64 to 5×52 bits, as Element8.SetLane.")
			l := &xy[coord]
			for i := range l {
				l[i] = ZMM()
			}
			hi := ZMM()
			VPANDQ(c.Mask, w[0], l[0])
			for i := 1; i < 4; i++ {
				// Limb i is bits 52i..52i+51: the top of word i − 1 above bit
				// 52i − 64(i − 1) and the bottom of word i.
				VPSRLQ(U8(64-12*i), w[i-1], l[i])
				VPSLLQ(U8(12*i), w[i], hi)
				VPORQ(hi, l[i], l[i])
				VPANDQ(c.Mask, l[i], l[i])
			}
			VPSRLQ(U8(16), w[3], l[4])
		}
		storeGathered(v, xy, neg)
	}
}
