package field

import "github.com/kestrel-crypto/secp256k1/internal/debug"

// Sqrt sets v to a square root of a and returns (v, 1) if a is a square
// mod p; otherwise it sets v to a square root of −a and returns (v, 0).
// It runs in constant time.
//
// Since p ≡ 3 (mod 4), a square root of a square a is a^((p+1)/4). The
// exponent (p+1)/4 has the bit pattern [223 ones] 0 [22 ones] 0000 11 00,
// which the addition chain below follows (253 squarings, 13 multiplies).
// When a is not a square, −a is (−1 is not a square mod p), and the same
// power is a square root of −a.
func (v *Element) Sqrt(a *Element) (*Element, int) {
	x2, x22, x223 := powerChain(a)
	var t Element
	t.RepeatedSquare(&x223, 23) // [223 ones] 0 [22 zeros]
	t.Multiply(&t, &x22)        // [223 ones] 0 [22 ones]
	t.RepeatedSquare(&t, 6)
	t.Multiply(&t, &x2) // ... 0000 11
	t.RepeatedSquare(&t, 2)

	var check Element
	check.Square(&t)
	ok := check.Equal(a)
	if debug.Enabled {
		// The flag against the Legendre symbol (safegcd's Jacobi variant),
		// and the root of −a for a non-square.
		debug.Assert(ok == a.VarTimeIsSquare(), "field: Sqrt flag disagrees with the Legendre symbol")
		var na Element
		na.Negate(a)
		debug.Assert(ok == 1 || check.Equal(&na) == 1, "field: Sqrt of a non-square is not a root of −a")
	}
	*v = t
	return v, ok
}

// powerChain returns a^(2²−1), a^(2²²−1) and a^(2²²³−1), the common start of
// the exponentiations by (p+1)/4 and p−2, whose exponents both begin with 223
// ones (222 squarings and 11 multiplies).
func powerChain(a *Element) (x2, x22, x223 Element) {
	var x3, x6, x9, x11, x44, x88, x176, x220 Element
	x2.Square(a)
	x2.Multiply(&x2, a) // 2 ones
	x3.Square(&x2)
	x3.Multiply(&x3, a) // 3 ones
	x6.RepeatedSquare(&x3, 3)
	x6.Multiply(&x6, &x3)
	x9.RepeatedSquare(&x6, 3)
	x9.Multiply(&x9, &x3)
	x11.RepeatedSquare(&x9, 2)
	x11.Multiply(&x11, &x2)
	x22.RepeatedSquare(&x11, 11)
	x22.Multiply(&x22, &x11)
	x44.RepeatedSquare(&x22, 22)
	x44.Multiply(&x44, &x22)
	x88.RepeatedSquare(&x44, 44)
	x88.Multiply(&x88, &x44)
	x176.RepeatedSquare(&x88, 88)
	x176.Multiply(&x176, &x88)
	x220.RepeatedSquare(&x176, 44)
	x220.Multiply(&x220, &x44)
	x223.RepeatedSquare(&x220, 3)
	x223.Multiply(&x223, &x3)
	return x2, x22, x223
}

// SqrtRatio sets v to a square root of num/den and returns (v, 1) if
// num/den is a square mod p; otherwise it sets v to a square root of
// −num/den and returns (v, 0). den must not be 0: for den = 0 it sets v = 0
// and returns 1 exactly when num = 0. It runs in constant time, with no
// inversion.
//
// This is RFC 9380's sqrt_ratio for p ≡ 3 (mod 4) (Appendix F.2.1.2) with
// the non-square −1 in place of its Z, as Sqrt takes the root of −a; the
// simplified SWU map multiplies by √(−Z) itself (internal/group/sswu.go).
// With u = num, d = den and w = u·d³, r = u·d·w^((p−3)/4) satisfies
// r²·d = χ(u/d)·u, where χ is the Legendre symbol: r² = u²d²·w^((p−1)/2)/w
// = χ(w)·u/d, and χ(w) = χ(u·d) = χ(u/d). The exponent (p−3)/4 =
// [223 ones] 0 [22 ones] 0000 1 0 11 follows the chain of Sqrt. 255S + 18M.
func (v *Element) SqrtRatio(num, den *Element) (*Element, int) {
	var ud, w Element
	ud.Multiply(num, den)
	w.Square(den)
	w.Multiply(&w, &ud) // u·d³

	var t Element
	t.powPMinus3Div4(&w)
	t.Multiply(&t, &ud) // u·d·w^((p−3)/4)

	var check Element
	check.Square(&t)
	check.Multiply(&check, den)
	ok := check.Equal(num)
	if debug.Enabled {
		// For den ≠ 0: the flag against the Legendre symbol of u·d (that
		// of u/d), and the root of −u/d for a non-square.
		if den.IsZero() == 0 {
			var nu Element
			nu.Negate(num)
			debug.Assert(ok == ud.VarTimeIsSquare(), "field: SqrtRatio flag disagrees with the Legendre symbol")
			debug.Assert(ok == 1 || check.Equal(&nu) == 1, "field: SqrtRatio of a non-square is not a root of −num/den")
		}
	}
	*v = t
	return v, ok
}

// powPMinus3Div4 sets v = a^((p−3)/4). The exponent [223 ones] 0 [22 ones]
// 0000 1 0 11 follows the chain of Sqrt: 254S + 14M. Constant time.
func (v *Element) powPMinus3Div4(a *Element) *Element {
	x2, x22, x223 := powerChain(a)
	var t Element
	t.RepeatedSquare(&x223, 23) // [223 ones] 0 [22 zeros]
	t.Multiply(&t, &x22)        // [223 ones] 0 [22 ones]
	t.RepeatedSquare(&t, 5)
	t.Multiply(&t, a) // ... 0000 1
	t.RepeatedSquare(&t, 3)
	t.Multiply(&t, &x2) // ... 0 11
	*v = t
	return v
}

// InvSqrt sets v = a^((p−3)/4) and returns (v, 1) if a is a nonzero square
// mod p, in which case v is a square root of 1/a: v² = a^((p−1)/2)/a = 1/a.
// Otherwise it returns (v, 0), with v = 0 for a = 0. It runs in constant
// time. For a square a, a·v is a square root of a; one exponentiation can
// so give an inverse and a square root together (the ellswift decoder takes
// both 1/d and √(G/d³) from v = InvSqrt(G·d³): 1/d = v²·G·d², √(G/d³) = ±v·G).
func (v *Element) InvSqrt(a *Element) (*Element, int) {
	var t, one Element
	t.powPMinus3Div4(a)
	one.One()
	ok := invSqrtCheck(&t, a, &one)
	if debug.Enabled {
		debug.Assert(ok == a.VarTimeIsSquare()&^a.IsZero(), "field: InvSqrt flag disagrees with the Legendre symbol")
	}
	*v = t
	return v, ok
}

// invSqrtChain is the addition chain of powPMinus3Div4 as data, for
// InvSqrtPair: each step squares the running power n times, multiplies it
// by the saved power mul (0 is a itself), and saves the result as power
// save if save > 0. The saved powers are a, x2, x3, x11, x22, x44, x88
// (xk = a^(2ᵏ−1)); the running power ends at a^((p−3)/4).
var invSqrtChain = [...]struct{ n, mul, save int }{
	{1, 0, 1},  // x2
	{1, 0, 2},  // x3
	{3, 2, 0},  // x6
	{3, 2, 0},  // x9
	{2, 1, 3},  // x11
	{11, 3, 4}, // x22
	{22, 4, 5}, // x44
	{44, 5, 6}, // x88
	{88, 6, 0}, // x176
	{44, 5, 0}, // x220
	{3, 2, 0},  // x223
	{23, 4, 0}, // [223 ones] 0 [22 ones]
	{5, 0, 0},  // ... 0000 1
	{3, 1, 0},  // ... 0 11
}

// InvSqrtPair sets v = a^((p−3)/4) and w = b^((p−3)/4) and returns InvSqrt's
// flags for a and b: the same results as two calls of InvSqrt. The two
// exponentiations run their squarings in one loop (feSquareN2), so the
// out-of-order core overlaps the two independent chains. v and w must not
// be the same Element. Constant time.
func InvSqrtPair(v, a, w, b *Element) (okA, okB int) {
	var pow [7][2]Element
	pow[0] = [2]Element{*a, *b}
	r := pow[0]
	for _, s := range invSqrtChain {
		feSquareN2(&r[0], &r[0], &r[1], &r[1], s.n)
		r[0].Multiply(&r[0], &pow[s.mul][0])
		r[1].Multiply(&r[1], &pow[s.mul][1])
		if s.save > 0 {
			pow[s.save] = r
		}
	}
	var one Element
	one.One()
	okA, okB = invSqrtCheck(&r[0], &pow[0][0], &one), invSqrtCheck(&r[1], &pow[0][1], &one)
	if debug.Enabled {
		debug.Assert(okA == pow[0][0].VarTimeIsSquare()&^pow[0][0].IsZero(), "field: InvSqrtPair flag disagrees with the Legendre symbol")
		debug.Assert(okB == pow[0][1].VarTimeIsSquare()&^pow[0][1].IsZero(), "field: InvSqrtPair flag disagrees with the Legendre symbol")
	}
	*v, *w = r[0], r[1]
	return okA, okB
}

// invSqrtCheck returns 1 if t²·a = 1, that is if t = a^((p−3)/4) shows a to
// be a nonzero square.
func invSqrtCheck(t, a, one *Element) int {
	var check Element
	check.Square(t)
	check.Multiply(&check, a)
	return check.Equal(one)
}
