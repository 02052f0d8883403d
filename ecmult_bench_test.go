package secp256k1

import "testing"

// The rows of libsecp256k1's bench_ecmult that the other benchmark files do
// not already name: ecmult_gen (k·G, constant time) and ecmult_const (k·P,
// constant time). ecmult_1p_g, ecmult_0p_g, ecmult_1p are in strauss_test.go
// and ecmult_multi_Np_g in msm_test.go.

func BenchmarkEcmultGen(b *testing.B) {
	k := scalarFromBig(bigHex("4f129a337e01c85592ab10fe37648d210bee49735a86d21f603c9728b4c10d5e"))
	var v Point
	b.ReportAllocs()
	for b.Loop() {
		v.ScalarBaseMult(k)
		k.Add(k, k)
	}
}

func BenchmarkEcmultConst(b *testing.B) {
	k := scalarFromBig(bigHex("4f129a337e01c85592ab10fe37648d210bee49735a86d21f603c9728b4c10d5e"))
	p := NewGeneratorPoint().Double(NewGeneratorPoint())
	var v Point
	b.ReportAllocs()
	for b.Loop() {
		v.ScalarMult(k, p)
		k.Add(k, k)
	}
}
