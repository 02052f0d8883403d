//go:build secp256k1debug

package secp256k1

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug/debugtest"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The secp256k1debug checks fire: each case breaks an invariant on purpose
// and expects the panic.

func TestDebugChecks(t *testing.T) {
	var one, s Scalar
	one.SetUint64(1)
	big := Scalar{l: [4]uint64{n0, n1, n2, n3}} // n itself: not reduced
	debugtest.ExpectPanic(t, "secp256k1debug: Scalar.Add: scalar not below n", func() {
		s.Add(&big, &one)
	})
	debugtest.ExpectPanic(t, "secp256k1debug: Scalar.Multiply: scalar not below n", func() {
		s.Multiply(&one, &big)
	})
	debugtest.ExpectPanic(t, "secp256k1debug: Scalar.Bytes: scalar not below n", func() {
		big.Bytes()
	})
	debugtest.ExpectPanic(t, "secp256k1debug: Scalar.Select: condition is not 0 or 1", func() {
		s.Select(&one, &one, 2)
	})

	// A split that does not recombine to k.
	var k Scalar
	k.SetUint64(12345)
	k1, k2 := splitGLV(&k)
	k2.Add(&k2, &one)
	debugtest.ExpectPanic(t, "secp256k1debug: splitGLV: k1 + k2·λ ≠ k", func() {
		checkGLV(&k, &k1, &k2)
	})

	// Recodings with a digit changed.
	var naf [257]int32
	length := varTimeWNAF(&naf, &k, 5)
	naf[0] += 2
	debugtest.ExpectPanic(t, "secp256k1debug: varTimeWNAF: digits do not sum to k", func() {
		checkWNAF(&naf, &k, 5, length)
	})
	naf[0] = 16
	debugtest.ExpectPanic(t, "secp256k1debug: varTimeWNAF: digit even or out of range", func() {
		checkWNAF(&naf, &k, 5, length)
	})
	out := make([]int8, 52)
	signedDigits(out, &k, 5)
	out[1] = 17
	debugtest.ExpectPanic(t, "secp256k1debug: signedDigits: digit out of range", func() {
		checkSignedDigits(out, &k, 5)
	})

	// A Point that is not on secp256k1, at the API boundary.
	var bad Point
	bad.p.X.SetUint64(1)
	bad.p.Y.SetUint64(1)
	bad.p.Z.SetUint64(1)
	debugtest.ExpectPanic(t, "secp256k1debug: Point.input: point not on secp256k1", func() {
		new(Point).Double(&bad)
	})
	var j group.Jacobian
	j.X.SetUint64(1)
	j.Y.SetUint64(1)
	j.Z.SetUint64(1)
	debugtest.ExpectPanic(t, "secp256k1debug: Point.result: point not on secp256k1", func() {
		new(Point).setJacobian(&j)
	})
}
