package field

import (
	"bytes"
	"math/big"
	"math/bits"
	"math/rand"
	"reflect"
	"testing"
	"testing/quick"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

var bigP, _ = new(big.Int).SetString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", 16)

// quickConfig returns a testing/quick configuration with a logged seed; the
// count is scaled down by -short.
func quickConfig(t testing.TB) *quick.Config {
	t.Helper()
	return testref.Short{Div: 20}.QuickConfig(t, 20000)
}

// edgeLimbs are representations that stress carries and the lazy reduction.
var edgeLimbs = [][4]uint64{
	{0, 0, 0, 0},
	{1, 0, 0, 0},
	{2, 0, 0, 0},
	{p0 - 1, p1, p2, p3}, // p − 1
	{p0, p1, p2, p3},     // p (≡ 0)
	{p0 + 1, p1, p2, p3}, // p + 1 (≡ 1)
	{p0 + 2, p1, p2, p3}, // p + 2
	{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}, // 2²⁵⁶ − 1
	{^uint64(0) - 1, ^uint64(0), ^uint64(0), ^uint64(0)},
	{c - 1, 0, 0, 0},
	{c, 0, 0, 0},
	{c + 1, 0, 0, 0},
	{^uint64(0), 0, 0, 0},
	{0, ^uint64(0), 0, 0},
	{0, 0, ^uint64(0), 0},
	{0, 0, 0, ^uint64(0)},
	{^uint64(0), ^uint64(0), 0, 0},
	{0, 0, ^uint64(0), ^uint64(0)},
	{0, 0, 0, 1 << 63},
	{p0 - 1, p1, p2, p3 >> 1}, // about (p − 1)/2
	{1 << 32, 0, 0, 0},
	{0, 1, 0, 0},
}

// Generate implements quick.Generator: a mix of edge cases, values near the
// edges, and uniform 256-bit representations.
func (Element) Generate(r *rand.Rand, _ int) reflect.Value {
	var v Element
	switch r.Intn(4) {
	case 0:
		v.l = edgeLimbs[r.Intn(len(edgeLimbs))]
	case 1:
		// An edge case plus or minus a small delta, wrapping mod 2²⁵⁶.
		v.l = edgeLimbs[r.Intn(len(edgeLimbs))]
		d := uint64(r.Intn(5))
		var bw uint64
		if r.Intn(2) == 0 {
			v.l[0], bw = bits.Add64(v.l[0], d, 0)
			for i := 1; i < 4; i++ {
				v.l[i], bw = bits.Add64(v.l[i], 0, bw)
			}
		} else {
			v.l[0], bw = bits.Sub64(v.l[0], d, 0)
			for i := 1; i < 4; i++ {
				v.l[i], bw = bits.Sub64(v.l[i], 0, bw)
			}
		}
	case 2:
		// Limbs drawn from all-ones, zero and random words.
		for i := range v.l {
			switch r.Intn(3) {
			case 0:
				v.l[i] = ^uint64(0)
			case 1:
				v.l[i] = 0
			default:
				v.l[i] = r.Uint64()
			}
		}
	default:
		for i := range v.l {
			v.l[i] = r.Uint64()
		}
	}
	return reflect.ValueOf(v)
}

// toBig returns the integer represented by v (not reduced).
func toBig(v *Element) *big.Int {
	var b [32]byte
	for i := range 4 {
		w := v.l[3-i]
		for j := range 8 {
			b[8*i+j] = byte(w >> (56 - 8*j))
		}
	}
	return new(big.Int).SetBytes(b[:])
}

func modP(x *big.Int) *big.Int { return new(big.Int).Mod(x, bigP) }

// matches reports whether v is a valid lazy representation (always true for
// four limbs) of want mod p.
func matches(v *Element, want *big.Int) bool {
	return modP(toBig(v)).Cmp(modP(want)) == 0
}

func TestFieldAgainstBig(t *testing.T) {
	cfg := quickConfig(t)
	binary := map[string]struct {
		op  func(v, a, b *Element) *Element
		ref func(a, b *big.Int) *big.Int
	}{
		"Add":      {(*Element).Add, func(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) }},
		"Subtract": {(*Element).Subtract, func(a, b *big.Int) *big.Int { return new(big.Int).Sub(a, b) }},
		"Multiply": {(*Element).Multiply, func(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) }},
	}
	for name, tc := range binary {
		t.Run(name, func(t *testing.T) {
			f := func(a, b Element) bool {
				var v Element
				tc.op(&v, &a, &b)
				return matches(&v, tc.ref(toBig(&a), toBig(&b)))
			}
			if err := quick.Check(f, cfg); err != nil {
				t.Error(err)
			}
		})
	}
	unary := map[string]struct {
		op  func(v, a *Element) *Element
		ref func(a *big.Int) *big.Int
	}{
		"Square": {(*Element).Square, func(a *big.Int) *big.Int { return new(big.Int).Mul(a, a) }},
		"Negate": {(*Element).Negate, func(a *big.Int) *big.Int { return new(big.Int).Neg(a) }},
		"Double": {(*Element).Double, func(a *big.Int) *big.Int { return new(big.Int).Lsh(a, 1) }},
		"Half": {(*Element).Half, func(a *big.Int) *big.Int {
			return new(big.Int).Mul(a, new(big.Int).ModInverse(big.NewInt(2), bigP))
		}},
		"Normalize": {(*Element).Normalize, func(a *big.Int) *big.Int { return a }},
		"Invert": {(*Element).Invert, func(a *big.Int) *big.Int {
			return new(big.Int).Exp(a, new(big.Int).Sub(bigP, big.NewInt(2)), bigP)
		}},
		"VarTimeInvert": {(*Element).VarTimeInvert, func(a *big.Int) *big.Int {
			return new(big.Int).Exp(a, new(big.Int).Sub(bigP, big.NewInt(2)), bigP)
		}},
		"MultiplySmall3": {func(v, a *Element) *Element { return v.MultiplySmall(a, 3) },
			func(a *big.Int) *big.Int { return new(big.Int).Mul(a, big.NewInt(3)) }},
		"MultiplySmallMax": {func(v, a *Element) *Element { return v.MultiplySmall(a, 0xFFFFFFFF) },
			func(a *big.Int) *big.Int { return new(big.Int).Mul(a, big.NewInt(0xFFFFFFFF)) }},
		"RepeatedSquare5": {func(v, a *Element) *Element { return v.RepeatedSquare(a, 5) },
			func(a *big.Int) *big.Int { return new(big.Int).Exp(a, big.NewInt(32), bigP) }},
	}
	for name, tc := range unary {
		t.Run(name, func(t *testing.T) {
			f := func(a Element) bool {
				var v Element
				tc.op(&v, &a)
				return matches(&v, tc.ref(toBig(&a)))
			}
			if err := quick.Check(f, cfg); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestFieldCanonicalOutputs(t *testing.T) {
	cfg := quickConfig(t)
	f := func(a, b Element) bool {
		want := modP(toBig(&a))
		// Normalize and Limbs give the canonical value.
		var n Element
		n.Normalize(&a)
		if toBig(&n).Cmp(want) != 0 {
			return false
		}
		l := a.Limbs()
		if toBig(new(Element).SetLimbs(&l)).Cmp(want) != 0 {
			return false
		}
		// Bytes is the canonical encoding.
		var wantBytes [32]byte
		want.FillBytes(wantBytes[:])
		if !bytes.Equal(a.Bytes(), wantBytes[:]) {
			return false
		}
		// Equal, IsZero and IsOdd agree with the canonical values.
		wb := modP(toBig(&b))
		if (a.Equal(&b) == 1) != (want.Cmp(wb) == 0) {
			return false
		}
		if (a.IsZero() == 1) != (want.Sign() == 0) {
			return false
		}
		return a.IsOdd() == int(want.Bit(0))
	}
	if err := quick.Check(f, cfg); err != nil {
		t.Error(err)
	}
}

func TestFieldSelectSwap(t *testing.T) {
	cfg := quickConfig(t)
	f := func(a, b Element) bool {
		var v Element
		if v.Select(&a, &b, 1) != &v || v != a || *v.Select(&a, &b, 0) != b {
			return false
		}
		x, y := a, b
		x.Swap(&y, 0)
		if x != a || y != b {
			return false
		}
		x.Swap(&y, 1)
		if x != b || y != a {
			return false
		}
		var n Element
		n.CondNegate(&a, 1)
		if !matches(&n, new(big.Int).Neg(toBig(&a))) {
			return false
		}
		return *n.CondNegate(&a, 0) == a
	}
	if err := quick.Check(f, cfg); err != nil {
		t.Error(err)
	}
}

func TestFieldSetBytes(t *testing.T) {
	cfg := quickConfig(t)
	f := func(a Element) bool {
		var b [32]byte
		toBig(&a).FillBytes(b[:])
		var v Element
		v.SetBytes(&b)
		if v != a { // SetBytes keeps the exact representation
			return false
		}
		u := Element{l: [4]uint64{7, 7, 7, 7}}
		_, err := u.SetCanonicalBytes(&b)
		canonical := toBig(&a).Cmp(bigP) < 0
		if canonical {
			return err == nil && u == a
		}
		return err == ErrNotCanonical && u == Element{l: [4]uint64{7, 7, 7, 7}}
	}
	if err := quick.Check(f, cfg); err != nil {
		t.Error(err)
	}
}

func TestFieldSqrt(t *testing.T) {
	cfg := quickConfig(t)
	f := func(a Element) bool {
		var r Element
		_, ok := r.Sqrt(&a)
		x := modP(toBig(&a))
		isSquare := big.Jacobi(x, bigP) >= 0
		if (ok == 1) != isSquare {
			return false
		}
		r2 := modP(new(big.Int).Mul(toBig(&r), toBig(&r)))
		if isSquare {
			return r2.Cmp(x) == 0
		}
		return r2.Cmp(modP(new(big.Int).Neg(x))) == 0
	}
	if err := quick.Check(f, cfg); err != nil {
		t.Error(err)
	}
	// Squares of uniform values are squares.
	g := func(a Element) bool {
		var s, r Element
		s.Square(&a)
		_, ok := r.Sqrt(&s)
		return ok == 1 && s.VarTimeIsSquare() == 1 && (r.Equal(&a)|r.Equal(new(Element).Negate(&a))) == 1
	}
	if err := quick.Check(g, cfg); err != nil {
		t.Error(err)
	}
}

// TestFieldSqrtRatio checks SqrtRatio against math/big: the flag is the
// Legendre symbol of num/den, and the root squares to num/den or −num/den;
// den = 0 gives 0, with the flag set exactly for num = 0.
func TestFieldSqrtRatio(t *testing.T) {
	cfg := quickConfig(t)
	f := func(a, b Element) bool {
		var r Element
		_, ok := r.SqrtRatio(&a, &b)
		u, d := modP(toBig(&a)), modP(toBig(&b))
		r2 := modP(new(big.Int).Mul(toBig(&r), toBig(&r)))
		if d.Sign() == 0 {
			return r2.Sign() == 0 && (ok == 1) == (u.Sign() == 0)
		}
		q := modP(new(big.Int).Mul(u, new(big.Int).ModInverse(d, bigP)))
		isSquare := big.Jacobi(q, bigP) >= 0
		if (ok == 1) != isSquare {
			return false
		}
		if isSquare {
			return r2.Cmp(q) == 0
		}
		return r2.Cmp(modP(new(big.Int).Neg(q))) == 0
	}
	if err := quick.Check(f, cfg); err != nil {
		t.Error(err)
	}
	// a²·b / b is a square whose root is ±a, for b ≠ 0.
	g := func(a, b Element) bool {
		if b.IsZero() == 1 {
			return true
		}
		var num, r Element
		num.Square(&a)
		num.Multiply(&num, &b)
		_, ok := r.SqrtRatio(&num, &b)
		return ok == 1 && (r.Equal(&a)|r.Equal(new(Element).Negate(&a))) == 1
	}
	if err := quick.Check(g, cfg); err != nil {
		t.Error(err)
	}
}

// TestFieldInvSqrt checks InvSqrt against math/big: the value is
// a^((p−3)/4), the flag says whether a is a nonzero square, and then v²·a = 1;
// a = 0 gives (0, 0).
func TestFieldInvSqrt(t *testing.T) {
	cfg := quickConfig(t)
	e := new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(3)), 2)
	f := func(a Element) bool {
		var v Element
		_, ok := v.InvSqrt(&a)
		x := modP(toBig(&a))
		want := new(big.Int).Exp(x, e, bigP)
		if toBig(&v).Cmp(want) != 0 && modP(toBig(&v)).Cmp(want) != 0 {
			return false
		}
		isSquare := x.Sign() != 0 && big.Jacobi(x, bigP) > 0
		if (ok == 1) != isSquare {
			return false
		}
		if isSquare {
			vva := modP(new(big.Int).Mul(new(big.Int).Mul(want, want), x))
			return vva.Cmp(big.NewInt(1)) == 0
		}
		return true
	}
	if err := quick.Check(f, cfg); err != nil {
		t.Error(err)
	}
	var zero, v Element
	if _, ok := v.InvSqrt(&zero); ok != 0 || v.IsZero() != 1 {
		t.Errorf("InvSqrt(0) = %v, %d; want 0, 0", &v, ok)
	}
}

// TestFieldInvSqrtPair checks InvSqrtPair against two calls of InvSqrt (which
// TestFieldInvSqrt checks against math/big), values and flags, on quick's
// values (edge representations included) and with each output aliasing an
// input.
func TestFieldInvSqrtPair(t *testing.T) {
	cfg := quickConfig(t)
	f := func(a, b Element) bool {
		var wantV, wantW, v, w Element
		_, okA := wantV.InvSqrt(&a)
		_, okB := wantW.InvSqrt(&b)
		gotA, gotB := InvSqrtPair(&v, &a, &w, &b)
		if gotA != okA || gotB != okB || v.Equal(&wantV) != 1 || w.Equal(&wantW) != 1 {
			return false
		}
		// v = a, w = b in place; then w = a, v = b crosswise.
		x, y := a, b
		InvSqrtPair(&x, &x, &y, &y)
		if x.Equal(&wantV) != 1 || y.Equal(&wantW) != 1 {
			return false
		}
		x, y = a, b
		InvSqrtPair(&y, &x, &x, &y)
		return y.Equal(&wantV) == 1 && x.Equal(&wantW) == 1
	}
	if err := quick.Check(f, cfg); err != nil {
		t.Error(err)
	}
	var zero, one, v, w Element
	one.One()
	if okA, okB := InvSqrtPair(&v, &zero, &w, &one); okA != 0 || okB != 1 || v.IsZero() != 1 || w.Equal(&one) != 1 {
		t.Errorf("InvSqrtPair(0, 1) = %v, %v, %d, %d; want 0, 1, 0, 1", &v, &w, okA, okB)
	}
}

func TestFieldIsSquare(t *testing.T) {
	cfg := quickConfig(t)
	f := func(a Element) bool {
		x := modP(toBig(&a))
		return (a.VarTimeIsSquare() == 1) == (big.Jacobi(x, bigP) >= 0)
	}
	if err := quick.Check(f, cfg); err != nil {
		t.Error(err)
	}
}

// TestFieldIsSquare2 checks VarTimeIsSquare2 against math/big, on random
// pairs (whose Element generator includes unreduced values and 0), and on
// a pair with a zero.
func TestFieldIsSquare2(t *testing.T) {
	want := func(a *Element) int {
		if big.Jacobi(modP(toBig(a)), bigP) >= 0 {
			return 1
		}
		return 0
	}
	f := func(a, b Element) bool {
		ra, rb := VarTimeIsSquare2(&a, &b)
		return ra == want(&a) && rb == want(&b)
	}
	if err := quick.Check(f, quickConfig(t)); err != nil {
		t.Error(err)
	}
	var zero, three Element
	three.SetUint64(3)
	if ra, rb := VarTimeIsSquare2(&zero, &three); ra != 1 || rb != want(&three) {
		t.Errorf("VarTimeIsSquare2(0, 3) = %d, %d, want 1, %d", ra, rb, want(&three))
	}
}

// fermatInvert sets v = a^(p−2), the test oracle for Invert: the chain follows
// p − 2 = [223 ones] 0 [22 ones] 0000 1 0 11 0 1, that is 4·(p−3)/4 + 1.
func fermatInvert(v, a *Element) *Element {
	var t Element
	t.powChain(a, invSqrtChain)
	t.RepeatedSquare(&t, 2)
	t.Multiply(&t, a)
	return v.Set(&t)
}

func TestFieldInvertAgainstFermat(t *testing.T) {
	cfg := quickConfig(t)
	f := func(a Element) bool {
		var want, got, got2 Element
		fermatInvert(&want, &a)
		if !matches(&want, new(big.Int).Exp(toBig(&a), new(big.Int).Sub(bigP, big.NewInt(2)), bigP)) {
			return false
		}
		got.Invert(&a)
		got2.VarTimeInvert(&a)
		return got.Equal(&want) == 1 && got2.Equal(&want) == 1
	}
	if err := quick.Check(f, cfg); err != nil {
		t.Error(err)
	}
}

// TestFieldAliasing checks every operation with every aliasing pattern of
// receiver and arguments against the non-aliased result.
func TestFieldAliasing(t *testing.T) {
	cfg := quickConfig(t)
	type unaryOp = func(v, a *Element) *Element
	type binaryOp = func(v, a, b *Element) *Element
	unary := map[string]unaryOp{
		"Square": (*Element).Square, "Negate": (*Element).Negate, "Double": (*Element).Double,
		"Half": (*Element).Half, "Invert": (*Element).Invert, "VarTimeInvert": (*Element).VarTimeInvert,
		"Normalize": (*Element).Normalize, "Set": (*Element).Set,
		"Sqrt":           func(v, a *Element) *Element { v.Sqrt(a); return v },
		"MultiplySmall":  func(v, a *Element) *Element { return v.MultiplySmall(a, 977) },
		"RepeatedSquare": func(v, a *Element) *Element { return v.RepeatedSquare(a, 3) },
		"CondNegate":     func(v, a *Element) *Element { return v.CondNegate(a, 1) },
	}
	binary := map[string]binaryOp{
		"Add": (*Element).Add, "Subtract": (*Element).Subtract, "Multiply": (*Element).Multiply,
		"Select0":   func(v, a, b *Element) *Element { return v.Select(a, b, 0) },
		"Select1":   func(v, a, b *Element) *Element { return v.Select(a, b, 1) },
		"SqrtRatio": func(v, a, b *Element) *Element { v.SqrtRatio(a, b); return v },
	}
	unary["InvSqrt"] = func(v, a *Element) *Element { v.InvSqrt(a); return v }
	for name, op := range unary {
		f := func(a Element) bool {
			var want Element
			a0 := a
			op(&want, &a)
			if a != a0 {
				return false
			}
			op(&a, &a) // v = a
			return a == want
		}
		if err := quick.Check(f, cfg); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, op := range binary {
		f := func(a, b Element) bool {
			var want Element
			op(&want, &a, &b)
			// v = a
			x, y := a, b
			op(&x, &x, &y)
			if x != want {
				return false
			}
			// v = b
			x, y = a, b
			op(&y, &x, &y)
			if y != want {
				return false
			}
			// a = b
			var w, v Element
			x = a
			op(&w, &x, &x)
			op(&v, &a, &a)
			if w != v {
				return false
			}
			// v = a = b
			op(&x, &x, &x)
			return x == w
		}
		if err := quick.Check(f, cfg); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestFieldAllocations(t *testing.T) {
	race.SkipAllocs(t)
	a := Element{l: [4]uint64{1, 2, 3, 4}}
	b := Element{l: [4]uint64{5, 6, 7, 8}}
	var v Element
	var out [32]byte
	n := testing.AllocsPerRun(100, func() {
		v.Multiply(&a, &b)
		v.Square(&v)
		v.Add(&v, &a)
		v.Subtract(&v, &b)
		v.Half(&v)
		v.Invert(&v)
		v.VarTimeInvert(&v)
		v.Sqrt(&v)
		v.SqrtRatio(&v, &a)
		_ = v.VarTimeIsSquare()
		v.PutBytes(&out)
		_, _ = v.SetCanonicalBytes(&out)
	})
	if n != 0 {
		t.Errorf("field operations allocate: %v allocations per run", n)
	}
}

func FuzzFieldArithmetic(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32), bytes.Repeat([]byte{0xff}, 32))
	pb := bigP.Bytes()
	f.Add(pb, pb)
	f.Fuzz(func(t *testing.T, x, y []byte) {
		if len(x) != 32 || len(y) != 32 {
			return
		}
		var a, b Element
		a.SetBytes((*[32]byte)(x))
		b.SetBytes((*[32]byte)(y))
		ab, bb := toBig(&a), toBig(&b)
		var v Element
		check := func(name string, want *big.Int) {
			if !matches(&v, want) {
				t.Fatalf("%s(%x, %x) = %x, want %x", name, x, y, toBig(&v), modP(want))
			}
		}
		v.Add(&a, &b)
		check("Add", new(big.Int).Add(ab, bb))
		v.Subtract(&a, &b)
		check("Subtract", new(big.Int).Sub(ab, bb))
		v.Multiply(&a, &b)
		check("Multiply", new(big.Int).Mul(ab, bb))
		v.Square(&a)
		check("Square", new(big.Int).Mul(ab, ab))
		v.Negate(&a)
		check("Negate", new(big.Int).Neg(ab))
		v.Half(&a)
		check("Half", new(big.Int).Mul(ab, big.NewInt(2).ModInverse(big.NewInt(2), bigP)))
		inv := new(big.Int).Exp(ab, new(big.Int).Sub(bigP, big.NewInt(2)), bigP)
		v.Invert(&a)
		check("Invert", inv)
		v.VarTimeInvert(&a)
		check("VarTimeInvert", inv)
		_, ok := v.Sqrt(&a)
		if (ok == 1) != (big.Jacobi(modP(ab), bigP) >= 0) || (ok == 1) != (a.VarTimeIsSquare() == 1) {
			t.Fatalf("Sqrt/IsSquare(%x) disagree with Jacobi", x)
		}
		_, ok = v.SqrtRatio(&a, &b)
		if ab, bb := modP(ab), modP(bb); bb.Sign() != 0 {
			q := modP(new(big.Int).Mul(ab, new(big.Int).ModInverse(bb, bigP)))
			r2 := modP(new(big.Int).Mul(toBig(&v), toBig(&v)))
			if ok == 0 {
				r2.Neg(r2).Mod(r2, bigP)
			}
			if (ok == 1) != (big.Jacobi(q, bigP) >= 0) || r2.Cmp(q) != 0 {
				t.Fatalf("SqrtRatio(%x, %x) = %x, %d", x, y, toBig(&v), ok)
			}
		}
	})
}

var sinkElement Element

func BenchmarkFieldMultiply(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	y := x
	b.ReportAllocs()
	for b.Loop() {
		x.Multiply(&x, &y)
	}
	sinkElement = x
}

func BenchmarkFieldSquare(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	b.ReportAllocs()
	for b.Loop() {
		x.Square(&x)
	}
	sinkElement = x
}

func BenchmarkFieldAdd(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	y := x
	b.ReportAllocs()
	for b.Loop() {
		x.Add(&x, &y)
	}
	sinkElement = x
}

func BenchmarkFieldInvert(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	b.ReportAllocs()
	for b.Loop() {
		x.Invert(&x)
	}
	sinkElement = x
}

func BenchmarkFieldVarTimeInvert(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	b.ReportAllocs()
	for b.Loop() {
		x.VarTimeInvert(&x)
	}
	sinkElement = x
}

func BenchmarkFieldFermatInvert(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	b.ReportAllocs()
	for b.Loop() {
		fermatInvert(&x, &x)
	}
	sinkElement = x
}

func BenchmarkFieldSqrt(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	b.ReportAllocs()
	for b.Loop() {
		x.Sqrt(&x)
	}
	sinkElement = x
}

// BenchmarkFieldInvSqrt and BenchmarkFieldInvSqrtPair: one exponentiation,
// and two in one loop.
func BenchmarkFieldInvSqrt(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	b.ReportAllocs()
	for b.Loop() {
		x.InvSqrt(&x)
	}
	sinkElement = x
}

func BenchmarkFieldInvSqrtPair(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	y := Element{l: [4]uint64{3, 5, 7, 11}}
	b.ReportAllocs()
	for b.Loop() {
		InvSqrtPair(&x, &x, &y, &y)
	}
	sinkElement = x
	sinkElement = y
}

func BenchmarkFieldSqrtRatio(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	d := Element{l: [4]uint64{3, 5, 7, 11}}
	b.ReportAllocs()
	for b.Loop() {
		x.SqrtRatio(&x, &d)
	}
	sinkElement = x
}

func BenchmarkFieldVarTimeIsSquare(b *testing.B) {
	x := Element{l: [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x1111, 0x7777777777777777}}
	b.ReportAllocs()
	for b.Loop() {
		x.l[0] += uint64(x.VarTimeIsSquare())
	}
	sinkElement = x
}
