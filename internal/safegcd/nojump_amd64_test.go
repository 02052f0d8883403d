//go:build !purego

package safegcd

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTimeAsm checks the dispatch of the constant-time
// functions as TestCompiledConstantTime checks the Go code (its only branch
// is the backend choice), and their assembly with ctcheck.Assembly: every
// conditional jump tests n (the number of limbs, 5 for updateFG) or nz (the
// nonzero limbs of M), both public, and no memory index depends on data.
// divsteps59Asm has no conditional jump at all.
func TestCompiledConstantTimeAsm(t *testing.T) {
	backend := "if !useAsm {"
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		{Name: "safegcd.divsteps59", Public: []string{backend}},
		{Name: "safegcd.(*Modulus).updateDE", Public: []string{backend}},
		{Name: "safegcd.updateFG", Public: []string{backend}},
	})
	ctcheck.CheckAssembly(t, "safegcd_amd64.s",
		[]string{"divsteps59Asm", "updateDEAsm", "updateFGAsm"}, []string{"n", "nz"})
}
