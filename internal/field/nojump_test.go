//go:build amd64

package field

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// Disassembly checks of the constant-time field code (internal/testkit/ctcheck,
// docs/constant-time.md, "Disassembly checks"), in the manner of
// internal/group's TestAssemblyConstantTime.

// TestAssemblyConstantTime checks the MULX/ADX assembly of fe_amd64.s. Its
// only conditional jumps are on public arguments: the backend flag adx
// (tail call to the generic code) and, in feSquareNADX and feSquareN2ADX,
// the repetition count n (the n ≤ 0 fallback and the loop). No memory
// operand is indexed.
func TestAssemblyConstantTime(t *testing.T) {
	ctcheck.CheckAssembly(t, "fe_amd64.s",
		[]string{"feMulADX", "feSquareADX", "feSquareNADX", "feSquareN2ADX"},
		[]string{"adx", "n"})
}

// compiledCT lists the constant-time Go functions of the package with the
// public conditions of their branches.
var compiledCT = []ctcheck.Func{
	// Selection, masks and predicates: no branch at all.
	{Name: "field.(*Element).Select"},
	{Name: "field.(*Element).OrMask"},
	{Name: "field.(*Element).Swap", Public: []string{
		"for i := range v.l", // four limbs
	}},
	{Name: "field.(*Element).CondNegate"},
	{Name: "field.(*Element).reduce"},
	{Name: "field.(*Element).Normalize"},
	{Name: "field.(*Element).isCanonical"},
	{Name: "field.(*Element).Equal"},
	{Name: "field.(*Element).IsZero"},
	{Name: "field.(*Element).IsOdd"},
	{Name: "field.isZero64"},
	{Name: "field.add256"},
	// Encoding.
	{Name: "field.(*Element).SetBytes"},
	{Name: "field.(*Element).PutBytes"},
	{Name: "field.(*Element).Limbs"},
	// Arithmetic: the generic code and the methods that dispatch to it or
	// to the assembly.
	{Name: "field.feAddGeneric"},
	{Name: "field.feSubGeneric"},
	{Name: "field.feHalfGeneric"},
	{Name: "field.fold"},
	{Name: "field.feMulGeneric"},
	{Name: "field.feSquareGeneric"},
	{Name: "field.feMulSmallGeneric"},
	{Name: "field.feSquareNGeneric", Public: []string{
		"for range n", // the repetition count, a constant of the caller
	}},
	{Name: "field.(*Element).Add"},
	{Name: "field.(*Element).Subtract"},
	{Name: "field.(*Element).Negate"},
	{Name: "field.(*Element).Double"},
	{Name: "field.(*Element).Half"},
	{Name: "field.(*Element).Multiply"},
	{Name: "field.(*Element).Square"},
	{Name: "field.(*Element).RepeatedSquare"},
	{Name: "field.(*Element).MultiplySmall"},
	// Inversion (the safegcd core is checked in internal/safegcd), square
	// root, batch inversion.
	{Name: "field.(*Element).Invert"},
	{Name: "field.(*Element).Sqrt"},
	{Name: "field.(*Element).SqrtRatio"},
	{Name: "field.(*Element).InvSqrt"},
	{Name: "field.(*Element).powChain", Public: []string{
		"for _, s := range chain", // a fixed addition chain
		"if s.mul >= 0",
		"if s.save > 0",
	}},
	{Name: "field.InvSqrtPair", Public: []string{
		"for _, s := range invSqrtChain", // a fixed addition chain
		"if s.save > 0",
	}},
	{Name: "field.invSqrtCheck"},
	{Name: "field.feSquareN2Generic", Public: []string{
		"for range n", // feSquareNGeneric's loop, inlined
	}},
	{Name: "field.BatchInvert"},
	{Name: "field.batchInvert", Public: []string{
		"n == 0",     // the batch length
		"if varTime", // the caller's public choice of inversion
		"for i := 1; i < n; i++",
		"for i := n - 1; i > 0; i--",
	}},
}

// compiledChecked records that TestCompiledConstantTime ran: the compiled
// code is the same for every backend, so TestMain's second run skips it.
var compiledChecked bool

// TestCompiledConstantTime checks compiledCT in the compiler's output.
func TestCompiledConstantTime(t *testing.T) {
	if compiledChecked {
		t.Skip("checked in the first backend's run")
	}
	compiledChecked = true
	ctcheck.CheckCompiled(t, ".", compiledCT)
}
