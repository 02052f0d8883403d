package testref

import (
	"math/big"
	"math/rand"
)

// Scalar test inputs, as integers: edge values, random values that favour
// them, and the edge cases of the GLV split. They serve the tests of
// internal/scalar, of the scalar-multiplication code and of the root
// package's Scalar.

// BigFromLimbs returns the integer with the little-endian 64-bit limbs l.
func BigFromLimbs(l []uint64) *big.Int {
	b := new(big.Int)
	for i := len(l) - 1; i >= 0; i-- {
		b.Lsh(b, 64)
		b.Or(b, new(big.Int).SetUint64(l[i]))
	}
	return b
}

// limbs returns the four little-endian 64-bit limbs of 0 ≤ x < 2²⁵⁶.
func limbs(x *big.Int) [4]uint64 {
	var l [4]uint64
	t := new(big.Int).Set(x)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range l {
		l[i] = new(big.Int).And(t, mask).Uint64()
		t.Rsh(t, 64)
	}
	return l
}

// pow2 returns 2^k.
func pow2(k uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), k) }

var (
	// nl holds the limbs of N.
	nl = limbs(N)
	// c is 2²⁵⁶ − N, the constant of the reduction 2²⁵⁶ ≡ c (mod N).
	c = new(big.Int).Sub(pow2(256), N)
	// Lambda is λ, the cube root of unity mod N with λ·(x, y) = (β·x, y).
	Lambda = BigHex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72")
	// Beta is β, the cube root of unity mod P that goes with Lambda.
	Beta = BigHex("7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE")
)

// scalarEdges are the values of ScalarEdgeValues, built once.
var scalarEdges = func() []*big.Int {
	one, two := big.NewInt(1), big.NewInt(2)
	half := new(big.Int).Rsh(N, 1) // (N − 1)/2
	ones := ^uint64(0)
	vals := []*big.Int{
		big.NewInt(0), one, two, big.NewInt(3),
		new(big.Int).Sub(N, one),    // N − 1
		new(big.Int).Sub(N, two),    // N − 2
		half,                        // (N − 1)/2
		new(big.Int).Add(half, one), // (N + 1)/2
		new(big.Int).Add(half, two), // (N + 3)/2
		pow2(64), pow2(127), pow2(128), pow2(255),
		new(big.Int).Sub(pow2(128), one), // 2¹²⁸ − 1
		new(big.Int).Add(pow2(128), one),
		new(big.Int).Set(c), // 2²⁵⁶ − N
		new(big.Int).Sub(c, one),
		new(big.Int).Sub(N, c),
		new(big.Int).Sub(pow2(64), one),       // limb 0 all ones
		BigFromLimbs([]uint64{0, ones, 0, 0}), // limb 1 all ones
		BigFromLimbs([]uint64{ones, ones, 0, 0}),
		BigFromLimbs([]uint64{0, 0, ones, 0}), // limb 2 all ones
		BigFromLimbs([]uint64{ones, ones, ones, 0}),
		BigFromLimbs([]uint64{0, 0, 0, ones}), // limb 3 all ones
		BigFromLimbs([]uint64{ones, 0, 0, ones}),
		BigFromLimbs([]uint64{ones, 0, nl[2], nl[3]}),
		BigFromLimbs([]uint64{ones, nl[1] - 1, nl[2], nl[3]}),
		BigFromLimbs([]uint64{nl[0], nl[1], nl[2], nl[3] >> 1}),
		new(big.Int).Set(Lambda),
		new(big.Int).Sub(N, Lambda),
	}
	for _, v := range vals {
		if v.Sign() < 0 || v.Cmp(N) >= 0 {
			panic("testref: scalar edge value out of range: " + v.Text(16))
		}
	}
	return vals
}()

// ScalarEdgeValues returns edge values of a scalar, in [0, N): the smallest
// and largest values, the values around (N − 1)/2, powers of two, 2²⁵⁶ − N
// and its neighbours, values with all-ones limbs or with limbs of N, and λ
// and N − λ. The slice and the integers are the caller's.
func ScalarEdgeValues() []*big.Int {
	out := make([]*big.Int, len(scalarEdges))
	for i, v := range scalarEdges {
		out[i] = new(big.Int).Set(v)
	}
	return out
}

// ScalarOverflowValues returns 256-bit values not less than N, which a
// canonical scalar decoding must reject: N, N + 1, N + 2, 2²⁵⁶ − 1, and the
// smallest values above N in limb 2 only and in limb 1 only.
func ScalarOverflowValues() []*big.Int {
	one := big.NewInt(1)
	return []*big.Int{
		new(big.Int).Set(N), new(big.Int).Add(N, one), new(big.Int).Add(N, big.NewInt(2)),
		new(big.Int).Sub(pow2(256), one),
		BigFromLimbs([]uint64{0, 0, nl[2] + 1, nl[3]}),
		BigFromLimbs([]uint64{0, nl[1] + 1, nl[2], nl[3]}),
	}
}

// ScalarLimbPattern returns a 64-bit limb that is an edge case for limb i
// (0 ≤ i < 4) of a scalar (0, 1, all ones, all ones but the lowest bit,
// limb i of N and its neighbours, 2⁶³), or, with probability 1/5, a uniform
// one.
func ScalarLimbPattern(r *rand.Rand, i int) uint64 {
	switch r.Intn(10) {
	case 0:
		return 0
	case 1:
		return 1
	case 2:
		return ^uint64(0)
	case 3:
		return ^uint64(0) - 1
	case 4:
		return nl[i]
	case 5:
		return nl[i] - 1
	case 6:
		return nl[i] + 1
	case 7:
		return 1 << 63
	default:
		return r.Uint64()
	}
}

// RandomScalar returns a value in [0, N) that is, with probability 1/2,
// uniform up to the reduction mod N, and otherwise one of ScalarEdgeValues
// or a value built from ScalarLimbPattern limbs.
func RandomScalar(r *rand.Rand) *big.Int {
	var l [4]uint64
	switch r.Intn(4) {
	case 0:
		return new(big.Int).Set(scalarEdges[r.Intn(len(scalarEdges))])
	case 1:
		for i := range l {
			l[i] = ScalarLimbPattern(r, i)
		}
	default:
		for i := range l {
			l[i] = r.Uint64()
		}
	}
	v := BigFromLimbs(l[:])
	return v.Mod(v, N)
}

// The GLV split (Gallant, Lambert, Vanstone): k ≡ k1 + k2·λ (mod N) with
// short k1, k2, from the reduced lattice basis {(GLVA1, GLVB1),
// (GLVA2, GLVB2)} of Guide to Elliptic Curve Cryptography, Algorithm 3.74:
// a + b·λ ≡ 0 (mod N) and a1·b2 − a2·b1 = N. The split computes
// c1 = RoundShift384(k, GLVG1) ≈ k·b2/N and c2 = RoundShift384(k, GLVG2)
// ≈ −k·b1/N.
var (
	GLVA1 = BigHex("3086D221A7D46BCDE86C90E49284EB15")
	GLVB1 = new(big.Int).Neg(BigHex("E4437ED6010E88286F547FA90ABFE4C3"))
	GLVA2 = BigHex("114CA50F7A8E2F3F657C1108D9D44CFD8")
	GLVB2 = BigHex("3086D221A7D46BCDE86C90E49284EB15")
	// GLVG1 = round(2³⁸⁴·b2/N) and GLVG2 = round(2³⁸⁴·(−b1)/N).
	GLVG1 = roundDivN(GLVB2)
	GLVG2 = roundDivN(new(big.Int).Neg(GLVB1))
)

// roundDivN returns round(2³⁸⁴·x/N), half up.
func roundDivN(x *big.Int) *big.Int {
	v := new(big.Int).Lsh(x, 384)
	v.Add(v, new(big.Int).Rsh(N, 1))
	return v.Div(v, N)
}

// RoundShift384 returns round(k·g/2³⁸⁴), half up.
func RoundShift384(k, g *big.Int) *big.Int {
	v := new(big.Int).Mul(k, g)
	v.Add(v, pow2(383))
	return v.Rsh(v, 384)
}

// GLVEdgeScalars returns the edge cases of the GLV split, in [0, N):
// GLVFixedEdgeScalars, then GLVBoundaryScalars(r, 200).
func GLVEdgeScalars(r *rand.Rand) []*big.Int {
	return append(GLVFixedEdgeScalars(), GLVBoundaryScalars(r, 200)...)
}

// GLVFixedEdgeScalars returns the fixed edge cases of the GLV split, in
// [0, N): the values of ScalarEdgeValues, multiples and near multiples of λ,
// λ², powers of two and their negations with their neighbours, and the
// basis vectors' first coordinates, their sum and difference and their
// negations.
func GLVFixedEdgeScalars() []*big.Int {
	var out []*big.Int
	add := func(v *big.Int) {
		out = append(out, new(big.Int).Mod(v, N))
	}
	out = append(out, ScalarEdgeValues()...)
	for m := int64(-3); m <= 3; m++ {
		ml := new(big.Int).Mul(big.NewInt(m), Lambda)
		for d := int64(-2); d <= 2; d++ {
			add(new(big.Int).Add(ml, big.NewInt(d)))
		}
	}
	add(new(big.Int).Mul(Lambda, Lambda)) // λ²
	for _, e := range []uint{126, 127, 128, 129, 192, 255} {
		for d := int64(-1); d <= 1; d++ {
			add(new(big.Int).Add(pow2(e), big.NewInt(d)))
			add(new(big.Int).Sub(N, new(big.Int).Add(pow2(e), big.NewInt(d))))
		}
	}
	for _, v := range []*big.Int{GLVA1, GLVA2, new(big.Int).Add(GLVA1, GLVA2),
		new(big.Int).Sub(GLVA2, GLVA1)} {
		add(v)
		add(new(big.Int).Neg(v))
	}
	return out
}

// GLVBoundaryScalars returns, for each of GLVG1 and GLVG2, rounds values of
// k drawn with r where k·g/2³⁸⁴ is within 1/g of a rounding boundary (…½),
// each with its neighbours k − 1, k + 1 and k + 2 (those in [0, N)): there
// a half of the split is at its largest.
func GLVBoundaryScalars(r *rand.Rand, rounds int) []*big.Int {
	var out []*big.Int
	// k·g ≈ (t + ½)·2³⁸⁴.
	for _, g := range []*big.Int{GLVG1, GLVG2} {
		maxT := RoundShift384(new(big.Int).Sub(N, big.NewInt(1)), g)
		for range rounds {
			tv := new(big.Int).Rand(r, maxT)
			target := new(big.Int).Lsh(tv, 384)
			target.Add(target, pow2(383))
			k := new(big.Int).Div(target, g) // k·g ≤ target < (k+1)·g
			for d := int64(-1); d <= 2; d++ {
				kd := new(big.Int).Add(k, big.NewInt(d))
				if kd.Sign() >= 0 && kd.Cmp(N) < 0 {
					out = append(out, kd)
				}
			}
		}
	}
	return out
}
