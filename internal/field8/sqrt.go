package field8

// RepeatedSquare sets v = a^(2ⁿ) in every lane (a squared n times), and
// returns v. n is not secret; n = 0 sets v = a. On CPUs with IFMA it is one
// assembly call that keeps the limbs in registers for all n squarings.
func (v *Element8) RepeatedSquare(a *Element8, n int) *Element8 {
	squareN8(v, a, n)
	return v
}

// squareN8Generic is n squarings with mul8Generic, the twin of the
// assembly's loop.
func squareN8Generic(v, a *Element8, n int) {
	*v = *a
	for range n {
		mul8Generic(v, v, v)
	}
}

// squareN2Generic is squareN8Generic on a[0] and a[1].
func squareN2Generic(v, a *[2]Element8, n int) {
	squareN8Generic(&v[0], &a[0], n)
	squareN8Generic(&v[1], &a[1], n)
}

// Sqrt sets v to a square root of a in every lane, and returns v and ok:
// ok[j] = 1 if lane j of a is a square mod p, and then lane j of v is a
// square root of it; otherwise ok[j] = 0 and lane j of v is a square root
// of −a. It runs in constant time.
//
// It is internal/field's Sqrt, lane by lane: the power a^((p+1)/4) by the
// same addition chain (253 squarings and 13 multiplies, the squarings in
// runs of RepeatedSquare), and the check that the root's square is a,
// which compares each lane's canonical value.
func (v *Element8) Sqrt(a *Element8) (*Element8, [Lanes]int) {
	var in, out [2]Element8
	in[0] = *a
	ok := sqrtChains(&out, &in, 1)
	*v = out[0]
	return v, ok[0]
}

// Sqrt2 is Sqrt on the sixteen lanes of v[0], v[1] and a[0], a[1]. The
// two square roots are independent chains of products, each bound by the
// multiplier's latency, which the CPU overlaps: on CPUs with IFMA Sqrt2
// takes about 0.7 the time of two Sqrt (docs/ecmult.md, "Lanes: field8
// and group8").
func Sqrt2(v, a *[2]Element8) (ok [2][Lanes]int) {
	return sqrtChains(v, a, 2)
}

// sqrtChains runs Sqrt on a[:k] (k = 1 or 2) into v[:k], the chains
// interleaved step by step.
func sqrtChains(v, a *[2]Element8, k int) (ok [2][Lanes]int) {
	mul := func(x, y, z *[2]Element8) {
		for i := range k {
			x[i].Mul(&y[i], &z[i])
		}
	}
	sqr := func(x, y *[2]Element8, n int) {
		if k == 2 {
			squareN2(x, y, n)
			return
		}
		x[0].RepeatedSquare(&y[0], n)
	}
	// a^(2ᵏ−1) for k = 2, 3, 6, 9, 11, 22, 44, 88, 176, 220, 223, as
	// field's chainPrefix.
	var x2, x3, x6, x9, x11, x22, x44, x88, x176, x220, x223, t [2]Element8
	sqr(&x2, a, 1)
	mul(&x2, &x2, a)
	sqr(&x3, &x2, 1)
	mul(&x3, &x3, a)
	sqr(&x6, &x3, 3)
	mul(&x6, &x6, &x3)
	sqr(&x9, &x6, 3)
	mul(&x9, &x9, &x3)
	sqr(&x11, &x9, 2)
	mul(&x11, &x11, &x2)
	sqr(&x22, &x11, 11)
	mul(&x22, &x22, &x11)
	sqr(&x44, &x22, 22)
	mul(&x44, &x44, &x22)
	sqr(&x88, &x44, 44)
	mul(&x88, &x88, &x44)
	sqr(&x176, &x88, 88)
	mul(&x176, &x176, &x88)
	sqr(&x220, &x176, 44)
	mul(&x220, &x220, &x44)
	sqr(&x223, &x220, 3)
	mul(&x223, &x223, &x3)
	// (p+1)/4 = [223 ones] 0 [22 ones] 0000 11 00.
	sqr(&t, &x223, 23)
	mul(&t, &t, &x22)
	sqr(&t, &t, 6)
	mul(&t, &t, &x2)
	sqr(&t, &t, 2)

	var check [2]Element8
	sqr(&check, &t, 1)
	for i := range k {
		ok[i] = equalLanes(&check[i], &a[i])
	}
	*v = t
	return ok
}
