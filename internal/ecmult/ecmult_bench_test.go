package ecmult

import (
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// The rows of libsecp256k1's bench_ecmult that the other benchmark files do
// not already name: ecmult_gen (k·G, constant time) and ecmult_const (k·P,
// constant time). ecmult_1p_g, ecmult_0p_g, ecmult_1p are in strauss_test.go
// and ecmult_multi_Np_g in msm_test.go.

// benchScalar returns the scalar of the constant-time benchmarks.
func benchScalar() *scalar.Scalar {
	x, _ := new(big.Int).SetString("4f129a337e01c85592ab10fe37648d210bee49735a86d21f603c9728b4c10d5e", 16)
	return scalarFromBig(x)
}

func BenchmarkEcmultGen(b *testing.B) {
	k := benchScalar()
	var v group.Jacobian
	b.ReportAllocs()
	for b.Loop() {
		ScalarBaseMult(&v, k)
		k.Add(k, k)
	}
}

func BenchmarkEcmultConst(b *testing.B) {
	k := benchScalar()
	var p group.Jacobian
	p.SetAffine(&group.Generator)
	p.Double(&p)
	var v group.Jacobian
	b.ReportAllocs()
	for b.Loop() {
		ScalarMult(&v, k, &p)
		k.Add(k, k)
	}
}

// BenchmarkEcmultGen8 is ScalarBaseMult8 (and ScalarBaseMult16, lanes=16)
// on each field8 backend; ns/key is the time per k·G, to set against
// BenchmarkEcmultGen.
func BenchmarkEcmultGen8(b *testing.B) {
	for _, be := range field8.Backends() {
		b.Run("backend="+be, func(b *testing.B) {
			defer field8.SetBackend(be)()
			var k [field8.Lanes]scalar.Scalar
			k[0] = *benchScalar()
			for j := 1; j < len(k); j++ {
				k[j].Add(&k[j-1], &k[j-1])
			}
			var v [field8.Lanes]group.Jacobian
			b.ReportAllocs()
			for b.Loop() {
				ScalarBaseMult8(&v, &k)
				for j := range k {
					k[j].Add(&k[j], &k[j])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*field8.Lanes), "ns/key")
		})
		b.Run("lanes=16/backend="+be, func(b *testing.B) {
			defer field8.SetBackend(be)()
			var k [Lanes2]scalar.Scalar
			k[0] = *benchScalar()
			for j := 1; j < len(k); j++ {
				k[j].Add(&k[j-1], &k[j-1])
			}
			var v [Lanes2]group.Jacobian
			b.ReportAllocs()
			for b.Loop() {
				ScalarBaseMult16(&v, &k)
				for j := range k {
					k[j].Add(&k[j], &k[j])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*Lanes2), "ns/key")
		})
	}
}

// BenchmarkEcmultConst8 is ScalarMult8 (and ScalarMult16, lanes=16) on
// each field8 backend, over distinct points; ns/point is the time per k·P,
// to set against BenchmarkEcmultConst.
func BenchmarkEcmultConst8(b *testing.B) {
	for _, be := range field8.Backends() {
		for _, lanes := range []int{field8.Lanes, Lanes2} {
			name := "backend=" + be
			if lanes == Lanes2 {
				name = "lanes=16/" + name
			}
			b.Run(name, func(b *testing.B) {
				defer field8.SetBackend(be)()
				var k [Lanes2]scalar.Scalar
				var p [Lanes2]group.Jacobian
				k[0] = *benchScalar()
				p[0].SetAffine(&group.Generator)
				p[0].Double(&p[0])
				for j := 1; j < len(k); j++ {
					k[j].Add(&k[j-1], &k[j-1])
					p[j].Double(&p[j-1])
				}
				var v [Lanes2]group.Jacobian
				b.ReportAllocs()
				for b.Loop() {
					if lanes == Lanes2 {
						ScalarMult16(&v, &k, &p)
					} else {
						ScalarMult8((*[field8.Lanes]group.Jacobian)(v[:]), (*[field8.Lanes]scalar.Scalar)(k[:]), (*[field8.Lanes]group.Jacobian)(p[:]))
					}
					for j := range k {
						k[j].Add(&k[j], &k[j])
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lanes), "ns/point")
			})
		}
	}
}
