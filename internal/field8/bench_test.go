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

// BenchmarkThroughput is four independent chains of products, per product,
// for eight lanes (Mul8, each backend) and for the 4x64 multiply
// (field.Element.Multiply, MULX), whose four chains the core overlaps: the
// throughput comparison, where BenchmarkMul8 and BenchmarkMulScalar8
// compare one dependent chain with eight independent products.
func BenchmarkThroughput(b *testing.B) {
	r := testref.Rand(b)
	var x [4]*Element8
	for i := range x {
		x[i] = randomElement8(r)
	}
	y := randomElement8(r)
	for _, name := range Backends() {
		b.Run("lanes="+name, func(b *testing.B) {
			defer SetBackend(name)()
			for b.Loop() {
				x[0].Mul(x[0], y)
				x[1].Mul(x[1], y)
				x[2].Mul(x[2], y)
				x[3].Mul(x[3], y)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*4*Lanes), "ns/product")
		})
	}
	b.Run("mulx", func(b *testing.B) {
		var e [4]field.Element
		var f field.Element
		for i := range e {
			e[i].SetUint64(uint64(i + 3))
		}
		f.SetUint64(12345)
		for b.Loop() {
			e[0].Multiply(&e[0], &f)
			e[1].Multiply(&e[1], &f)
			e[2].Multiply(&e[2], &f)
			e[3].Multiply(&e[3], &f)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*4), "ns/product")
	})
}
