//go:build amd64

package scalar

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for the
// constant-time scalar arithmetic, GLV split and recodings
// (internal/testkit/ctcheck; docs/constant-time.md, "Disassembly checks"). Each
// public condition is listed with the reason it is public.
func TestCompiledConstantTime(t *testing.T) {
	// wideBitsFrom, inlined into SignedDigits: its loop is over the limbs,
	// and bit is public.
	wideBits := []string{"for i := uint(0); i < 4; i++", "case 64*i >= bit", "case 64*i+64 > bit"}
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		// Arithmetic: no branch at all.
		{Name: "scalar.(*Scalar).Set"},
		{Name: "scalar.(*Scalar).SetUint64"},
		{Name: "scalar.(*Scalar).SetUint128"},
		{Name: "scalar.(*Scalar).Limbs"},
		{Name: "scalar.(*Scalar).Select"},
		{Name: "scalar.(*Scalar).CondNegate"},
		{Name: "scalar.(*Scalar).Add"},
		{Name: "scalar.(*Scalar).Subtract"},
		{Name: "scalar.(*Scalar).Negate"},
		{Name: "scalar.(*Scalar).Multiply"},
		{Name: "scalar.(*Scalar).Square"},
		{Name: "scalar.(*Scalar).Invert"},
		{Name: "scalar.(*Scalar).Equal"},
		{Name: "scalar.(*Scalar).IsZero"},
		{Name: "scalar.(*Scalar).IsHigh"},
		{Name: "scalar.(*Scalar).IsOdd"},
		{Name: "scalar.isZeroWord"},
		{Name: "scalar.reduceOnce"},
		{Name: "scalar.mul512"},
		{Name: "scalar.square512"},
		{Name: "scalar.reduce512"},
		{Name: "scalar.(*Scalar).PutBytes"},
		// Decoders: the inputs are arrays, and whether the value is
		// accepted is public (docs/design.md, rule 5).
		{Name: "scalar.limbsFromBytes"},
		{Name: "scalar.(*Scalar).SetReducedBytes"},
		{Name: "scalar.(*Scalar).SetUniformBytes"},
		{Name: "scalar.(*Scalar).SetCanonicalBytes", Public: []string{"borrow == 0"}},
		// GLV split and recoding.
		{Name: "scalar.SplitGLV"},
		{Name: "scalar.SplitGLVSigned"},
		{Name: "scalar.mulShift384"},
		{Name: "scalar.mul128"},
		{Name: "scalar.wnafBits"},
		{Name: "scalar.SignedDigits", Public: append([]string{
			"w < 1 || w > 7",     // the window width, a constant of the caller
			"for i := range out", // the digit count, likewise
			"if pos < 256",       // pos = i·w
			"if i == last",       // the top digit
			// The panic for a scalar too wide for len(out) depends on k,
			// but is never taken for the callers' scalars (|k1|, |k2| <
			// 2¹²⁸ with 26 digits of 5 bits), so its direction is constant.
			"total == 0 || (total",
		}, wideBits...)},
		{Name: "scalar.wideBitsFrom", Public: wideBits},
	})
}
