package field

import "github.com/kestrel-crypto/secp256k1/internal/debug"

// Sqrt sets v to a square root of a and returns (v, 1) if a is a square
// mod p; otherwise it sets v to a square root of −a and returns (v, 0).
// It runs in constant time.
//
// Since p ≡ 3 (mod 4), a square root of a square a is a^((p+1)/4). The
// exponent (p+1)/4 has the bit pattern [223 ones] 0 [22 ones] 0000 11 00,
// which sqrtChain follows (253 squarings, 13 multiplies).
// When a is not a square, −a is (−1 is not a square mod p), and the same
// power is a square root of −a.
func (v *Element) Sqrt(a *Element) (*Element, int) {
	var t Element
	t.powChain(a, sqrtChain)

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

// chainStep is one step of an addition chain: square the running power n
// times, multiply it by the saved power mul (0 is the base itself, −1 none),
// and save the result as power save if save > 0.
type chainStep struct{ n, mul, save int }

// chainPrefix raises a to a^(2²²³−1), the common start of the exponents
// (p+1)/4 and (p−3)/4, which both begin with 223 ones (222 squarings and 11
// multiplies). The saved powers are a, x2, x3, x11, x22, x44, x88, with
// xk = a^(2ᵏ−1).
var chainPrefix = [...]chainStep{
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
}

var (
	// sqrtChain: (p+1)/4 = [223 ones] 0 [22 ones] 0000 11 00 (253S + 13M).
	sqrtChain = append(chainPrefix[:len(chainPrefix):len(chainPrefix)],
		chainStep{23, 4, 0}, // [223 ones] 0 [22 ones]
		chainStep{6, 1, 0},  // ... 0000 11
		chainStep{2, -1, 0}, // ... 00
	)
	// invSqrtChain: (p−3)/4 = [223 ones] 0 [22 ones] 0000 1 0 11 (254S + 14M).
	invSqrtChain = append(chainPrefix[:len(chainPrefix):len(chainPrefix)],
		chainStep{23, 4, 0}, // [223 ones] 0 [22 ones]
		chainStep{5, 0, 0},  // ... 0000 1
		chainStep{3, 1, 0},  // ... 0 11
	)
)

// powChain sets v to a raised to the exponent of chain and returns v.
// Constant time: the chain is fixed.
func (v *Element) powChain(a *Element, chain []chainStep) *Element {
	var pow [7]Element
	pow[0] = *a
	r := *a
	for _, s := range chain {
		r.RepeatedSquare(&r, s.n)
		if s.mul >= 0 {
			r.Multiply(&r, &pow[s.mul])
		}
		if s.save > 0 {
			pow[s.save] = r
		}
	}
	*v = r
	return v
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
// [223 ones] 0 [22 ones] 0000 1 0 11 is invSqrtChain. 255S + 18M.
func (v *Element) SqrtRatio(num, den *Element) (*Element, int) {
	var ud, w Element
	ud.Multiply(num, den)
	w.Square(den)
	w.Multiply(&w, &ud) // u·d³

	var t Element
	t.powChain(&w, invSqrtChain)
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

// InvSqrt sets v = a^((p−3)/4) and returns (v, 1) if a is a nonzero square
// mod p, in which case v is a square root of 1/a: v² = a^((p−1)/2)/a = 1/a.
// Otherwise it returns (v, 0), with v = 0 for a = 0. It runs in constant
// time. For a square a, a·v is a square root of a; one exponentiation can
// so give an inverse and a square root together (the ellswift decoder takes
// both 1/d and √(G/d³) from v = InvSqrt(G·d³): 1/d = v²·G·d², √(G/d³) = ±v·G).
func (v *Element) InvSqrt(a *Element) (*Element, int) {
	var t, one Element
	t.powChain(a, invSqrtChain)
	one.One()
	ok := invSqrtCheck(&t, a, &one)
	if debug.Enabled {
		debug.Assert(ok == a.VarTimeIsSquare()&^a.IsZero(), "field: InvSqrt flag disagrees with the Legendre symbol")
	}
	*v = t
	return v, ok
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
	for _, s := range invSqrtChain { // powChain on two values; every step multiplies
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
