//lint:file-ignore SA1019 these tests exercise crypto/elliptic's and crypto/ecdsa's deprecated API for custom curves, the package's subject

package stdecdsa_test

import (
	"bytes"
	"crypto/elliptic"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/stdecdsa"
)

// The reference for every check here is testref: textbook affine
// chord-and-tangent formulas and double-and-add in math/big, for y² = x³ + 7.
// crypto/elliptic's own *CurveParams methods are not a reference: they are
// generic arithmetic for short Weierstrass curves with a = −3, and secp256k1
// has a = 0, so with secp256k1's parameters they reject G as off the curve
// (TestParamsMethodsAreNotSecp256k1 shows it).

var (
	one  = big.NewInt(1)
	bigP = testref.P
	bigN = testref.N
)

// curveRand returns a seeded source (the seed is logged) and a case count
// scaled down by -short.
func curveRand(t testing.TB, full int) (*rand.Rand, int) {
	t.Helper()
	return testref.Rand(t), testref.Short{Div: 10, Min: 4}.Count(t, full)
}

// randomPoint returns k·G for a scalar k that is an edge value or uniform,
// from the reference.
func randomPoint(r *rand.Rand) testref.Point {
	for {
		if p := testref.ScalarMult(testref.RandomScalar(r), testref.G); !p.Inf {
			return p
		}
	}
}

// affine returns p as elliptic.Curve's coordinates, (0, 0) for the identity.
func affine(p testref.Point) (x, y *big.Int) {
	if p.Inf {
		return new(big.Int), new(big.Int)
	}
	return new(big.Int).Set(p.X), new(big.Int).Set(p.Y)
}

// checkAffine fails unless (x, y) is the reference point want.
func checkAffine(t testing.TB, what string, x, y *big.Int, want testref.Point) {
	t.Helper()
	wx, wy := affine(want)
	if x == nil || y == nil || x.Cmp(wx) != 0 || y.Cmp(wy) != 0 {
		t.Fatalf("%s = (%x, %x), want (%x, %x)", what, x, y, wx, wy)
	}
}

func TestParams(t *testing.T) {
	c := stdecdsa.S256()
	if c != stdecdsa.S256() || c.Params() != stdecdsa.S256().Params() {
		t.Error("S256 or its Params is not a singleton")
	}
	p := c.Params()
	for _, f := range []struct {
		name      string
		got, want *big.Int
	}{
		{"P", p.P, testref.P}, {"N", p.N, testref.N}, {"B", p.B, big.NewInt(7)},
		{"Gx", p.Gx, testref.G.X}, {"Gy", p.Gy, testref.G.Y},
	} {
		if f.got.Cmp(f.want) != 0 {
			t.Errorf("Params().%s = %x, want %x", f.name, f.got, f.want)
		}
	}
	if p.BitSize != 256 || p.Name != "secp256k1" {
		t.Errorf("BitSize %d, Name %q; want 256, secp256k1", p.BitSize, p.Name)
	}
}

// TestParamsMethodsAreNotSecp256k1 pins the pitfall that S256's doc warns
// of: the methods of the *CurveParams are crypto/elliptic's a = −3
// arithmetic. If this ever fails, crypto/elliptic has changed and the doc
// needs another look.
func TestParamsMethodsAreNotSecp256k1(t *testing.T) {
	params := stdecdsa.S256().Params()
	if params.IsOnCurve(params.Gx, params.Gy) {
		t.Error("CurveParams.IsOnCurve accepts secp256k1's G: crypto/elliptic's generic code has changed")
	}
	if !stdecdsa.S256().IsOnCurve(params.Gx, params.Gy) {
		t.Error("S256().IsOnCurve rejects G")
	}
}

func TestIsOnCurve(t *testing.T) {
	c := stdecdsa.S256()
	r, n := curveRand(t, 200)
	for range n {
		p := randomPoint(r)
		x, y := affine(p)
		if !c.IsOnCurve(x, y) {
			t.Fatalf("IsOnCurve(%x, %x) = false for a point of the curve", x, y)
		}
		// Random coordinates below p: on the curve exactly when the
		// reference says so (almost never).
		x = new(big.Int).Rand(r, bigP)
		y = new(big.Int).Rand(r, bigP)
		if got, want := c.IsOnCurve(x, y), testref.IsOnCurve(testref.Point{X: x, Y: y}); got != want {
			t.Fatalf("IsOnCurve(%x, %x) = %v, want %v", x, y, got, want)
		}
	}

	gx, gy := affine(testref.G)
	small := smallPoint(t)
	for _, tc := range []struct {
		name string
		x, y *big.Int
	}{
		{"(0, 0)", new(big.Int), new(big.Int)},
		{"nil x", nil, gy},
		{"nil y", gx, nil},
		{"x + p", new(big.Int).Add(gx, bigP), gy},
		{"y + p", gx, new(big.Int).Add(gy, bigP)},
		{"−y", gx, new(big.Int).Neg(gy)},
		{"y − p", gx, new(big.Int).Sub(gy, bigP)},
		{"x + 2²⁵⁶", new(big.Int).Add(gx, new(big.Int).Lsh(one, 256)), gy},
		{"y + 1", gx, new(big.Int).Add(gy, one)},
		{"(0, 1)", new(big.Int), one},
		{"(x + p, y), 256 bits", new(big.Int).Add(small.X, bigP), small.Y},
	} {
		if c.IsOnCurve(tc.x, tc.y) {
			t.Errorf("IsOnCurve(%s) = true", tc.name)
		}
	}
}

// smallPoint returns the point with the smallest positive x (and even y),
// so that x + p still fits in 256 bits: the encoding of a coordinate that
// is not less than p but congruent to a point's.
func smallPoint(t testing.TB) testref.Point {
	t.Helper()
	for x := int64(1); ; x++ {
		if p, ok := testref.Lift(big.NewInt(x), 0); ok {
			return p
		}
	}
}

func TestAdd(t *testing.T) {
	c := stdecdsa.S256()
	r, n := curveRand(t, 100)
	zero := func() (*big.Int, *big.Int) { return new(big.Int), new(big.Int) }
	for range n {
		p, q := randomPoint(r), randomPoint(r)
		px, py := affine(p)
		qx, qy := affine(q)
		x, y := c.Add(px, py, qx, qy)
		checkAffine(t, "P + Q", x, y, testref.Add(p, q))
		if x == px || x == qx || y == py || y == qy {
			t.Fatal("Add returned one of its inputs")
		}

		x, y = c.Add(px, py, px, py)
		checkAffine(t, "P + P", x, y, testref.Double(p))

		nx, ny := affine(testref.Neg(p))
		x, y = c.Add(px, py, nx, ny)
		checkAffine(t, "P + (−P)", x, y, testref.Identity())

		zx, zy := zero()
		x, y = c.Add(zx, zy, px, py)
		checkAffine(t, "(0, 0) + P", x, y, p)
		if x == px || y == py {
			t.Fatal("Add returned its input for (0, 0) + P")
		}
		x, y = c.Add(px, py, zx, zy)
		checkAffine(t, "P + (0, 0)", x, y, p)
	}
	zx, zy := zero()
	x, y := c.Add(zx, zy, zx, zy)
	checkAffine(t, "(0, 0) + (0, 0)", x, y, testref.Identity())
}

func TestDouble(t *testing.T) {
	c := stdecdsa.S256()
	r, n := curveRand(t, 100)
	for range n {
		p := randomPoint(r)
		px, py := affine(p)
		x, y := c.Double(px, py)
		checkAffine(t, "2·P", x, y, testref.Double(p))
	}
	x, y := c.Double(new(big.Int), new(big.Int))
	checkAffine(t, "2·(0, 0)", x, y, testref.Identity())
}

// scalarCases returns scalars as elliptic.Curve takes them, big-endian of
// any length: random ones of 32 bytes, the edges 0 (also as an empty slice),
// 1, n − 1, n, n + 1, 2²⁵⁶ − 1, short encodings, and longer ones, whose value
// crypto/elliptic reduces mod n.
func scalarCases(r *rand.Rand, n int) [][]byte {
	max256 := new(big.Int).Sub(new(big.Int).Lsh(one, 256), one)
	cases := [][]byte{
		nil, {}, {0}, {1}, {0, 0, 0, 3}, make([]byte, 32), make([]byte, 40),
		testref.Bytes32(one),
		testref.Bytes32(new(big.Int).Sub(bigN, one)),
		testref.Bytes32(bigN),
		testref.Bytes32(new(big.Int).Add(bigN, one)),
		testref.Bytes32(max256),
		append([]byte{0}, testref.Bytes32(new(big.Int).Add(bigN, big.NewInt(5)))...), // 33 bytes, n + 5
		new(big.Int).Mul(bigN, big.NewInt(1000)).Bytes(),                             // 34 bytes, ≡ 0
		new(big.Int).Add(new(big.Int).Lsh(bigN, 64), big.NewInt(9)).Bytes(),          // 40 bytes, ≡ 9
	}
	for i := range n {
		b := make([]byte, 32)
		if i%4 == 3 {
			b = make([]byte, 33+r.Intn(40)) // longer than 32 bytes
		}
		r.Read(b)
		cases = append(cases, b)
	}
	for _, v := range testref.ScalarEdgeValues() {
		cases = append(cases, testref.Bytes32(v))
	}
	return cases
}

func TestScalarMult(t *testing.T) {
	c := stdecdsa.S256()
	r, n := curveRand(t, 60)
	for _, k := range scalarCases(r, n) {
		kb := new(big.Int).SetBytes(k)
		p := randomPoint(r)
		px, py := affine(p)
		x, y := c.ScalarMult(px, py, k)
		checkAffine(t, "ScalarMult", x, y, testref.ScalarMult(kb, p))

		x, y = c.ScalarBaseMult(k)
		checkAffine(t, "ScalarBaseMult", x, y, testref.ScalarMult(kb, testref.G))

		x, y = c.ScalarMult(new(big.Int), new(big.Int), k)
		checkAffine(t, "k·(0, 0)", x, y, testref.Identity())
	}
}

// TestInvalidPointPanics checks that the methods without an error result
// panic for an invalid point, as crypto/elliptic's P-256 does, rather than
// compute with it (an invalid-curve attack needs exactly that).
func TestInvalidPointPanics(t *testing.T) {
	c := stdecdsa.S256()
	gx, gy := affine(testref.G)
	for _, tc := range []struct {
		name string
		x, y *big.Int
	}{
		{"off the curve", gx, new(big.Int).Add(gy, one)},
		{"x + p", new(big.Int).Add(gx, bigP), gy},
		{"negative y", gx, new(big.Int).Neg(gy)},
		{"x of 257 bits", new(big.Int).Lsh(one, 256), gy},
		{"nil x", nil, gy},
		{"nil y", gx, nil},
		{"(1, 0)", one, new(big.Int)},
	} {
		testref.ExpectPanic(t, "Add(P, "+tc.name+")", "invalid point", func() { c.Add(gx, gy, tc.x, tc.y) })
		testref.ExpectPanic(t, "Add("+tc.name+", P)", "invalid point", func() { c.Add(tc.x, tc.y, gx, gy) })
		testref.ExpectPanic(t, "Double("+tc.name+")", "invalid point", func() { c.Double(tc.x, tc.y) })
		testref.ExpectPanic(t, "ScalarMult("+tc.name+")", "invalid point", func() { c.ScalarMult(tc.x, tc.y, []byte{1}) })
		if tc.x != nil && tc.y != nil { // elliptic.Marshal itself dereferences them first
			testref.ExpectPanic(t, "elliptic.Marshal("+tc.name+")", "invalid point", func() { elliptic.Marshal(c, tc.x, tc.y) })
		}
		testref.ExpectPanic(t, "Marshal("+tc.name+")", "invalid point", func() {
			c.(interface{ Marshal(x, y *big.Int) []byte }).Marshal(tc.x, tc.y)
		})
	}
}

// TestEncodings checks crypto/elliptic's Marshal, MarshalCompressed,
// Unmarshal and UnmarshalCompressed with S256(), which go to its methods,
// against the reference encodings.
func TestEncodings(t *testing.T) {
	c := stdecdsa.S256()
	marshaler := c.(interface{ Marshal(x, y *big.Int) []byte })
	r, n := curveRand(t, 50)
	for range n {
		p := randomPoint(r)
		x, y := affine(p)
		u, comp := testref.Uncompressed(p), testref.Compressed(p)
		if got := elliptic.Marshal(c, x, y); !bytes.Equal(got, u) {
			t.Fatalf("elliptic.Marshal = %x, want %x", got, u)
		}
		if got := marshaler.Marshal(x, y); !bytes.Equal(got, u) {
			t.Fatalf("Marshal = %x, want %x", got, u)
		}
		if got := elliptic.MarshalCompressed(c, x, y); !bytes.Equal(got, comp) {
			t.Fatalf("elliptic.MarshalCompressed = %x, want %x", got, comp)
		}
		ux, uy := elliptic.Unmarshal(c, u)
		checkAffine(t, "elliptic.Unmarshal", ux, uy, p)
		// The generic UnmarshalCompressed of crypto/elliptic solves
		// y² = x³ − 3x + b; this works only through the curve's own method.
		cx, cy := elliptic.UnmarshalCompressed(c, comp)
		checkAffine(t, "elliptic.UnmarshalCompressed", cx, cy, p)
	}
	if got := marshaler.Marshal(new(big.Int), new(big.Int)); !bytes.Equal(got, append([]byte{4}, make([]byte, 64)...)) {
		t.Errorf("Marshal(0, 0) = %x, want 04 and 64 zero bytes (as elliptic.Marshal)", got)
	}

	g := randomPoint(r)
	u, comp := testref.Uncompressed(g), testref.Compressed(g)
	hybrid := bytes.Clone(u)
	hybrid[0] = 6 | byte(g.Y.Bit(0))
	offCurve := bytes.Clone(u)
	offCurve[64] ^= 1
	small := smallPoint(t)
	xTooBig := append([]byte{4}, testref.Bytes32(new(big.Int).Add(small.X, bigP))...) // ≡ a point's x mod p
	xTooBig = append(xTooBig, testref.Bytes32(small.Y)...)
	pBytes := append([]byte{4}, testref.Bytes32(bigP)...)
	pBytes = append(pBytes, u[33:]...)
	var noSqrt []byte // an x with x³ + 7 not a square
	for x := int64(1); noSqrt == nil; x++ {
		if _, ok := testref.Lift(big.NewInt(x), 0); !ok {
			noSqrt = append([]byte{2}, testref.Bytes32(big.NewInt(x))...)
		}
	}
	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"identity 00", []byte{0}},
		{"hybrid", hybrid},
		{"compressed to Unmarshal", comp},
		{"off the curve", offCurve},
		{"x = p", pBytes},
		{"x ≥ p", xTooBig},
		{"short", u[:64]},
		{"long", append(bytes.Clone(u), 0)},
		{"all zero", make([]byte, 65)},
	} {
		if x, y := elliptic.Unmarshal(c, tc.b); x != nil || y != nil {
			t.Errorf("elliptic.Unmarshal(%s) = (%x, %x), want nil", tc.name, x, y)
		}
	}
	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"uncompressed", u},
		{"no square root", noSqrt},
		{"x = p", append([]byte{3}, testref.Bytes32(bigP)...)},
		{"short", comp[:32]},
		{"prefix 04", append([]byte{4}, comp[1:]...)},
	} {
		if x, y := elliptic.UnmarshalCompressed(c, tc.b); x != nil || y != nil {
			t.Errorf("elliptic.UnmarshalCompressed(%s) = (%x, %x), want nil", tc.name, x, y)
		}
	}
}
