//go:build amd64

package safegcd

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for the
// constant-time inversion (internal/testkit/ctcheck; docs/constant-time.md,
// "Disassembly checks"): its only conditional jumps are bounds and stack
// checks and the listed loops with fixed counts, and the test of a modulus
// limb (public) in updateDE.
func TestCompiledConstantTime(t *testing.T) {
	loop4 := "for i := 1; i < 4; i++" // over the limbs
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		{Name: "safegcd.(*Modulus).Invert", Public: []string{
			"for range 10", // ten batches of 59 divsteps, for every input
		}},
		{Name: "safegcd.divsteps59Generic", Public: []string{
			"for range 59",
		}},
		{Name: "safegcd.(*Modulus).updateDEGeneric", Public: []string{
			loop4,
			"mi != 0", // a limb of the modulus M, public
		}},
		{Name: "safegcd.updateFGGeneric", Public: []string{loop4}},
		{Name: "safegcd.(*Modulus).normalize"},
		{Name: "safegcd.fromWords"},
		{Name: "safegcd.toWords"},
		{Name: "safegcd.mulUnsigned"},
		{Name: "safegcd.int128.addMulUnsigned"},
		{Name: "safegcd.int128.addMulSigned"},
		{Name: "safegcd.int128.addMulSigned2"},
		{Name: "safegcd.int128.subUnsigned"},
		{Name: "safegcd.int128.shr62"},
		{Name: "safegcd.int128.low62"},
	})
}
