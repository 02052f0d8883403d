// Package field8 holds eight elements of the secp256k1 field side by side,
// for code that has eight independent computations to run at once: the
// AVX-512 IFMA instructions (VPMADD52LUQ and VPMADD52HUQ) multiply eight
// pairs of 52-bit limbs in one instruction, so an 8-lane multiply costs a
// fraction of eight 4x64 MULX multiplies (docs/ecmult.md, "Lanes: field8
// and group8").
//
// An Element8 is eight field elements in 5x52 limbs, limb-major: L[i][j] is
// limb i of lane j, so that each limb of all lanes is one 512-bit register.
// Every Element8 that this package returns has limbs below 2⁵², which the
// IFMA multiplier requires (it ignores the bits above 52), and so a value
// below 2²⁶⁰ in each lane, congruent to the element mod p but not reduced.
//
// The operations run the assembly of field8_amd64.s on CPUs with AVX-512
// IFMA, and on every other CPU (and with -tags purego) their generic twins,
// which compute the same limbs lane by lane: tests compare the two. None of
// them branches on the values, so they are constant time.
package field8

import "math/bits"

// Lanes is the number of field elements in an Element8.
const Lanes = 8

// Element8 is eight field elements in 5x52 limbs (see the package
// documentation). The zero value is eight zeros.
type Element8 struct {
	L [5][Lanes]uint64
}

const (
	m52 = 1<<52 - 1
	// r is 2²⁶⁰ mod p = 2⁴·(2³² + 977): a lane's value above 2²⁶⁰ folds
	// back into its low limbs multiplied by r.
	r = 0x1000003D10
)

// p64 is p in little-endian 64-bit limbs.
var p64 = [4]uint64{0xFFFFFFFEFFFFFC2F, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF}

// p32 is 32·p in 5x52 limbs, each at least 2⁵²: Sub adds it so that no limb
// goes negative.
var p32 = [5]uint64{
	32 * 0xFFFFEFFFFFC2F,
	32 * 0xFFFFFFFFFFFFF,
	32 * 0xFFFFFFFFFFFFF,
	32 * 0xFFFFFFFFFFFFF,
	32 * 0x0FFFFFFFFFFFF,
}

// SetLane sets lane j of v to the 256-bit value w, given in little-endian
// 64-bit limbs (internal/field's layout, as field.Element.Limbs returns
// them), split into 5x52 limbs (Limbs52): lane j then holds w itself,
// reduced mod p only if w is. Packages that hold both forms (internal/ecmult)
// convert with it: this package imports no one-point package.
func (v *Element8) SetLane(j int, w *[4]uint64) {
	l := Limbs52(w)
	v.L[0][j], v.L[1][j], v.L[2][j], v.L[3][j], v.L[4][j] = l[0], l[1], l[2], l[3], l[4]
}

// Lane returns lane j of v as four little-endian 64-bit limbs w0 … w3
// (Limbs64): a value below 2²⁵⁶ congruent to the lane mod p, not
// necessarily below p, which field.Element.SetLimbs takes as it is.
func (v *Element8) Lane(j int) (w0, w1, w2, w3 uint64) {
	return Limbs64(&[5]uint64{v.L[0][j], v.L[1][j], v.L[2][j], v.L[3][j], v.L[4][j]})
}

// Limbs52 returns the 256-bit value w (little-endian 64-bit limbs) in 5x52
// limbs, limb i holding bits 52·i to 52·i + 51: the layout of one lane, for
// code that keeps field elements in it outside an Element8. Every limb is
// below 2⁵² (the top one below 2⁴⁸).
func Limbs52(w *[4]uint64) [5]uint64 {
	return [5]uint64{
		w[0] & m52,
		(w[0]>>52 | w[1]<<12) & m52,
		(w[1]>>40 | w[2]<<24) & m52,
		(w[2]>>28 | w[3]<<36) & m52,
		w[3] >> 16,
	}
}

// Limbs64 returns a value below 2²⁵⁶, as four little-endian 64-bit limbs
// w0 … w3, congruent mod p to the 5x52 limbs l (each below 2⁵², as in a
// lane of an Element8). Four results rather than an array: Go returns
// them in registers, and the caller's [4]uint64{w0, w1, w2, w3} goes
// straight to its destination, where an array result would be copied
// through memory.
func Limbs64(l *[5]uint64) (w0, w1, w2, w3 uint64) {
	l0, l1, l2, l3, l4 := l[0], l[1], l[2], l[3], l[4]
	w0, w1, w2, w3 = l0|l1<<52, l1>>12|l2<<40, l2>>24|l3<<28, l3>>36|l4<<16
	// The value is w + top·2²⁵⁶ with top < 2⁴ (or more, for limbs that
	// break the invariant: they are reduced all the same), and 2²⁵⁶ ≡
	// 2³² + 977.
	top := l4 >> 48
	hi, lo := bits.Mul64(top, 0x1000003D1)
	var c uint64
	w0, c = bits.Add64(w0, lo, 0)
	w1, c = bits.Add64(w1, hi, c)
	w2, c = bits.Add64(w2, 0, c)
	w3, c = bits.Add64(w3, 0, c)
	// A carry out leaves a value below 2⁵⁰: adding 2³² + 977 once more
	// cannot carry again.
	w0, c = bits.Add64(w0, c*0x1000003D1, 0)
	w1, c = bits.Add64(w1, 0, c)
	w2, c = bits.Add64(w2, 0, c)
	return w0, w1, w2, w3 + c
}

// equalLanes returns eq with eq[j] = 1 if lanes j of a and b are congruent
// mod p, and 0 otherwise, in constant time: lane j of a − b, as a value
// below 2²⁵⁶ (Lane), is 0 mod p only as 0 or p. Sqrt's check uses it.
func equalLanes(a, b *Element8) (eq [Lanes]int) {
	var d Element8
	d.Sub(a, b)
	for j := range Lanes {
		w0, w1, w2, w3 := d.Lane(j)
		zero := w0 | w1 | w2 | w3
		isP := (w0 ^ p64[0]) | (w1 ^ p64[1]) | (w2 ^ p64[2]) | (w3 ^ p64[3])
		eq[j] = int(((zero|-zero)>>63)^1) | int(((isP|-isP)>>63)^1)
	}
	return eq
}

// Mul sets v = a·b lane by lane.
func (v *Element8) Mul(a, b *Element8) { mul8(v, a, b) }

// Square sets v = a² lane by lane.
func (v *Element8) Square(a *Element8) { mul8(v, a, a) }

// Add sets v = a + b lane by lane.
func (v *Element8) Add(a, b *Element8) { add8(v, a, b) }

// Sub sets v = a − b lane by lane.
func (v *Element8) Sub(a, b *Element8) { sub8(v, a, b) }

// The generic twins compute, lane by lane, exactly what the assembly
// computes in all lanes at once, with the same limb bounds: madd52lo and
// madd52hi are VPMADD52LUQ and VPMADD52HUQ.

// madd52lo returns acc + the low 52 bits of a·b, for a, b < 2⁵².
func madd52lo(acc, a, b uint64) uint64 { return acc + a*b&m52 }

// madd52hi returns acc + bits 52..103 of a·b, for a, b < 2⁵².
func madd52hi(acc, a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return acc + (hi<<12 | lo>>52)
}

// reduce5 reduces the limbs t, each below 2⁶², to limbs below 2⁵²: it
// carries from limb to limb, folds what is above 2²⁶⁰ back multiplied by r,
// and does it again. The first fold adds at most 2⁴⁷ (t₄ < 2⁶² leaves a
// carry below 2¹⁰); if the second carry is 1, the value after the first
// fold was below 2²⁶⁰ + 2⁴⁸, so what is left is below 2⁴⁸ and adding r
// to limb 0 carries no further.
func reduce5(t *[5]uint64) {
	for range 2 {
		for i := range 4 {
			t[i+1] += t[i] >> 52
			t[i] &= m52
		}
		c := t[4] >> 52
		t[4] &= m52
		t[0] = madd52lo(t[0], c, r)
	}
}

func mul8Generic(v, a, b *Element8) {
	for j := range Lanes {
		var t [10]uint64
		for i := range 5 {
			for k := range 5 {
				t[i+k] = madd52lo(t[i+k], a.L[i][j], b.L[k][j])
				t[i+k+1] = madd52hi(t[i+k+1], a.L[i][j], b.L[k][j])
			}
		}
		// Columns are below 10·2⁵² < 2⁵⁶. Fold the high columns 5..9 back
		// multiplied by r = 2²⁶⁰ mod p: column k ≥ 5, split into its low 52
		// bits l and the rest h (< 2⁴), is worth (l + h·2⁵²)·r·2⁵²⁽ᵏ⁻⁵⁾,
		// so l·r goes to columns k − 5 and k − 4 (low and high halves) and
		// h·r (< 2⁴¹) to column k − 4; the splits are independent of each
		// other (no carry chain). What lands at 2²⁶⁰ again, from column 9,
		// is s5 (below 2⁴³), folded the same way.
		var lo [5]uint64
		copy(lo[:], t[:5])
		var s5 uint64
		for k := 5; k < 10; k++ {
			l, h := t[k]&m52, t[k]>>52
			lo[k-5] = madd52lo(lo[k-5], l, r)
			if k < 9 {
				lo[k-4] = madd52hi(lo[k-4], l, r)
				lo[k-4] = madd52lo(lo[k-4], h, r)
			} else {
				s5 = madd52hi(s5, l, r)
				s5 = madd52lo(s5, h, r)
			}
		}
		lo[0] = madd52lo(lo[0], s5, r)
		lo[1] = madd52hi(lo[1], s5, r)
		reduce5(&lo)
		for i := range 5 {
			v.L[i][j] = lo[i]
		}
	}
}

func add8Generic(v, a, b *Element8) {
	lanewise(v, a, b, func(x, y uint64, _ int) uint64 { return x + y })
}

func sub8Generic(v, a, b *Element8) {
	lanewise(v, a, b, func(x, y uint64, i int) uint64 { return x + p32[i] - y })
}

// lanewise sets each lane of v to reduce5 of the limbs op(a_i, b_i, i).
func lanewise(v, a, b *Element8, op func(x, y uint64, i int) uint64) {
	for j := range Lanes {
		var t [5]uint64
		for i := range 5 {
			t[i] = op(a.L[i][j], b.L[i][j], i)
		}
		reduce5(&t)
		for i := range 5 {
			v.L[i][j] = t[i]
		}
	}
}

// Backends returns the names of the backends this build and CPU can run:
// "ifma" (the assembly) where it is available, and "generic".
func Backends() []string {
	if hasIFMA {
		return []string{"ifma", "generic"}
	}
	return []string{"generic"}
}

// SetBackend makes the operations use the backend name (one of Backends)
// and returns a function that restores the previous choice. It is for
// tests and benchmarks, which run every backend on one CPU (also those of
// packages built on this one); it is not safe to call concurrently with
// the operations.
func SetBackend(name string) (restore func()) {
	old := useIFMA
	switch name {
	case "ifma":
		if !hasIFMA {
			panic("field8: the ifma backend is not available")
		}
		useIFMA = true
	case "generic":
		useIFMA = false
	default:
		panic("field8: unknown backend " + name)
	}
	return func() { useIFMA = old }
}

// IFMA reports whether the operations run the assembly (the CPU has AVX-512
// IFMA and no test chose the generic backend): packages built on this one
// dispatch their own assembly on it.
func IFMA() bool { return useIFMA }
