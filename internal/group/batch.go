package group

import "github.com/kestrel-crypto/secp256k1/internal/field"

// BatchSetJacobian sets out[i] to the affine form of in[i] with one
// constant-time inversion for the whole batch (Montgomery's trick:
// 3(n−1)M + 1 inversion, plus 3M + 1S per point). No input may be the
// identity: the result is then unspecified (garbage, but no panic), and the
// running time never depends on the values. scratch must be at least
// len(in) long; out at least len(in).
func BatchSetJacobian(out []Affine, in []Jacobian, scratch []field.Element) {
	n := len(in)
	if n == 0 {
		return
	}
	_, _ = out[n-1], scratch[n-1]
	scratch[0] = in[0].Z
	for i := 1; i < n; i++ {
		scratch[i].Multiply(&scratch[i-1], &in[i].Z)
	}
	var inv, zi, zi2 field.Element
	inv.Invert(&scratch[n-1])
	for i := n - 1; i > 0; i-- {
		zi.Multiply(&inv, &scratch[i-1]) // Zᵢ⁻¹
		inv.Multiply(&inv, &in[i].Z)     // (Z₀…Zᵢ₋₁)⁻¹
		zi2.Square(&zi)
		out[i].X.Multiply(&in[i].X, &zi2)
		zi2.Multiply(&zi2, &zi)
		out[i].Y.Multiply(&in[i].Y, &zi2)
	}
	zi2.Square(&inv)
	out[0].X.Multiply(&in[0].X, &zi2)
	zi2.Multiply(&zi2, &inv)
	out[0].Y.Multiply(&in[0].Y, &zi2)
}
