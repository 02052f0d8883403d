package frostcore

import (
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Feldman's verifiable secret sharing: a dealer (or each participant of a
// DKG) publishes the commitment C_0..C_{t−1}, C_j = a_j·G, to its secret
// polynomial f(x) = a_0 + a_1·x + … + a_{t−1}·x^(t−1), and the share f(x_i)
// of participant i is checked against it: f(x_i)·G = Σ x_i^j·C_j. C_0 is the
// commitment to the secret a_0, the threshold public key.

// Commit sets out[j] = coeffs[j]·G, the Feldman commitment to the
// polynomial with coefficients coeffs, and returns out. Constant time in the
// coefficients. It panics if the lengths differ.
func Commit(out []group.Jacobian, coeffs []scalar.Scalar) []group.Jacobian {
	if len(out) != len(coeffs) {
		panic("frostcore: Commit with slices of different lengths")
	}
	for j := range coeffs {
		ecmult.ScalarBaseMult(&out[j], &coeffs[j])
	}
	return out
}

// powers returns the scalars 1, x, x², …, x^(k−1) and pointers to them and
// to the points of c, for one multi-scalar multiplication.
func powers(c []group.Jacobian, x *scalar.Scalar) ([]*scalar.Scalar, []*group.Jacobian) {
	k := len(c)
	pw := make([]scalar.Scalar, k)
	sp := make([]*scalar.Scalar, k)
	pp := make([]*group.Jacobian, k)
	for j := range k {
		if j == 0 {
			pw[0].SetUint64(1)
		} else {
			pw[j].Multiply(&pw[j-1], x)
		}
		sp[j], pp[j] = &pw[j], &c[j]
	}
	return sp, pp
}

// VarTimeEvaluateCommitment sets out = Σ x^j·c[j], the commitment c
// evaluated at x: the public share f(x)·G of the participant at x. It
// returns false if the multi-scalar multiplication detected an invalid
// point (see ecmult.VarTimeMultiScalarMult), and true otherwise. Variable
// time: c and x are public.
//
// It takes the cheaper of two methods by their count of doublings, the
// dominant cost: Horner's rule in the exponent, (…(c[k−1]·x + c[k−2])·x +
// …)·x + c[0], costs (k − 1)·bitlen(x) doublings, few for the small x of
// identifiers; one multi-scalar multiplication of the c[j] by the powers
// x^j costs about 128 doublings (GLV halves) whatever k is, plus additions
// per point. Horner is used while (k − 1)·bitlen(x) ≤ 128.
func VarTimeEvaluateCommitment(out *group.Jacobian, c []group.Jacobian, x *scalar.Scalar) bool {
	if useHorner(len(c), x) {
		return varTimeHorner(out, c, x)
	}
	sp, pp := powers(c, x)
	sum, ok := ecmult.VarTimeMultiScalarMult(sp, pp, nil)
	*out = sum
	return ok
}

// useHorner reports whether Horner's rule costs at most 128 doublings for
// a commitment of k points at x (VarTimeEvaluateCommitment).
func useHorner(k int, x *scalar.Scalar) bool {
	l := x.Limbs()
	if l[1]|l[2]|l[3] != 0 {
		return k <= 1
	}
	return (k-1)*bits.Len64(l[0]) <= 128
}

// varTimeHorner sets out = Σ x^j·c[j] by Horner's rule in the exponent,
// and returns false if a multiplication detected an invalid point.
func varTimeHorner(out *group.Jacobian, c []group.Jacobian, x *scalar.Scalar) bool {
	var acc group.Jacobian // the identity for the empty commitment
	if len(c) > 0 {
		acc = c[len(c)-1]
	}
	xs := []*scalar.Scalar{x}
	for j := len(c) - 2; j >= 0; j-- {
		prod, ok := ecmult.VarTimeMultiScalarMult(xs, []*group.Jacobian{&acc}, nil)
		if !ok {
			return false
		}
		acc.VarTimeAdd(&prod, &c[j])
	}
	*out = acc
	return true
}

// VarTimeVerifyShare reports whether share·G = Σ x^j·c[j]: whether share is
// the value at x of the polynomial that c commits to. It evaluates the
// commitment as VarTimeEvaluateCommitment does (variable time in c and x,
// which are public) and compares it with share·G, which it computes in
// constant time from the precomputed tables of G: the share is secret to
// its holder, who calls this to check what the dealer sent, so it never
// enters a variable-time multiplication. It returns false for an empty
// commitment.
func VarTimeVerifyShare(share, x *scalar.Scalar, c []group.Jacobian) bool {
	if len(c) == 0 {
		return false
	}
	var sg, e group.Jacobian
	ecmult.ScalarBaseMult(&sg, share)
	return VarTimeEvaluateCommitment(&e, c, x) && e.Equal(&sg) == 1
}

// VarTimeSumCommitments sets out[j] = Σ_i cs[i][j], the commitment to the
// sum of the polynomials that the cs commit to (a DKG's joint commitment),
// and returns out. It panics unless every cs[i] has len(out) points.
// Variable time: commitments are public.
func VarTimeSumCommitments(out []group.Jacobian, cs [][]group.Jacobian) []group.Jacobian {
	for j := range out {
		out[j].Identity()
	}
	for _, c := range cs {
		if len(c) != len(out) {
			panic("frostcore: VarTimeSumCommitments with commitments of different lengths")
		}
		for j := range c {
			out[j].VarTimeAdd(&out[j], &c[j])
		}
	}
	return out
}
