//go:build amd64

package secp256k1

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for the
// constant-time Scalar methods and scalar multiplications of this package
// (internal/testkit/ctcheck; docs/constant-time.md, "Disassembly checks"); the
// scalar arithmetic, GLV split and recodings are checked in
// internal/scalar, the engines behind the scalar multiplications in
// internal/ecmult. Each public condition is listed with the reason it is
// public.
func TestCompiledConstantTime(t *testing.T) {
	zeroKey := []string{"if k == nil || k.s.IsZero() == 1 {"}
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		// The Scalar methods, wrappers of internal/scalar: no branch at all.
		{Name: "secp256k1.(*Scalar).Set"},
		{Name: "secp256k1.(*Scalar).SetUint64"},
		{Name: "secp256k1.(*Scalar).Select"},
		{Name: "secp256k1.(*Scalar).Add"},
		{Name: "secp256k1.(*Scalar).Subtract"},
		{Name: "secp256k1.(*Scalar).Negate"},
		{Name: "secp256k1.(*Scalar).Multiply"},
		{Name: "secp256k1.(*Scalar).Square"},
		{Name: "secp256k1.(*Scalar).Invert"},
		{Name: "secp256k1.(*Scalar).Equal"},
		{Name: "secp256k1.(*Scalar).IsZero"},
		{Name: "secp256k1.(*Scalar).IsHigh"},
		{Name: "secp256k1.(*Scalar).Bytes"},
		// Decoders: the length is public, and so is whether the value is
		// accepted (docs/design.md, rule 5).
		{Name: "secp256k1.(*Scalar).SetReducedBytes", Public: []string{"len(b) != 32"}},
		{Name: "secp256k1.(*Scalar).SetUniformBytes", Public: []string{"len(b) != 64"}},
		{Name: "secp256k1.(*Scalar).SetCanonicalBytes", Public: []string{"len(b) != 32", "err != nil"}},
		// k·P. checkInitialized panics on an all-zero, uninitialised
		// Point: a programmer error, never taken for a valid point, secret
		// or not.
		{Name: "secp256k1.checkInitialized", Public: []string{
			"for _, p := range points",
			"p.p.X.IsZero()&p.p.Y.IsZero()&p.p.Z.IsZero() == 1",
		}},
		{Name: "secp256k1.(*Point).ScalarMult"},
		{Name: "secp256k1.(*Point).ScalarBaseMult"}, // k·G
		// Points and keys.
		{Name: "secp256k1.(*Point).setJacobian"},
		{Name: "secp256k1.(*Point).affine"},
		{Name: "secp256k1.(*Point).Add"},
		{Name: "secp256k1.(*Point).Subtract"},
		{Name: "secp256k1.(*Point).Negate"},
		{Name: "secp256k1.(*Point).Double"},
		{Name: "secp256k1.(*Point).Equal"},
		{Name: "secp256k1.(*Point).IsIdentity"},
		// mustValid panics on the zero value, which is not a key: never
		// taken for a key, secret or not.
		{Name: "secp256k1.(*PrivateKey).PublicKey", Public: zeroKey},
		// Equal also branches on the dynamic type of its argument, which
		// is not a secret.
		{Name: "secp256k1.(*PrivateKey).Equal", Public: append(zeroKey, "j, ok := x.(*PrivateKey)", "if !ok {")},
		{Name: "secp256k1.(*PrivateKey).Negate", Public: zeroKey},
	})
}
