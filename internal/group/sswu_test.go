package group

import (
	"math/big"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Tests of MapToCurve (sswu.go) against RFC 9380's vectors and against the
// math/big transcription of the RFC's pseudocode in internal/testkit/testref
// (the plain §6.6.2 map with its inversions and branches, and the rational
// maps of Appendix E.1 with all sixteen constants), which shares nothing
// with the straight-line, inversion-free code under test.

// TestIsogenyConstants checks the constants of sswu.go against the RFC's,
// and the facts the projective isogeny rests on: x_den = (x′ − x₀)²,
// y_den = (x′ − x₀)³, and g′(x₀) is not a square, so no point of E′(F_p)
// has x′ = x₀ and the isogeny has no exceptional input there.
func TestIsogenyConstants(t *testing.T) {
	eq := func(name string, got *field.Element, want *big.Int) {
		t.Helper()
		if toBig(got).Cmp(modP(new(big.Int).Set(want))) != 0 {
			t.Errorf("%s = %x, want %x", name, toBig(got), want)
		}
	}
	eq("A′", &sswuA, testref.H2CA)
	eq("Z", &sswuZ, testref.H2CZ)
	if sswuB != testref.H2CB.Int64() {
		t.Errorf("B′ = %d, want %v", sswuB, testref.H2CB)
	}
	k := testref.H2CIso
	for i, c := range []*field.Element{&isoK10, &isoK11, &isoK12, &isoK13} {
		eq("k_(1,"+string(rune('0'+i))+")", c, k[0][i])
	}
	for i, c := range []*field.Element{&isoK30, &isoK31, &isoK32, &isoK33} {
		eq("k_(3,"+string(rune('0'+i))+")", c, k[2][i])
	}

	x0 := toBig(&isoX0)
	x02 := modP(new(big.Int).Mul(x0, x0))
	x03 := modP(new(big.Int).Mul(x02, x0))
	for _, c := range []struct {
		name      string
		got, want *big.Int
	}{
		{"x_den's k_(2,0) = x₀²", x02, k[1][0]},
		{"x_den's k_(2,1) = −2x₀", modP(new(big.Int).Mul(big.NewInt(-2), x0)), k[1][1]},
		{"y_den's k_(4,0) = −x₀³", modP(new(big.Int).Neg(x03)), k[3][0]},
		{"y_den's k_(4,1) = 3x₀²", modP(new(big.Int).Mul(big.NewInt(3), x02)), k[3][1]},
		{"y_den's k_(4,2) = −3x₀", modP(new(big.Int).Mul(big.NewInt(-3), x0)), k[3][2]},
	} {
		if c.got.Cmp(c.want) != 0 {
			t.Errorf("%s: %x, want %x", c.name, c.got, c.want)
		}
	}
	g := new(big.Int).Add(x03, new(big.Int).Mul(testref.H2CA, x0))
	g = modP(g.Add(g, testref.H2CB))
	if big.Jacobi(g, bigP) != -1 {
		t.Error("g′(x₀) is a square: E′(F_p) has a point above the isogeny's kernel")
	}

	var s field.Element
	s.Square(&sqrtMinusZ)
	eq("(√−Z)²", &s, big.NewInt(11))
	if big.Jacobi(testref.H2CZ, bigP) != -1 {
		t.Error("Z is a square")
	}
}

// h2cVector is a map-level case of the RFC 9380 suite files: u and its
// image map_to_curve(u) (Q0, Q1 for RO; Q for NU).
type h2cVector struct {
	u    *big.Int
	x, y *big.Int
	name string
}

// readMapVectors reads every (u, Q) pair of testdata/rfc9380's two suite
// files.
func readMapVectors(t *testing.T) []h2cVector {
	t.Helper()
	type pt struct{ X, Y string }
	var out []h2cVector
	for _, suite := range []string{"RO", "NU"} {
		path := filepath.Join("..", "..", "testdata", "rfc9380", "secp256k1_XMD_SHA-256_SSWU_"+suite+"_.json")
		var f struct {
			Vectors []struct {
				Msg       string
				U         []string
				Q, Q0, Q1 *pt
			}
		}
		testref.JSON(t, path, &f)
		if len(f.Vectors) != 5 {
			t.Fatalf("%s: %d vectors, want 5", path, len(f.Vectors))
		}
		for _, v := range f.Vectors {
			qs := []*pt{v.Q}
			if suite == "RO" {
				qs = []*pt{v.Q0, v.Q1}
			}
			if len(v.U) != len(qs) {
				t.Fatalf("%s: msg %q has %d u, want %d", path, v.Msg, len(v.U), len(qs))
			}
			for i, q := range qs {
				out = append(out, h2cVector{
					u:    testref.BigHex(strings.TrimPrefix(v.U[i], "0x")),
					x:    testref.BigHex(strings.TrimPrefix(q.X, "0x")),
					y:    testref.BigHex(strings.TrimPrefix(q.Y, "0x")),
					name: suite + " " + v.Msg[:min(len(v.Msg), 8)] + " u" + string(rune('0'+i)),
				})
			}
		}
	}
	return out
}

// mapToRef runs MapToCurve on u and decodes the result with the reference.
func mapToRef(u *field.Element) refPoint {
	var v Jacobian
	v.MapToCurve(u)
	return jacToRef(&v)
}

// TestMapToCurveVectors checks map_to_curve(u) = Q for the 15 (u, Q) pairs
// of the RFC's two secp256k1 suites (10 of hash_to_curve, 5 of
// encode_to_curve).
func TestMapToCurveVectors(t *testing.T) {
	vs := readMapVectors(t)
	if len(vs) != 15 {
		t.Fatalf("%d map vectors, want 15", len(vs))
	}
	for _, v := range vs {
		u := fromBig(v.u)
		if got, want := mapToRef(&u), newRef(v.x, v.y); !refEqual(got, want) {
			t.Errorf("%s: map_to_curve(%x) = %v, want %v", v.name, v.u, got, want)
		}
		if got := testref.MapToCurve(v.u); !refEqual(newRef(got.X, got.Y), newRef(v.x, v.y)) {
			t.Errorf("%s: the reference disagrees with the vector", v.name)
		}
	}
}

// sswuEdges are inputs of the map's special cases: u = 0 and u = ±1/√11,
// where Z²u⁴ + Zu² = 0 (Z = −11; 11 is a square mod p) and x1 = B′/(Z·A′),
// and small values and p − 1, p − 2 (u and −u give the same x).
func sswuEdges() []*big.Int {
	inv11 := new(big.Int).ModInverse(big.NewInt(11), bigP)
	r := new(big.Int).ModSqrt(inv11, bigP)
	return []*big.Int{
		big.NewInt(0), r, modP(new(big.Int).Neg(r)),
		big.NewInt(1), big.NewInt(2), big.NewInt(11),
		new(big.Int).Sub(bigP, big.NewInt(1)), new(big.Int).Sub(bigP, big.NewInt(2)),
	}
}

// checkMap compares sswu and MapToCurve on u (any representation of x) with
// the reference, and returns whether g′(x1) was a square.
func checkMap(t *testing.T, u field.Element, x *big.Int) bool {
	t.Helper()
	wx, wy, sq := testref.SimpleSWU(x)
	var xn, xd, y field.Element
	sswu(&xn, &xd, &y, &u)
	gx := modP(new(big.Int).Mul(toBig(&xn), invP(toBig(&xd))))
	if gx.Cmp(wx) != 0 || toBig(&y).Cmp(wy) != 0 {
		t.Errorf("sswu(%x) = (%x, %x), want (%x, %x)", x, gx, toBig(&y), wx, wy)
	}
	w := testref.MapToCurve(x)
	if w.Inf {
		t.Fatalf("reference map_to_curve(%x) is the identity", x)
	}
	if got := mapToRef(&u); !refEqual(got, newRef(w.X, w.Y)) || !refOnCurve(got) {
		t.Errorf("MapToCurve(%x) = %v, want (%x, %x)", x, got, w.X, w.Y)
	}
	return sq
}

// TestMapToCurveEdges checks the exceptional inputs, including the RFC's
// value of x1 there.
func TestMapToCurveEdges(t *testing.T) {
	r := seededRand(t)
	for i, x := range sswuEdges() {
		for range 2 {
			checkMap(t, randElement(r, x), x)
		}
		if i < 3 {
			// x1 = B′/(Z·A′), and x = x1 or Z·u²·x1 = 0.
			want := modP(new(big.Int).Mul(testref.H2CB, invP(modP(new(big.Int).Mul(testref.H2CZ, testref.H2CA)))))
			if x.Sign() == 0 {
				want = new(big.Int)
			}
			wx, _, sq := testref.SimpleSWU(x)
			if x.Sign() != 0 && (!sq || wx.Cmp(want) != 0) {
				t.Errorf("u = %x: x′ = %x, want x1 = B′/(Z·A′) = %x, a square g′(x1)", x, wx, want)
			}
			u := fromBig(x)
			var xn, xd, y field.Element
			sswu(&xn, &xd, &y, &u)
			if got := modP(new(big.Int).Mul(toBig(&xn), invP(toBig(&xd)))); x.Sign() != 0 && got.Cmp(want) != 0 {
				t.Errorf("sswu(%x): x′ = %x, want %x", x, got, want)
			}
		}
	}
}

// TestMapToCurveReference checks random inputs, in both representations
// where there are two, and that both branches (g′(x1) a square or not) are
// taken.
func TestMapToCurveReference(t *testing.T) {
	r := seededRand(t)
	n := 2000
	if testing.Short() {
		n = 200
	}
	var squares int
	for range n {
		x := new(big.Int).Rand(r, bigP)
		if r.Intn(8) == 0 {
			x.SetInt64(r.Int63n(1 << 20)) // small: a second representation x + p
		}
		if checkMap(t, randElement(r, x), x) {
			squares++
		}
	}
	if squares == 0 || squares == n {
		t.Errorf("g′(x1) was a square in %d of %d cases: a branch is untested", squares, n)
	}
	t.Logf("g′(x1) a square in %d of %d cases", squares, n)
}

// TestMapToCurveAliasing checks that u may be a coordinate of the receiver.
func TestMapToCurveAliasing(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for range 20 {
		x := new(big.Int).Rand(r, bigP)
		u := fromBig(x)
		var want, v Jacobian
		want.MapToCurve(&u)
		for _, alias := range []*field.Element{&v.X, &v.Y, &v.Z} {
			*alias = u
			v.MapToCurve(alias)
			if v.Equal(&want) != 1 {
				t.Fatalf("MapToCurve with u aliasing the receiver: %s, want %s", fmtJac(&v), fmtJac(&want))
			}
		}
	}
}

func TestMapToCurveAllocations(t *testing.T) {
	race.SkipAllocs(t)
	u := fromBig(big.NewInt(12345))
	var v Jacobian
	if n := testing.AllocsPerRun(20, func() { v.MapToCurve(&u) }); n != 0 {
		t.Errorf("MapToCurve allocates: %v allocations per run", n)
	}
}

func BenchmarkMapToCurve(b *testing.B) {
	u := fromBig(testref.BigHex("6B0F9910DD2BA71C78F2EE9F04D73B5F4C5F7FC773A701ABEA1E573CAB002FB3"))
	var v Jacobian
	b.ReportAllocs()
	for b.Loop() {
		v.MapToCurve(&u)
	}
}
