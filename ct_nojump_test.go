//go:build amd64

package secp256k1

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for the
// constant-time scalar arithmetic, recodings and scalar multiplications of
// this package (internal/ctcheck; docs/constant-time.md, "Disassembly
// checks"); internal/ecmult's test checks the engines behind the scalar
// multiplications. Each public condition is listed with the reason it is
// public.
func TestCompiledConstantTime(t *testing.T) {
	// wideBitsFrom, inlined into signedDigits: its loop is over the limbs,
	// and bit is public.
	wideBits := []string{"for i := uint(0); i < 4; i++", "case 64*i >= bit", "case 64*i+64 > bit"}
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		// Scalar arithmetic: no branch at all.
		{Name: "secp256k1.(*Scalar).Set"},
		{Name: "secp256k1.(*Scalar).SetUint64"},
		{Name: "secp256k1.(*Scalar).Select"},
		{Name: "secp256k1.(*Scalar).condNegate"},
		{Name: "secp256k1.(*Scalar).Add"},
		{Name: "secp256k1.(*Scalar).Subtract"},
		{Name: "secp256k1.(*Scalar).Negate"},
		{Name: "secp256k1.(*Scalar).Multiply"},
		{Name: "secp256k1.(*Scalar).Square"},
		{Name: "secp256k1.(*Scalar).Invert"},
		{Name: "secp256k1.(*Scalar).Equal"},
		{Name: "secp256k1.(*Scalar).IsZero"},
		{Name: "secp256k1.(*Scalar).IsHigh"},
		{Name: "secp256k1.(*Scalar).isOdd"},
		{Name: "secp256k1.isZeroWord"},
		{Name: "secp256k1.reduceOnce"},
		{Name: "secp256k1.mul512"},
		{Name: "secp256k1.square512"},
		{Name: "secp256k1.reduce512"},
		{Name: "secp256k1.(*Scalar).bytes"},
		// Decoders: the length is public, and so is whether the value is
		// accepted (docs/design.md, rule 5).
		{Name: "secp256k1.(*Scalar).SetReducedBytes", Public: []string{"len(b) != 32"}},
		{Name: "secp256k1.(*Scalar).SetUniformBytes", Public: []string{"len(b) != 64"}},
		{Name: "secp256k1.(*Scalar).SetCanonicalBytes", Public: []string{"len(b) != 32", "borrow == 0"}},
		// GLV split and recoding.
		{Name: "secp256k1.splitGLV"},
		{Name: "secp256k1.splitGLVSigned"},
		{Name: "secp256k1.mulShift384"},
		{Name: "secp256k1.mul128"},
		{Name: "secp256k1.wnafBits"},
		{Name: "secp256k1.signedDigits", Public: append([]string{
			"w < 1 || w > 7",     // the window width, a constant of the caller
			"for i := range out", // the digit count, likewise
			"if pos < 256",       // pos = i·w
			"if i == last",       // the top digit
			// The panic for a scalar too wide for len(out) depends on k,
			// but is never taken for the callers' scalars (|k1|, |k2| <
			// 2¹²⁸ with 26 digits of 5 bits), so its direction is constant.
			"total == 0 || (total",
		}, wideBits...)},
		{Name: "secp256k1.wideBitsFrom", Public: wideBits},
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
		{Name: "secp256k1.(*PrivateKey).PublicKey"},
		{Name: "secp256k1.(*PrivateKey).Equal"},
		{Name: "secp256k1.(*PrivateKey).Negate"},
	})
}
