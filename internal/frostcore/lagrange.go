package frostcore

import "github.com/kestrel-crypto/secp256k1/internal/scalar"

// VarTimeBatchInvert sets out[i] = 1/in[i] mod n for every i, with one
// inversion and 3(len(in) − 1) multiplications (Montgomery's trick), and
// returns true; out and in may be the same slice. If some in[i] is zero it
// returns false and out is unspecified. It panics if the lengths differ.
// Variable time: use it with public values only.
func VarTimeBatchInvert(out, in []scalar.Scalar) bool {
	if len(out) != len(in) {
		panic("frostcore: VarTimeBatchInvert with slices of different lengths")
	}
	if len(in) == 0 {
		return true
	}
	// prefix[i] = in[0]·…·in[i].
	prefix := make([]scalar.Scalar, len(in))
	prefix[0] = in[0]
	for i := 1; i < len(in); i++ {
		prefix[i].Multiply(&prefix[i-1], &in[i])
	}
	var inv scalar.Scalar
	if prefix[len(in)-1].IsZero() == 1 {
		return false
	}
	inv.VarTimeInvert(&prefix[len(in)-1]) // (in[0]·…·in[k])⁻¹
	for i := len(in) - 1; i > 0; i-- {
		var t scalar.Scalar
		t.Multiply(&inv, &prefix[i-1]) // in[i]⁻¹
		inv.Multiply(&inv, &in[i])     // (in[0]·…·in[i−1])⁻¹; before out[i] is written, as out may alias in
		out[i] = t
	}
	out[0] = inv
	return true
}

// VarTimeLagrangeCoefficients sets out[i] to the Lagrange coefficient at 0
// of xs[i] within xs,
//
//	λ_i = Π_{j≠i} xs[j] / (xs[j] − xs[i])  (mod n),
//
// so that f(0) = Σ λ_i·f(xs[i]) for every polynomial f of degree less than
// len(xs). It returns true, or false (out unspecified) if two xs are equal.
// It takes one inversion (VarTimeBatchInvert) and about len(xs)²
// multiplications. It panics if the lengths differ. Variable time: the xs
// are public (identifiers).
func VarTimeLagrangeCoefficients(out, xs []scalar.Scalar) bool {
	u := len(xs)
	if len(out) != u {
		panic("frostcore: VarTimeLagrangeCoefficients with slices of different lengths")
	}
	den := make([]scalar.Scalar, u)
	var one, d scalar.Scalar
	one.SetUint64(1)
	for i := range xs {
		den[i] = one
		for j := range xs {
			if j != i {
				d.Subtract(&xs[j], &xs[i])
				den[i].Multiply(&den[i], &d)
			}
		}
	}
	if !VarTimeBatchInvert(den, den) {
		return false
	}
	// num_i = Π_{j≠i} xs[j] from prefix and suffix products, no inversion
	// (xs[i] may be 0).
	acc := one
	for i := range xs { // out[i] = xs[0]·…·xs[i−1]
		out[i] = acc
		acc.Multiply(&acc, &xs[i])
	}
	acc = one
	for i := u - 1; i >= 0; i-- { // times xs[i+1]·…·xs[u−1]
		out[i].Multiply(&out[i], &acc)
		acc.Multiply(&acc, &xs[i])
		out[i].Multiply(&out[i], &den[i])
	}
	return true
}

// VarTimeLagrangeCoefficient sets out to the Lagrange coefficient at 0 of
// xs[i] within xs (see VarTimeLagrangeCoefficients) with one inversion, and
// returns true, or false (out unchanged) if two xs are equal. It panics if
// i is out of range. Variable time: the xs are public.
func VarTimeLagrangeCoefficient(out *scalar.Scalar, xs []scalar.Scalar, i int) bool {
	var num, den, d scalar.Scalar
	num.SetUint64(1)
	den.SetUint64(1)
	xi := xs[i]
	for j := range xs {
		if j == i {
			continue
		}
		num.Multiply(&num, &xs[j])
		d.Subtract(&xs[j], &xi)
		den.Multiply(&den, &d)
	}
	if den.IsZero() == 1 {
		return false
	}
	den.VarTimeInvert(&den)
	out.Multiply(&num, &den)
	return true
}
