//go:build kestrel_debug

package safegcd

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug/debugtest"
)

// The kestrel_debug checks fire: each case breaks an invariant on purpose
// and expects the panic.

func TestDebugChecks(t *testing.T) {
	m := modP.m
	var out [4]uint64
	debugtest.ExpectPanic(t, "kestrel_debug: safegcd: Invert: x is not below M", func() {
		m.Invert(&out, &m.words) // x = M
	})
	debugtest.ExpectPanic(t, "kestrel_debug: safegcd: VarTimeJacobi: x is not below M", func() {
		m.VarTimeJacobi(&[4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)})
	})
	debugtest.ExpectPanic(t, "kestrel_debug: safegcd: divsteps59: f is even", func() {
		divsteps59(-1, 2, 1)
	})
	// d = M is outside (−2M, M).
	d, e := m.f, signed62{1}
	_, tr := divsteps59(-1, uint64(m.f[0]), 1)
	debugtest.ExpectPanic(t, "kestrel_debug: safegcd: updateDE (entry): d or e is not in (−2M, M)", func() {
		m.updateDE(&d, &e, &tr)
	})
	// A matrix that does not clear the low 62 bits.
	bad := tr
	bad.q++
	debugtest.ExpectPanic(t, "kestrel_debug: safegcd: test: transition matrix does not clear 62 bits", func() {
		checkTrans(&bad, uint64(m.f[0]), 1, pow2(65), false, "safegcd: test")
	})
	// The right bounds and bits but the wrong determinant: rows swapped.
	bad = trans{tr.q, tr.r, tr.u, tr.v}
	debugtest.ExpectPanic(t, "kestrel_debug: safegcd: test: transition matrix has the wrong determinant", func() {
		checkTrans(&bad, uint64(m.f[0]), 1, pow2(65), false, "safegcd: test")
	})
}

// TestDebugToWide checks the checks' own arithmetic against math/big.
func TestDebugToWide(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	mod := new(big.Int).Lsh(big.NewInt(1), 384)
	for range 1000 {
		var v signed62
		want := new(big.Int)
		for i := range v {
			v[i] = int64(r.Uint64())
			if r.Intn(2) == 0 {
				v[i] >>= r.Intn(64)
			}
			want.Add(want, new(big.Int).Lsh(big.NewInt(v[i]), uint(62*i)))
		}
		want.Mod(want, mod) // two's complement
		w := toWide(&v)
		got := new(big.Int)
		for i := len(w) - 1; i >= 0; i-- {
			got.Lsh(got, 64).Or(got, new(big.Int).SetUint64(w[i]))
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("toWide(%v) = %#x, want %#x", v, got, want)
		}
	}
	var a, b [4]uint64
	for range 100 {
		for i := range a {
			a[i], b[i] = r.Uint64(), r.Uint64()
		}
		m := modN.m.words
		a[3] >>= 1
		b[3] >>= 1 // below n
		want := new(big.Int).Mul(wordsToBig(&a), wordsToBig(&b))
		want.Mod(want, bigN)
		got := mulMod(&a, &b, &m)
		if wordsToBig(&got).Cmp(want) != 0 {
			t.Fatalf("mulMod = %#x, want %#x", wordsToBig(&got), want)
		}
	}
}
