// Package field implements arithmetic modulo the secp256k1 field prime
// p = 2²⁵⁶ − 2³² − 977.
//
// An Element holds four 64-bit limbs and is reduced lazily: every operation
// accepts and returns any value in [0, 2²⁵⁶), which represents its residue
// mod p. Because 2²⁵⁶ < 2p, a value has at most two representations (v and
// v + p, the latter only for v < 2³² + 977); it is made canonical only when
// encoded, compared, or tested for zero or parity. docs/design.md gives the
// bound behind each skipped reduction.
//
// Every function is constant time unless its name starts with VarTime.
package field

import (
	"encoding/binary"
	"errors"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
)

// Element is an integer modulo p. The zero value is 0.
type Element struct {
	// l holds the value l[0] + l[1]·2⁶⁴ + l[2]·2¹²⁸ + l[3]·2¹⁹² in [0, 2²⁵⁶),
	// which is congruent to the element mod p but not necessarily < p.
	l [4]uint64
}

// c is 2²⁵⁶ mod p = 2³² + 977, the constant of the special reduction.
const c = 0x1000003D1

// p in little-endian limbs.
const (
	p0 = 0xFFFFFFFEFFFFFC2F
	p1 = 0xFFFFFFFFFFFFFFFF
	p2 = 0xFFFFFFFFFFFFFFFF
	p3 = 0xFFFFFFFFFFFFFFFF
)

// Modulus returns the little-endian limbs of p.
func Modulus() [4]uint64 { return [4]uint64{p0, p1, p2, p3} }

// ErrNotCanonical is returned when an encoding is not less than p.
var ErrNotCanonical = errors.New("field: value is not less than p")

// Zero sets v = 0 and returns v.
func (v *Element) Zero() *Element {
	*v = Element{}
	return v
}

// One sets v = 1 and returns v.
func (v *Element) One() *Element {
	*v = Element{l: [4]uint64{1, 0, 0, 0}}
	return v
}

// Set sets v = a and returns v.
func (v *Element) Set(a *Element) *Element {
	*v = *a
	return v
}

// SetUint64 sets v = x and returns v.
func (v *Element) SetUint64(x uint64) *Element {
	*v = Element{l: [4]uint64{x, 0, 0, 0}}
	return v
}

// SetLimbs sets v to the little-endian limbs l (any value below 2²⁵⁶,
// taken mod p) and returns v.
func (v *Element) SetLimbs(l *[4]uint64) *Element {
	v.l = *l
	return v
}

// Limbs returns the canonical (fully reduced) little-endian limbs of v.
func (v *Element) Limbs() [4]uint64 {
	var t Element
	t.reduce(v)
	return t.l
}

// SetBytes sets v to the big-endian 256-bit value b taken mod p, and returns v.
// Every input is accepted; values ≥ p are reduced.
func (v *Element) SetBytes(b *[32]byte) *Element {
	v.l[0] = binary.BigEndian.Uint64(b[24:32])
	v.l[1] = binary.BigEndian.Uint64(b[16:24])
	v.l[2] = binary.BigEndian.Uint64(b[8:16])
	v.l[3] = binary.BigEndian.Uint64(b[0:8])
	return v
}

// SetCanonicalBytes sets v to the big-endian value b and returns v, or returns
// ErrNotCanonical, leaving v unchanged, if b encodes a value ≥ p. It takes
// time independent of the value of b.
func (v *Element) SetCanonicalBytes(b *[32]byte) (*Element, error) {
	var t Element
	t.SetBytes(b)
	if t.isCanonical() == 0 {
		return nil, ErrNotCanonical
	}
	*v = t
	return v, nil
}

// isCanonical returns 1 if v's representation is < p, and 0 otherwise.
func (v *Element) isCanonical() int {
	// v ≥ p exactly when v + c carries out of 2²⁵⁶.
	_, carry := add256(&v.l, &[4]uint64{c, 0, 0, 0})
	return int(carry ^ 1)
}

// PutBytes writes the canonical 32-byte big-endian encoding of v into out.
func (v *Element) PutBytes(out *[32]byte) {
	var t Element
	t.reduce(v)
	binary.BigEndian.PutUint64(out[0:8], t.l[3])
	binary.BigEndian.PutUint64(out[8:16], t.l[2])
	binary.BigEndian.PutUint64(out[16:24], t.l[1])
	binary.BigEndian.PutUint64(out[24:32], t.l[0])
}

// Bytes returns the canonical 32-byte big-endian encoding of v.
func (v *Element) Bytes() []byte {
	var out [32]byte
	v.PutBytes(&out)
	return out[:]
}

// reduce sets v to the canonical representative of a (in [0, p)).
func (v *Element) reduce(a *Element) *Element {
	// a < 2²⁵⁶ < 2p, so one conditional subtraction of p suffices, and
	// subtracting p is adding c modulo 2²⁵⁶: a ≥ p exactly when a + c ≥ 2²⁵⁶.
	t, carry := add256(&a.l, &[4]uint64{c, 0, 0, 0})
	mask := -carry
	v.l[0] = a.l[0] ^ (mask & (a.l[0] ^ t[0]))
	v.l[1] = a.l[1] ^ (mask & (a.l[1] ^ t[1]))
	v.l[2] = a.l[2] ^ (mask & (a.l[2] ^ t[2]))
	v.l[3] = a.l[3] ^ (mask & (a.l[3] ^ t[3]))
	if debug.Enabled {
		debug.Assert(v.isCanonical() == 1, "field: reduce returned a value ≥ p")
	}
	return v
}

// Normalize sets v to the canonical representative of a and returns v.
// Encoding and comparison normalize on their own; Normalize exists for code
// that inspects limbs or wants a unique representation.
func (v *Element) Normalize(a *Element) *Element {
	return v.reduce(a)
}

// Equal returns 1 if v and u represent the same element, and 0 otherwise.
func (v *Element) Equal(u *Element) int {
	var a, b Element
	a.reduce(v)
	b.reduce(u)
	x := (a.l[0] ^ b.l[0]) | (a.l[1] ^ b.l[1]) | (a.l[2] ^ b.l[2]) | (a.l[3] ^ b.l[3])
	if debug.Enabled {
		// v − u ≡ 0 exactly when the difference is 0 or p (IsZero).
		var d Element
		feSubGeneric(&d, v, u)
		debug.Assert(d.IsZero() == isZero64(x), "field: Equal disagrees with IsZero(v − u)")
	}
	return isZero64(x)
}

// IsZero returns 1 if v represents 0 (its representation is 0 or p), and 0 otherwise.
func (v *Element) IsZero() int {
	zero := v.l[0] | v.l[1] | v.l[2] | v.l[3]
	isP := (v.l[0] ^ p0) | (v.l[1] ^ p1) | (v.l[2] ^ p2) | (v.l[3] ^ p3)
	return isZero64(zero) | isZero64(isP)
}

// IsOdd returns 1 if the canonical representative of v is odd, and 0 otherwise.
func (v *Element) IsOdd() int {
	var t Element
	t.reduce(v)
	return int(t.l[0] & 1)
}

// isZero64 returns 1 if x == 0 and 0 otherwise, without branching.
func isZero64(x uint64) int {
	return int(((x | -x) >> 63) ^ 1)
}

// Select sets v = a if cond == 1, and v = b if cond == 0, and returns v.
// cond must be 0 or 1.
func (v *Element) Select(a, b *Element, cond int) *Element {
	if debug.Enabled {
		debug.Assert(cond == 0 || cond == 1, "field: Select condition is not 0 or 1")
	}
	mask := -uint64(cond)
	v.l[0] = b.l[0] ^ (mask & (a.l[0] ^ b.l[0]))
	v.l[1] = b.l[1] ^ (mask & (a.l[1] ^ b.l[1]))
	v.l[2] = b.l[2] ^ (mask & (a.l[2] ^ b.l[2]))
	v.l[3] = b.l[3] ^ (mask & (a.l[3] ^ b.l[3]))
	return v
}

// OrMask sets v = v | (a & mask) limb by limb, for mask 0 or all ones, and
// returns v. Starting from zero and OR-ing every table entry with a mask that
// is all ones for exactly one of them is a constant-time lookup that reads
// the whole table (group.Affine.Lookup).
func (v *Element) OrMask(a *Element, mask uint64) *Element {
	if debug.Enabled {
		debug.Assert(mask == 0 || mask == ^uint64(0), "field: OrMask mask is not 0 or all ones")
	}
	v.l[0] |= a.l[0] & mask
	v.l[1] |= a.l[1] & mask
	v.l[2] |= a.l[2] & mask
	v.l[3] |= a.l[3] & mask
	return v
}

// Swap swaps v and u if cond == 1, and leaves them unchanged if cond == 0.
func (v *Element) Swap(u *Element, cond int) {
	if debug.Enabled {
		debug.Assert(cond == 0 || cond == 1, "field: Swap condition is not 0 or 1")
	}
	mask := -uint64(cond)
	for i := range v.l {
		t := mask & (v.l[i] ^ u.l[i])
		v.l[i] ^= t
		u.l[i] ^= t
	}
}

// CondNegate sets v = −a if cond == 1, and v = a if cond == 0, and returns v.
func (v *Element) CondNegate(a *Element, cond int) *Element {
	if debug.Enabled {
		debug.Assert(cond == 0 || cond == 1, "field: CondNegate condition is not 0 or 1")
	}
	var n Element
	n.Negate(a)
	return v.Select(&n, a, cond)
}

// Add sets v = a + b and returns v.
func (v *Element) Add(a, b *Element) *Element {
	feAdd(v, a, b)
	return v
}

// Subtract sets v = a − b and returns v.
func (v *Element) Subtract(a, b *Element) *Element {
	feSub(v, a, b)
	return v
}

// Negate sets v = −a and returns v.
func (v *Element) Negate(a *Element) *Element {
	feSub(v, &Element{}, a)
	return v
}

// Double sets v = 2·a and returns v.
func (v *Element) Double(a *Element) *Element {
	feAdd(v, a, a)
	return v
}

// Half sets v = a/2 mod p and returns v.
func (v *Element) Half(a *Element) *Element {
	feHalf(v, a)
	return v
}

// Multiply sets v = a · b and returns v.
func (v *Element) Multiply(a, b *Element) *Element {
	feMul(v, a, b)
	return v
}

// Square sets v = a² and returns v.
func (v *Element) Square(a *Element) *Element {
	feSquare(v, a)
	return v
}

// RepeatedSquare sets v = a^(2ⁿ) (a squared n times) and returns v.
// n is not secret; n = 0 sets v = a.
func (v *Element) RepeatedSquare(a *Element, n int) *Element {
	feSquareN(v, a, n)
	return v
}

// MultiplySmall sets v = a · k for a small constant k < 2³² and returns v.
func (v *Element) MultiplySmall(a *Element, k uint32) *Element {
	feMulSmall(v, a, uint64(k))
	return v
}
