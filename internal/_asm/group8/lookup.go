package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	f8 "github.com/kestrel-crypto/secp256k1/internal/_asm/field8ops"
)

// lookup emits lookup8IFMA, Affine8.Lookup's signed table lookup
// (lookupGeneric in lookup.go of internal/group8). Each entry is an
// Affine64 (internal/group's Affine layout), eight little-endian 64-bit
// words (x then y, four limbs each, 64 bytes). The scan keeps one register per word, each holding that
// word for the eight lanes; for entry i, scanEntries gives the lanes that
// want it, and each word, broadcast from memory, is ORed into those lanes
// only, by a bitwise AND with their mask: no masked load. Every entry is read, whatever the
// indices. The words are then split into 5x52 limbs
// (field8.Element8.SetLane), and y is replaced by 0 − y (field8's Sub, as
// lookupGeneric computes it) in the lanes whose neg word is nonzero
// (a bitwise blend).
func lookup() {
	TEXT("lookup8IFMA", 0, "func(v *Affine8, table []Affine64, idx, neg *[8]uint64)")
	Pragma("noescape")
	Doc("lookup8IFMA is Affine8.Lookup in one function, with AVX-512.")

	c.Broadcast()
	v := argMem("v")
	var w [8]reg.VecVirtual
	scanEntries(w[:], 64, func(entry Mem, ne reg.VecVirtual) {
		t := ZMM()
		for i := range w {
			VPBROADCASTQ(entry.Offset(8*i), t)
			VPANDNQ(t, ne, t) // t = word & ~ne
			VPORQ(t, w[i], w[i])
		}
	})

	Comment("x and y from 4x64 words to 5x52 limbs.")
	x := split(w[0:4])
	y := split(w[4:8])
	f8.StoreElem(x, field(v, 0))
	condNegate(y)
	f8.StoreElem(y, field(v, 1))
	VZEROUPPER()
	RET()
}

// split returns the 5x52 limbs of the 256-bit lanes in the words w (least
// significant first), as field8.Limbs52 computes them: limb i is bits
// 52·i … 52·i + 51.
func split(w []reg.VecVirtual) f8.Elem {
	var l f8.Elem
	for i := range l {
		l[i] = ZMM()
	}
	t := ZMM()
	VPANDQ(c.Mask, w[0], l[0])
	for i := 1; i < 4; i++ {
		// limb i = (w[i−1] >> (64 − 12·i) | w[i] << 12·i) & m52.
		VPSRLQ(U8(64-12*i), w[i-1], t)
		VPSLLQ(U8(12*i), w[i], l[i])
		VPTERNLOGQ(U8(0xa8), c.Mask, t, l[i]) // l = (l | t) & m52
	}
	VPSRLQ(U8(16), w[3], l[4])
	return l
}
