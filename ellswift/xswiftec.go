package ellswift

import (
	"github.com/kestrel-crypto/secp256k1/internal/debug"
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
// whether rootInput's g(n/d)·d⁶ is a square, which saves the inversion
// (libsecp256k1's secp256k1_ge_x_frac_on_curve_var tests g(n/d)·d⁴).
// 3M + 2S and a Legendre symbol; variable time.
func varTimeIsXFrac(n, d *field.Element) bool {
	var G, r, d2 field.Element
	rootInput(&G, &r, &d2, n, d)
	return r.VarTimeIsSquare() == 1
}

// candidates holds BIP-324's three XSwiftEC candidates for (u, t) as
// fractions with the BIP's remappings applied: u = 0 → 1, t = 0 → 1, and
// u³ + t² + 7 = 0 → t = 2t. With s = t² and g = u³ + 7, the BIP's
// X = (g − s)/2t and Y = (X + t)/(c·u) give 4Y² = −(g + s)²/(3su²) and
// X/Y = c·u(g − s)/(g + s), so the candidates need only s (libsecp256k1's
// secp256k1_ellswift_xswiftec_frac_var derives the same fractions):
//
//	x₃ = u + 4Y²           = (3su³ − (g + s)²) / (3su²)
//	x₂ = (−X/Y − u)/2      = u(c1·s + c2·g) / (g + s)
//	x₁ = (X/Y − u)/2       = −(x₂ + u)
//
// Every denominator is nonzero: s ≠ 0 and u ≠ 0 after the remappings, and
// g + s = 3s ≠ 0 after the last one.
type candidates struct {
	u, t, s, g, gs field.Element // u and t remapped, s = t², g = u³ + 7, gs = g + s
	n3, d3         field.Element // x₃ = n3/d3
}

func (c *candidates) set(u, t *field.Element) {
	c.u.Set(u)
	if c.u.IsZero() == 1 {
		c.u.One()
	}
	c.t.Set(t)
	if c.t.IsZero() == 1 {
		c.t.One()
	}
	c.s.Square(&c.t)
	group.CurveRHS(&c.g, &c.u)
	c.gs.Add(&c.g, &c.s)
	if c.gs.IsZero() == 1 {
		c.t.Add(&c.t, &c.t)
		c.s.MultiplySmall(&c.s, 4)
		c.gs.Add(&c.g, &c.s)
	}
	var u2, gs2 field.Element
	u2.Square(&c.u)
	c.d3.Multiply(&c.s, &u2)
	c.d3.MultiplySmall(&c.d3, 3)
	c.n3.Multiply(&c.d3, &c.u)
	gs2.Square(&c.gs)
	c.n3.Subtract(&c.n3, &gs2)
}

// x2 sets n to the numerator of x₂ = n/(g + s).
func (c *candidates) x2(n *field.Element) {
	var a, b field.Element
	a.Multiply(&c1, &c.s)
	b.Multiply(&c2, &c.g)
	n.Add(&a, &b)
	n.Multiply(n, &c.u)
}

// x1 sets n to the numerator of x₁ = −(x₂ + u) = n/(g + s), from x₂'s n2.
func (c *candidates) x1(n, n2 *field.Element) {
	var a field.Element
	a.Multiply(&c.u, &c.gs)
	n.Add(n2, &a)
	n.Negate(n)
}

// varTimeXSwiftECFrac sets n/d, with d ≠ 0, to BIP-324's XSwiftEC(u, t), the
// x coordinate that (u, t) decodes to; every (u, t) decodes. It runs in
// variable time: the inputs are public (a peer's encoding).
//
// Each candidate is tested as a fraction: one or two Legendre symbols, and
// no inversion. Exactly one or all three candidates are valid, so x₁ is
// valid when x₃ and x₂ are not. XDH multiplies by the fraction and needs
// no root; Decode, which does, takes varTimeXSwiftECPoint instead.
func varTimeXSwiftECFrac(n, d, u, t *field.Element) {
	var c candidates
	c.set(u, t)
	if varTimeIsXFrac(&c.n3, &c.d3) {
		*n, *d = c.n3, c.d3
		return
	}
	var n2 field.Element
	c.x2(&n2)
	*d = c.gs
	if varTimeIsXFrac(&n2, d) {
		*n = n2
		return
	}
	c.x1(n, &n2)
}

// varTimeXSwiftECPoint sets (x, y) to the point with x = XSwiftEC(u, t) and
// the y whose parity is yOdd: Decode's work. It runs in variable time.
//
// A candidate that passes needs its root, so x₃ and x₂ are tested by the
// exponentiations that give their roots (pointFrac), not by Legendre
// symbols, and the two exponentiations share one loop (field.InvSqrtPair,
// about 1.35 times one). x₁ is never tested: when x₃ and x₂ fail, x₁'s root
// follows from theirs and one inversion. With gᵢ = g(xᵢ),
//
//	g₁·g₂ = g₃·K²,  K = 3c·t·s·u³·g / (g + s)³  (c = √−3),
//
// and with rᵢ = gᵢ·dᵢ⁶ and vᵢ = rᵢ^((p−3)/4) for the non-squares r₃ and
// r₂ (vᵢ²·rᵢ = −1), ρ = v₃·d₃³ / (v₂·K·(g + s)⁶) satisfies ρ²·r₁ = 1. As
// 1/v₂ = −v₂·r₂ and d₃³ = 27s³u⁶, ρ = ±3c·v₃·v₂·r₂·s²·u³ / (t·g·(g + s)³)
// (x1Point). x₃ is the point for half of the inputs, x₂ and x₁ for a
// quarter each, so a decoding costs the pair and a quarter of an inversion,
// against 1.5 Legendre symbols and one exponentiation when the candidates
// are tested first, or 1.5 exponentiations when x₃'s alone is tried first.
func varTimeXSwiftECPoint(x, y, u, t *field.Element, yOdd int) {
	var c candidates
	c.set(u, t)
	var G3, r3, d32, v3, n2, G2, r2, gs2, v2 field.Element
	rootInput(&G3, &r3, &d32, &c.n3, &c.d3)
	c.x2(&n2)
	rootInput(&G2, &r2, &gs2, &n2, &c.gs)
	ok3, ok2 := field.InvSqrtPair(&v3, &r3, &v2, &r2)
	if ok3 == 1 {
		pointFrac(x, y, &c.n3, &d32, &G3, &v3, yOdd)
		return
	}
	if ok2 == 1 {
		pointFrac(x, y, &n2, &gs2, &G2, &v2, yOdd)
		return
	}
	c.x1Point(x, y, &v3, &v2, &r2, &n2, &gs2, yOdd)
}

// x1Point sets (x, y) to the point with x = x₁ and the y whose parity is
// yOdd, from the exponentiations v₃, v₂ of the non-squares r₃, r₂, x₂'s
// numerator n2, r₂ and gs2 = (g + s)²: ρ = 3c·v₃·v₂·r₂·s²·u³ / (t·g·(g + s)³)
// (varTimeXSwiftECPoint).
func (c *candidates) x1Point(x, y, v3, v2, r2, n2, gs2 *field.Element, yOdd int) {
	var num, den, a field.Element
	num.Multiply(v3, v2)
	num.Multiply(&num, r2)
	a.Square(&c.s)
	num.Multiply(&num, &a)
	a.Square(&c.u)
	a.Multiply(&a, &c.u)
	num.Multiply(&num, &a)
	num.Multiply(&num, &sqrtMinus3)
	num.MultiplySmall(&num, 3)
	var gs3 field.Element
	gs3.Multiply(gs2, &c.gs)
	den.Multiply(&gs3, &c.g)
	den.Multiply(&den, &c.t)
	den.VarTimeInvert(&den)
	var n1, G1, rho field.Element
	rho.Multiply(&num, &den)
	c.x1(&n1, n2)
	fracRHS(&G1, &n1, &gs3)
	if debug.Enabled {
		var chk, one field.Element
		chk.Square(&rho)
		chk.Multiply(&chk, &G1)
		chk.Multiply(&chk, &gs3) // ρ²·r₁
		one.One()
		debug.Assert(chk.Equal(&one) == 1, "ellswift: the root of x₁ is wrong")
	}
	pointFrac(x, y, &n1, gs2, &G1, &rho, yOdd)
}

// rootInput sets G = n³ + 7d³ and r = G·d³ = g(n/d)·d⁶, which is a nonzero
// square exactly when n/d is the x coordinate of a point (no point has
// y = 0, so g(x) ≠ 0), and d2 = d², which pointFrac needs too.
func rootInput(G, r, d2, n, d *field.Element) {
	var d3 field.Element
	d2.Square(d)
	d3.Multiply(d2, d)
	fracRHS(G, n, &d3)
	r.Multiply(G, &d3)
}

// fracRHS sets G = n³ + 7·d3, which is g(n/d)·d³ for d3 = d³.
func fracRHS(G, n, d3 *field.Element) {
	var t field.Element
	t.MultiplySmall(d3, 7)
	G.Square(n)
	G.Multiply(G, n)
	G.Add(G, &t)
}

// pointFrac sets (x, y) to the point with x = n/d (d ≠ 0, x on the curve)
// and the y whose parity is yOdd, from d2 = d², G = n³ + 7d³ and a v with
// v²·G·d³ = 1 (InvSqrt(G·d³), the exponentiation that also tested n/d):
// y² = G/d³, so y = ±v·G, and 1/d = v²·G·d². One exponentiation gives both
// the inversion and the square root.
func pointFrac(x, y, n, d2, G, v *field.Element, yOdd int) {
	var w, inv field.Element
	w.Multiply(v, G) // ±√(G/d³)
	inv.Multiply(&w, v)
	inv.Multiply(&inv, d2) // v²·G·d² = 1/d
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
// It is an invAttempt whose first test runs alone.
//
// "The" square root is a^((p+1)/4) as in the BIP (field.Sqrt), so the t
// values are exactly the BIP's and libsecp256k1's.
//
// Deviation: u = 0 returns false. The BIP's XElligatorSwift never draws
// u = 0 and XSwiftEC remaps it to 1, so no t found for u = 0 would decode to
// x; libsecp256k1 does not check (its u is a hash output, and u ≡ 0 has
// probability 2⁻²⁵⁶).
func varTimeXSwiftECInv(t, x, u *field.Element, c int) bool {
	var a invAttempt
	a.set(x, u, c)
	if a.fail || !a.passes(a.first.VarTimeIsSquare()) {
		return false
	}
	return a.finish(t, x)
}

// invAttempt is XSwiftECInv(x, u, c) in two parts, so that the encoder can
// take the first tests of two attempts in one field.VarTimeIsSquare2: set
// leaves the value of the first Legendre symbol, and finish does the rest
// for an attempt that passes it.
type invAttempt struct {
	u     field.Element
	first field.Element // the first test is whether this is a square
	c     int           // the case
	fail  bool          // the attempt fails before any test
}

// set prepares the attempt for x, u and the case c. The first test is:
//   - c ∈ {0, 1, 4, 5} (the x₁ and x₂ formulas): −x − u must not be on the
//     curve, since x₃ would take precedence when decoding; first is
//     g(−x − u), which must not be a square;
//   - c ∈ {2, 3, 6, 7} (the x₃ formulas): first is s = x − u, a nonzero
//     square.
func (a *invAttempt) set(x, u *field.Element, c int) {
	a.u.Set(u)
	a.c = c
	a.fail = u.IsZero() == 1
	if c&2 == 0 {
		var m field.Element
		m.Add(x, u)
		m.Negate(&m)
		group.CurveRHS(&a.first, &m)
	} else {
		a.first.Subtract(x, u)
		a.fail = a.fail || a.first.IsZero() == 1
	}
}

// passes reports whether the first test passes, given isSquare, the
// result of first.VarTimeIsSquare().
func (a *invAttempt) passes(isSquare int) bool {
	if a.c&2 == 0 {
		return isSquare == 0
	}
	return isSquare == 1
}

// finish sets t to XSwiftECInv(x, u, c) and returns true, or returns false,
// for an attempt that passed its first test.
func (a *invAttempt) finish(t, x *field.Element) bool {
	u, c := &a.u, a.c
	var u2, g, w, wv field.Element
	u2.Square(u)
	group.CurveRHS(&g, u)

	if c&2 == 0 {
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
		// s is a square for half of the x that get here. Its Legendre
		// symbol (that of q·den, both nonzero; about 0.45 of an
		// exponentiation) first saves SqrtRatio's exponentiation for the
		// other half.
		q.Negate(&g)
		var qd field.Element
		qd.Multiply(&q, &den)
		if qd.VarTimeIsSquare() == 0 {
			return false
		}
		_, ok := w.SqrtRatio(&q, &den)
		if debug.Enabled {
			debug.Assert(ok == 1, "ellswift: SqrtRatio fails on a square")
		}
		wv.Multiply(&w, x)
	} else {
		// The x₃ formulas: s = x − u = w², r = √(−s(4g + 3u²s)) and
		// v = (r/s − u)/2. With b = −(4g + 3u²s), the BIP's root
		// r = (s·b)^((p+1)/4) is w·√b for w = s^((p+1)/4) and
		// √b = b^((p+1)/4), and w² = s, so w·v = (√b − w·u)/2: two square
		// roots and no inversion. Once both are known to be squares, the
		// two roots come from one field.InvSqrtPair, as a^((p+1)/4) =
		// a·a^((p−3)/4): 1.35 exponentiations instead of 2.
		s := &a.first
		var b, t4, rb, vb field.Element
		b.Multiply(&u2, s)
		b.MultiplySmall(&b, 3)
		t4.MultiplySmall(&g, 4)
		b.Add(&b, &t4)
		b.Negate(&b)
		// b is a square for half of the x that get here: its Legendre
		// symbol first saves the pair of roots for the other half.
		if b.VarTimeIsSquare() == 0 {
			return false // −s(4g + 3u²s) is not a square
		}
		okB, _ := field.InvSqrtPair(&vb, &b, &w, s)
		if debug.Enabled {
			debug.Assert(okB|b.IsZero() == 1, "ellswift: InvSqrtPair fails on a square")
		}
		rb.Multiply(&b, &vb) // √b; 0 for b = 0, as vb = 0 then
		if c&1 == 1 && rb.IsZero() == 1 {
			// r = 0, so v = −u − v: c ∈ {3, 7} would repeat c ∈ {2, 6}.
			return false
		}
		w.Multiply(&w, s) // √s: s is a nonzero square, tested above
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
