// Command msm8 generates internal/ecmult/pippenger_lanes_amd64.s and its
// stubs:
//
//	cd internal/_asm && go run ./msm8 -out ../ecmult/pippenger_lanes_amd64.s -stubs ../ecmult/pippenger_lanes_stubs_amd64.go -pkg ecmult
//
// The two passes of a batch of affine bucket additions on eight lanes, the
// twins of internal/ecmult/pippenger_lanes.go's lanePrefixGeneric and
// laneApplyGeneric: a loop over the batch's groups of eight, one VPGATHERQQ
// and one VPSCATTERQQ per limb, and field8ops's macros in the twins' order,
// so both give the same limbs (the tests compare them).
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"

	"github.com/kestrel-crypto/secp256k1/internal/_asm/asmgen"
	f8 "github.com/kestrel-crypto/secp256k1/internal/_asm/field8ops"
)

var rationale = []string{
	"AVX512 IFMA bucket additions of Pippenger's method, eight entries per step:",
	"VPGATHERQQ and VPSCATTERQQ move the lanes' buckets and points, VPMADD52 multiplies.",
}

// Sizes and offsets of ecmult's types.
const (
	elemSize = 5 * 64 // field8.Element8
	aff52Y   = 40     // aff52.Y; aff52 is 80 bytes, 10 qwords
)

var (
	c                   *f8.Consts
	m48, c977, p52, one Mem
	// full has all lanes set, for the gathers, which clear their mask.
	// Each gather gets a copy: a KXNORW k, k, k before each one reads k as
	// far as avo's liveness analysis knows, which would keep every mask
	// register of the function live from its entry.
	full reg.OpmaskVirtual
)

// setFull allocates and sets full, for the current function.
func setFull() {
	full = K()
	KXNORW(full, full, full)
}

func declare() {
	c = f8.Declare()
	m48 = GLOBL("m48", RODATA|NOPTR)
	DATA(0, U64(1<<48-1))
	c977 = GLOBL("c977", RODATA|NOPTR)
	DATA(0, U64(0x1000003D1))
	p52 = GLOBL("p52", RODATA|NOPTR)
	for i, l := range []uint64{0xFFFFEFFFFFC2F, 0xFFFFFFFFFFFFF, 0xFFFFFFFFFFFFF, 0xFFFFFFFFFFFFF, 0x0FFFFFFFFFFFF} {
		DATA(8*i, U64(l))
	}
	one = GLOBL("one", RODATA|NOPTR)
	DATA(0, U64(1))
}

func argPtr(name string) reg.Register { return Load(Param(name), GP64()) }

// index returns the gather index (in qwords) of the aff52s of the eight
// int32 indices at m: i·10.
func index(m Mem) reg.VecVirtual {
	x, t := ZMM(), ZMM()
	VPMOVZXDQ(m, x)
	VPSLLQ(U8(1), x, t)
	VPSLLQ(U8(3), x, x)
	VPADDQ(t, x, x)
	return x
}

// pointIndex returns the gather index of the points of the eight int32 at
// m (p or ^p for −points[p]), and the mask of the negative ones.
func pointIndex(m Mem) (reg.VecVirtual, reg.OpmaskVirtual) {
	x, s, t := ZMM(), ZMM(), ZMM()
	neg := K()
	VPMOVSXDQ(m, x)
	VPSRAQ(U8(63), x, s)
	VPTESTMQ(s, s, neg)
	VPXORQ(s, x, x)
	VPSLLQ(U8(1), x, t)
	VPSLLQ(U8(3), x, x)
	VPADDQ(t, x, x)
	return x, neg
}

// gather returns the five limbs at base + off + 8·i + 8·idx, lane by lane.
func gather(base reg.Register, idx reg.VecVirtual, off int) f8.Elem {
	var l f8.Elem
	for i := range l {
		l[i] = ZMM()
		VMOVDQA64(c.Zero, l[i])
		k := K()
		KMOVW(full, k)
		VPGATHERQQ(Mem{Base: base, Index: idx, Scale: 8, Disp: off + 8*i}, k, l[i])
	}
	return l
}

// scatter writes the limbs of v to base + off + 8·i + 8·idx in the lanes
// of mask.
func scatter(v f8.Elem, base reg.Register, idx reg.VecVirtual, off int, mask reg.OpmaskVirtual) {
	for i := range v {
		k := K()
		KMOVW(mask, k)
		VPSCATTERQQ(v[i], k, Mem{Base: base, Index: idx, Scale: 8, Disp: off + 8*i})
	}
}

// zeroLanes returns the mask of the lanes of d that are 0 mod p (the
// generic zeroLanes): fold below 2²⁵⁶ twice, compare with 0 and p.
func zeroLanes(d f8.Elem) reg.OpmaskVirtual {
	Comment("zeroLanes: fold each lane below 2²⁵⁶ and compare it with 0 and p.")
	var t f8.Elem
	for i := range t {
		t[i] = ZMM()
		VMOVDQA64(d[i], t[i])
	}
	mask48, k977, top := ZMM(), ZMM(), ZMM()
	VPBROADCASTQ(m48, mask48)
	VPBROADCASTQ(c977, k977)
	fold := func() {
		VPSRLQ(U8(48), t[4], top)
		VPANDQ(mask48, t[4], t[4])
		VPMADD52LUQ(k977, top, t[0])
	}
	fold()
	for i := range 4 {
		VPSRLQ(U8(52), t[i], top)
		VPADDQ(top, t[i+1], t[i+1])
		VPANDQ(c.Mask, t[i], t[i])
	}
	fold()
	isP, isZero := K(), K()
	VPCMPEQQ_BCST(p52, t[0], isP)
	for i := 1; i < 5; i++ {
		VPCMPEQQ_BCST(p52.Offset(8*i), t[i], isP, isP)
	}
	for i := 1; i < 5; i++ {
		VPORQ(t[i], t[0], t[0])
	}
	VPCMPEQQ(c.Zero, t[0], isZero)
	KORW(isP, isZero, isZero)
	return isZero
}

// stride is a pointer and the bytes it moves per group.
type stride struct {
	p reg.Register
	n int
}

// next moves each pointer by two groups (op is ADDQ or SUBQ), counts n
// down and loops to label while it is not zero, then returns.
func next(op func(imr, mr Op), label string, n reg.Register, ptrs ...stride) {
	for _, s := range ptrs {
		op(U32(2*s.n), s.p)
	}
	DECQ(n)
	JNZ(LabelRef(label))
	VZEROUPPER()
	RET()
}

// Memory-operand field operations, as in internal/_asm/group8.
func mul(dst, a, b Mem) {
	x := f8.LoadElem(a)
	y := x
	if a != b {
		y = f8.LoadElem(b)
	}
	f8.StoreElem(c.Mul(x, y), dst)
}

func sub(dst, a, b Mem) {
	f8.StoreElem(c.Sub(f8.LoadElem(a), f8.LoadElem(b)), dst)
}

func main() {
	asmgen.Package("github.com/kestrel-crypto/secp256k1/internal/ecmult")
	ConstraintExpr("!purego")
	declare()

	TEXT("lanePrefixIFMA", NOSPLIT, "func(den, prefix, ax, qx *[5][8]uint64, special *uint8, buckets, points *aff52, eb, ep *int32, groups int)")
	Pragma("noescape")
	Doc("lanePrefixIFMA is lanePrefixGeneric with AVX-512 IFMA, for an even groups ≥ 2.")
	{
		den, prefix, special := argPtr("den"), argPtr("prefix"), argPtr("special")
		axp, qxp := argPtr("ax"), argPtr("qx")
		buckets, points := argPtr("buckets"), argPtr("points")
		eb, ep := argPtr("eb"), argPtr("ep")
		n := Load(Param("groups"), GP64())
		SHRQ(U8(1), n)
		c.Broadcast()
		setFull()
		Label("prefixLoop")
		Comment("Two groups per iteration, g and g + 1, in two chains of products.")
		for h := range 2 {
			Comment("ax, qx = x_a, x_q; den = x_q − x_a, 1 in the lanes where it is 0 mod p.")
			iq, _ := pointIndex(Mem{Base: ep, Disp: 32 * h})
			qx := gather(points, iq, 0)
			f8.StoreElem(qx, Mem{Base: qxp, Disp: elemSize * h})
			ax := gather(buckets, index(Mem{Base: eb, Disp: 32 * h}), 0)
			f8.StoreElem(ax, Mem{Base: axp, Disp: elemSize * h})
			d := c.Sub(qx, ax)
			z := zeroLanes(d)
			o := ZMM()
			VPBROADCASTQ(one, o)
			VPBLENDMQ(o, d[0], z, d[0])
			for i := 1; i < 5; i++ {
				VPBLENDMQ(c.Zero, d[i], z, d[i])
			}
			f8.StoreElem(d, Mem{Base: den, Disp: elemSize * h})
			s := GP32()
			KMOVW(z, s)
			MOVB(s.As8(), Mem{Base: special, Disp: h})
			Comment("prefix[g + 2] = prefix[g]·den.")
			f8.StoreElem(c.Mul(f8.LoadElem(Mem{Base: prefix, Disp: elemSize * h}), d), Mem{Base: prefix, Disp: elemSize * (h + 2)})
		}
		next(ADDQ, "prefixLoop", n, stride{den, elemSize}, stride{prefix, elemSize}, stride{axp, elemSize},
			stride{qxp, elemSize}, stride{special, 1}, stride{eb, 32}, stride{ep, 32})
	}

	TEXT("laneApplyIFMA", 0, "func(inv, den, prefix, ax, qx *[5][8]uint64, special *uint8, buckets, points *aff52, eb, ep *int32, groups int)")
	Pragma("noescape")
	Doc("laneApplyIFMA is laneApplyGeneric with AVX-512 IFMA, for an even groups ≥ 2.")
	{
		invp := argPtr("inv")
		den, prefix, special := argPtr("den"), argPtr("prefix"), argPtr("special")
		axp, qxp := argPtr("ax"), argPtr("qx")
		buckets, points := argPtr("buckets"), argPtr("points")
		eb, ep := argPtr("eb"), argPtr("ep")
		n := Load(Param("groups"), GP64())
		Comment("Start at the last pair of groups.")
		last := GP64()
		LEAQ(Mem{Base: n, Disp: -2}, last)
		SHRQ(U8(1), n)
		ADDQ(last, special)
		t := GP64()
		IMUL3Q(U32(elemSize), last, t)
		ADDQ(t, den)
		ADDQ(t, prefix)
		ADDQ(t, axp)
		ADDQ(t, qxp)
		SHLQ(U8(5), last)
		ADDQ(last, eb)
		ADDQ(last, ep)
		c.Broadcast()
		setFull()
		base := AllocLocal(2 * elemSize * 6)
		type slot struct{ inv, den, prefix, di, ax, ay, qx, qy, lambda, x3, y3 Mem }
		var sl [2]slot
		for h := range sl {
			l := func(i int) Mem { return base.Offset(elemSize * (6*h + i)) }
			at := func(r reg.Register) Mem { return Mem{Base: r, Disp: elemSize * h} }
			sl[h] = slot{
				inv: at(invp), den: at(den), prefix: at(prefix), ax: at(axp), qx: at(qxp),
				di: l(0), ay: l(1), qy: l(2), lambda: l(3), x3: l(4), y3: l(5),
			}
		}
		// each emits f for both groups of the pair, one after the other, so
		// that the core overlaps their independent operations.
		each := func(f func(s slot, h int)) {
			for h := range sl {
				f(sl[h], h)
			}
		}
		Label("applyLoop")
		Comment("Groups g and g + 1 (chains g mod 2), interleaved operation by operation.")
		Comment("1/den = inv·prefix[g]; inv = inv·den[g].")
		each(func(s slot, _ int) { mul(s.di, s.inv, s.prefix) })
		each(func(s slot, _ int) { mul(s.inv, s.inv, s.den) })
		Comment("ay, qy = y_a, ±y_q (0 − y_q in the lanes of a negative point index).")
		each(func(s slot, h int) {
			f8.StoreElem(gather(buckets, index(Mem{Base: eb, Disp: 32 * h}), aff52Y), s.ay)
			iq, neg := pointIndex(Mem{Base: ep, Disp: 32 * h})
			qy := gather(points, iq, aff52Y)
			nq := c.Sub(f8.Elem{c.Zero, c.Zero, c.Zero, c.Zero, c.Zero}, qy)
			for i := range qy {
				VPBLENDMQ(nq[i], qy[i], neg, qy[i])
			}
			f8.StoreElem(qy, s.qy)
		})
		Comment("λ = (±y_q − y_a)/den, x₃ = λ² − x_a − x_q, y₃ = λ·(x_a − x₃) − y_a.")
		each(func(s slot, _ int) { sub(s.lambda, s.qy, s.ay) })
		each(func(s slot, _ int) { mul(s.lambda, s.lambda, s.di) })
		each(func(s slot, _ int) { mul(s.x3, s.lambda, s.lambda) })
		each(func(s slot, _ int) { sub(s.x3, s.x3, s.ax) })
		each(func(s slot, _ int) { sub(s.x3, s.x3, s.qx) })
		each(func(s slot, _ int) { sub(s.y3, s.ax, s.x3) })
		each(func(s slot, _ int) { mul(s.y3, s.y3, s.lambda) })
		each(func(s slot, _ int) { sub(s.y3, s.y3, s.ay) })
		Comment("Store the lanes whose special bit is clear.")
		each(func(s slot, h int) {
			m := GP32()
			MOVBLZX(Mem{Base: special, Disp: h}, m)
			NOTL(m)
			keep := K()
			KMOVW(m, keep)
			ib := index(Mem{Base: eb, Disp: 32 * h})
			scatter(f8.LoadElem(s.x3), buckets, ib, 0, keep)
			scatter(f8.LoadElem(s.y3), buckets, ib, aff52Y, keep)
		})
		next(SUBQ, "applyLoop", n, stride{den, elemSize}, stride{prefix, elemSize}, stride{axp, elemSize},
			stride{qxp, elemSize}, stride{special, 1}, stride{eb, 32}, stride{ep, 32})
	}

	asmgen.Generate("msm8", rationale)
}
