package group

import "github.com/kestrel-crypto/secp256k1/internal/field"

// BatchSetJacobian sets out[i] to the affine form of in[i] with one
// constant-time inversion for the whole batch (Montgomery's trick:
// 3(n−1)M + 1 inversion, plus 3M + 1S per point). No input may be the
// identity: the result is then unspecified (garbage, but no panic), and the
// running time never depends on the values. scratch must be at least
// len(in) long; out at least len(in).
func BatchSetJacobian(out []Affine, in []Jacobian, scratch []field.Element) {
	batchSetJacobian(out, in, scratch, false)
}

// VarTimeBatchSetJacobian is BatchSetJacobian with a variable-time
// inversion. It returns false, leaving out unspecified, if any input is the
// identity. It panics if len(out) < len(in). scratch, if at least len(in)
// long, is used for the prefix products; otherwise one is allocated.
func VarTimeBatchSetJacobian(out []Affine, in []Jacobian, scratch []field.Element) bool {
	if len(scratch) < len(in) {
		scratch = make([]field.Element, len(in))
	}
	return batchSetJacobian(out, in, scratch, true)
}

// batchSetJacobian is the body of both: it returns false if the product of
// the Z coordinates is zero (some input is the identity). varTime is a
// public choice of inversion (a flag, not a function value: a call through a
// function value would make the temporaries escape to the heap).
func batchSetJacobian(out []Affine, in []Jacobian, scratch []field.Element, varTime bool) bool {
	n := len(in)
	if n == 0 {
		return true
	}
	_, _ = out[n-1], scratch[n-1]
	// scratch[i] = Z₀·Z₁·…·Zᵢ.
	scratch[0] = in[0].Z
	for i := 1; i < n; i++ {
		scratch[i].Multiply(&scratch[i-1], &in[i].Z)
	}
	ok := scratch[n-1].IsZero() ^ 1
	var inv, zi, zi2 field.Element
	if varTime {
		inv.VarTimeInvert(&scratch[n-1]) // (Z₀…Zₙ₋₁)⁻¹
	} else {
		inv.Invert(&scratch[n-1])
	}
	for i := n - 1; i >= 0; i-- {
		if i > 0 {
			zi.Multiply(&inv, &scratch[i-1]) // Zᵢ⁻¹
			inv.Multiply(&inv, &in[i].Z)     // (Z₀…Zᵢ₋₁)⁻¹
		} else {
			zi = inv
		}
		zi2.Square(&zi)
		out[i].X.Multiply(&in[i].X, &zi2)
		zi2.Multiply(&zi2, &zi)
		out[i].Y.Multiply(&in[i].Y, &zi2)
	}
	return ok == 1
}
