//go:build amd64

package group

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// compiledChecked records that TestCompiledConstantTime ran: the compiled
// code is the same for every backend, so TestMain's second run skips it.
var compiledChecked bool

// TestCompiledConstantTime checks the compiler's output for the
// constant-time Go formulas and helpers (internal/testkit/ctcheck;
// docs/constant-time.md, "Disassembly checks"). TestAssemblyConstantTime
// checks their assembly twins.
func TestCompiledConstantTime(t *testing.T) {
	if compiledChecked {
		t.Skip("checked in the first backend's run")
	}
	compiledChecked = true
	// The backends, chosen from the CPU at start-up, and the table length.
	adx, avx2 := "if useADX", "if useAVX2 && len(table) > 0"
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		{Name: "group.(*Affine).Lookup", Public: []string{avx2}},
		{Name: "group.(*Affine).lookup", Public: []string{avx2}},
		{Name: "group.(*Affine).lookupGeneric", Public: []string{
			"for j := range table", // every entry, whatever idx is
		}},
		{Name: "group.(*Jacobian).Select"},
		{Name: "group.(*Affine).Select"},
		{Name: "group.(*Jacobian).Negate"},
		{Name: "group.(*Affine).Negate"},
		{Name: "group.(*Jacobian).CondNegate"},
		{Name: "group.(*Affine).CondNegate"},
		{Name: "group.(*Jacobian).IsIdentity"},
		{Name: "group.(*Jacobian).Set"},
		{Name: "group.(*Jacobian).SetAffine"},
		{Name: "group.(*Jacobian).Double", Public: []string{adx}},
		{Name: "group.(*Jacobian).double", Public: []string{adx}},
		{Name: "group.(*Jacobian).doubleGeneric"},
		{Name: "group.(*Jacobian).AddAffine", Public: []string{adx}},
		{Name: "group.(*Jacobian).addAffine", Public: []string{adx}},
		{Name: "group.(*Jacobian).addAffineGeneric"},
		{Name: "group.(*Jacobian).AddAffineDistinctZr"},
		{Name: "group.(*Jacobian).addAffineDistinctZr", Public: []string{adx}},
		{Name: "group.(*Jacobian).addAffineDistinctZrGeneric"},
		{Name: "group.mixedHR"},
		{Name: "group.(*Jacobian).mixedGeneral"},
		{Name: "group.(*Jacobian).Add"},
		{Name: "group.addCore"},
		{Name: "group.crossScale"},
		{Name: "group.(*Affine).SetJacobian"},
		{Name: "group.(*Jacobian).Equal"},
		{Name: "group.(*Affine).Equal"},
		{Name: "group.(*Affine).IsOnCurve"},
		{Name: "group.(*Jacobian).IsOnCurve"},
		{Name: "group.BatchSetJacobian"},
		// RFC 9380's map_to_curve (sswu.go): straight-line, selections only.
		{Name: "group.(*Jacobian).MapToCurve"},
		{Name: "group.sswu"},
		{Name: "group.(*Jacobian).isoMap"},
		{Name: "group.batchSetJacobian", Public: []string{
			"n == 0",     // the batch length
			"if varTime", // the caller's public choice of inversion
			"for i := 1; i < n; i++",
			"for i := n - 1; i >= 0; i--",
			"if i > 0",
		}},
	})
}
