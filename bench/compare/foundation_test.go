package main

import (
	"testing"

	decred "github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The same operand for every library: a fixed 256-bit value below p and n.
var operand = [32]byte{
	0x4f, 0x12, 0x9a, 0x33, 0x7e, 0x01, 0xc8, 0x55, 0x92, 0xab, 0x10, 0xfe, 0x37, 0x64, 0x8d, 0x21,
	0x0b, 0xee, 0x49, 0x73, 0x5a, 0x86, 0xd2, 0x1f, 0x60, 0x3c, 0x97, 0x28, 0xb4, 0xc1, 0x0d, 0x5e,
}

var (
	sinkFE     field.Element
	sinkDFE    decred.FieldVal
	sinkScalar secp256k1.Scalar
	sinkDSc    decred.ModNScalar
	sinkJac    group.Jacobian
	sinkDJac   decred.JacobianPoint
	sinkPoint  secp256k1.Point
)

func kestrelFE() field.Element {
	var e field.Element
	e.SetBytes(&operand)
	return e
}

func decredFE() decred.FieldVal {
	var f decred.FieldVal
	f.SetBytes(&operand)
	return f
}

func BenchmarkFieldMul(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		x, y := kestrelFE(), kestrelFE()
		b.ReportAllocs()
		for b.Loop() {
			x.Multiply(&x, &y)
		}
		sinkFE = x
	})
	b.Run("lib=decred", func(b *testing.B) {
		x, y := decredFE(), decredFE()
		b.ReportAllocs()
		for b.Loop() {
			x.Mul(&y)
		}
		sinkDFE = x
	})
}

func BenchmarkFieldSquare(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		x := kestrelFE()
		b.ReportAllocs()
		for b.Loop() {
			x.Square(&x)
		}
		sinkFE = x
	})
	b.Run("lib=decred", func(b *testing.B) {
		x := decredFE()
		b.ReportAllocs()
		for b.Loop() {
			x.Square()
		}
		sinkDFE = x
	})
}

// BenchmarkFieldInverse compares decred's FieldVal.Inverse (a Fermat chain,
// constant time) with both Kestrel inversions.
func BenchmarkFieldInverse(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		x := kestrelFE()
		b.ReportAllocs()
		for b.Loop() {
			x.Invert(&x)
		}
		sinkFE = x
	})
	b.Run("lib=kestrel-vartime", func(b *testing.B) {
		x := kestrelFE()
		b.ReportAllocs()
		for b.Loop() {
			x.VarTimeInvert(&x)
		}
		sinkFE = x
	})
	b.Run("lib=decred", func(b *testing.B) {
		x := decredFE()
		b.ReportAllocs()
		for b.Loop() {
			x.Inverse()
		}
		sinkDFE = x
	})
}

func BenchmarkFieldSqrt(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		x := kestrelFE()
		b.ReportAllocs()
		for b.Loop() {
			x.Sqrt(&x)
		}
		sinkFE = x
	})
	b.Run("lib=decred", func(b *testing.B) {
		x := decredFE()
		b.ReportAllocs()
		for b.Loop() {
			x.SquareRootVal(&x)
		}
		sinkDFE = x
	})
}

func kestrelScalar() secp256k1.Scalar {
	var s secp256k1.Scalar
	if _, err := s.SetCanonicalBytes(operand[:]); err != nil {
		panic(err)
	}
	return s
}

func decredScalar() decred.ModNScalar {
	var s decred.ModNScalar
	if s.SetBytes(&operand) != 0 {
		panic("operand overflows n")
	}
	return s
}

func BenchmarkScalarMul(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		x, y := kestrelScalar(), kestrelScalar()
		b.ReportAllocs()
		for b.Loop() {
			x.Multiply(&x, &y)
		}
		sinkScalar = x
	})
	b.Run("lib=decred", func(b *testing.B) {
		x, y := decredScalar(), decredScalar()
		b.ReportAllocs()
		for b.Loop() {
			x.Mul(&y)
		}
		sinkDSc = x
	})
}

// BenchmarkScalarInverse compares decred's variable-time InverseNonConst with
// Kestrel's constant-time Invert.
func BenchmarkScalarInverse(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		x := kestrelScalar()
		b.ReportAllocs()
		for b.Loop() {
			x.Invert(&x)
		}
		sinkScalar = x
	})
	b.Run("lib=decred", func(b *testing.B) {
		x := decredScalar()
		b.ReportAllocs()
		for b.Loop() {
			x.InverseNonConst()
		}
		sinkDSc = x
	})
}

// Points with non-trivial Z: 2·G and 4·G in Jacobian form, from each library.
func kestrelPoints() (p, q group.Jacobian) {
	p.SetAffine(&group.Generator)
	p.Double(&p)
	q.Double(&p)
	return p, q
}

func decredPoints() (p, q decred.JacobianPoint) {
	var k decred.ModNScalar
	k.SetInt(2)
	decred.ScalarBaseMultNonConst(&k, &p)
	k.SetInt(4)
	decred.ScalarBaseMultNonConst(&k, &q)
	decred.DoubleNonConst(&p, &p)
	decred.AddNonConst(&p, &q, &p) // give p a Z ≠ 1
	return p, q
}

func BenchmarkPointDouble(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		p, _ := kestrelPoints()
		b.ReportAllocs()
		for b.Loop() {
			p.Double(&p)
		}
		sinkJac = p
	})
	b.Run("lib=decred", func(b *testing.B) {
		p, _ := decredPoints()
		b.ReportAllocs()
		for b.Loop() {
			decred.DoubleNonConst(&p, &p)
		}
		sinkDJac = p
	})
}

func BenchmarkPointAdd(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		p, q := kestrelPoints()
		q.Double(&q)
		b.ReportAllocs()
		for b.Loop() {
			p.VarTimeAdd(&p, &q)
		}
		sinkJac = p
	})
	b.Run("lib=decred", func(b *testing.B) {
		p, q := decredPoints()
		decred.DoubleNonConst(&q, &q)
		b.ReportAllocs()
		for b.Loop() {
			decred.AddNonConst(&p, &q, &p)
		}
		sinkDJac = p
	})
}

func BenchmarkScalarBaseMult(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		k := kestrelScalar()
		b.ReportAllocs()
		for b.Loop() {
			sinkPoint.ScalarBaseMult(&k)
		}
	})
	b.Run("lib=decred", func(b *testing.B) {
		k := decredScalar()
		b.ReportAllocs()
		for b.Loop() {
			decred.ScalarBaseMultNonConst(&k, &sinkDJac)
		}
	})
}
