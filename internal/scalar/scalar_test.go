package scalar

import (
	"bytes"
	"errors"
	"math/big"
	"math/rand"
	"reflect"
	"testing"
	"testing/quick"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The helpers of this file carry a scalar prefix: other test files of the
// package define their own. The edge values and random inputs come from
// internal/testkit/testref, which the tests of the other packages share.

var (
	scalarTestOrder = testref.N
	scalarTestC     = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), scalarTestOrder) // 2²⁵⁶ − n
	scalarTestTwo   = big.NewInt(2)
)

// scalarTestPow2 returns 2^k.
func scalarTestPow2(k uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), k) }

// scalarTestLimbsFromBig returns the low len(out) limbs of the non-negative b.
func scalarTestLimbsFromBig(out []uint64, b *big.Int) {
	t := new(big.Int).Set(b)
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range out {
		out[i] = new(big.Int).And(t, mask).Uint64()
		t.Rsh(t, 64)
	}
}

func scalarTestToBig(s *Scalar) *big.Int { return testref.BigFromLimbs(s.l[:]) }

// scalarTestFromBig returns b mod n as a Scalar.
func scalarTestFromBig(b *big.Int) *Scalar {
	m := new(big.Int).Mod(b, scalarTestOrder)
	s := new(Scalar)
	scalarTestLimbsFromBig(s.l[:], m)
	return s
}

// scalarTestEdgeValues returns testref.ScalarEdgeValues as Scalars.
func scalarTestEdgeValues() []Scalar {
	edges := testref.ScalarEdgeValues()
	out := make([]Scalar, len(edges))
	for i, b := range edges {
		out[i] = *scalarTestFromBig(b)
	}
	return out
}

// scalarTestRandom returns a Scalar that is, with probability about 1/2, uniform,
// and otherwise an edge value or a value built from edge-case limbs
// (testref.RandomScalar).
func scalarTestRandom(r *rand.Rand) Scalar {
	return *scalarTestFromBig(testref.RandomScalar(r))
}

// Generate implements quick.Generator.
func (Scalar) Generate(r *rand.Rand, size int) reflect.Value {
	return reflect.ValueOf(scalarTestRandom(r))
}

// isValid reports whether s is fully reduced.
func (s *Scalar) isValid() bool {
	return scalarTestToBig(s).Cmp(scalarTestOrder) < 0
}

func scalarTestBinaryOpCheck(t *testing.T, name string, op func(s, x, y *Scalar) *Scalar,
	ref func(x, y *big.Int) *big.Int) {
	t.Helper()
	check := func(x, y Scalar) bool {
		var s Scalar
		if op(&s, &x, &y) != &s {
			return false
		}
		want := new(big.Int).Mod(ref(scalarTestToBig(&x), scalarTestToBig(&y)), scalarTestOrder)
		return s.isValid() && scalarTestToBig(&s).Cmp(want) == 0
	}
	if err := quick.Check(check, testref.QuickConfig(t, 20000)); err != nil {
		t.Errorf("%s: %v", name, err)
	}
	// Every pair of edge values.
	edges := scalarTestEdgeValues()
	for i := range edges {
		for j := range edges {
			if !check(edges[i], edges[j]) {
				t.Errorf("%s(%x, %x) is wrong", name, scalarTestToBig(&edges[i]), scalarTestToBig(&edges[j]))
			}
		}
	}
}

func TestScalarAdd(t *testing.T) {
	scalarTestBinaryOpCheck(t, "Add", (*Scalar).Add, func(x, y *big.Int) *big.Int { return new(big.Int).Add(x, y) })
}

func TestScalarSubtract(t *testing.T) {
	scalarTestBinaryOpCheck(t, "Subtract", (*Scalar).Subtract, func(x, y *big.Int) *big.Int { return new(big.Int).Sub(x, y) })
}

func TestScalarMultiply(t *testing.T) {
	scalarTestBinaryOpCheck(t, "Multiply", (*Scalar).Multiply, func(x, y *big.Int) *big.Int { return new(big.Int).Mul(x, y) })
}

func scalarTestUnaryOpCheck(t *testing.T, name string, op func(s, x *Scalar) *Scalar, ref func(x *big.Int) *big.Int) {
	t.Helper()
	check := func(x Scalar) bool {
		var s Scalar
		if op(&s, &x) != &s {
			return false
		}
		want := new(big.Int).Mod(ref(scalarTestToBig(&x)), scalarTestOrder)
		return s.isValid() && scalarTestToBig(&s).Cmp(want) == 0
	}
	if err := quick.Check(check, testref.QuickConfig(t, 20000)); err != nil {
		t.Errorf("%s: %v", name, err)
	}
	for _, x := range scalarTestEdgeValues() {
		if !check(x) {
			t.Errorf("%s(%x) is wrong", name, scalarTestToBig(&x))
		}
	}
}

func TestScalarSquare(t *testing.T) {
	scalarTestUnaryOpCheck(t, "Square", (*Scalar).Square, func(x *big.Int) *big.Int { return new(big.Int).Mul(x, x) })
}

func TestScalarNegate(t *testing.T) {
	scalarTestUnaryOpCheck(t, "Negate", (*Scalar).Negate, func(x *big.Int) *big.Int { return new(big.Int).Neg(x) })
}

func scalarTestBigInverse(x *big.Int) *big.Int {
	if x.Sign() == 0 {
		return new(big.Int)
	}
	return new(big.Int).ModInverse(x, scalarTestOrder)
}

func TestScalarInvert(t *testing.T) {
	scalarTestUnaryOpCheck(t, "Invert", (*Scalar).Invert, scalarTestBigInverse)
	scalarTestUnaryOpCheck(t, "VarTimeInvert", (*Scalar).VarTimeInvert, scalarTestBigInverse)
}

// scalarTestFermatInvert returns x^(n−2) mod n, computed with Square and
// Multiply: an inversion that does not depend on internal/safegcd. The chain
// is a fixed 4-bit window over the public exponent n − 2 (64 windows: 252
// squarings and at most 64 + 14 multiplications), so it is constant time in x.
func scalarTestFermatInvert(x *Scalar) *Scalar {
	var table [16]Scalar // table[i] = x^i
	table[0].SetUint64(1)
	table[1].Set(x)
	for i := 2; i < 16; i++ {
		table[i].Multiply(&table[i-1], x)
	}
	e := [4]uint64{n0 - 2, n1, n2, n3} // n0 ≥ 2: no borrow
	r := new(Scalar).SetUint64(1)
	for i := 63; i >= 0; i-- {
		if i != 63 {
			r.Square(r)
			r.Square(r)
			r.Square(r)
			r.Square(r)
		}
		nib := (e[i/16] >> (4 * (i % 16))) & 0xF
		r.Multiply(r, &table[nib])
	}
	return r
}

func TestScalarInvertFermat(t *testing.T) {
	check := func(x Scalar) bool {
		var a, b Scalar
		a.Invert(&x)
		b.VarTimeInvert(&x)
		f := scalarTestFermatInvert(&x)
		// x·x⁻¹ = 1 unless x = 0.
		var one, p Scalar
		one.SetUint64(1)
		p.Multiply(&x, &a)
		ok := p.Equal(&one) == 1 || (x.IsZero() == 1 && a.IsZero() == 1)
		return ok && a.Equal(f) == 1 && b.Equal(f) == 1
	}
	if err := quick.Check(check, testref.QuickConfig(t, 2000)); err != nil {
		t.Error(err)
	}
	for _, x := range scalarTestEdgeValues() {
		if !check(x) {
			t.Errorf("Invert(%x) disagrees with the Fermat inverse", scalarTestToBig(&x))
		}
	}
}

// TestScalarMul512 checks the raw 256×256-bit products on any limbs,
// including all-ones limbs that are not reduced scalars.
func TestScalarMul512(t *testing.T) {
	r := testref.Rand(t)
	ones := [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	cases := [][2][4]uint64{{ones, ones}, {ones, {}}, {ones, {1}}, {N, N}, {ones, N}}
	count := 20000
	if testing.Short() {
		count /= 10
	}
	for range count {
		var x, y [4]uint64
		for i := range 4 {
			x[i] = testref.ScalarLimbPattern(r, i)
			y[i] = testref.ScalarLimbPattern(r, i)
		}
		cases = append(cases, [2][4]uint64{x, y})
	}
	for _, c := range cases {
		x, y := c[0], c[1]
		bx, by := testref.BigFromLimbs(x[:]), testref.BigFromLimbs(y[:])
		var p, q [8]uint64
		p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7] = mul512(&x, &y)
		if got, want := testref.BigFromLimbs(p[:]), new(big.Int).Mul(bx, by); got.Cmp(want) != 0 {
			t.Fatalf("mul512(%x, %x) = %x, want %x", bx, by, got, want)
		}
		q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7] = square512(&x)
		if got, want := testref.BigFromLimbs(q[:]), new(big.Int).Mul(bx, bx); got.Cmp(want) != 0 {
			t.Fatalf("square512(%x) = %x, want %x", bx, got, want)
		}
	}
}

// scalarTestReduceTrace records which cases of reduce512 an input drives: the
// top bit m6 of the first fold, the top limb p4 of the second, whether
// v = p[0..3] + p4·c reaches 2²⁵⁶ (o), and whether v ≥ n (sub, the final
// subtraction).
type scalarTestReduceTrace struct {
	m6, p4, o, sub int
}

// scalarTestTraceReduce512 follows reduce512 step by step with math/big, checks
// the bounds that its comments claim, and returns the cases x drove.

func scalarTestTraceReduce512(t *testing.T, x *big.Int) scalarTestReduceTrace {
	t.Helper()
	c, n := scalarTestC, scalarTestOrder
	mask256 := new(big.Int).Sub(scalarTestPow2(256), big.NewInt(1))
	lo := func(v *big.Int) *big.Int { return new(big.Int).And(v, mask256) }
	hi := func(v *big.Int) *big.Int { return new(big.Int).Rsh(v, 256) }

	m := new(big.Int).Add(lo(x), new(big.Int).Mul(hi(x), c))
	if m.Cmp(scalarTestPow2(385)) >= 0 || hi(m).Cmp(c) > 0 {
		t.Fatalf("reduce512(%x): fold 1 bound broken: m = %x", x, m)
	}
	p := new(big.Int).Add(lo(m), new(big.Int).Mul(hi(m), c))
	if p.Cmp(scalarTestPow2(258)) >= 0 {
		t.Fatalf("reduce512(%x): fold 2 bound broken: p = %x", x, p)
	}
	v := new(big.Int).Add(lo(p), new(big.Int).Mul(hi(p), c))
	if v.Cmp(new(big.Int).Mul(n, scalarTestTwo)) >= 0 {
		t.Fatalf("reduce512(%x): fold 3 bound broken: v = %x", x, v)
	}
	tr := scalarTestReduceTrace{
		m6:  int(new(big.Int).Rsh(m, 384).Int64()),
		p4:  int(hi(p).Int64()),
		o:   int(hi(v).Int64()),
		sub: 0,
	}
	if v.Cmp(n) >= 0 {
		tr.sub = 1
	}
	return tr
}

// scalarTestFoldPreimage returns (h, l) with l < 2²⁵⁶ and t = l + h·c, with the
// smallest such h: the input of a fold whose output is t.
func scalarTestFoldPreimage(t *big.Int) (h, l *big.Int) {
	// h = max(0, ⌈(t − (2²⁵⁶ − 1))/c⌉), so that l = t − h·c ∈ [0, 2²⁵⁶).
	d := new(big.Int).Sub(t, new(big.Int).Sub(scalarTestPow2(256), big.NewInt(1)))
	h = new(big.Int)
	if d.Sign() > 0 {
		h.Add(d, new(big.Int).Sub(scalarTestC, big.NewInt(1)))
		h.Div(h, scalarTestC)
	}
	l = new(big.Int).Sub(t, new(big.Int).Mul(h, scalarTestC))
	return h, l
}

// scalarTestInputForP returns a 512-bit input of reduce512 whose second fold
// produces exactly p, or nil if no input does.
func scalarTestInputForP(p *big.Int) *big.Int {
	mh, ml := scalarTestFoldPreimage(p)
	if mh.Cmp(scalarTestC) > 0 {
		return nil
	}
	m := new(big.Int).Add(new(big.Int).Lsh(mh, 256), ml)
	rh, rl := scalarTestFoldPreimage(m)
	if rh.Cmp(scalarTestPow2(256)) >= 0 {
		return nil
	}
	return new(big.Int).Add(new(big.Int).Lsh(rh, 256), rl)
}

func TestScalarReduce512(t *testing.T) {
	n, c := scalarTestOrder, scalarTestC
	one := big.NewInt(1)
	p256 := scalarTestPow2(256)
	inputs := []*big.Int{
		new(big.Int), one,
		new(big.Int).Sub(scalarTestPow2(512), one), // 2⁵¹² − 1: M = c, p4 = 2
		new(big.Int).Sub(p256, one),
		new(big.Int).Set(n), new(big.Int).Sub(n, one), new(big.Int).Add(n, one),
		new(big.Int).Mul(n, n), new(big.Int).Mul(new(big.Int).Sub(n, one), new(big.Int).Sub(n, one)),
		new(big.Int).Mul(n, new(big.Int).Sub(p256, one)), // the largest multiple of n below 2⁵¹²
		new(big.Int).Lsh(n, 256),
		new(big.Int).Sub(new(big.Int).Lsh(n, 256), one),
		new(big.Int).Mul(c, p256), new(big.Int).Sub(new(big.Int).Mul(c, p256), one),
	}
	// Inputs whose second fold hits chosen values of p: the boundaries of
	// the third fold (o = 1, v = n − 1, v = n) for each reachable p4.
	for _, p := range []*big.Int{
		new(big.Int).Sub(n, one), n, new(big.Int).Sub(p256, one),
		new(big.Int).Add(p256, new(big.Int).Sub(new(big.Int).Sub(n, one), c)),                      // p4 = 1, v = n − 1
		new(big.Int).Add(p256, new(big.Int).Sub(n, c)),                                             // p4 = 1, v = n
		new(big.Int).Sub(new(big.Int).Lsh(p256, 1), one),                                           // p4 = 1, v = 2²⁵⁶ − 1 + c: o = 1
		new(big.Int).Sub(new(big.Int).Lsh(p256, 1), c),                                             // p4 = 1, v = 2²⁵⁶: o = 1
		new(big.Int).Sub(new(big.Int).Lsh(p256, 1), new(big.Int).Add(c, one)),                      // p4 = 1, v = 2²⁵⁶ − 1
		new(big.Int).Lsh(p256, 1),                                                                  // p4 = 2, v = 2c
		new(big.Int).Add(new(big.Int).Sub(p256, one), new(big.Int).Mul(c, c)),                      // above the maximum
		new(big.Int).Add(new(big.Int).Sub(p256, new(big.Int).Add(c, one)), new(big.Int).Mul(c, c)), // the maximum p
	} {
		if x := scalarTestInputForP(p); x != nil {
			inputs = append(inputs, x)
		}
	}
	r := testref.Rand(t)
	count := 20000
	if testing.Short() {
		count /= 10
	}
	for range count {
		var l [8]uint64
		for i := range l {
			l[i] = testref.ScalarLimbPattern(r, i%4)
		}
		inputs = append(inputs, testref.BigFromLimbs(l[:]))
		for i := range l {
			l[i] = r.Uint64()
		}
		inputs = append(inputs, testref.BigFromLimbs(l[:]))
	}

	seen := map[scalarTestReduceTrace]bool{}
	var seenM6, seenP4 [2]bool
	var seenP4Two, seenO, seenSub bool
	for _, x := range inputs {
		var l [8]uint64
		scalarTestLimbsFromBig(l[:], x)
		var got [4]uint64
		got[0], got[1], got[2], got[3] = reduce512(l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7])
		want := new(big.Int).Mod(x, n)
		if g := testref.BigFromLimbs(got[:]); g.Cmp(want) != 0 {
			t.Fatalf("reduce512(%x) = %x, want %x", x, g, want)
		}
		tr := scalarTestTraceReduce512(t, x)
		seen[tr] = true
		seenM6[tr.m6] = true
		if tr.p4 < 2 {
			seenP4[tr.p4] = true
		} else {
			seenP4Two = true
		}
		seenO = seenO || tr.o == 1
		seenSub = seenSub || tr.sub == 1
	}
	// The inputs drive every case of every fold.
	if !seenM6[0] || !seenM6[1] || !seenP4[0] || !seenP4[1] || !seenP4Two || !seenO || !seenSub {
		t.Errorf("reduce512 cases not covered: m6 %v, p4 %v/%v, o %v, sub %v", seenM6, seenP4, seenP4Two, seenO, seenSub)
	}
	t.Logf("reduce512 cases covered (m6, p4, o, sub): %v", seen)
}

// TestScalarMultiplyExtremes multiplies the largest reduced values, whose
// products are the largest that Multiply and Square ever reduce.
func TestScalarMultiplyExtremes(t *testing.T) {
	var vals []*big.Int
	for k := int64(1); k <= 64; k++ {
		vals = append(vals, new(big.Int).Sub(scalarTestOrder, big.NewInt(k))) // n − k
	}
	for _, x := range vals {
		for _, y := range vals {
			var s, a, b Scalar
			a, b = *scalarTestFromBig(x), *scalarTestFromBig(y)
			s.Multiply(&a, &b)
			want := new(big.Int).Mod(new(big.Int).Mul(x, y), scalarTestOrder)
			if scalarTestToBig(&s).Cmp(want) != 0 {
				t.Fatalf("Multiply(%x, %x) = %x, want %x", x, y, scalarTestToBig(&s), want)
			}
		}
		var s, a Scalar
		a = *scalarTestFromBig(x)
		s.Square(&a)
		want := new(big.Int).Mod(new(big.Int).Mul(x, x), scalarTestOrder)
		if scalarTestToBig(&s).Cmp(want) != 0 {
			t.Fatalf("Square(%x) = %x, want %x", x, scalarTestToBig(&s), want)
		}
	}
}

func TestScalarPredicates(t *testing.T) {
	half := new(big.Int).Rsh(scalarTestOrder, 1)
	check := func(x, y Scalar) bool {
		bx, by := scalarTestToBig(&x), scalarTestToBig(&y)
		b2i := func(b bool) int {
			if b {
				return 1
			}
			return 0
		}
		ok := x.Equal(&y) == b2i(bx.Cmp(by) == 0) &&
			x.Equal(&x) == 1 &&
			x.IsZero() == b2i(bx.Sign() == 0) &&
			x.IsHigh() == b2i(bx.Cmp(half) > 0) &&
			x.IsOdd() == int(bx.Bit(0))
		// Exactly one of x and −x is high, unless x = 0.
		var neg Scalar
		neg.Negate(&x)
		if x.IsZero() == 0 {
			ok = ok && x.IsHigh()+neg.IsHigh() == 1
		}
		return ok
	}
	if err := quick.Check(check, testref.QuickConfig(t, 20000)); err != nil {
		t.Error(err)
	}
	edges := scalarTestEdgeValues()
	for i := range edges {
		for j := range edges {
			if !check(edges[i], edges[j]) {
				t.Errorf("predicates wrong for %x, %x", scalarTestToBig(&edges[i]), scalarTestToBig(&edges[j]))
			}
		}
	}
	var s Scalar
	if s.IsZero() != 1 {
		t.Error("the zero value is not 0")
	}
}

func TestScalarSelectCondNegate(t *testing.T) {
	check := func(a, b Scalar) bool {
		var s Scalar
		if s.Select(&a, &b, 1) != &s || s != a {
			return false
		}
		if s.Select(&a, &b, 0); s != b {
			return false
		}
		var neg Scalar
		neg.Negate(&a)
		s = a
		if s.CondNegate(0) != &s || s != a {
			return false
		}
		s.CondNegate(1)
		return s == neg
	}
	if err := quick.Check(check, testref.QuickConfig(t, 5000)); err != nil {
		t.Error(err)
	}
}

func TestScalarSetUint64(t *testing.T) {
	vals := []uint64{0, 1, 2, 1 << 63, ^uint64(0)}
	for _, x := range vals {
		var s Scalar
		if s.SetUint64(x) != &s || scalarTestToBig(&s).Cmp(new(big.Int).SetUint64(x)) != 0 {
			t.Errorf("SetUint64(%d) = %x", x, scalarTestToBig(&s))
		}
		var u Scalar
		if u.Set(&s) != &u || u != s {
			t.Errorf("Set(%d) = %x", x, scalarTestToBig(&u))
		}
		for _, y := range vals {
			var v Scalar
			want := testref.BigFromLimbs([]uint64{x, y})
			if v.SetUint128(x, y) != &v || scalarTestToBig(&v).Cmp(want) != 0 {
				t.Errorf("SetUint128(%#x, %#x) = %x", x, y, scalarTestToBig(&v))
			}
			if l := v.Limbs(); l != [4]uint64{x, y, 0, 0} {
				t.Errorf("Limbs of %x = %#x", want, l)
			}
		}
	}
}

func TestScalarBytesRoundTrip(t *testing.T) {
	check := func(x Scalar) bool {
		var b [32]byte
		x.PutBytes(&b)
		if !bytes.Equal(b[:], testref.Bytes32(scalarTestToBig(&x))) {
			return false
		}
		var s Scalar
		if r, err := s.SetCanonicalBytes(&b); r != &s || err != nil || s != x {
			return false
		}
		var u Scalar
		return u.SetReducedBytes(&b) == &u && u == x
	}
	if err := quick.Check(check, testref.QuickConfig(t, 20000)); err != nil {
		t.Error(err)
	}
	for _, x := range scalarTestEdgeValues() {
		if !check(x) {
			t.Errorf("round trip of %x failed", scalarTestToBig(&x))
		}
	}
}

func TestScalarSetCanonicalBytesRejects(t *testing.T) {
	sentinel := *scalarTestFromBig(big.NewInt(12345))
	for _, v := range testref.ScalarOverflowValues() {
		s := sentinel
		r, err := s.SetCanonicalBytes((*[32]byte)(testref.Bytes32(v)))
		if r != nil || !errors.Is(err, ErrOverflow) || s != sentinel {
			t.Errorf("SetCanonicalBytes(%x) = %v, %v; receiver %x", v, r, err, scalarTestToBig(&s))
		}
	}
}

func TestScalarSetReducedBytes(t *testing.T) {
	one := big.NewInt(1)
	vals := []*big.Int{
		new(big.Int), scalarTestOrder, new(big.Int).Add(scalarTestOrder, one),
		new(big.Int).Sub(scalarTestOrder, one),
		new(big.Int).Sub(scalarTestPow2(256), one), // 2²⁵⁶ − 1
		new(big.Int).Sub(scalarTestPow2(256), scalarTestTwo),
		scalarTestPow2(255),
	}
	r := testref.Rand(t)
	for range 2000 {
		var l [4]uint64
		for i := range l {
			l[i] = testref.ScalarLimbPattern(r, i)
		}
		vals = append(vals, testref.BigFromLimbs(l[:]))
	}
	for _, v := range vals {
		var s Scalar
		if s.SetReducedBytes((*[32]byte)(testref.Bytes32(v))) != &s {
			t.Fatal("SetReducedBytes does not return its receiver")
		}
		want := new(big.Int).Mod(v, scalarTestOrder)
		if scalarTestToBig(&s).Cmp(want) != 0 {
			t.Errorf("SetReducedBytes(%x) = %x, want %x", v, scalarTestToBig(&s), want)
		}
	}
}

func TestScalarSetUniformBytes(t *testing.T) {
	one := big.NewInt(1)
	vals := []*big.Int{
		new(big.Int), one, scalarTestOrder,
		new(big.Int).Sub(scalarTestPow2(512), one), // 2⁵¹² − 1
		new(big.Int).Sub(scalarTestPow2(256), one),
		scalarTestPow2(256),
		new(big.Int).Mul(scalarTestOrder, scalarTestOrder),
		new(big.Int).Mul(scalarTestOrder, new(big.Int).Sub(scalarTestPow2(256), one)),
	}
	r := testref.Rand(t)
	for range 2000 {
		var l [8]uint64
		for i := range l {
			l[i] = testref.ScalarLimbPattern(r, i%4)
		}
		vals = append(vals, testref.BigFromLimbs(l[:]))
	}
	for _, v := range vals {
		var s Scalar
		if s.SetUniformBytes((*[64]byte)(v.FillBytes(make([]byte, 64)))) != &s {
			t.Fatal("SetUniformBytes does not return its receiver")
		}
		want := new(big.Int).Mod(v, scalarTestOrder)
		if scalarTestToBig(&s).Cmp(want) != 0 {
			t.Errorf("SetUniformBytes(%x) = %x, want %x", v, scalarTestToBig(&s), want)
		}
	}
}

// TestScalarAliasing checks that every operation gives the same result when
// its arguments alias each other and the receiver, and that it does not
// modify an argument that is not the receiver.
func TestScalarAliasing(t *testing.T) {
	testref.CheckScalarAliasing[Scalar](t, 1000, (*Scalar).isValid)
}

func TestScalarIsZeroWord(t *testing.T) {
	for _, x := range []uint64{0, 1, 1 << 63, ^uint64(0), 12345} {
		want := uint64(0)
		if x == 0 {
			want = 1
		}
		if got := isZeroWord(x); got != want {
			t.Errorf("isZeroWord(%#x) = %d", x, got)
		}
	}
}

var scalarTestSink Scalar

func scalarTestBenchInputs() (x, y Scalar) {
	r := rand.New(rand.NewSource(1))
	for i := range 4 {
		x.l[i] = r.Uint64()
		y.l[i] = r.Uint64()
	}
	x.l[3] >>= 1
	y.l[3] >>= 1
	return x, y
}

func BenchmarkScalarMultiply(b *testing.B) {
	x, y := scalarTestBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Multiply(&x, &y)
	}
	scalarTestSink = x
}

func BenchmarkScalarSquare(b *testing.B) {
	x, _ := scalarTestBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Square(&x)
	}
	scalarTestSink = x
}

func BenchmarkScalarAdd(b *testing.B) {
	x, y := scalarTestBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Add(&x, &y)
	}
	scalarTestSink = x
}

func BenchmarkScalarSubtract(b *testing.B) {
	x, y := scalarTestBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Subtract(&x, &y)
	}
	scalarTestSink = x
}

func BenchmarkScalarNegate(b *testing.B) {
	x, _ := scalarTestBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Negate(&x)
	}
	scalarTestSink = x
}

func BenchmarkScalarInvert(b *testing.B) {
	x, _ := scalarTestBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Invert(&x)
	}
	scalarTestSink = x
}

func BenchmarkScalarVarTimeInvert(b *testing.B) {
	x, _ := scalarTestBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.VarTimeInvert(&x)
	}
	scalarTestSink = x
}

func BenchmarkScalarPutBytes(b *testing.B) {
	x, _ := scalarTestBenchInputs()
	var out [32]byte
	var sink byte
	b.ReportAllocs()
	for b.Loop() {
		x.PutBytes(&out)
		sink ^= out[31]
	}
	scalarTestSink.l[0] = uint64(sink)
}

func BenchmarkScalarSetUniformBytes(b *testing.B) {
	var buf [64]byte
	for i := range buf {
		buf[i] = byte(i * 37)
	}
	var s Scalar
	b.ReportAllocs()
	for b.Loop() {
		s.SetUniformBytes(&buf)
	}
	scalarTestSink = s
}

// TestScalarConstants checks the limb constants of scalar.go against n.
func TestScalarConstants(t *testing.T) {
	if testref.BigFromLimbs(N[:]).Cmp(scalarTestOrder) != 0 {
		t.Error("N ≠ n")
	}
	if testref.BigFromLimbs([]uint64{n0, n1, n2, n3}).Cmp(scalarTestOrder) != 0 {
		t.Error("n0..n3 ≠ n")
	}
	if testref.BigFromLimbs([]uint64{c0, c1, 1}).Cmp(scalarTestC) != 0 {
		t.Error("c0, c1, 1 ≠ 2²⁵⁶ − n")
	}
	if testref.BigFromLimbs([]uint64{h0, h1, h2, h3}).Cmp(new(big.Int).Rsh(scalarTestOrder, 1)) != 0 {
		t.Error("h0..h3 ≠ (n − 1)/2")
	}
	// The bounds the reduction relies on: c0, c1 < 2⁶⁴/3; 4c < 2²⁵⁶;
	// 2²⁵⁶·(c + 1) ≤ 2³⁸⁵; 2²⁵⁶ + c² < 2²⁵⁸.
	third := new(big.Int).Div(scalarTestPow2(64), big.NewInt(3))
	if new(big.Int).SetUint64(c0).Cmp(third) >= 0 || new(big.Int).SetUint64(c1).Cmp(third) >= 0 {
		t.Error("c0 or c1 ≥ 2⁶⁴/3")
	}
	if new(big.Int).Lsh(scalarTestC, 2).Cmp(scalarTestPow2(256)) >= 0 {
		t.Error("4c ≥ 2²⁵⁶")
	}
	if new(big.Int).Add(scalarTestC, big.NewInt(1)).Cmp(scalarTestPow2(129)) > 0 {
		t.Error("c + 1 > 2¹²⁹")
	}
	if new(big.Int).Add(scalarTestPow2(256), new(big.Int).Mul(scalarTestC, scalarTestC)).Cmp(scalarTestPow2(258)) >= 0 {
		t.Error("2²⁵⁶ + c² ≥ 2²⁵⁸")
	}
}
