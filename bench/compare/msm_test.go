package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/consensys/gnark-crypto/ecc"
	gnark "github.com/consensys/gnark-crypto/ecc/secp256k1"
	"github.com/consensys/gnark-crypto/ecc/secp256k1/fr"
	"github.com/kestrel-crypto/secp256k1"
)

// msmInputs returns n points (i+1)·G and n pseudo-random scalars, for both
// libraries.
func msmInputs(n int) ([]*secp256k1.Scalar, []*secp256k1.Point, []fr.Element, []gnark.G1Affine) {
	scalars := make([]*secp256k1.Scalar, n)
	points := make([]*secp256k1.Point, n)
	gs := make([]fr.Element, n)
	gp := make([]gnark.G1Affine, n)
	g := secp256k1.NewGeneratorPoint()
	acc := secp256k1.NewIdentityPoint()
	for i := range n {
		var seed [8]byte
		binary.BigEndian.PutUint64(seed[:], uint64(i))
		h := sha256.Sum256(seed[:])
		s, _ := new(secp256k1.Scalar).SetReducedBytes(h[:])
		scalars[i] = s
		gs[i].SetBytes(s.Bytes())
		acc.Add(acc, g)
		points[i] = new(secp256k1.Point).Set(acc)
		u := acc.Bytes()
		gp[i].X.SetBytes(u[1:33])
		gp[i].Y.SetBytes(u[33:65])
	}
	return scalars, points, gs, gp
}

// TestMSMAgrees checks that both libraries compute the same sum.
func TestMSMAgrees(t *testing.T) {
	s, p, gs, gp := msmInputs(300)
	var v secp256k1.Point
	v.VarTimeMultiScalarMult(s, p)
	var r gnark.G1Jac
	if _, err := r.MultiExp(gp, gs, ecc.MultiExpConfig{NbTasks: 1}); err != nil {
		t.Fatal(err)
	}
	var ra gnark.G1Affine
	ra.FromJacobian(&r)
	x := ra.X.Bytes()
	kx, _ := v.BytesX()
	if !bytes.Equal(kx, x[:]) {
		t.Fatalf("MSM results differ: %x vs %x", kx, x)
	}
}

// BenchmarkMultiExp is Σ sᵢ·Pᵢ against gnark-crypto's MultiExp, one task
// (run with -cpu 1 for single-threaded Kestrel), reported per point.
func BenchmarkMultiExp(b *testing.B) {
	for _, n := range []int{1024, 32768} {
		s, p, gs, gp := msmInputs(n)
		b.Run(fmt.Sprintf("N=%d/lib=kestrel", n), func(b *testing.B) {
			var v secp256k1.Point
			for b.Loop() {
				v.VarTimeMultiScalarMult(s, p)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/point")
		})
		b.Run(fmt.Sprintf("N=%d/lib=gnark", n), func(b *testing.B) {
			var r gnark.G1Jac
			for b.Loop() {
				if _, err := r.MultiExp(gp, gs, ecc.MultiExpConfig{NbTasks: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/point")
		})
	}
}
