package frostcore

import "github.com/kestrel-crypto/secp256k1/internal/scalar"

// EvaluatePolynomial sets out = f(x) = coeffs[0] + coeffs[1]·x + … +
// coeffs[k−1]·x^(k−1) by Horner's rule (k − 1 multiplications) and returns
// out; the empty polynomial is 0. It is constant time in the coefficients
// and in x (its time depends on len(coeffs) only), so it evaluates secret
// polynomials: a Shamir share is f(x) at the participant's x, the secret is
// f(0) = coeffs[0].
func EvaluatePolynomial(out *scalar.Scalar, coeffs []scalar.Scalar, x *scalar.Scalar) *scalar.Scalar {
	var acc scalar.Scalar
	xv := *x // out may alias x
	for j := len(coeffs) - 1; j >= 0; j-- {
		acc.Multiply(&acc, &xv)
		acc.Add(&acc, &coeffs[j])
	}
	*out = acc
	acc = scalar.Scalar{}
	return out
}
