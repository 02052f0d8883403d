package safegcd

import (
	"math/big"
	"testing"
)

// benchInput returns a fixed pseudo-random value below m.
func benchInput(m *big.Int) *[4]uint64 {
	x := new(big.Int).Exp(big.NewInt(7), big.NewInt(1000), m) // 7¹⁰⁰⁰ mod M
	return bigToWords(x)
}

// benchInputs returns 256 fixed pseudo-random values below m, so that the
// branch predictor cannot learn the variable-time functions' branches.
func benchInputs(m *big.Int) *[256][4]uint64 {
	var xs [256][4]uint64
	x := new(big.Int).Exp(big.NewInt(7), big.NewInt(1000), m)
	for i := range xs {
		xs[i] = *bigToWords(x)
		x.Mul(x, x).Add(x, big.NewInt(int64(i))).Mod(x, m)
	}
	return &xs
}

// benchFreshInputs returns 2¹⁶ pseudo-random values below m: more branch
// history than a predictor keeps, as for inputs that are never repeated
// (libsecp256k1's bench_internal walks x + i·y).
func benchFreshInputs(m *big.Int) [][4]uint64 {
	xs := make([][4]uint64, 1<<16)
	x := new(big.Int).Exp(big.NewInt(7), big.NewInt(1000), m)
	y := new(big.Int).Exp(big.NewInt(11), big.NewInt(1000), m)
	for i := range xs {
		xs[i] = *bigToWords(x)
		x.Add(x, y).Mod(x, m)
	}
	return xs
}

func benchModuli(b *testing.B, f func(b *testing.B, tm testModulus)) {
	for _, tm := range []testModulus{modP, modN} {
		b.Run(tm.name, func(b *testing.B) { f(b, tm) })
	}
}

func BenchmarkInvert(b *testing.B) {
	benchModuli(b, func(b *testing.B, tm testModulus) {
		xs := benchInputs(tm.big)
		var out [4]uint64
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			tm.m.Invert(&out, &xs[i&255])
			i++
		}
	})
}

func BenchmarkVarTimeInvert(b *testing.B) {
	benchModuli(b, func(b *testing.B, tm testModulus) {
		xs := benchInputs(tm.big)
		var out [4]uint64
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			tm.m.VarTimeInvert(&out, &xs[i&255])
			i++
		}
	})
}

func BenchmarkVarTimeJacobi(b *testing.B) {
	benchModuli(b, func(b *testing.B, tm testModulus) {
		xs := benchInputs(tm.big)
		b.ReportAllocs()
		i, sum := 0, 0
		for b.Loop() {
			sum += tm.m.VarTimeJacobi(&xs[i&255])
			i++
		}
		_ = sum
	})
}

// BenchmarkVarTimeFresh times VarTimeInvert and VarTimeJacobi modulo p on
// inputs the branch predictor has not seen (benchFreshInputs).
func BenchmarkVarTimeFresh(b *testing.B) {
	xs := benchFreshInputs(modP.big)
	var out [4]uint64
	b.Run("invert", func(b *testing.B) {
		i := 0
		for b.Loop() {
			modP.m.VarTimeInvert(&out, &xs[i&(len(xs)-1)])
			i++
		}
	})
	b.Run("jacobi", func(b *testing.B) {
		i, sum := 0, 0
		for b.Loop() {
			sum += modP.m.VarTimeJacobi(&xs[i&(len(xs)-1)])
			i++
		}
		_ = sum
	})
	// Per pair: compare with two of jacobi.
	b.Run("jacobi2", func(b *testing.B) {
		i, sum := 0, 0
		for b.Loop() {
			jx, jy := modP.m.VarTimeJacobi2(&xs[i&(len(xs)-1)], &xs[(i+1)&(len(xs)-1)])
			sum += jx + jy
			i += 2
		}
		_ = sum
	})
}

func BenchmarkVarTimeJacobiBinary(b *testing.B) {
	xs := benchInputs(bigP)
	b.ReportAllocs()
	i, sum := 0, 0
	for b.Loop() {
		sum += varTimeJacobiBinary(&xs[i&255], &modP.m.words)
		i++
	}
	_ = sum
}

// The parts of one batch, to see where the time goes. The variable-time
// divsteps are the Go loops, the twins of the assembly batches (the
// assembly runs inside divstepsUpdate and posdivstepsUpdate).

func BenchmarkDivsteps59(b *testing.B) {
	f, g, zeta := uint64(0x123456789abcdef1), uint64(0x0fedcba987654321), int64(-1)
	var t trans
	for b.Loop() {
		zeta, t = divsteps59(zeta, f, g)
		f, g = uint64(t.u)|1, g^uint64(t.v)
		zeta = max(min(zeta, 500), -500)
	}
}

func BenchmarkDivsteps60Tab(b *testing.B) {
	f, g, eta := uint64(0x123456789abcdef1), uint64(0x0fedcba987654321), int64(-1)
	var t trans
	for b.Loop() {
		eta, t = divsteps60Tab(eta, f, g)
		f, g = uint64(t.u)|1, g^uint64(t.v)
		eta = max(min(eta, 501), -501)
	}
}

func BenchmarkUpdateDE(b *testing.B) {
	x := benchInput(bigP)
	d, e := fromWords(x), signed62{1}
	_, t := divsteps59(-1, uint64(modP.m.f[0]), uint64(d[0]))
	for b.Loop() {
		modP.m.updateDE(&d, &e, &t)
	}
}

func BenchmarkUpdateFG(b *testing.B) {
	f, g := modP.m.f, fromWords(benchInput(bigP))
	_, t := divsteps59(-1, uint64(f[0]), uint64(g[0]))
	for b.Loop() {
		// f and g grow without bound here, which does not change the time.
		updateFG(&f, &g, &t)
	}
}

func BenchmarkPosdivsteps62Var(b *testing.B) {
	f, g, eta, jac := uint64(0x123456789abcdef1), uint64(0x0fedcba987654321), int64(-1), uint64(0)
	var t trans
	for b.Loop() {
		eta, t, jac = posdivsteps62Var(eta, f, g, jac)
		f, g = uint64(t.u)|1, g^uint64(t.v)
		eta = max(min(eta, 500), -500)
	}
}
