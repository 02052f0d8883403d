// Package field8ops emits the 8-lane field operations of internal/field8 as
// macros on ZMM registers, for the generators of internal/field8 (one
// operation per function) and internal/group8 (whole point formulas in one
// function). Each operation follows field8.go's generic twin step for step,
// so every generated function gives the generic twins' limbs.
package field8ops

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// Elem is the five limb registers of eight field elements.
type Elem [5]reg.VecVirtual

// Consts are the constants the operations need, declared once per file
// (Declare) and broadcast once per function (Broadcast).
type Consts struct {
	m52, r, p32   Mem
	Mask, R, Zero reg.VecVirtual // 2⁵² − 1, r = 2²⁶⁰ mod p and 0 in every lane
}

// Declare emits the constants' data and returns them.
func Declare() *Consts {
	c := new(Consts)
	c.m52 = GLOBL("m52", RODATA|NOPTR)
	DATA(0, U64(1<<52-1))
	c.r = GLOBL("r", RODATA|NOPTR)
	DATA(0, U64(0x1000003D10))
	c.p32 = GLOBL("p32", RODATA|NOPTR)
	for i, l := range []uint64{0xFFFFEFFFFFC2F, 0xFFFFFFFFFFFFF, 0xFFFFFFFFFFFFF, 0xFFFFFFFFFFFFF, 0x0FFFFFFFFFFFF} {
		DATA(8*i, U64(32*l))
	}
	return c
}

// Broadcast loads Mask, R and Zero into registers for the current
// function. The accumulators of each multiplication start as copies of
// Zero: zeroing each with VPXORQ t, t, t would read it first, and avo's
// liveness would keep it live from the function's entry, which leaves no
// registers for a second multiplication.
func (c *Consts) Broadcast() {
	c.Mask, c.R, c.Zero = ZMM(), ZMM(), ZMM()
	VPBROADCASTQ(c.m52, c.Mask)
	VPBROADCASTQ(c.r, c.R)
	VPXORQ(c.Zero, c.Zero, c.Zero)
}

// LoadElem returns the limbs of the Element8 at m (five 64-byte rows).
func LoadElem(m Mem) Elem {
	var l Elem
	for i := range l {
		l[i] = ZMM()
		VMOVDQU64(m.Offset(64*i), l[i])
	}
	return l
}

// StoreElem writes l to the Element8 at m.
func StoreElem(l Elem, m Mem) {
	for i := range l {
		VMOVDQU64(l[i], m.Offset(64*i))
	}
}

// Mul returns a·b (field8's mul8Generic).
func (c *Consts) Mul(a, b Elem) Elem {
	var t [10]reg.VecVirtual
	for i := range t {
		t[i] = ZMM()
		VMOVDQA64(c.Zero, t[i])
	}
	// Columns 2..7 take up to 9 products each, a chain of dependent
	// additions into one accumulator: their high halves go to a second one
	// (u), added at the end, so that no chain is longer than 5. The sums,
	// and so the limbs, are the same.
	var u [10]reg.VecVirtual
	for i := 2; i < 8; i++ {
		u[i] = ZMM()
		VMOVDQA64(c.Zero, u[i])
	}
	Comment("The 25 partial products, low and high halves, into columns 0..9.")
	for i := range 5 {
		for k := range 5 {
			VPMADD52LUQ(b[k], a[i], t[i+k])
			if hi := u[i+k+1]; hi != nil {
				VPMADD52HUQ(b[k], a[i], hi)
			} else {
				VPMADD52HUQ(b[k], a[i], t[i+k+1])
			}
		}
	}
	for i := 2; i < 8; i++ {
		VPADDQ(u[i], t[i], t[i])
	}
	Comment("Fold columns 5..9, each split into its low 52 bits and the rest,")
	Comment("back multiplied by r = 2²⁶⁰ mod p; what lands at 2²⁶⁰ again is s5.")
	tmp := ZMM()
	s5 := ZMM()
	VMOVDQA64(c.Zero, s5)
	for k := 5; k < 10; k++ {
		VPSRLQ(U8(52), t[k], tmp)
		VPANDQ(c.Mask, t[k], t[k])
		VPMADD52LUQ(c.R, t[k], t[k-5])
		if k < 9 {
			VPMADD52HUQ(c.R, t[k], t[k-4])
			VPMADD52LUQ(c.R, tmp, t[k-4])
		} else {
			VPMADD52HUQ(c.R, t[k], s5)
			VPMADD52LUQ(c.R, tmp, s5)
		}
	}
	VPMADD52LUQ(c.R, s5, t[0])
	VPMADD52HUQ(c.R, s5, t[1])
	out := Elem(t[:5])
	c.reduce5(out)
	return out
}

// Add returns a + b (field8's add8Generic), in new registers.
func (c *Consts) Add(a, b Elem) Elem {
	var v Elem
	for i := range v {
		v[i] = ZMM()
		VPADDQ(b[i], a[i], v[i])
	}
	c.reduce5(v)
	return v
}

// Sub returns a − b (field8's sub8Generic), in new registers.
func (c *Consts) Sub(a, b Elem) Elem {
	var v Elem
	for i := range v {
		v[i] = ZMM()
		VPADDQ_BCST(c.p32.Offset(8*i), a[i], v[i])
		VPSUBQ(b[i], v[i], v[i])
	}
	c.reduce5(v)
	return v
}

// LinTerm is one term c·x of Lin.
type LinTerm struct {
	C int // −8 … 8
	X Elem
}

// Lin returns k·32p + Σ cᵢ·xᵢ, limb by limb without carries, then reduced
// (field8's Element8.Lin, whose comment has the bounds the caller must
// keep), in new registers. k is 0 or a power of two up to 8; the
// coefficients are ±1, ±2, ±3, ±4 or ±8.
func (c *Consts) Lin(k int, terms ...LinTerm) Elem {
	var v Elem
	tmp := ZMM()
	for i := range v {
		v[i] = ZMM()
		if k == 0 {
			VMOVDQA64(c.Zero, v[i])
		} else {
			VPBROADCASTQ(c.p32.Offset(8*i), v[i])
			if k > 1 {
				VPSLLQ(U8(log2(k)), v[i], v[i])
			}
		}
		for _, t := range terms {
			x, m := t.X[i], max(t.C, -t.C)
			switch m {
			case 1:
			case 3:
				VPADDQ(x, x, tmp)
				VPADDQ(x, tmp, tmp)
				x = tmp
			default:
				VPSLLQ(U8(log2(m)), x, tmp)
				x = tmp
			}
			if t.C > 0 {
				VPADDQ(x, v[i], v[i])
			} else {
				VPSUBQ(x, v[i], v[i])
			}
		}
	}
	c.reduce5(v)
	return v
}

// log2 returns the base-2 logarithm of the power of two x (2, 4 or 8).
func log2(x int) uint8 {
	switch x {
	case 2:
		return 1
	case 4:
		return 2
	case 8:
		return 3
	}
	panic(fmt.Sprint("field8ops: not 2, 4 or 8: ", x))
}

// carry adds lo >> 52 to hi and keeps the low 52 bits of lo.
func (c *Consts) carry(lo, hi, tmp reg.VecVirtual) {
	VPSRLQ(U8(52), lo, tmp)
	VPADDQ(tmp, hi, hi)
	VPANDQ(c.Mask, lo, lo)
}

// reduce5 is field8's reduce5: two rounds of carries and a fold of what is
// above 2²⁶⁰.
func (c *Consts) reduce5(t Elem) {
	if len(t) != 5 {
		panic(fmt.Sprint("reduce5 of ", len(t), " limbs"))
	}
	Comment("reduce5: carry, fold the carry out of limb 4 multiplied by r, twice.")
	tmp := ZMM()
	for range 2 {
		for i := range 4 {
			c.carry(t[i], t[i+1], tmp)
		}
		VPSRLQ(U8(52), t[4], tmp)
		VPANDQ(c.Mask, t[4], t[4])
		VPMADD52LUQ(c.R, tmp, t[0])
	}
}
