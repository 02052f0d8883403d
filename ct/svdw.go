package ct

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The Shallue–van de Woestijne map of zkp's generator module
// (shallue_van_de_woestijne in src/modules/generator/main_impl.h), after
// Fouque and Tibouchi, "Indifferentiable Hashing to Barreto–Naehrig
// Curves" (Latincrypt 2012), with c = √−3 and d = (c − 1)/2:
//
//	w  = c·t / (1 + b + t²)          (b = 7)
//	x₁ = d − t·w,  x₂ = −(x₁ + 1),  x₃ = 1 + 1/w²
//
// The point is (xᵢ, √(xᵢ³ + 7)) for the first i whose right-hand side is a
// square (one of the three always is), with the root that is itself a
// square (a^((p+1)/4)), negated when t is odd. With wd = 1 + b + t² and
// x₃d = c²·t² = −3t², both divisions share the denominator j = wd·x₃d:
// x₁ = d − c·t²·x₃d/j and x₃ = 1 + wd³/j. For t = 0, j = 0 and zkp's
// inversion gives 0, so the point is (d, √(d³+7)); the code keeps that.
//
// generator_generate maps two values t; svdw2 maps both at once, sharing
// one inversion (Montgomery's trick) and running the three pairs of square
// roots as interleaved exponentiations (field.InvSqrtPair), for the same
// results as two calls of zkp's map. Everything is constant time.

var (
	svdwNegC = mustElement("f5d2d456caf80e20dcc88f3d586869d339e092ea25eb132b8272d850e32a03dd") // −√−3
	svdwD    = mustElement("851695d49a83f8ef919bb86153cbcb16630fb68aed0a766a3ec693d68e6afa40") // (√−3 − 1)/2
)

// svdw2 sets out[i] to the Shallue–van de Woestijne map of t[i], as zkp's
// shallue_van_de_woestijne, in constant time.
func svdw2(out *[2]group.Affine, t *[2]field.Element) {
	var wd, x3d, j, x1 [2]field.Element
	var jZero [2]int
	var one field.Element
	one.One()
	for i := range 2 {
		wd[i].Square(&t[i])                // t²
		x1[i].Multiply(&svdwNegC, &wd[i])  // −c·t²
		x3d[i].MultiplySmall(&wd[i], 3)    // 3t²
		x3d[i].Negate(&x3d[i])             // −3t²
		wd[i].Add(&wd[i], &svdwEight)      // 1 + b + t²
		j[i].Multiply(&wd[i], &x3d[i])     // j
		jZero[i] = j[i].IsZero()           // only for t = 0
		j[i].Select(&one, &j[i], jZero[i]) // keep the batch inversion nonzero
	}
	// Montgomery's trick: 1/j₀ = j₁/(j₀j₁), 1/j₁ = j₀/(j₀j₁).
	var prod, inv, jinv [2]field.Element
	prod[0].Multiply(&j[0], &j[1])
	inv[0].Invert(&prod[0])
	jinv[0].Multiply(&inv[0], &j[1])
	jinv[1].Multiply(&inv[0], &j[0])
	var zero field.Element
	for i := range 2 {
		jinv[i].Select(&zero, &jinv[i], jZero[i]) // zkp's inversion maps 0 to 0
	}

	var x2, x3, alpha, beta, gamma [2]field.Element
	for i := range 2 {
		x1[i].Multiply(&x1[i], &x3d[i])
		x1[i].Multiply(&x1[i], &jinv[i])
		x1[i].Add(&x1[i], &svdwD) // d − c·t²·x₃d/j
		x2[i].Add(&x1[i], &one)
		x2[i].Negate(&x2[i]) // −(x₁ + 1)
		x3[i].Square(&wd[i])
		x3[i].Multiply(&x3[i], &wd[i])
		x3[i].Multiply(&x3[i], &jinv[i])
		x3[i].Add(&x3[i], &one) // 1 + wd³/j
		group.CurveRHS(&alpha[i], &x1[i])
		group.CurveRHS(&beta[i], &x2[i])
		group.CurveRHS(&gamma[i], &x3[i])
	}

	var y1, y2, y3 [2]field.Element
	var q1, q2 [2]int
	sqrtPair(&y1, &q1, &alpha)
	sqrtPair(&y2, &q2, &beta)
	sqrtPair(&y3, new([2]int), &gamma)

	for i := range 2 {
		useBeta := (1 ^ q1[i]) & q2[i]
		useGamma := (1 ^ q1[i]) & (1 ^ q2[i])
		x, y := x1[i], y1[i]
		x.Select(&x2[i], &x, useBeta)
		y.Select(&y2[i], &y, useBeta)
		x.Select(&x3[i], &x, useGamma)
		y.Select(&y3[i], &y, useGamma)
		y.CondNegate(&y, t[i].IsOdd())
		out[i].X.Normalize(&x)
		out[i].Y.Normalize(&y)
	}
}

// svdwEight is 1 + b.
var svdwEight = *new(field.Element).SetUint64(8)

// sqrtPair sets y[i] = a[i]^((p+1)/4) and ok[i] = 1 if a[i] is a square
// (zero included), as zkp's secp256k1_fe_sqrt, for the two values at once:
// a^((p+1)/4) = a·a^((p−3)/4), and field.InvSqrtPair computes the two
// powers a^((p−3)/4) interleaved. Constant time.
func sqrtPair(y *[2]field.Element, ok *[2]int, a *[2]field.Element) {
	var v, w field.Element
	okA, okB := field.InvSqrtPair(&v, &a[0], &w, &a[1])
	y[0].Multiply(&v, &a[0])
	y[1].Multiply(&w, &a[1])
	ok[0] = okA | a[0].IsZero()
	ok[1] = okB | a[1].IsZero()
}
