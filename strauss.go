package secp256k1

import "github.com/kestrel-crypto/secp256k1/internal/group"

// VarTimeDoubleScalarBaseMult sets v = a·A + b·G and returns v. It is not
// constant time: use it only with public inputs, as in signature verification.
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	checkInitialized(A)
	var r, s group.Jacobian
	scalarMultWindow4(&r, a, &A.p)
	scalarMultWindow4(&s, b, &generator)
	r.VarTimeAdd(&r, &s)
	return v.setJacobian(&r)
}
