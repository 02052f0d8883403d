package field8

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// setLaneBig sets lane j of v to x < 2²⁶⁰, in limbs below 2⁵².
func setLaneBig(v *Element8, j int, x *big.Int) {
	for i := range 5 {
		v.L[i][j] = new(big.Int).Rsh(x, uint(52*i)).Uint64() & m52
	}
}

// sqrtInput returns eight lanes mixing randomElement8's edge cases (0,
// limbs of all ones, values around multiples of p) with squares (y² mod
// p, plus p now and then: a value ≥ p in limbs), and p − 1, a non-square.
func sqrtInput(r *rand.Rand) *Element8 {
	v := randomElement8(r)
	for j := range Lanes {
		switch r.Intn(4) {
		case 0:
			y := new(big.Int).Rand(r, bigP)
			y.Mul(y, y).Mod(y, bigP)
			if r.Intn(2) == 0 {
				y.Add(y, bigP)
			}
			setLaneBig(v, j, y)
		case 1:
			if r.Intn(4) == 0 {
				setLaneBig(v, j, new(big.Int).Sub(bigP, big.NewInt(1)))
			}
		}
	}
	return v
}

// TestSqrt checks Sqrt (of the backend under test) lane by lane against
// math/big (the flag against the Legendre symbol; the root squares to a,
// or to −a for a non-square) and against internal/field's Sqrt (the same
// root and flag), with the limb bound of the result.
func TestSqrt(t *testing.T) {
	r := testref.Rand(t)
	n := 300
	if testing.Short() {
		n = 60
	}
	squares, nonSquares := 0, 0
	for range n {
		a := sqrtInput(r)
		var v Element8
		_, ok := v.Sqrt(a)
		checkLimbs(t, "Sqrt", &v)
		for j := range Lanes {
			x := new(big.Int).Mod(laneBig(a, j), bigP)
			root := laneBig(&v, j)
			sq := new(big.Int).Mul(root, root)
			sq.Mod(sq, bigP)
			wantOK := 0
			if big.Jacobi(x, bigP) >= 0 {
				wantOK = 1
				squares++
			} else {
				nonSquares++
			}
			if ok[j] != wantOK {
				t.Fatalf("lane %d of %x: ok = %d, want %d", j, x, ok[j], wantOK)
			}
			want := new(big.Int).Set(x)
			if wantOK == 0 {
				want.Sub(bigP, x)
			}
			if sq.Cmp(want) != 0 {
				t.Fatalf("lane %d of %x: root %x squares to %x, want %x", j, x, root, sq, want)
			}
			var fx, froot, got field.Element
			fx.SetLimbs(new(lane(a, j)))
			_, fok := froot.Sqrt(&fx)
			got.SetLimbs(new(lane(&v, j)))
			if fok != ok[j] || got.Equal(&froot) != 1 {
				t.Fatalf("lane %d of %x: (%x, %d), field.Sqrt (%x, %d)", j, x, root, ok[j], froot.Bytes(), fok)
			}
		}
	}
	if squares == 0 || nonSquares == 0 {
		t.Fatalf("%d squares and %d non-squares: the inputs miss a case", squares, nonSquares)
	}
}

// TestSqrt2 checks Sqrt2 against Sqrt on each half (TestSqrt checks Sqrt),
// with v aliasing a.
func TestSqrt2(t *testing.T) {
	r := testref.Rand(t)
	for range 40 {
		a := [2]Element8{*sqrtInput(r), *sqrtInput(r)}
		var want [2]Element8
		var wantOK [2][Lanes]int
		for i := range a {
			_, wantOK[i] = want[i].Sqrt(&a[i])
		}
		v := a
		ok := Sqrt2(&v, &v)
		if v != want || ok != wantOK {
			t.Fatalf("Sqrt2: %x %v, Sqrt: %x %v", v, ok, want, wantOK)
		}
	}
}

// TestRepeatedSquare checks RepeatedSquare against n calls of Square, and
// aliasing of v and a.
func TestRepeatedSquare(t *testing.T) {
	r := testref.Rand(t)
	for range 200 {
		a := randomElement8(r)
		n := r.Intn(30)
		want := *a
		for range n {
			want.Square(&want)
		}
		var got Element8
		got.RepeatedSquare(a, n)
		if got != want {
			t.Fatalf("RepeatedSquare(%d): %x, want %x", n, got, want)
		}
		a.RepeatedSquare(a, n)
		if *a != want {
			t.Fatalf("RepeatedSquare(%d) in place: %x, want %x", n, *a, want)
		}
	}
}

func BenchmarkSqrt8(b *testing.B) {
	r := testref.Rand(b)
	a := sqrtInput(r)
	var v Element8
	b.ReportAllocs()
	for b.Loop() {
		v.Sqrt(a)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*Lanes), "ns/lane")
}

func BenchmarkSqrt2(b *testing.B) {
	r := testref.Rand(b)
	a := [2]Element8{*sqrtInput(r), *sqrtInput(r)}
	var v [2]Element8
	b.ReportAllocs()
	for b.Loop() {
		Sqrt2(&v, &a)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*2*Lanes), "ns/lane")
}
