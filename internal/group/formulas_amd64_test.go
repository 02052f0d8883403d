//go:build !purego

package group

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/sys/cpu"
)

// asmTwins returns the assembly formulas, or nil if this CPU lacks BMI2/ADX.
func asmTwins() *asmFormulas {
	if !cpu.X86.HasBMI2 || !cpu.X86.HasADX {
		return nil
	}
	a := &asmFormulas{
		double:            doubleADX,
		varTimeDouble:     varTimeDoubleADX,
		addAffineScaled:   varTimeAddAffineScaledADX,
		addAffineScaledZr: varTimeAddAffineScaledZrADX,
		addAffineDistinct: addAffineDistinctZrADX,
		addVar:            varTimeAddADX,
		addAffine:         addAffineADX,
	}
	if cpu.X86.HasAVX2 {
		a.lookup = lookupAVX2
	}
	return a
}

// TestAssemblyConstantTime checks that the constant-time assembly formulas
// (Double, AddAffine, AddAffineDistinctZr) contain no branch at all: their selects are CMOVs. The
// table scan has exactly one, the loop's, on the public length after its
// decrement.
func TestAssemblyConstantTime(t *testing.T) {
	src, err := os.ReadFile("formulas_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range []string{"doubleADX", "addAffineADX", "addAffineDistinctZrADX", "lookupAVX2"} {
		_, body, ok := strings.Cut(string(src), "TEXT ·"+fn+"(SB)")
		if !ok {
			t.Fatalf("no TEXT ·%s in formulas_amd64.s", fn)
		}
		body, _, _ = strings.Cut(body, "\nTEXT ")
		prev := ""
		for _, line := range strings.Split(body, "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || strings.HasPrefix(f[0], "//") {
				continue
			}
			if strings.HasPrefix(f[0], "J") {
				loop := fn == "lookupAVX2" && strings.Join(f, " ") == "JNZ loop" && prev == "DECQ CX"
				if !loop {
					t.Errorf("%s branches: %s", fn, strings.TrimSpace(line))
				}
			}
			prev = strings.Join(f, " ")
		}
	}
}
