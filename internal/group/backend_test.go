package group

import (
	"flag"
	"fmt"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/backendtest"
	"math/big"
	"math/rand"
	"os"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
)

// The group tests run once per backend this machine can execute (the ADX
// assembly formulas and the generic Go formulas on a BMI2/ADX amd64 CPU;
// generic alone elsewhere and with -tags purego), so every backend is tested
// everywhere. The field arithmetic under the generic formulas is whatever
// internal/field picks (its own tests cover both of its backends).
//
// Benchmarks, fuzzing and -list run once, with the backend named by
// -group.backend (default: the one the package would choose).
// BenchmarkBackends runs both in one process: compare them with
// `benchstat -col /backend`. Against pure Go throughout (generic formulas
// over the generic field code), compare a default run with a -tags purego
// run of the same benchmark.
var backendFlag = flag.String("group.backend", "", "run tests and benchmarks only with this backend (adx or generic)")

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(backendtest.Run(m, "group", *backendFlag, backends(), setBackend))
}

// sameCoordinates reports whether p and q have congruent X, Y and Z: the
// assembly twins compute the same field expressions as the generic
// formulas, so not only the points but the representations must agree.
func sameCoordinates(p, q *Jacobian) bool {
	return p.X.Equal(&q.X)&p.Y.Equal(&q.Y)&p.Z.Equal(&q.Z) == 1
}

// asmFormulas are the assembly formulas of formulas_amd64.s, each tested
// against its generic twin below; asmTwins (formulas_amd64_test.go,
// formulas_noasm_test.go) returns them, or nil where there are none.
type asmFormulas struct {
	double          func(v, p *Jacobian)
	varTimeDouble   func(v, p *Jacobian)
	addAffineScaled func(v, p *Jacobian, a *Affine, az *field.Element) int
	// The same with the z-ratio H written to zr.
	addAffineScaledZr func(v, p *Jacobian, a *Affine, az, zr *field.Element) int
	addAffineDistinct func(v, p *Jacobian, a *Affine, zr *field.Element)
	addVar            func(v, p, q *Jacobian) int
	addAffine         func(v, p *Jacobian, a *Affine)
	lookup            func(v *Affine, table *Affine, n, idx int) // nil without AVX2
}

func requireAsm(t testing.TB) *asmFormulas {
	a := asmTwins()
	if a == nil {
		t.Skip("no assembly backend on this CPU or build")
	}
	return a
}

// checkDoubles compares doubleADX and varTimeDoubleADX with doubleGeneric
// on p, and checks that they leave p alone.
func checkDoubles(t *testing.T, asm *asmFormulas, p *Jacobian, in fmt.Stringer) bool {
	t.Helper()
	var want Jacobian
	want.doubleGeneric(p)
	for _, f := range []struct {
		name string
		f    func(v, p *Jacobian)
	}{{"doubleADX", asm.double}, {"varTimeDoubleADX", asm.varTimeDouble}} {
		var got Jacobian
		pc := *p
		f.f(&got, &pc)
		if pc != *p || !sameCoordinates(&got, &want) {
			t.Errorf("%s(%s) = %s, want %s, on %v", f.name, fmtJac(p), fmtJac(&got), fmtJac(&want), in)
			return false
		}
	}
	return true
}

// TestAssemblyDouble checks doubleADX and varTimeDoubleADX against
// doubleGeneric on identities (with arbitrary X, Y), the edge points and
// random points with random Z.
func TestAssemblyDouble(t *testing.T) {
	asm := requireAsm(t)
	checkPoints(t, 1000, func(p testPoint, _ *rand.Rand) bool {
		return checkDoubles(t, asm, &p.j, p)
	})
}

// hIsZero reports whether the mixed addition of p and a with az is
// exceptional: H = x₂·az² − X₁ ≡ 0.
func hIsZero(p *Jacobian, a *Affine, az *field.Element) bool {
	var zz, h field.Element
	zz.Square(az)
	h.Multiply(&a.X, &zz)
	h.Subtract(&h, &p.X)
	return h.IsZero() == 1
}

// checkAddAffineScaled compares varTimeAddAffineScaledADX with the generic
// body on p + a with az: equal coordinates, or in the exceptional case
// (H ≡ 0, and only then) a return of 1 with v untouched.
func checkAddAffineScaled(t *testing.T, asm *asmFormulas, p *Jacobian, a *Affine, az *field.Element, in fmt.Stringer) bool {
	t.Helper()
	sentinel := Jacobian{X: a.Y, Y: a.X, Z: *az}
	got := sentinel
	pc, ac, azc := *p, *a, *az
	flag := asm.addAffineScaled(&got, &pc, &ac, &azc)
	if pc != *p || ac != *a || azc != *az {
		t.Errorf("varTimeAddAffineScaledADX modified its inputs on %v", in)
		return false
	}
	exceptional := hIsZero(p, a, az)
	switch {
	case flag != 0 && flag != 1:
		t.Errorf("varTimeAddAffineScaledADX returned %d on %v", flag, in)
	case (flag == 1) != exceptional:
		t.Errorf("varTimeAddAffineScaledADX returned %d, H ≡ 0 is %v, on %v", flag, exceptional, in)
	case flag == 1 && got != sentinel:
		t.Errorf("varTimeAddAffineScaledADX wrote v in the exceptional case on %v", in)
	case flag == 0:
		var want Jacobian
		want.varTimeAddAffineScaledGeneric(p, a, az)
		if !sameCoordinates(&got, &want) {
			t.Errorf("varTimeAddAffineScaledADX = %s, want %s, on %v", fmtJac(&got), fmtJac(&want), in)
		}
	}
	if t.Failed() {
		return false
	}

	// varTimeAddAffineScaledZrADX: the same v and flag, and zr = H unless
	// exceptional, where zr stays untouched.
	gotZ := sentinel
	zrSentinel := a.X
	zr := zrSentinel
	flagZ := asm.addAffineScaledZr(&gotZ, &pc, &ac, &azc, &zr)
	if pc != *p || ac != *a || azc != *az {
		t.Errorf("varTimeAddAffineScaledZrADX modified its inputs on %v", in)
		return false
	}
	switch {
	case flagZ != flag || gotZ != got:
		t.Errorf("varTimeAddAffineScaledZrADX returned %d and %s, varTimeAddAffineScaledADX %d and %s, on %v", flagZ, fmtJac(&gotZ), flag, fmtJac(&got), in)
	case flag == 1 && zr != zrSentinel:
		t.Errorf("varTimeAddAffineScaledZrADX wrote zr in the exceptional case on %v", in)
	case flag == 0:
		var want Jacobian
		var wantZr field.Element
		want.varTimeAddAffineScaledZrGeneric(p, a, az, &wantZr)
		if zr.Equal(&wantZr) == 0 {
			t.Errorf("varTimeAddAffineScaledZrADX zr = %x, want %x, on %v", zr.Bytes(), wantZr.Bytes(), in)
		}
	}
	return !t.Failed()
}

// checkAddAffineDistinct compares addAffineDistinctZrADX with
// addAffineDistinctZrGeneric on p + a, coordinates and z-ratio alike: the
// twins compute the same expressions on every input, p = ±a (Z₃ = 0)
// included.
func checkAddAffineDistinct(t *testing.T, asm *asmFormulas, p *Jacobian, a *Affine, in fmt.Stringer) bool {
	t.Helper()
	var got, want Jacobian
	var zr, wantZr field.Element
	pc, ac := *p, *a
	asm.addAffineDistinct(&got, &pc, &ac, &zr)
	want.addAffineDistinctZrGeneric(p, a, &wantZr)
	if pc != *p || ac != *a || !sameCoordinates(&got, &want) || zr.Equal(&wantZr) == 0 {
		t.Errorf("addAffineDistinctZrADX = %s with zr %x, want %s with %x, on %v", fmtJac(&got), zr.Bytes(), fmtJac(&want), wantZr.Bytes(), in)
		return false
	}
	return true
}

// TestAssemblyAddAffineVar checks varTimeAddAffineScaledADX and
// varTimeAddAffineScaledZrADX against varTimeAddAffineScaledGeneric on every
// kind of pair (P, ±P, λ-images, random), with az = Z₁ (VarTimeAddAffine)
// and az = Z₁·zinv (VarTimeAddZinv), and with an arbitrary az; and
// addAffineDistinctZrADX against its twin with az = Z₁.
func TestAssemblyAddAffineVar(t *testing.T) {
	asm := requireAsm(t)
	r := seededRand(t)
	checkPairs(t, 1000, func(pp testPair) bool {
		if pp.a.ref.inf || pp.b.ref.inf {
			return true // p is never the identity here, and a never is
		}
		p, a := pp.a.j, pp.b.a
		if !checkAddAffineScaled(t, asm, &p, &a, &p.Z, pp) || !checkAddAffineDistinct(t, asm, &p, &a, pp) {
			return false
		}
		za, zinv := zinvInput(r, pp.b.ref)
		var az field.Element
		az.Multiply(&p.Z, &zinv)
		if !checkAddAffineScaled(t, asm, &p, &za, &az, pp) {
			return false
		}
		l := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
		az.SetLimbs(&l)
		return checkAddAffineScaled(t, asm, &p, &a, &az, pp)
	})
}

// checkAddVar compares varTimeAddADX with varTimeAddGeneric on p + q:
// equal coordinates, or in the exceptional cases (p or q the identity, or
// H ≡ 0, and only then) a return of 1 with v untouched.
func checkAddVar(t *testing.T, asm *asmFormulas, p, q *Jacobian, in fmt.Stringer) bool {
	t.Helper()
	sentinel := Jacobian{X: q.Y, Y: p.X, Z: q.X}
	got := sentinel
	pc, qc := *p, *q
	flag := asm.addVar(&got, &pc, &qc)
	if pc != *p || qc != *q {
		t.Errorf("varTimeAddADX modified its inputs on %v", in)
		return false
	}
	var z1z1, z2z2, u1, h field.Element
	z1z1.Square(&p.Z)
	z2z2.Square(&q.Z)
	u1.Multiply(&p.X, &z2z2)
	h.Multiply(&q.X, &z1z1)
	h.Subtract(&h, &u1)
	exceptional := p.IsIdentity() == 1 || q.IsIdentity() == 1 || h.IsZero() == 1
	switch {
	case flag != 0 && flag != 1:
		t.Errorf("varTimeAddADX returned %d on %v", flag, in)
	case (flag == 1) != exceptional:
		t.Errorf("varTimeAddADX returned %d, exceptional is %v, on %v", flag, exceptional, in)
	case flag == 1 && got != sentinel:
		t.Errorf("varTimeAddADX wrote v in an exceptional case on %v", in)
	case flag == 0:
		var want Jacobian
		want.varTimeAddGeneric(p, q)
		if !sameCoordinates(&got, &want) {
			t.Errorf("varTimeAddADX = %s, want %s, on %v", fmtJac(&got), fmtJac(&want), in)
		}
	}
	return !t.Failed()
}

// TestAssemblyAddVar checks varTimeAddADX against varTimeAddGeneric on every
// kind of pair, identities and P, ±P included.
func TestAssemblyAddVar(t *testing.T) {
	asm := requireAsm(t)
	checkPairs(t, 1000, func(pp testPair) bool {
		return checkAddVar(t, asm, &pp.a.j, &pp.b.j, pp)
	})
}

// rareCase names a hand-made input of TestAssemblyRareCarries.
type rareCase string

func (c rareCase) String() string { return string(c) }

// TestAssemblyRareCarries runs the formulas on field values (not curve
// points: the twins compare coordinates) that drive the variable-time
// macros of the assembly through their out-of-line blocks, which random
// inputs reach with probability below 2⁻³⁰:
//   - a subtraction that wraps twice: H = 0 − (2²⁵⁶ − 1), the borrow taken
//     out of limb 0 after subtracting c, and a second c;
//   - an addition that wraps twice, and one whose addition of c carries
//     out of limb 0: 2T in the doubling, with Y₁ = 1;
//   - a product whose fold carries out of limb 1, wraps past 2²⁵⁶ and then
//     carries out of limb 0 again: (2²⁵⁶ − 2⁶⁴ − c)·(p − 1), found by
//     following the reduction's steps in math/big (see the mutation check
//     in docs/testing.md); Z₁·H in the mixed addition, Z₁·Z₂ in the
//     Jacobian one, Y₁·Z₁ in the doubling.
//
// The constant-time formulas run on the same values.
func TestAssemblyRareCarries(t *testing.T) {
	asm := requireAsm(t)
	el := func(l0, l1, l2, l3 uint64) field.Element {
		var e field.Element
		e.SetLimbs(&[4]uint64{l0, l1, l2, l3})
		return e
	}
	const ones = ^uint64(0)
	var (
		zero     = el(0, 0, 0, 0)
		one      = el(1, 0, 0, 0)
		five     = el(5, 0, 0, 0)
		seven    = el(7, 0, 0, 0)
		max      = el(ones, ones, ones, ones)                 // 2²⁵⁶ − 1
		pMinus1  = el(0xFFFFFFFEFFFFFC2E, ones, ones, ones)   // p − 1
		foldHard = el(0xFFFFFFFEFFFFFC2F, ones-1, ones, ones) // 2²⁵⁶ − 2⁶⁴ − c
	)
	for _, tc := range []struct {
		name string
		p    Jacobian
		a    Affine
	}{
		// H = x₂·1 − X₁ = 0 − (2²⁵⁶ − 1) wraps twice.
		{"mixed add, subtraction wraps twice", Jacobian{X: max, Y: five, Z: seven}, Affine{X: zero, Y: seven}},
		// H = 0 − 1 = p − 1, and Z₃ = Z₁·H takes the fold's rare path.
		{"mixed add, fold wraps", Jacobian{X: one, Y: five, Z: foldHard}, Affine{X: zero, Y: seven}},
	} {
		if !checkAddAffineScaled(t, asm, &tc.p, &tc.a, &one, rareCase(tc.name)) {
			return
		}
		checkAddAffine(t, asm, &tc.p, &tc.a, rareCase(tc.name))
		checkAddAffineDistinct(t, asm, &tc.p, &tc.a, rareCase(tc.name))
		checkDoubles(t, asm, &tc.p, rareCase(tc.name))
	}
	for _, tc := range []struct {
		name string
		p    Jacobian
	}{
		// Y₁ = 1 makes S = 1 and T = S·X₁ = X₁ unreduced, so 2T = X₁ + X₁:
		// with X₁ = 2²⁵⁶ − 1 it wraps, and adding c wraps again.
		{"double, addition wraps twice", Jacobian{X: max, Y: one, Z: seven}},
		// X₁ = 2²⁵⁵ + 2⁶³ − 1: 2T wraps to 2⁶⁴ − 2, and adding c carries out
		// of limb 0.
		{"double, addition carries out of limb 0", Jacobian{X: el(1<<63-1, 0, 0, 1<<63), Y: one, Z: seven}},
		// Z₃ = Y₁·Z₁ takes the fold's rare path.
		{"double, fold wraps", Jacobian{X: seven, Y: foldHard, Z: pMinus1}},
	} {
		checkDoubles(t, asm, &tc.p, rareCase(tc.name))
	}
	for _, tc := range []struct {
		name string
		p, q Jacobian
	}{
		// U₁ = X₁·1 = 2²⁵⁶ − 1 (unreduced), H = 0 − U₁ wraps twice.
		{"add, subtraction wraps twice", Jacobian{X: max, Y: five, Z: one}, Jacobian{X: zero, Y: seven, Z: one}},
		// Z₁·Z₂ takes the fold's rare path.
		{"add, fold wraps", Jacobian{X: one, Y: five, Z: foldHard}, Jacobian{X: seven, Y: seven, Z: pMinus1}},
	} {
		checkAddVar(t, asm, &tc.p, &tc.q, rareCase(tc.name))
	}
}

// checkAddAffine compares addAffineADX with addAffineGeneric on p + a.
func checkAddAffine(t *testing.T, asm *asmFormulas, p *Jacobian, a *Affine, in fmt.Stringer) bool {
	t.Helper()
	var got, want Jacobian
	pc, ac := *p, *a
	asm.addAffine(&got, &pc, &ac)
	want.addAffineGeneric(p, a)
	if pc != *p || ac != *a || !sameCoordinates(&got, &want) {
		t.Errorf("addAffineADX = %s, want %s, on %v", fmtJac(&got), fmtJac(&want), in)
		return false
	}
	return true
}

// TestAssemblyAddAffine checks addAffineADX against addAffineGeneric on every
// kind of pair: p the identity, p = ±a, and y₁ = −y₂ with x₁ = β·x₂ (the
// degenerate M = 0) included.
func TestAssemblyAddAffine(t *testing.T) {
	asm := requireAsm(t)
	checkPairs(t, 1000, func(pp testPair) bool {
		if pp.b.ref.inf {
			return true // an Affine is never the identity
		}
		return checkAddAffine(t, asm, &pp.a.j, &pp.b.a, pp)
	})
}

// FuzzFormulasADX checks the assembly formulas against their generic twins
// on points P = k₁·G and Q (k₂·G, ±P, ±λP, by mode) with fuzzed Z.
func FuzzFormulasADX(f *testing.F) {
	f.Add([]byte{1}, []byte{2}, []byte{1}, []byte{1}, uint8(0))
	f.Add([]byte{3}, []byte{3}, []byte{2}, []byte{5}, uint8(1))
	f.Add([]byte{9, 9}, []byte{}, []byte{0xfe}, []byte{0x12, 0x34}, uint8(2|16|32))
	f.Add(bigLambda.Bytes(), []byte{}, []byte{1}, []byte{1}, uint8(3))
	f.Add(new(big.Int).Sub(bigN, bigOne).Bytes(), []byte{}, bigP.Bytes(), []byte{1}, uint8(4))
	f.Fuzz(func(t *testing.T, k1, k2, z1, z2 []byte, mode uint8) {
		asm := requireAsm(t)
		p := refBaseMult(fuzzScalar(k1))
		var q refPoint
		switch mode % 6 {
		case 0:
			q = refBaseMult(fuzzScalar(k2))
		case 1:
			q = p
		case 2:
			q = refNeg(p)
		case 3:
			q = refEndo(p, 1)
		case 4:
			q = refNeg(refEndo(p, 2))
		case 5:
			q = refG
		}
		pj := fuzzJacobian(p, z1, mode&16 != 0)
		qj := fuzzJacobian(q, z2, mode&32 != 0)
		in := stringer(func() string {
			return fmt.Sprintf("P = %v as %s, Q = %v as %s", p, fmtJac(&pj), q, fmtJac(&qj))
		})
		if !checkDoubles(t, asm, &pj, in) || !checkDoubles(t, asm, &qj, in) {
			return
		}
		checkAddVar(t, asm, &pj, &qj, in)
		checkAddVar(t, asm, &qj, &pj, in)
		if q.inf {
			return
		}
		qa := Affine{X: fuzzElement(q.x, mode&32 != 0), Y: fuzzElement(q.y, mode&32 != 0)}
		checkAddAffine(t, asm, &pj, &qa, in)
		if p.inf {
			return
		}
		qa = Affine{X: fuzzElement(q.x, mode&32 != 0), Y: fuzzElement(q.y, mode&32 != 0)}
		checkAddAffineScaled(t, asm, &pj, &qa, &pj.Z, in)
		checkAddAffineDistinct(t, asm, &pj, &qa, in)
		if len(z2) > 32 {
			z2 = z2[:32]
		}
		zinv := fuzzElement(modP(new(big.Int).SetBytes(z2)), mode&16 != 0)
		checkAddAffineScaled(t, asm, &pj, &qa, &zinv, in)
	})
}

// BenchmarkBackends runs the formulas with each backend in one process;
// compare with `benchstat -col /backend`.
func BenchmarkBackends(b *testing.B) {
	p0, q0, a, za, zinv := benchInputs()
	ops := []struct {
		name string
		f    func(p, q *Jacobian)
	}{
		{"Double", func(p, _ *Jacobian) { p.Double(p) }},
		{"VarTimeDouble", func(p, _ *Jacobian) { p.VarTimeDouble(p) }},
		{"VarTimeAddAffine", func(p, _ *Jacobian) { p.VarTimeAddAffine(p, &a) }},
		{"VarTimeAddZinv", func(p, _ *Jacobian) { p.VarTimeAddZinv(p, &za, &zinv) }},
		{"VarTimeAdd", func(p, q *Jacobian) { p.VarTimeAdd(p, q) }},
		{"AddAffine", func(p, _ *Jacobian) { p.AddAffine(p, &a) }},
		{"Add", func(p, q *Jacobian) { p.Add(p, q) }},
	}
	table := randomTable(rand.New(rand.NewSource(1)), 32)
	var entry Affine
	ops = append(ops,
		struct {
			name string
			f    func(p, q *Jacobian)
		}{"Lookup16", func(_, _ *Jacobian) { entry.Lookup(table[:16], 5) }},
		struct {
			name string
			f    func(p, q *Jacobian)
		}{"Lookup32", func(_, _ *Jacobian) { entry.Lookup(table, 5) }})
	for _, op := range ops {
		for _, be := range backends() {
			b.Run(fmt.Sprintf("op=%s/backend=%s", op.name, be), func(b *testing.B) {
				defer setBackend(be)()
				p, q := p0, q0
				b.ReportAllocs()
				for b.Loop() {
					op.f(&p, &q)
				}
			})
		}
	}
}
