//go:build kestrel_debug

package scalar

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug/debugtest"
)

// The kestrel_debug checks fire: each case breaks an invariant on purpose
// and expects the panic.

func TestDebugChecks(t *testing.T) {
	var one, s Scalar
	one.SetUint64(1)
	big := Scalar{l: [4]uint64{n0, n1, n2, n3}} // n itself: not reduced
	debugtest.ExpectPanic(t, "kestrel_debug: Scalar.Add: scalar not below n", func() {
		s.Add(&big, &one)
	})
	debugtest.ExpectPanic(t, "kestrel_debug: Scalar.Multiply: scalar not below n", func() {
		s.Multiply(&one, &big)
	})
	debugtest.ExpectPanic(t, "kestrel_debug: Scalar.PutBytes: scalar not below n", func() {
		var out [32]byte
		big.PutBytes(&out)
	})
	debugtest.ExpectPanic(t, "kestrel_debug: Scalar.Select: condition is not 0 or 1", func() {
		s.Select(&one, &one, 2)
	})
	debugtest.ExpectPanic(t, "kestrel_debug: Scalar.CondNegate: condition is not 0 or 1", func() {
		s.CondNegate(-1)
	})

	// A split that does not recombine to k.
	var k Scalar
	k.SetUint64(12345)
	k1, k2 := SplitGLV(&k)
	k2.Add(&k2, &one)
	debugtest.ExpectPanic(t, "kestrel_debug: SplitGLV: k1 + k2·λ ≠ k", func() {
		checkGLV(&k, &k1, &k2)
	})

	// Recodings with a digit changed.
	var naf [257]int32
	length := VarTimeWNAF(&naf, &k, 5)
	naf[0] += 2
	debugtest.ExpectPanic(t, "kestrel_debug: VarTimeWNAF: digits do not sum to k", func() {
		checkWNAF(&naf, &k, 5, length)
	})
	naf[0] = 16
	debugtest.ExpectPanic(t, "kestrel_debug: VarTimeWNAF: digit even or out of range", func() {
		checkWNAF(&naf, &k, 5, length)
	})
	out := make([]int8, 52)
	SignedDigits(out, &k, 5)
	out[1] = 17
	debugtest.ExpectPanic(t, "kestrel_debug: SignedDigits: digit out of range", func() {
		checkSignedDigits(out, &k, 5)
	})
}
