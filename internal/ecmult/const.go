package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Constant-time variable-base scalar multiplication k·P: the GLV split
// k ≡ k1 + k2·λ into two halves below 2¹²⁸, each recoded into signed 5-bit
// windows (digits in [−16, 16]), over tables of 1·P … 16·P and their images
// under φ(x, y) = (β·x, y). 26 windows: 125 doublings and 52 constant-time
// mixed additions, each after a lookup that scans all 16 entries.
// docs/ecmult.md, "Constant-time k·P", has the details.

const (
	ctWindow  = 5
	ctEntries = 1 << (ctWindow - 1)             // 16: multiples 1..16
	ctDigits  = (129 + ctWindow - 1) / ctWindow // 26 windows cover 130 bits > 2¹²⁸ + 1 spare
)

// ScalarMult sets v = k·p in constant time (in k and p).
//
// No inversion: with p = (X, Y, Z), the map (x, y) ↦ (Z²x, Z³y) is an
// isomorphism onto the curve y² = x³ + 7Z⁶ that sends p to the affine point
// (X, Y). The group formulas do not involve the curve constant, so
// scalarMultIso runs there, and the result's Z is scaled back by Z at the
// end: libsecp256k1's "effective affine" tables, as in Strauss.
func ScalarMult(v *group.Jacobian, k *scalar.Scalar, p *group.Jacobian) {
	// p's X and Y as an affine point, and z, its implied Z. For the identity,
	// compute with G (z = 1) instead and select the identity at the end, so
	// that nothing branches on it.
	inf := p.IsIdentity()
	a := group.Affine{X: p.X, Y: p.Y}
	a.Select(&group.Generator, &a, inf)
	var z field.Element
	z.One()
	z.Select(&z, &p.Z, inf)

	var acc group.Jacobian
	var zt field.Element
	scalarMultIso(&acc, &zt, k, &a)
	acc.Z.Multiply(&acc.Z, &zt)
	acc.Z.Multiply(&acc.Z, &z)
	var id group.Jacobian
	id.Identity()
	v.Select(&id, &acc, inf)
}

// scalarMultIso sets v·(1, 1, zt) = k·a in constant time, where a is an
// affine point (of secp256k1 or of an isomorphic curve y² = x³ + b', whose
// formulas are the same) other than the identity: v's Z must still be
// multiplied by zt, the implied Z of the table, which stays apart so that
// x-only callers can square it.
func scalarMultIso(v *group.Jacobian, zt *field.Element, k *scalar.Scalar, a *group.Affine) {
	// table[i] = (i+1)·a by a doubling and mixed additions that record their
	// z-ratios, then rescaled to the Z of the last entry (no inversion), all
	// in constant time: i·a = ±a for 2 ≤ i ≤ 15 is impossible for a point of
	// prime order n, so the additions need no exceptional cases.
	var table, tableLam [ctEntries]group.Affine
	var zr [ctEntries]field.Element
	var m group.Jacobian
	m.SetAffine(a)
	table[0] = *a
	m.Double(&m)
	zr[1] = a.Y // Double's Z₃ = Y₁·Z₁, with Z₁ = 1
	table[1] = group.Affine{X: m.X, Y: m.Y}
	for i := 2; i < ctEntries; i++ {
		m.AddAffineDistinctZr(&m, a, &zr[i])
		table[i] = group.Affine{X: m.X, Y: m.Y}
	}
	setGlobalZ(table[:], zr[:])
	*zt = m.Z
	for i := range table {
		tableLam[i].MulLambda(&table[i])
	}

	k1, k2, neg1, neg2 := scalar.SplitGLVSigned(k)
	var d1, d2 [ctDigits]int8
	scalar.SignedDigits(d1[:], &k1, ctWindow)
	scalar.SignedDigits(d2[:], &k2, ctWindow)

	var acc group.Jacobian // the identity
	for i := ctDigits - 1; i >= 0; i-- {
		if i != ctDigits-1 {
			for range ctWindow {
				acc.Double(&acc)
			}
		}
		addSignedDigit(&acc, &table, d1[i], neg1)
		addSignedDigit(&acc, &tableLam, d2[i], neg2)
	}
	*v = acc
	k1, k2 = scalar.Scalar{}, scalar.Scalar{}
	clear(d1[:])
	clear(d2[:])
}

// XOnlyScalarMult sets x to the x coordinate of k·P, where P is either
// point with x coordinate xP (they give the same x), in constant time, and
// without the square root that lifting xP to a point would take
// (libsecp256k1's secp256k1_ecmult_const_xonly). xP must be the x
// coordinate of a point and k must not be 0, so that k·P is not the
// identity. It is XOnlyScalarMultFrac with the denominator 1.
func XOnlyScalarMult(x, xP *field.Element, k *scalar.Scalar) {
	var one field.Element
	one.One()
	XOnlyScalarMultFrac(x, xP, &one, k)
}

// XOnlyScalarMultFrac is XOnlyScalarMult for the x coordinate xn/xd given as
// a fraction (xd ≠ 0), which it never inverts (libsecp256k1's
// secp256k1_ecmult_const_xonly with a denominator).
//
// With G = xn³ + 7xd³, g(x) = x³ + 7 = G/xd³ is a square, and u² = G·xd
// scales secp256k1 by u, (x, y) ↦ (u²x, u³y), onto y² = x³ + 7u⁶:
// u²·x = G·xn and u³·y = ±G², since (u·y)² = G·xd·G/xd³ = (G/xd)². The
// point (G·xn, G²) (either sign of y gives the same x) lies there, and a
// result (X, Y, Z) there is x = X/(Z²·G·xd) on secp256k1: neither u nor
// 1/xd is ever needed.
func XOnlyScalarMultFrac(x, xn, xd *field.Element, k *scalar.Scalar) {
	var G, s field.Element
	G.Square(xd)
	G.Multiply(&G, xd)
	G.MultiplySmall(&G, 7)
	s.Square(xn)
	s.Multiply(&s, xn)
	G.Add(&G, &s) // xn³ + 7xd³
	s.Multiply(&G, xd)
	var a group.Affine
	a.X.Multiply(&G, xn)
	a.Y.Square(&G)

	var acc group.Jacobian
	var zt, d field.Element
	scalarMultIso(&acc, &zt, k, &a)
	d.Multiply(&acc.Z, &zt)
	d.Square(&d)
	d.Multiply(&d, &s)
	d.Invert(&d)
	x.Multiply(&acc.X, &d)
	acc = group.Jacobian{}
}

// addSignedDigit sets acc = acc + (−1)^neg·d·P, where table[i] = (i+1)·P and
// |d| ≤ len(table), in constant time: it scans the whole table, and for d = 0
// it computes an addition anyway and keeps acc.
func addSignedDigit(acc *group.Jacobian, table *[ctEntries]group.Affine, d int8, neg int) {
	sign := int(uint8(d) >> 7) // 1 if d < 0
	m := int8(-sign)           // all ones if d < 0
	abs := int((d ^ m) - m)    // |d|
	// For d = 0 any entry will do (the sum is discarded): look up entry 0.
	var entry group.Affine
	entry.Lookup(table[:], (abs-1)&^(-eqInt(abs, 0)))
	entry.CondNegate(&entry, sign^neg)
	var sum group.Jacobian
	sum.AddAffine(acc, &entry)
	acc.Select(acc, &sum, eqInt(abs, 0))
}

// eqInt returns 1 if a == b and 0 otherwise, for 0 ≤ a, b < 2³¹, without
// branching.
func eqInt(a, b int) int {
	x := uint32(a ^ b)
	return int((uint64(x) - 1) >> 63)
}
