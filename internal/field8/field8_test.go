package field8

import (
	"math/big"
	"math/rand"
	"testing"

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

// lane returns Lane(j) of v as an array.
func lane(v *Element8, j int) [4]uint64 {
	w0, w1, w2, w3 := v.Lane(j)
	return [4]uint64{w0, w1, w2, w3}
}

// limbsBig returns the little-endian 64-bit limbs w as an integer.
func limbsBig(w *[4]uint64) *big.Int {
	x := new(big.Int)
	for i := 3; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(w[i]))
	}
	return x
}

// randomLimbs64 returns a value below 2²⁵⁶ in 64-bit limbs: random, or at
// the edges (0, p and its neighbours, 2²⁵⁶ − 1, limbs of all ones or zero).
func randomLimbs64(r *rand.Rand) [4]uint64 {
	var w [4]uint64
	switch r.Intn(4) {
	case 0:
		w = p64
		w[0] += uint64(r.Intn(5)) - 2
	case 1:
		for i := range w {
			w[i] = ^uint64(0) * uint64(r.Intn(2))
		}
	default:
		for i := range w {
			w[i] = r.Uint64()
		}
	}
	return w
}

// TestLanes checks SetLane and Lane, and the conversions Limbs52 and
// Limbs64 under them, against math/big: SetLane keeps the value of its
// 64-bit limbs in limbs below 2⁵², and Lane returns a value below 2²⁵⁶
// congruent to the lane's (of every lane randomElement8 makes, up to
// 2²⁶⁰ − 1), which SetLane takes back as it is.
func TestLanes(t *testing.T) {
	r := testref.Rand(t)
	for range 2000 {
		v := randomElement8(r)
		for j := range Lanes {
			w := lane(v, j)
			got := limbsBig(&w)
			want := new(big.Int).Mod(laneBig(v, j), bigP)
			if got.BitLen() > 256 || new(big.Int).Mod(got, bigP).Cmp(want) != 0 {
				t.Fatalf("Lane %d: %x, want %x mod p", j, got, want)
			}
			var u Element8
			u.SetLane(j, &w)
			checkLimbs(t, "SetLane", &u)
			if laneBig(&u, j).Cmp(got) != 0 {
				t.Fatalf("SetLane %d: %x, want %x", j, laneBig(&u, j), got)
			}
			w = randomLimbs64(r)
			u.SetLane(j, &w)
			checkLimbs(t, "SetLane", &u)
			if laneBig(&u, j).Cmp(limbsBig(&w)) != 0 {
				t.Fatalf("SetLane %d of %x: %x", j, limbsBig(&w), laneBig(&u, j))
			}
		}
	}
}

// TestEqualLanes checks equalLanes against math/big, on lanes that are
// equal mod p in different limbs (x and x + p, x + 2p …) as well as on
// random ones.
func TestEqualLanes(t *testing.T) {
	r := testref.Rand(t)
	equal := 0
	for range 2000 {
		a, b := randomElement8(r), randomElement8(r)
		for j := range Lanes {
			if r.Intn(2) == 0 {
				x := new(big.Int).Mod(laneBig(a, j), bigP)
				x.Add(x, new(big.Int).Mul(bigP, big.NewInt(int64(r.Intn(3)))))
				setLaneBig(b, j, x)
			}
		}
		eq := equalLanes(a, b)
		for j := range Lanes {
			x, y := laneBig(a, j), laneBig(b, j)
			want := 0
			if x.Mod(x, bigP).Cmp(y.Mod(y, bigP)) == 0 {
				want = 1
				equal++
			}
			if eq[j] != want {
				t.Fatalf("lane %d of %x, %x: %d, want %d", j, laneBig(a, j), laneBig(b, j), eq[j], want)
			}
		}
	}
	if equal == 0 {
		t.Fatal("no equal lanes: the inputs miss a case")
	}
}
