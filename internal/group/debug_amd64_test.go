//go:build kestrel_debug && !purego

package group

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug/debugtest"
)

// TestDebugAsmMismatch forces each assembly formula's result to differ from
// its generic twin's and expects the cross-check to panic.
func TestDebugAsmMismatch(t *testing.T) {
	if !useADX {
		t.Skip("the assembly formulas are not in use")
	}
	var g, p, v Jacobian
	var zr fieldElement
	g.SetAffine(&Generator)
	p.Double(&g) // no fault: no panic
	p.Double(&p)
	testAsmFault = true
	defer func() { testAsmFault = false }()
	for _, c := range []struct {
		want string
		f    func()
	}{
		{"group: double", func() { v.Double(&p) }},
		{"group: varTimeDouble", func() { v.VarTimeDouble(&p) }},
		{"group: varTimeAddAffineScaled", func() { v.VarTimeAddAffine(&p, &Generator) }},
		{"group: varTimeAdd", func() { v.VarTimeAdd(&p, &g) }},
		{"group: addAffine", func() { v.AddAffine(&p, &Generator) }},
		{"group: varTimeAddAffineScaledZr", func() { v.VarTimeAddAffineZr(&p, &Generator, &zr) }},
		{"group: addAffineDistinctZr", func() { v.AddAffineDistinctZr(&p, &Generator, &zr) }},
	} {
		debugtest.ExpectPanic(t, "kestrel_debug: "+c.want+": assembly and generic results differ", c.f)
	}
	if useAVX2 {
		var a Affine
		debugtest.ExpectPanic(t, "kestrel_debug: group: lookup: assembly and generic results differ", func() {
			a.Lookup([]Affine{Generator, Generator}, 1)
		})
	}
}
