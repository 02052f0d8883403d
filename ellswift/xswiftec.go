package ellswift

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The constants of BIP-324's XSwiftEC and XSwiftECInv.
var (
	// sqrtMinus3 is BIP-324's c = √−3 mod p, the root that is itself a square.
	sqrtMinus3 = elementFromHex([32]byte{
		0x0a, 0x2d, 0x2b, 0xa9, 0x35, 0x07, 0xf1, 0xdf, 0x23, 0x37, 0x70, 0xc2, 0xa7, 0x97, 0x96, 0x2c,
		0xc6, 0x1f, 0x6d, 0x15, 0xda, 0x14, 0xec, 0xd4, 0x7d, 0x8d, 0x27, 0xae, 0x1c, 0xd5, 0xf8, 0x52,
	})
	// c1 = (c − 1)/2 and c2 = (−c − 1)/2. Note c1 + c2 = −1, and BIP-324's
	// u(1 − c)/2 and u(1 + c)/2 are −c1·u and −c2·u.
	c1, c2 = constants()
)

func elementFromHex(b [32]byte) field.Element {
	var e field.Element
	e.SetBytes(&b)
	return e
}

func constants() (c1, c2 field.Element) {
	var one field.Element
	one.One()
	c1.Subtract(&sqrtMinus3, &one)
	c1.Half(&c1)
	c2.Negate(&sqrtMinus3)
	c2.Subtract(&c2, &one)
	c2.Half(&c2)
	return c1, c2
}

// varTimeIsXFrac reports whether n/d (d ≠ 0) is the x coordinate of a point:
// whether g(n/d)·d⁴ = (n³ + 7d³)·d is a square, which saves the inversion
// (libsecp256k1's secp256k1_ge_x_frac_on_curve_var). 4M + 2S and a Legendre
// symbol; variable time.
func varTimeIsXFrac(n, d *field.Element) bool {
	var n3, d3, r field.Element
	n3.Square(n)
	n3.Multiply(&n3, n)
	d3.Square(d)
	d3.Multiply(&d3, d)
	r.MultiplySmall(&d3, 7)
	r.Add(&r, &n3)
	r.Multiply(&r, d)
	return r.VarTimeIsSquare() == 1
}

// varTimeIsX reports whether x³ + 7 is a square (BIP-340's lift_x succeeds).
func varTimeIsX(x *field.Element) bool {
	var r field.Element
	return group.CurveRHS(&r, x).VarTimeIsSquare() == 1
}

// varTimeXSwiftECFrac sets n/d, with d ≠ 0, to BIP-324's XSwiftEC(u, t), the
// x coordinate that (u, t) decodes to; every (u, t) decodes. It runs in
// variable time: the inputs are public (a peer's encoding).
//
// With s = t² and g = u³ + 7, the BIP's X = (g − s)/2t and Y = (X + t)/(c·u)
// give 4Y² = −(g + s)²/(3su²) and X/Y = c·u(g − s)/(g + s), so the three
// candidates need only s (libsecp256k1's secp256k1_ellswift_xswiftec_frac_var
// derives the same fractions):
//
//	x₃ = u + 4Y²           = (3su³ − (g + s)²) / (3su²)
//	x₂ = (−X/Y − u)/2      = u(c1·s + c2·g) / (g + s)
//	x₁ = (X/Y − u)/2       = −(x₂ + u)
//
// Each candidate is tested as a fraction: one or two Legendre symbols, and
// no inversion. The callers need none either: Decode takes 1/d and y from
// one exponentiation (decodeFrac), and XDH multiplies by the fraction.
func varTimeXSwiftECFrac(n, d, u, t *field.Element) {
	var uu, s, u2, g, gs field.Element
	// The BIP's remapping: u = 0 → 1, t = 0 → 1, u³ + t² + 7 = 0 → t = 2t.
	// Only s = t² is used below, so t = 0 → 1 is s = 0 → 1, and t → 2t is
	// s → 4s (which makes g + s = 3s ≠ 0).
	uu.Set(u)
	if uu.IsZero() == 1 {
		uu.One()
	}
	s.Square(t)
	if s.IsZero() == 1 {
		s.One()
	}
	u2.Square(&uu)
	group.CurveRHS(&g, &uu)
	gs.Add(&g, &s)
	if gs.IsZero() == 1 {
		s.MultiplySmall(&s, 4)
		gs.Add(&g, &s)
	}

	// x₃: d = 3su² ≠ 0 because s ≠ 0 and u ≠ 0.
	d.Multiply(&s, &u2)
	d.MultiplySmall(d, 3)
	n.Multiply(d, &uu)
	var gs2 field.Element
	gs2.Square(&gs)
	n.Subtract(n, &gs2)
	if varTimeIsXFrac(n, d) {
		return
	}

	// x₂, over d = g + s ≠ 0.
	var a, b field.Element
	a.Multiply(&c1, &s)
	b.Multiply(&c2, &g)
	n.Add(&a, &b)
	n.Multiply(n, &uu)
	*d = gs
	if !varTimeIsXFrac(n, d) {
		// x₁ = −(x₂ + u) = −(n + u(g + s))/(g + s). Exactly one or all three
		// candidates are valid, so x₁ is valid when x₃ and x₂ are not.
		a.Multiply(&uu, &gs)
		n.Add(n, &a)
		n.Negate(n)
	}
}

// decodeFrac sets (x, y) to the point with x = n/d (d ≠ 0, x on the curve)
// and the y whose parity is yOdd. With G = n³ + 7d³, y² = G/d³, and
// v = InvSqrt(G·d³) (G·d³ = y²·d⁶ is a nonzero square: no point has y = 0)
// gives both 1/d = v²·G·d² and y = ±v·G: one exponentiation where an
// inversion and a square root would be two.
func decodeFrac(x, y, n, d *field.Element, yOdd int) {
	var d2, gd, v field.Element
	d2.Square(d)
	gd.Multiply(&d2, d)
	gd.MultiplySmall(&gd, 7)
	var G field.Element
	G.Square(n)
	G.Multiply(&G, n)
	G.Add(&G, &gd) // G = n³ + 7d³
	gd.Multiply(&G, &d2)
	gd.Multiply(&gd, d) // G·d³
	v.InvSqrt(&gd)
	var w, inv field.Element
	w.Multiply(&v, &G) // ±√(G/d³)
	inv.Multiply(&w, &v)
	inv.Multiply(&inv, &d2) // v²·G·d² = 1/d
	x.Multiply(n, &inv)
	y.Set(&w)
	if y.IsOdd() != yOdd {
		y.Negate(y)
	}
}

// varTimeXSwiftECInv sets t to BIP-324's XSwiftECInv(x, u, c) and returns
// true, or returns false (leaving t unspecified) where the BIP returns None.
// c is the case, in [0, 8). x must be the x coordinate of a point for t to
// decode back to x. It runs in variable time: libsecp256k1's
// secp256k1_ellswift_xswiftec_inv_var, which likewise tests squareness with
// Legendre symbols before taking the (fixed, constant-time) square roots.
//
// "The" square root is a^((p+1)/4) as in the BIP (field.Sqrt), so the t
// values are exactly the BIP's and libsecp256k1's.
//
// Deviation: u = 0 returns false. The BIP's XElligatorSwift never draws
// u = 0 and XSwiftEC remaps it to 1, so no t found for u = 0 would decode to
// x; libsecp256k1 does not check (its u is a hash output, and u ≡ 0 has
// probability 2⁻²⁵⁶).
func varTimeXSwiftECInv(t, x, u *field.Element, c int) bool {
	if u.IsZero() == 1 {
		return false
	}
	var u2, g, w, wv field.Element
	u2.Square(u)
	group.CurveRHS(&g, u)

	if c&2 == 0 {
		// The x₁ (c ∈ {0, 4}) and x₂ (c ∈ {1, 5}) formulas. If −x − u is on
		// the curve, then so is x₃ and it would take precedence when decoding.
		var m field.Element
		m.Add(x, u)
		m.Negate(&m)
		if varTimeIsX(&m) {
			return false
		}
		// s = −g/(u² + ux + x²) and v = x. The root w = s^((p+1)/4) comes
		// from SqrtRatio without an inversion: it computes exactly that
		// power, u·d·(u·d³)^((p−3)/4) = (u/d)^((p+1)/4), and its flag is
		// the Legendre symbol of s.
		var den, q field.Element
		den.Multiply(u, x)
		den.Add(&den, &u2)
		q.Square(x)
		den.Add(&den, &q)
		if den.IsZero() == 1 {
			// Impossible for an x on the curve (it would make −x − u one);
			// reached only for invalid x, where the BIP divides by zero.
			return false
		}
		q.Negate(&g)
		if _, ok := w.SqrtRatio(&q, &den); ok == 0 {
			return false
		}
		wv.Multiply(&w, x)
	} else {
		// The x₃ formulas: s = x − u = w², r = √(−s(4g + 3u²s)) and
		// v = (r/s − u)/2. With b = −(4g + 3u²s), the BIP's root
		// r = (s·b)^((p+1)/4) is w·√b for w = s^((p+1)/4) and
		// √b = b^((p+1)/4), and w² = s, so w·v = (√b − w·u)/2: two square
		// roots and no inversion.
		var s field.Element
		s.Subtract(x, u)
		if s.IsZero() == 1 || s.VarTimeIsSquare() == 0 {
			return false
		}
		var b, a, rb field.Element
		b.Multiply(&u2, &s)
		b.MultiplySmall(&b, 3)
		a.MultiplySmall(&g, 4)
		b.Add(&b, &a)
		b.Negate(&b)
		if _, ok := rb.Sqrt(&b); ok == 0 {
			return false // −s(4g + 3u²s) is not a square
		}
		if c&1 == 1 && rb.IsZero() == 1 {
			// r = 0, so v = −u − v: c ∈ {3, 7} would repeat c ∈ {2, 6}.
			return false
		}
		w.Sqrt(&s) // a square, tested above
		wv.Multiply(&w, u)
		wv.Subtract(&rb, &wv)
		wv.Half(&wv)
	}

	// c&5 = 0: −w(u(1−c)/2 + v);  c&5 = 1:  w(u(1+c)/2 + v);
	// c&5 = 4:  w(u(1−c)/2 + v);  c&5 = 5: −w(u(1+c)/2 + v),
	// where u(1 ∓ c)/2 = −k·u, so t = ±(w·v − k·w·u).
	k := &c1
	if c&1 == 1 {
		k = &c2
	}
	var m field.Element
	m.Multiply(k, u)
	m.Multiply(&m, &w)
	t.Subtract(&wv, &m)
	if c&5 == 0 || c&5 == 5 {
		t.Negate(t)
	}
	return true
}
