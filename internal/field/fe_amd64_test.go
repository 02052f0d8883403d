//go:build !purego

package field

import "golang.org/x/sys/cpu"

// asmTwins returns the assembly routines of fe_amd64.s with their generic
// twins, or nil if this CPU lacks BMI2/ADX.
func asmTwins() []twin {
	if !cpu.X86.HasBMI2 || !cpu.X86.HasADX {
		return nil
	}
	// squareN takes n in [0, 16] from b.
	n := func(b *Element) int { return int(b.l[0] % 17) }
	return []twin{
		{"MulADX", func(v, a, b *Element) { feMulADX(v, a, b, true) }, feMulGeneric},
		{"SquareADX", func(v, a, _ *Element) { feSquareADX(v, a, true) }, func(v, a, _ *Element) { feSquareGeneric(v, a) }},
		{"SquareNADX", func(v, a, b *Element) { feSquareNADX(v, a, n(b), true) }, func(v, a, b *Element) { feSquareNGeneric(v, a, n(b)) }},
		// feSquareN2ADX's two outputs, each against feSquareNGeneric, the
		// other chain running on b.
		{"SquareN2ADX/v", func(v, a, b *Element) { var w Element; feSquareN2ADX(v, a, &w, b, n(b), true) }, func(v, a, b *Element) { feSquareNGeneric(v, a, n(b)) }},
		{"SquareN2ADX/w", func(v, a, b *Element) { var x Element; feSquareN2ADX(&x, b, v, a, n(b), true) }, func(v, a, b *Element) { feSquareNGeneric(v, a, n(b)) }},
		// With adx = false the assembly tail-calls the generic code.
		{"MulADXFallback", func(v, a, b *Element) { feMulADX(v, a, b, false) }, feMulGeneric},
		{"SquareADXFallback", func(v, a, _ *Element) { feSquareADX(v, a, false) }, func(v, a, _ *Element) { feSquareGeneric(v, a) }},
		{"SquareNADXFallback", func(v, a, b *Element) { feSquareNADX(v, a, n(b), false) }, func(v, a, b *Element) { feSquareNGeneric(v, a, n(b)) }},
		{"SquareN2ADXFallback", func(v, a, b *Element) { var w Element; feSquareN2ADX(v, a, &w, b, n(b), false) }, func(v, a, b *Element) { feSquareNGeneric(v, a, n(b)) }},
	}
}
