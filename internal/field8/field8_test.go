package field8

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

var bigP, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", 16)

// laneBig returns lane j of v as an integer (not reduced).
func laneBig(v *Element8, j int) *big.Int {
	x := new(big.Int)
	for i := 4; i >= 0; i-- {
		x.Lsh(x, 52)
		x.Or(x, new(big.Int).SetUint64(v.L[i][j]))
	}
	return x
}

// randomElement8 returns an Element8 whose lanes have limbs below 2⁵²,
// drawn to hit the edges: all limbs 2⁵² − 1 (the largest value, 2²⁶⁰ − 1),
// zero, p and its neighbours, small values, and random limbs.
func randomElement8(r *rand.Rand) *Element8 {
	var v Element8
	for j := range Lanes {
		switch r.Intn(6) {
		case 0:
			for i := range 5 {
				v.L[i][j] = m52
			}
		case 1:
			// zero
		case 2:
			x := new(big.Int).Add(bigP, big.NewInt(int64(r.Intn(5)-2)))
			if r.Intn(2) == 0 {
				x.Lsh(x, uint(r.Intn(5))) // k·p, up to 16p < 2²⁶⁰
			}
			for i := range 5 {
				v.L[i][j] = new(big.Int).Rsh(x, uint(52*i)).Uint64() & m52
			}
		case 3:
			v.L[0][j] = uint64(r.Intn(1000))
		default:
			for i := range 5 {
				v.L[i][j] = r.Uint64() & m52
				if r.Intn(4) == 0 {
					v.L[i][j] = m52 - uint64(r.Intn(3))
				}
			}
		}
	}
	return &v
}

// checkLimbs fails if a limb of v is 2⁵² or more.
func checkLimbs(t *testing.T, what string, v *Element8) {
	t.Helper()
	for i := range 5 {
		for j := range Lanes {
			if v.L[i][j] > m52 {
				t.Fatalf("%s: limb %d of lane %d is %#x, not below 2⁵²", what, i, j, v.L[i][j])
			}
		}
	}
}

// TestOpsAgainstBig checks Mul, Square, Add and Sub (of the backend under
// test) against math/big mod p, and the limb bound of every result.
func TestOpsAgainstBig(t *testing.T) {
	r := testref.Rand(t)
	for range 3000 {
		a, c := randomElement8(r), randomElement8(r)
		var mul, sq, add, sub Element8
		mul.Mul(a, c)
		sq.Square(a)
		add.Add(a, c)
		sub.Sub(a, c)
		for name, v := range map[string]*Element8{"Mul": &mul, "Square": &sq, "Add": &add, "Sub": &sub} {
			checkLimbs(t, name, v)
		}
		for j := range Lanes {
			x, y := laneBig(a, j), laneBig(c, j)
			want := map[string]*big.Int{
				"Mul":    new(big.Int).Mul(x, y),
				"Square": new(big.Int).Mul(x, x),
				"Add":    new(big.Int).Add(x, y),
				"Sub":    new(big.Int).Sub(x, y),
			}
			for name, v := range map[string]*Element8{"Mul": &mul, "Square": &sq, "Add": &add, "Sub": &sub} {
				got := new(big.Int).Mod(laneBig(v, j), bigP)
				if w := want[name].Mod(want[name], bigP); got.Cmp(w) != 0 {
					t.Fatalf("%s lane %d of %x, %x: %x, want %x", name, j, x, y, got, w)
				}
			}
		}
	}
}

// TestSetGet checks the conversions from and to field.Element, with the
// reduction of a lane's value above p.
func TestSetGet(t *testing.T) {
	r := testref.Rand(t)
	for range 2000 {
		v := randomElement8(r)
		for j := range Lanes {
			var x field.Element
			v.Get(j, &x)
			want := new(big.Int).Mod(laneBig(v, j), bigP)
			l := x.Limbs()
			got := new(big.Int)
			for i := 3; i >= 0; i-- {
				got.Lsh(got, 64)
				got.Or(got, new(big.Int).SetUint64(l[i]))
			}
			if got.Cmp(want) != 0 {
				t.Fatalf("Get lane %d: %x, want %x", j, got, want)
			}
			var w Element8
			w.Set(j, &x)
			if laneBig(&w, j).Cmp(want) != 0 {
				t.Fatalf("Set lane %d: %x, want %x", j, laneBig(&w, j), want)
			}
		}
	}
}
