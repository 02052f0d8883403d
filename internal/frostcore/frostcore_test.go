package frostcore

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// randScalar returns a uniformly random scalar from r.
func randScalar(r *rand.Rand) scalar.Scalar {
	var b [64]byte
	r.Read(b[:])
	var s scalar.Scalar
	s.SetUniformBytes(&b)
	return s
}

func randPoly(r *rand.Rand, k int) []scalar.Scalar {
	c := make([]scalar.Scalar, k)
	for i := range c {
		c[i] = randScalar(r)
	}
	return c
}

func TestVarTimeBatchInvert(t *testing.T) {
	r := testref.Rand(t)
	for k := range 9 {
		in := randPoly(r, k)
		if k > 2 {
			in[1].SetUint64(1)
			in[2].SetUint64(2)
		}
		out := make([]scalar.Scalar, k)
		if !VarTimeBatchInvert(out, in) {
			t.Fatalf("k = %d: false", k)
		}
		for i := range in {
			var want scalar.Scalar
			want.Invert(&in[i])
			if out[i].Equal(&want) != 1 {
				t.Fatalf("k = %d, i = %d: wrong inverse", k, i)
			}
		}
		// In place.
		alias := append([]scalar.Scalar(nil), in...)
		VarTimeBatchInvert(alias, alias)
		for i := range alias {
			if alias[i].Equal(&out[i]) != 1 {
				t.Fatalf("k = %d, i = %d: in place differs", k, i)
			}
		}
		if k > 0 {
			in[k-1] = scalar.Scalar{}
			if VarTimeBatchInvert(out, in) {
				t.Fatalf("k = %d: true with a zero input", k)
			}
		}
	}
}

// TestLagrangeInterpolates checks that the coefficients of any k of the
// points of a polynomial of degree k − 1 recover f(0), batch and single, for
// xs that include 0 and consecutive small values.
func TestLagrangeInterpolates(t *testing.T) {
	r := testref.Rand(t)
	for k := 1; k <= 8; k++ {
		f := randPoly(r, k)
		xs := make([]scalar.Scalar, k)
		for i := range xs {
			switch r.Intn(3) {
			case 0:
				xs[i] = randScalar(r)
			default:
				xs[i].SetUint64(uint64(i + r.Intn(2)*100))
			}
		}
		lam := make([]scalar.Scalar, k)
		if !VarTimeLagrangeCoefficients(lam, xs) {
			t.Fatalf("k = %d: false", k)
		}
		var sum, y, term scalar.Scalar
		for i := range xs {
			var single scalar.Scalar
			if !VarTimeLagrangeCoefficient(&single, xs, i) || single.Equal(&lam[i]) != 1 {
				t.Fatalf("k = %d, i = %d: single coefficient differs", k, i)
			}
			EvaluatePolynomial(&y, f, &xs[i])
			term.Multiply(&lam[i], &y)
			sum.Add(&sum, &term)
		}
		if sum.Equal(&f[0]) != 1 {
			t.Fatalf("k = %d: interpolation does not give f(0)", k)
		}
		if k > 1 {
			xs[k-1] = xs[0]
			if VarTimeLagrangeCoefficients(lam, xs) {
				t.Fatalf("k = %d: true with duplicates", k)
			}
			var single scalar.Scalar
			if VarTimeLagrangeCoefficient(&single, xs, 0) {
				t.Fatalf("k = %d: single true with duplicates", k)
			}
		}
	}
}

func TestEvaluatePolynomial(t *testing.T) {
	r := testref.Rand(t)
	for k := range 6 {
		f := randPoly(r, k)
		x := randScalar(r)
		var want, pw, term scalar.Scalar
		pw.SetUint64(1)
		for j := range f {
			term.Multiply(&f[j], &pw)
			want.Add(&want, &term)
			pw.Multiply(&pw, &x)
		}
		var got scalar.Scalar
		if EvaluatePolynomial(&got, f, &x).Equal(&want) != 1 {
			t.Fatalf("k = %d: wrong value", k)
		}
		EvaluatePolynomial(&x, f, &x) // out aliases x
		if x.Equal(&want) != 1 {
			t.Fatalf("k = %d: wrong value with out = x", k)
		}
	}
}

func TestVSS(t *testing.T) {
	r := testref.Rand(t)
	for k := 1; k <= 6; k++ {
		f := randPoly(r, k)
		c := Commit(make([]group.Jacobian, k), f)
		for id := uint64(1); id <= 7; id++ {
			var x, share scalar.Scalar
			x.SetUint64(id)
			EvaluatePolynomial(&share, f, &x)
			if !VarTimeVerifyShare(&share, &x, c) {
				t.Fatalf("k = %d, x = %d: valid share rejected", k, id)
			}
			var pub, want group.Jacobian
			if !VarTimeEvaluateCommitment(&pub, c, &x) {
				t.Fatal("VarTimeEvaluateCommitment: false")
			}
			ecmult.ScalarBaseMult(&want, &share)
			if pub.Equal(&want) != 1 {
				t.Fatalf("k = %d, x = %d: public share differs", k, id)
			}
			var one scalar.Scalar
			one.SetUint64(1)
			share.Add(&share, &one)
			if VarTimeVerifyShare(&share, &x, c) {
				t.Fatalf("k = %d, x = %d: wrong share accepted", k, id)
			}
		}
		if VarTimeVerifyShare(&f[0], new(scalar.Scalar), nil) {
			t.Fatal("empty commitment accepted")
		}
		// Sum of two commitments commits to the sum of the polynomials.
		g := randPoly(r, k)
		cg := Commit(make([]group.Jacobian, k), g)
		sum := VarTimeSumCommitments(make([]group.Jacobian, k), [][]group.Jacobian{c, cg})
		var x, a, b scalar.Scalar
		x.SetUint64(3)
		EvaluatePolynomial(&a, f, &x)
		EvaluatePolynomial(&b, g, &x)
		a.Add(&a, &b)
		if !VarTimeVerifyShare(&a, &x, sum) {
			t.Fatalf("k = %d: summed share rejected by the summed commitment", k)
		}
	}
}

// BenchmarkEvaluateCommitment times VarTimeEvaluateCommitment's two
// methods on both sides of its switch, for k = 3 and 7 commitments at
// x = 5 (Horner's rule up to k = 43) and at a full-width x (one
// multi-scalar multiplication), and each method forced at x = 5.
func BenchmarkEvaluateCommitment(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	for _, k := range []int{3, 7} {
		c := Commit(make([]group.Jacobian, k), randPoly(r, k))
		var small scalar.Scalar
		small.SetUint64(5)
		full := randScalar(r)
		for _, in := range []struct {
			name string
			x    *scalar.Scalar
		}{{"x=5", &small}, {"x=full", &full}} {
			b.Run(fmt.Sprintf("t=%d/%s/auto", k, in.name), func(b *testing.B) {
				b.ReportAllocs()
				var out group.Jacobian
				for b.Loop() {
					if !VarTimeEvaluateCommitment(&out, c, in.x) {
						b.Fatal("false")
					}
				}
			})
		}
		b.Run(fmt.Sprintf("t=%d/x=5/horner", k), func(b *testing.B) {
			b.ReportAllocs()
			var out group.Jacobian
			for b.Loop() {
				varTimeHorner(&out, c, &small)
			}
		})
		b.Run(fmt.Sprintf("t=%d/x=5/msm", k), func(b *testing.B) {
			b.ReportAllocs()
			sp, pp := powers(c, &small)
			for b.Loop() {
				ecmult.VarTimeMultiScalarMult(sp, pp, nil)
			}
		})
	}
}

// TestEvaluateCommitmentMethods checks Horner's rule against the
// multi-scalar multiplication for small and full-width x.
func TestEvaluateCommitmentMethods(t *testing.T) {
	r := testref.Rand(t)
	for k := 1; k <= 6; k++ {
		c := Commit(make([]group.Jacobian, k), randPoly(r, k))
		for _, x := range []scalar.Scalar{*new(scalar.Scalar).SetUint64(7), randScalar(r)} {
			var h, m group.Jacobian
			if !varTimeHorner(&h, c, &x) {
				t.Fatal("varTimeHorner: false")
			}
			sp, pp := powers(c, &x)
			m, ok := ecmult.VarTimeMultiScalarMult(sp, pp, nil)
			if !ok || h.Equal(&m) != 1 {
				t.Fatalf("k = %d: Horner and MSM differ", k)
			}
		}
	}
}
