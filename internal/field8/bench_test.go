package field8

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// BenchmarkMul8 is eight products at once, with the assembly (ifma, where
// the CPU has it) and the generic twin; BenchmarkMulScalar8 is eight
// products with field.Element.Multiply, the 4x64 MULX path, for the ratio
// per product.
func BenchmarkMul8(b *testing.B) {
	r := testref.Rand(b)
	x, y := randomElement8(r), randomElement8(r)
	for _, name := range Backends() {
		b.Run(name, func(b *testing.B) {
			defer SetBackend(name)()
			for b.Loop() {
				x.Mul(x, y)
			}
		})
	}
}

func BenchmarkMulScalar8(b *testing.B) {
	var x, y [Lanes]field.Element
	for j := range Lanes {
		x[j].SetUint64(uint64(j + 2))
		y[j].SetUint64(uint64(3*j + 7))
	}
	for b.Loop() {
		for j := range Lanes {
			x[j].Multiply(&x[j], &y[j])
		}
	}
}
