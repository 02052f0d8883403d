package group

import (
	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/field"
)

// RFC 9380's map_to_curve for the suites secp256k1_XMD:SHA-256_SSWU_RO_ and
// secp256k1_XMD:SHA-256_SSWU_NU_ (§8.7): the simplified SWU map onto
//
//	E′: y′² = x′³ + A′·x′ + B′,  A′ = 0x3F8731…444533,  B′ = 1771,
//
// with Z = −11 (§6.6.2, straight-line form of Appendix F.2), then the
// 3-isogeny E′ → E of Appendix E.1. docs/hash-to-curve.md derives the
// projective forms used here.

var (
	// sswuA is A′, the coefficient of x′ in E′.
	sswuA = elementFromHex("3F8731ABDD661ADCA08A5558F0F5D272E953D363CB6F0E5D405447C01A444533")
	// sswuZ is Z = −11 mod p.
	sswuZ = elementFromHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC24")
	// sqrtMinusZ is √11 = 11^((p+1)/4), sqrt_ratio's c2 = √(−Z) (any root
	// will do: the sign of y is fixed afterwards by that of u).
	sqrtMinusZ = elementFromHex("31FDF302724013E57AD13FB38F842AFEEC184F00A74789DD286729C8303C4A59")
)

// sswuB is B′ = 1771, the constant term of E′.
const sswuB = 1771

// The isogeny's numerators, k_(1,i) of x_num and k_(3,i) of y_num (RFC 9380,
// Appendix E.1), and isoX0, the x′ of the isogeny's kernel: the RFC's
// denominators are x_den = (x′ − x₀)² and y_den = (x′ − x₀)³, x₀ = −k_(2,1)/2
// (checked against k_(2,·) and k_(4,·) by TestIsogenyConstants).
var (
	isoK10 = elementFromHex("8E38E38E38E38E38E38E38E38E38E38E38E38E38E38E38E38E38E38DAAAAA8C7")
	isoK11 = elementFromHex("07D3D4C80BC321D5B9F315CEA7FD44C5D595D2FC0BF63B92DFFF1044F17C6581")
	isoK12 = elementFromHex("534C328D23F234E6E2A413DECA25CAECE4506144037C40314ECBD0B53D9DD262")
	isoK13 = elementFromHex("8E38E38E38E38E38E38E38E38E38E38E38E38E38E38E38E38E38E38DAAAAA88C")
	isoK30 = elementFromHex("4BDA12F684BDA12F684BDA12F684BDA12F684BDA12F684BDA12F684B8E38E23C")
	isoK31 = elementFromHex("C75E0C32D5CB7C0FA9D0A54B12A0A6D5647AB046D686DA6FDFFC90FC201D71A3")
	isoK32 = elementFromHex("29A6194691F91A73715209EF6512E576722830A201BE2018A765E85A9ECEE931")
	isoK33 = elementFromHex("2F684BDA12F684BDA12F684BDA12F684BDA12F684BDA12F684BDA12F38E38D84")
	isoX0  = elementFromHex("89291C84DE3E11F1041DA6957255EED5FC964A4DF050DF221D6AD4CE6AB9C5A5")
)

// MapToCurve sets v to map_to_curve(u) of RFC 9380's secp256k1 suites, a
// point of E other than the identity, and returns v. It runs in constant
// time, with no inversion: 261S + 43M in all, of which sqrt_ratio (field.SqrtRatio)
// takes 255S + 18M (docs/hash-to-curve.md).
func (v *Jacobian) MapToCurve(u *field.Element) *Jacobian {
	var xn, xd, y field.Element
	sswu(&xn, &xd, &y, u)
	return v.isoMap(&xn, &xd, &y)
}

// sswu sets (xn/xd, y) to map_to_curve_simple_swu(u), a point of E′, with
// xd ≠ 0. It follows RFC 9380's straight-line code (Appendix F.2) step by
// step, without its final division x = x/tv4: xd is tv4. 4S + 8M and
// sqrt_ratio.
func sswu(xn, xd, y, u *field.Element) {
	var tv1, tv2, tv3, tv4, tv5, tv6, y1, t field.Element
	tv1.Square(u) // 1. tv1 = u²
	tv1.MultiplySmall(&tv1, 11)
	tv1.Negate(&tv1)               // 2. tv1 = Z·tv1, Z = −11
	tv2.Square(&tv1)               // 3. tv2 = tv1²
	tv2.Add(&tv2, &tv1)            // 4. tv2 = tv2 + tv1
	tv3.Add(&tv2, t.One())         // 5. tv3 = tv2 + 1
	tv3.MultiplySmall(&tv3, sswuB) // 6. tv3 = B·tv3
	t.Negate(&tv2)
	tv4.Select(&sswuZ, &t, tv2.IsZero()) // 7. tv4 = CMOV(Z, −tv2, tv2 ≠ 0)
	tv4.Multiply(&tv4, &sswuA)           // 8. tv4 = A·tv4
	tv2.Square(&tv3)                     // 9. tv2 = tv3²
	tv6.Square(&tv4)                     // 10. tv6 = tv4²
	tv5.Multiply(&sswuA, &tv6)           // 11. tv5 = A·tv6
	tv2.Add(&tv2, &tv5)                  // 12. tv2 = tv2 + tv5
	tv2.Multiply(&tv2, &tv3)             // 13. tv2 = tv2·tv3
	tv6.Multiply(&tv6, &tv4)             // 14. tv6 = tv6·tv4
	tv5.MultiplySmall(&tv6, sswuB)       // 15. tv5 = B·tv6
	tv2.Add(&tv2, &tv5)                  // 16. tv2 = tv2 + tv5
	xn.Multiply(&tv1, &tv3)              // 17. x = tv1·tv3
	_, isQR := y1.SqrtRatio(&tv2, &tv6)  // 18. (is_gx1_square, y1) = sqrt_ratio(tv2, tv6):
	t.Multiply(&y1, &sqrtMinusZ)         //     y1 = √(tv2/tv6), or √(−tv2/tv6)·√(−Z)
	y1.Select(&y1, &t, isQR)             //     = √(Z·tv2/tv6) if not a square
	y.Multiply(&tv1, u)                  // 19. y = tv1·u
	y.Multiply(y, &y1)                   // 20. y = y·y1
	xn.Select(&tv3, xn, isQR)            // 21. x = CMOV(x, tv3, is_gx1_square)
	y.Select(&y1, y, isQR)               // 22. y = CMOV(y, y1, is_gx1_square)
	y.CondNegate(y, u.IsOdd()^y.IsOdd()) // 23–24. y = −y if sgn0(u) ≠ sgn0(y)
	*xd = tv4                            // 25. x = x/tv4, left to the caller
	if debug.Enabled {
		debug.Assert(xd.IsZero() == 0, "group: sswu: zero denominator")
	}
}

// isoMap sets v to iso_map(xn/xd, y), the image on E of a point of E′(F_p)
// with xd ≠ 0, and returns v. With n = xn, d = xd, ψ = n − x₀·d and the
// homogeneous numerators X = d³·x_num(n/d), Y = d³·y_num(n/d), the image is
// (X/(d·ψ²), y·Y/ψ³), which is the Jacobian point (X·d, y·Y·d³, d·ψ).
// ψ ≠ 0: the kernel's x₀ has a non-square g′(x₀), so no point of E′(F_p)
// lies above it (TestIsogenyConstants). 2S + 17M.
func (v *Jacobian) isoMap(xn, xd, y *field.Element) *Jacobian {
	var n2, d2, n3, d3, n2d, nd2, t, X, Y, psi field.Element
	n2.Square(xn)
	d2.Square(xd)
	n3.Multiply(&n2, xn)
	d3.Multiply(&d2, xd)
	n2d.Multiply(&n2, xd)
	nd2.Multiply(xn, &d2)

	// X = k₁₃·n³ + k₁₂·n²d + k₁₁·nd² + k₁₀·d³
	X.Multiply(&isoK13, &n3)
	t.Multiply(&isoK12, &n2d)
	X.Add(&X, &t)
	t.Multiply(&isoK11, &nd2)
	X.Add(&X, &t)
	t.Multiply(&isoK10, &d3)
	X.Add(&X, &t)

	// Y = k₃₃·n³ + k₃₂·n²d + k₃₁·nd² + k₃₀·d³
	Y.Multiply(&isoK33, &n3)
	t.Multiply(&isoK32, &n2d)
	Y.Add(&Y, &t)
	t.Multiply(&isoK31, &nd2)
	Y.Add(&Y, &t)
	t.Multiply(&isoK30, &d3)
	Y.Add(&Y, &t)

	psi.Multiply(&isoX0, xd)
	psi.Subtract(xn, &psi)

	v.Z.Multiply(xd, &psi)
	v.X.Multiply(&X, xd)
	v.Y.Multiply(&Y, &d3)
	v.Y.Multiply(&v.Y, y)
	if debug.Enabled {
		debug.Assert(v.Z.IsZero() == 0, "group: isoMap: point above the kernel")
		debug.Assert(v.IsOnCurve() == 1, "group: MapToCurve: result not on the curve")
	}
	return v
}
