//go:build amd64

package ecmult

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for the
// constant-time scalar multiplications of this package (internal/testkit/ctcheck;
// docs/constant-time.md, "Disassembly checks"). Each public condition is
// listed with the reason it is public.
func TestCompiledConstantTime(t *testing.T) {
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		// k·P.
		{Name: "ecmult.ScalarMult"},
		{Name: "ecmult.scalarMultIso", Public: []string{
			"for i := 2; i < ctEntries; i++",
			"for i := range table",
			"for i := ctDigits - 1; i >= 0; i--",
			"if i != ctDigits-1",
			"for range ctWindow",
		}},
		{Name: "ecmult.setGlobalZ", Public: []string{
			"n < 2", // the table length
			"for i := n - 2; i >= 0; i--",
			"if i != n-2",
		}},
		{Name: "ecmult.XOnlyScalarMult"},
		{Name: "ecmult.addSignedDigit"},
		{Name: "ecmult.eqInt"},
		// k·G.
		{Name: "ecmult.combMult", Public: []string{
			"for s := combSpacing - 1; s >= 0; s--",
			"if s != combSpacing-1",
			"for b := range combBlocks",
			"for t := range combTeeth",
			"if pos < 256", // pos depends on b, t and s only
		}},
		{Name: "ecmult.loadCombState", Public: []string{
			"st == nil || combCalls.Add(1)%combRefreshInterval == 0", // a call counter
		}},
		{Name: "ecmult.ScalarBaseMult"},
	})
}
