package testref

import (
	"math/big"
	"math/rand"
)

// Lambda is λ, the primitive cube root of unity mod N with
// λ·(x, y) = (β·x, y): the GLV endomorphism.
var Lambda = mustHex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72")

// The reduced basis {(a1, b1), (a2, b2)} of the lattice of pairs (a, b) with
// a + b·λ ≡ 0 (mod N), against which the GLV split rounds (Guide to Elliptic
// Curve Cryptography, Algorithm 3.74; libsecp256k1's
// secp256k1_scalar_split_lambda). b2 = a1.
var (
	glvA1 = mustHex("3086D221A7D46BCDE86C90E49284EB15")
	glvB1 = new(big.Int).Neg(mustHex("E4437ED6010E88286F547FA90ABFE4C3"))
	glvA2 = mustHex("114CA50F7A8E2F3F657C1108D9D44CFD8")
)

// GLVEdgeScalars returns scalars in [0, N) at the edges of the GLV split
// k ≡ k1 + k2·λ (mod N) with |k1|, |k2| < 2¹²⁸, in two parts:
//
//   - fixed: values next to 0, N and N/2, m·λ + d for |m| ≤ 3 and |d| ≤ 2,
//     λ², 2^e + d and N − 2^e − d for |d| ≤ 1 and the powers 2^e that bound
//     a 64-bit limb or a 128-bit half, one limb all ones, 2²⁵⁶ − N and
//     N − (2²⁵⁶ − N), and ± the basis vectors' first coordinates, their sum
//     and their difference;
//   - boundary: count scalars, drawn from r, where one of the split's
//     roundings c = round(k·g/2³⁸⁴), for g1 = round(2³⁸⁴·b2/N) and
//     g2 = round(2³⁸⁴·(−b1)/N), is within two steps of a half-integer
//     (alternately for g1 and g2): there a half of the split is at its
//     largest.
func GLVEdgeScalars(r *rand.Rand, count int) (fixed, boundary []*big.Int) {
	one := big.NewInt(1)
	add := func(v *big.Int) { fixed = append(fixed, new(big.Int).Mod(v, N)) }
	half := new(big.Int).Rsh(N, 1)
	for d := int64(-3); d <= 3; d++ {
		add(big.NewInt(d)) // 0 … 3 and N − 3 … N − 1
		if d >= -1 && d <= 2 {
			add(new(big.Int).Add(half, big.NewInt(d)))
		}
	}
	for m := int64(-3); m <= 3; m++ {
		ml := new(big.Int).Mul(big.NewInt(m), Lambda)
		for d := int64(-2); d <= 2; d++ {
			if m != 0 {
				add(new(big.Int).Add(ml, big.NewInt(d)))
			}
		}
	}
	add(new(big.Int).Mul(Lambda, Lambda))
	for _, e := range []uint{64, 126, 127, 128, 129, 192, 255} {
		p := new(big.Int).Lsh(one, e)
		for d := int64(-1); d <= 1; d++ {
			v := new(big.Int).Add(p, big.NewInt(d))
			add(v)
			add(v.Neg(v))
		}
	}
	// One limb all ones, 2²⁵⁶ − N and N − (2²⁵⁶ − N).
	for i := uint(1); i <= 3; i++ {
		add(new(big.Int).Sub(new(big.Int).Lsh(one, 64*i), new(big.Int).Lsh(one, 64*(i-1))))
	}
	c := new(big.Int).Sub(new(big.Int).Lsh(one, 256), N)
	add(c)
	add(new(big.Int).Sub(N, c))
	a1a2 := new(big.Int).Add(glvA1, glvA2)
	for _, v := range []*big.Int{glvA1, glvA2, a1a2, new(big.Int).Sub(glvA2, glvA1)} {
		add(v)
		add(new(big.Int).Neg(v))
	}

	// k·g ≈ (t + ½)·2³⁸⁴ for a random t up to the rounding's value at
	// N − 1: k = ⌊(t + ½)·2³⁸⁴/g⌋ is the last k below the boundary, and
	// k + d for d in [−1, 2] falls on either side of it.
	round := func(num *big.Int) *big.Int { // round(2³⁸⁴·num/N), half up
		num = new(big.Int).Lsh(num, 384)
		num.Add(num, half)
		return num.Div(num, N)
	}
	gs := [2]*big.Int{round(glvA1), round(new(big.Int).Neg(glvB1))}
	pow383 := new(big.Int).Lsh(one, 383)
	for i := 0; len(boundary) < count; i++ {
		g := gs[i%2]
		maxT := new(big.Int).Sub(N, one)
		maxT.Mul(maxT, g).Add(maxT, pow383).Rsh(maxT, 384)
		k := new(big.Int).Rand(r, maxT)
		k.Lsh(k, 384).Add(k, pow383).Div(k, g)
		k.Add(k, big.NewInt(int64(r.Intn(4)-1)))
		if k.Sign() >= 0 && k.Cmp(N) < 0 {
			boundary = append(boundary, k)
		}
	}
	return fixed, boundary
}
