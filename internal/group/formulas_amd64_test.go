//go:build !purego

package group

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/sys/cpu"

	"github.com/kestrel-crypto/secp256k1/internal/field"
)

// asmFormulas are the assembly formulas of formulas_amd64.s, each tested
// against its generic twin in backend_test.go.
type asmFormulas struct {
	double          func(v, p *Jacobian)
	addAffineScaled func(v, p *Jacobian, a *Affine, az *field.Element) int
	addVar          func(v, p, q *Jacobian) int
	addAffine       func(v, p *Jacobian, a *Affine)
}

// asmTwins returns the assembly formulas, or nil if this CPU lacks BMI2/ADX.
func asmTwins() *asmFormulas {
	if !cpu.X86.HasBMI2 || !cpu.X86.HasADX {
		return nil
	}
	return &asmFormulas{
		double:          doubleADX,
		addAffineScaled: varTimeAddAffineScaledADX,
		addVar:          varTimeAddADX,
		addAffine:       addAffineADX,
	}
}

// TestAssemblyConstantTime checks that the constant-time assembly formulas
// (Double, AddAffine) contain no branch at all: their selects are CMOVs.
func TestAssemblyConstantTime(t *testing.T) {
	src, err := os.ReadFile("formulas_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range []string{"doubleADX", "addAffineADX"} {
		_, body, ok := strings.Cut(string(src), "TEXT ·"+fn+"(SB)")
		if !ok {
			t.Fatalf("no TEXT ·%s in formulas_amd64.s", fn)
		}
		body, _, _ = strings.Cut(body, "\nTEXT ")
		for _, line := range strings.Split(body, "\n") {
			if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], "J") {
				t.Errorf("%s branches: %s", fn, strings.TrimSpace(line))
			}
		}
	}
}
