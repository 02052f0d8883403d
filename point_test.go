package secp256k1

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// pointTestRand returns a seeded source (the seed is logged) and a case count
// scaled down by -short.
func pointTestRand(t testing.TB, full int) (*rand.Rand, int) {
	t.Helper()
	return testref.Rand(t), testref.Short{Div: 20, Min: 5}.Count(t, full)
}

// edgeScalars are scalars that stress the scalar-multiplication code.
var edgeScalars = []*big.Int{
	big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3), big.NewInt(15), big.NewInt(16),
	new(big.Int).Sub(testref.N, big.NewInt(1)),
	new(big.Int).Sub(testref.N, big.NewInt(2)),
	new(big.Int).Rsh(testref.N, 1),
	new(big.Int).Lsh(big.NewInt(1), 128),
	new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1)),
	new(big.Int).Lsh(big.NewInt(1), 255),
	// λ, a cube root of unity mod n, and its neighbours.
	testref.BigHex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72"),
	testref.BigHex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD73"),
}

// randomScalar returns an edge scalar or a uniform one.
func randomScalar(r *rand.Rand) *big.Int {
	if r.Intn(4) == 0 {
		return edgeScalars[r.Intn(len(edgeScalars))]
	}
	b := make([]byte, 32)
	r.Read(b)
	return new(big.Int).Mod(new(big.Int).SetBytes(b), testref.N)
}

func scalarFromBig(x *big.Int) *Scalar {
	var b [32]byte
	new(big.Int).Mod(x, testref.N).FillBytes(b[:])
	s, err := new(Scalar).SetCanonicalBytes(b[:])
	if err != nil {
		panic(err)
	}
	return s
}

// pointFromRef returns a Point for a reference point, through the encoding.
func pointFromRef(t testing.TB, p testref.Point) *Point {
	v, err := new(Point).SetBytes(testref.Uncompressed(p))
	if err != nil {
		t.Fatalf("SetBytes of a valid point: %v", err)
	}
	return v
}

// checkPoint fails if v is not the reference point want.
func checkPoint(t testing.TB, what string, v *Point, want testref.Point) {
	t.Helper()
	if got, w := v.Bytes(), testref.Uncompressed(want); !bytes.Equal(got, w) {
		t.Fatalf("%s = %x, want %x", what, got, w)
	}
	if got, w := v.BytesCompressed(), testref.Compressed(want); !bytes.Equal(got, w) {
		t.Fatalf("%s compressed = %x, want %x", what, got, w)
	}
}

func TestScalarBaseMultAgainstReference(t *testing.T) {
	r, n := pointTestRand(t, 200)
	for range n {
		k := randomScalar(r)
		var v Point
		v.ScalarBaseMult(scalarFromBig(k))
		checkPoint(t, "ScalarBaseMult", &v, testref.ScalarMult(k, testref.G))
	}
}

func TestScalarMultAgainstReference(t *testing.T) {
	r, n := pointTestRand(t, 100)
	for range n {
		k, j := randomScalar(r), randomScalar(r)
		p := testref.ScalarMult(j, testref.G)
		want := testref.ScalarMult(k, p)
		var v Point
		pp := NewIdentityPoint()
		if !p.Inf {
			pp = pointFromRef(t, p)
		}
		checkPoint(t, "ScalarMult", v.ScalarMult(scalarFromBig(k), pp), want)
		// The same point with a Z coordinate other than 1: (p + G) − G.
		g := NewGeneratorPoint()
		pp.Add(pp, g).Subtract(pp, g)
		checkPoint(t, "ScalarMult (Z ≠ 1)", v.ScalarMult(scalarFromBig(k), pp), want)
	}
}

func TestDoubleScalarAndMultiScalarAgainstReference(t *testing.T) {
	r, n := pointTestRand(t, 40)
	for range n {
		a, b, j := randomScalar(r), randomScalar(r), randomScalar(r)
		A := testref.ScalarMult(j, testref.G)
		want := testref.Add(testref.ScalarMult(a, A), testref.ScalarMult(b, testref.G))
		Ap := NewIdentityPoint()
		if !A.Inf {
			Ap = pointFromRef(t, A)
		}
		var v Point
		v.VarTimeDoubleScalarBaseMult(scalarFromBig(a), Ap, scalarFromBig(b))
		checkPoint(t, "VarTimeDoubleScalarBaseMult", &v, want)
	}
	for _, count := range []int{0, 1, 2, 3, 7} {
		want := testref.Identity()
		var scalars []*Scalar
		var points []*Point
		for range count {
			k, j := randomScalar(r), randomScalar(r)
			p := testref.ScalarMult(j, testref.G)
			want = testref.Add(want, testref.ScalarMult(k, p))
			scalars = append(scalars, scalarFromBig(k))
			if p.Inf {
				points = append(points, NewIdentityPoint())
			} else {
				points = append(points, pointFromRef(t, p))
			}
		}
		var v Point
		v.VarTimeMultiScalarMult(scalars, points)
		checkPoint(t, "VarTimeMultiScalarMult", &v, want)
	}
}

// TestPointGroupOperations checks Add, Subtract, Double, Negate and Equal
// against the reference, including the identity, P + P and P + (−P).
func TestPointGroupOperations(t *testing.T) {
	r, n := pointTestRand(t, 300)
	pick := func() testref.Point {
		switch r.Intn(6) {
		case 0:
			return testref.Identity()
		case 1:
			return testref.G
		default:
			return testref.ScalarMult(randomScalar(r), testref.G)
		}
	}
	toPoint := func(p testref.Point) *Point {
		if p.Inf {
			return NewIdentityPoint()
		}
		return pointFromRef(t, p)
	}
	for range n {
		p := pick()
		var q testref.Point
		switch r.Intn(4) {
		case 0:
			q = p // P + P through Add
		case 1:
			q = testref.Neg(p) // P + (−P)
		default:
			q = pick()
		}
		// Give the operands non-trivial Z coordinates by computing them
		// through the group law: (p + G) − G.
		pp, qq := toPoint(p), toPoint(q)
		g := NewGeneratorPoint()
		pp.Add(pp, g).Subtract(pp, g)
		qq.Double(qq).Add(qq, toPoint(testref.Neg(q)))

		var v Point
		checkPoint(t, "Add", v.Add(pp, qq), testref.Add(p, q))
		checkPoint(t, "Subtract", v.Subtract(pp, qq), testref.Add(p, testref.Neg(q)))
		checkPoint(t, "Double", v.Double(pp), testref.Double(p))
		checkPoint(t, "Negate", v.Negate(pp), testref.Neg(p))
		if got, want := pp.Equal(qq), testref.Equal(p, q); (got == 1) != want {
			t.Fatalf("Equal = %d, want %v", got, want)
		}
		if got := pp.Equal(toPoint(p)); got != 1 {
			t.Fatalf("Equal of the same point with different Z = %d", got)
		}
		if got := pp.IsIdentity(); (got == 1) != p.Inf {
			t.Fatalf("IsIdentity = %d, want %v", got, p.Inf)
		}
	}
}

func TestPointAliasing(t *testing.T) {
	p := new(Point).ScalarBaseMult(scalarFromBig(big.NewInt(12345)))
	q := new(Point).ScalarBaseMult(scalarFromBig(big.NewInt(678)))
	k := scalarFromBig(big.NewInt(999))
	binary := map[string]func(v, a, b *Point) *Point{
		"Add":      (*Point).Add,
		"Subtract": (*Point).Subtract,
	}
	for name, op := range binary {
		var want Point
		op(&want, p, q)
		for _, pattern := range []string{"v=a", "v=b", "a=b", "v=a=b"} {
			a, b := new(Point).Set(p), new(Point).Set(q)
			var v *Point
			switch pattern {
			case "v=a":
				v = op(a, a, b)
			case "v=b":
				v = op(b, a, b)
			case "a=b":
				var w Point
				op(&w, p, p)
				v = op(new(Point), a, a)
				if v.Equal(&w) != 1 {
					t.Errorf("%s %s", name, pattern)
				}
				continue
			case "v=a=b":
				var w Point
				op(&w, p, p)
				v = op(a, a, a)
				if v.Equal(&w) != 1 {
					t.Errorf("%s %s", name, pattern)
				}
				continue
			}
			if v.Equal(&want) != 1 {
				t.Errorf("%s %s", name, pattern)
			}
		}
	}
	unary := map[string]func(v, a *Point) *Point{
		"Double":     (*Point).Double,
		"Negate":     (*Point).Negate,
		"Set":        (*Point).Set,
		"ScalarMult": func(v, a *Point) *Point { return v.ScalarMult(k, a) },
		"DoubleScalar": func(v, a *Point) *Point {
			return v.VarTimeDoubleScalarBaseMult(k, a, k)
		},
		"MultiScalar": func(v, a *Point) *Point {
			return v.VarTimeMultiScalarMult([]*Scalar{k, k}, []*Point{a, a})
		},
	}
	for name, op := range unary {
		var want Point
		op(&want, p)
		a := new(Point).Set(p)
		if op(a, a).Equal(&want) != 1 {
			t.Errorf("%s v=a", name)
		}
	}
}

func TestPointZeroValuePanics(t *testing.T) {
	for name, f := range map[string]func(){
		"Add":    func() { new(Point).Add(new(Point), NewGeneratorPoint()) },
		"Double": func() { new(Point).Double(new(Point)) },
		"Bytes":  func() { new(Point).Bytes() },
		"Equal":  func() { NewGeneratorPoint().Equal(new(Point)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s on a zero Point did not panic", name)
				}
			}()
			f()
		}()
	}
}

func TestPointEncodings(t *testing.T) {
	r, n := pointTestRand(t, 200)
	for range n {
		p := testref.ScalarMult(randomScalar(r), testref.G)
		if p.Inf {
			continue
		}
		for _, enc := range [][]byte{testref.Compressed(p), testref.Uncompressed(p)} {
			v, err := new(Point).SetBytes(enc)
			if err != nil {
				t.Fatalf("SetBytes(%x): %v", enc, err)
			}
			checkPoint(t, "SetBytes", v, p)
		}
		// Hybrid: 0x06 for even y, 0x07 for odd; the wrong one is rejected.
		h := testref.Uncompressed(p)
		h[0] = 6 | byte(p.Y.Bit(0))
		if v, err := new(Point).SetBytes(h); err != nil {
			t.Fatalf("SetBytes(hybrid %x): %v", h, err)
		} else {
			checkPoint(t, "SetBytes(hybrid)", v, p)
		}
		h[0] ^= 1
		if _, err := new(Point).SetBytes(h); !errors.Is(err, ErrPointNotOnCurve) {
			t.Fatalf("SetBytes(hybrid, wrong parity) = %v", err)
		}
		// x-only: the even-y point.
		x := make([]byte, 32)
		p.X.FillBytes(x)
		v, err := new(Point).SetXOnlyBytes(x)
		if err != nil {
			t.Fatalf("SetXOnlyBytes: %v", err)
		}
		even, _ := testref.Lift(p.X, 0)
		checkPoint(t, "SetXOnlyBytes", v, even)
		if bx, err := v.BytesX(); err != nil || !bytes.Equal(bx, x) {
			t.Fatalf("BytesX = %x, %v", bx, err)
		}
	}

	// The identity.
	id, err := new(Point).SetBytes([]byte{0})
	if err != nil || id.IsIdentity() != 1 {
		t.Fatalf("SetBytes({0}) = %v", err)
	}
	if !bytes.Equal(id.Bytes(), []byte{0}) || !bytes.Equal(id.BytesCompressed(), []byte{0}) {
		t.Fatal("identity encodings")
	}
	if _, err := id.BytesX(); !errors.Is(err, ErrIdentity) {
		t.Fatalf("BytesX(identity) = %v", err)
	}
}

// invalidPointEncodings returns encodings that SetBytes must reject, with the
// error each must give.
func invalidPointEncodings() map[string]struct {
	enc []byte
	err error
} {
	g := testref.Uncompressed(testref.G)
	gc := testref.Compressed(testref.G)
	pBytes := testref.P.Bytes()
	allOnes := bytes.Repeat([]byte{0xff}, 32)
	// x = 5: 5³ + 7 = 132 is not a square mod p (checked in the test).
	noY := make([]byte, 32)
	noY[31] = 5
	offCurve := append([]byte{}, g...)
	offCurve[64] ^= 1
	cases := map[string]struct {
		enc []byte
		err error
	}{
		"empty":            {nil, ErrPointEncoding},
		"one byte 01":      {[]byte{1}, ErrPointEncoding},
		"two zero bytes":   {[]byte{0, 0}, ErrPointEncoding},
		"32 bytes":         {gc[1:], ErrPointEncoding},
		"34 bytes":         {append(append([]byte{}, gc...), 0), ErrPointEncoding},
		"64 bytes":         {g[1:], ErrPointEncoding},
		"66 bytes":         {append(append([]byte{}, g...), 0), ErrPointEncoding},
		"prefix 04 len 33": {append([]byte{4}, gc[1:]...), ErrPointEncoding},
		"prefix 02 len 65": {append([]byte{2}, g[1:]...), ErrPointEncoding},
		"prefix 05":        {append([]byte{5}, g[1:]...), ErrPointEncoding},
		"prefix 01":        {append([]byte{1}, gc[1:]...), ErrPointEncoding},
		"x = p":            {append([]byte{2}, pBytes...), ErrPointEncoding},
		"x = 2^256-1":      {append([]byte{3}, allOnes...), ErrPointEncoding},
		"y = p":            {append(append([]byte{4}, g[1:33]...), pBytes...), ErrPointEncoding},
		"no y for x":       {append([]byte{2}, noY...), ErrPointNotOnCurve},
		"off curve":        {offCurve, ErrPointNotOnCurve},
		"zero point 04":    {make([]byte, 65), ErrPointEncoding},
	}
	zero65 := make([]byte, 65)
	zero65[0] = 4
	cases["04 00..00"] = struct {
		enc []byte
		err error
	}{zero65, ErrPointNotOnCurve}
	return cases
}

func TestPointSetBytesRejects(t *testing.T) {
	if _, ok := testref.Lift(big.NewInt(5), 0); ok {
		t.Fatal("test assumption: x = 5 has no point")
	}
	for name, tc := range invalidPointEncodings() {
		v := NewGeneratorPoint()
		before := *v
		got, err := v.SetBytes(tc.enc)
		if !errors.Is(err, tc.err) || got != nil {
			t.Errorf("%s: SetBytes = %v, %v; want %v", name, got, err, tc.err)
		}
		if *v != before {
			t.Errorf("%s: receiver changed on error", name)
		}
		if _, err := ParsePublicKey(tc.enc); err == nil {
			t.Errorf("%s: ParsePublicKey accepted it", name)
		}
	}
	if _, err := ParsePublicKey([]byte{0}); err == nil {
		t.Error("ParsePublicKey accepted the identity")
	}
	// x-only rejects.
	for name, b := range map[string][]byte{
		"31 bytes": make([]byte, 31), "33 bytes": make([]byte, 33), "x = p": testref.P.Bytes(),
		"no y": func() []byte { b := make([]byte, 32); b[31] = 5; return b }(),
	} {
		v := NewGeneratorPoint()
		before := *v
		if got, err := v.SetXOnlyBytes(b); err == nil || got != nil || *v != before {
			t.Errorf("SetXOnlyBytes(%s) = %v, %v", name, got, err)
		}
	}
}

func TestPointAllocations(t *testing.T) {
	race.SkipAllocs(t)
	k := scalarFromBig(big.NewInt(0x1234567))
	g := NewGeneratorPoint()
	var v Point
	if n := testing.AllocsPerRun(5, func() {
		v.ScalarBaseMult(k)
		v.ScalarMult(k, g)
		v.Add(&v, g)
		v.Double(&v)
		_ = v.Equal(g)
	}); n != 0 {
		t.Errorf("point operations allocate %v times", n)
	}
}

// FuzzPointSetBytes checks that SetBytes never panics, accepts exactly the
// valid encodings (against the reference), and round-trips.
func FuzzPointSetBytes(f *testing.F) {
	f.Add(testref.Compressed(testref.G))
	f.Add(testref.Uncompressed(testref.G))
	f.Add([]byte{0})
	for _, tc := range invalidPointEncodings() {
		f.Add(tc.enc)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := new(Point).SetBytes(b)
		want, valid := refDecode(b)
		if (err == nil) != valid {
			t.Fatalf("SetBytes(%x) error = %v, reference valid = %v", b, err, valid)
		}
		if err != nil {
			return
		}
		checkPoint(t, "SetBytes", v, want)
		if pub, err := ParsePublicKey(b); (err == nil) != !want.Inf {
			t.Fatalf("ParsePublicKey(%x) = %v", b, err)
		} else if err == nil && !bytes.Equal(pub.BytesUncompressed(), testref.Uncompressed(want)) {
			t.Fatalf("ParsePublicKey(%x) round trip", b)
		}
	})
}

// refDecode is the reference SEC 1 decoder (with hybrid and identity).
func refDecode(b []byte) (testref.Point, bool) {
	switch {
	case len(b) == 1 && b[0] == 0:
		return testref.Identity(), true
	case len(b) == 33 && (b[0] == 2 || b[0] == 3):
		return testref.Lift(new(big.Int).SetBytes(b[1:]), uint(b[0]&1))
	case len(b) == 65 && (b[0] == 4 || b[0] == 6 || b[0] == 7):
		p := testref.Point{X: new(big.Int).SetBytes(b[1:33]), Y: new(big.Int).SetBytes(b[33:])}
		if p.X.Cmp(testref.P) >= 0 || p.Y.Cmp(testref.P) >= 0 || !testref.IsOnCurve(p) {
			return testref.Point{}, false
		}
		if b[0] != 4 && p.Y.Bit(0) != uint(b[0]&1) {
			return testref.Point{}, false
		}
		return p, true
	}
	return testref.Point{}, false
}

func FuzzPointSetXOnlyBytes(f *testing.F) {
	x := make([]byte, 32)
	testref.G.X.FillBytes(x)
	f.Add(x)
	f.Add(testref.P.Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := new(Point).SetXOnlyBytes(b)
		var want testref.Point
		valid := false
		if len(b) == 32 {
			want, valid = testref.Lift(new(big.Int).SetBytes(b), 0)
		}
		if (err == nil) != valid {
			t.Fatalf("SetXOnlyBytes(%x) error = %v, reference valid = %v", b, err, valid)
		}
		if err == nil {
			checkPoint(t, "SetXOnlyBytes", v, want)
		}
	})
}

func BenchmarkPointAdd(b *testing.B) {
	p := new(Point).ScalarBaseMult(scalarFromBig(big.NewInt(12345)))
	q := new(Point).ScalarBaseMult(scalarFromBig(big.NewInt(678)))
	b.ReportAllocs()
	for b.Loop() {
		p.Add(p, q)
	}
}

func BenchmarkPointDouble(b *testing.B) {
	p := new(Point).ScalarBaseMult(scalarFromBig(big.NewInt(12345)))
	b.ReportAllocs()
	for b.Loop() {
		p.Double(p)
	}
}

func BenchmarkScalarBaseMult(b *testing.B) {
	k := scalarFromBig(testref.BigHex("4f129a337e01c85592ab10fe37648d210bee49735a86d21f603c9728b4c10d5e"))
	var v Point
	b.ReportAllocs()
	for b.Loop() {
		v.ScalarBaseMult(k)
	}
}

func BenchmarkScalarMult(b *testing.B) {
	k := scalarFromBig(testref.BigHex("4f129a337e01c85592ab10fe37648d210bee49735a86d21f603c9728b4c10d5e"))
	g := NewGeneratorPoint()
	var v Point
	b.ReportAllocs()
	for b.Loop() {
		v.ScalarMult(k, g)
	}
}

// TestScalarBaseMultManyAgainstReference checks ScalarBaseMultMany against
// math/big for every length up to 20 (eights on the IFMA lanes and a
// remainder one by one, or all one by one) with edge scalars, 0 included,
// on every field8 backend.
func TestScalarBaseMultManyAgainstReference(t *testing.T) {
	r, _ := pointTestRand(t, 1)
	for _, be := range field8.Backends() {
		restore := field8.SetBackend(be)
		for n := range 21 {
			ks := make([]*big.Int, n)
			scalars := make([]*Scalar, n)
			for i := range ks {
				ks[i] = randomScalar(r)
				if i == 5 {
					ks[i] = big.NewInt(0)
				}
				scalars[i] = scalarFromBig(ks[i])
			}
			got := ScalarBaseMultMany(scalars)
			if len(got) != n {
				t.Fatalf("%s: %d points for %d scalars", be, len(got), n)
			}
			for i, v := range got {
				checkPoint(t, fmt.Sprintf("%s: ScalarBaseMultMany[%d of %d]", be, i, n), v, testref.ScalarMult(ks[i], testref.G))
			}
		}
		restore()
	}
}
