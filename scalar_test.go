package secp256k1

import (
	"bytes"
	"errors"
	"math/big"
	"math/rand"
	"reflect"
	"testing"
	"testing/quick"

	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The tests of the public Scalar, a wrapper of internal/scalar, for what the
// wrapper adds or must keep: the forwarding to internal/scalar, the length
// and overflow errors with the receiver unchanged, the Bytes encoding, the
// zero value, aliasing and allocations. internal/scalar tests the
// arithmetic against math/big.

// scalarTestFromBig returns x mod n as a Scalar, decoded by SetCanonicalBytes.
func scalarTestFromBig(x *big.Int) Scalar {
	var s Scalar
	if _, err := s.SetCanonicalBytes(testref.Bytes32(new(big.Int).Mod(x, testref.N))); err != nil {
		panic(err)
	}
	return s
}

func scalarTestToBig(s *Scalar) *big.Int {
	l := s.val.Limbs()
	return testref.BigFromLimbs(l[:])
}

// isValid reports whether s is fully reduced.
func (s *Scalar) isValid() bool { return scalarTestToBig(s).Cmp(testref.N) < 0 }

// Generate implements quick.Generator: edge values and values built from
// edge-case limbs half of the time (testref.RandomScalar).
func (Scalar) Generate(r *rand.Rand, _ int) reflect.Value {
	return reflect.ValueOf(scalarTestFromBig(testref.RandomScalar(r)))
}

// TestScalarForwarding checks that every method returns its receiver and
// the result of the internal/scalar method it wraps.
func TestScalarForwarding(t *testing.T) {
	type vs = scalar.Scalar
	for _, op := range []struct {
		name string
		got  func(s, x, y *Scalar) *Scalar
		want func(v, x, y *vs) *vs
	}{
		{"Set", func(s, x, _ *Scalar) *Scalar { return s.Set(x) }, func(v, x, _ *vs) *vs { return v.Set(x) }},
		{"SetUint64", func(s, x, _ *Scalar) *Scalar { return s.SetUint64(x.val.Limbs()[1]) },
			func(v, x, _ *vs) *vs { return v.SetUint64(x.Limbs()[1]) }},
		{"Select0", func(s, x, y *Scalar) *Scalar { return s.Select(x, y, 0) }, func(v, x, y *vs) *vs { return v.Select(x, y, 0) }},
		{"Select1", func(s, x, y *Scalar) *Scalar { return s.Select(x, y, 1) }, func(v, x, y *vs) *vs { return v.Select(x, y, 1) }},
		{"Add", (*Scalar).Add, (*vs).Add},
		{"Subtract", (*Scalar).Subtract, (*vs).Subtract},
		{"Multiply", (*Scalar).Multiply, (*vs).Multiply},
		{"Negate", func(s, x, _ *Scalar) *Scalar { return s.Negate(x) }, func(v, x, _ *vs) *vs { return v.Negate(x) }},
		{"Square", func(s, x, _ *Scalar) *Scalar { return s.Square(x) }, func(v, x, _ *vs) *vs { return v.Square(x) }},
		{"Invert", func(s, x, _ *Scalar) *Scalar { return s.Invert(x) }, func(v, x, _ *vs) *vs { return v.Invert(x) }},
		{"VarTimeInvert", func(s, x, _ *Scalar) *Scalar { return s.VarTimeInvert(x) },
			func(v, x, _ *vs) *vs { return v.VarTimeInvert(x) }},
	} {
		check := func(x, y Scalar) bool {
			var s Scalar
			var v vs
			return op.got(&s, &x, &y) == &s && s.val == *op.want(&v, &x.val, &y.val)
		}
		if err := quick.Check(check, testref.QuickConfig(t, 20000)); err != nil {
			t.Errorf("%s: %v", op.name, err)
		}
	}
	predicates := func(x, y Scalar) bool {
		return x.Equal(&y) == x.val.Equal(&y.val) && x.Equal(&x) == 1 &&
			x.IsZero() == x.val.IsZero() && x.IsHigh() == x.val.IsHigh()
	}
	if err := quick.Check(predicates, testref.QuickConfig(t, 20000)); err != nil {
		t.Errorf("Equal, IsZero, IsHigh: %v", err)
	}
}

func TestScalarZeroValue(t *testing.T) {
	var s Scalar
	if s.IsZero() != 1 || NewScalar().IsZero() != 1 || s.Equal(NewScalar()) != 1 ||
		!bytes.Equal(s.Bytes(), make([]byte, 32)) {
		t.Error("the zero value is not 0")
	}
}

func TestScalarBytesRoundTrip(t *testing.T) {
	check := func(x Scalar) bool {
		b := x.Bytes()
		if !bytes.Equal(b, testref.Bytes32(scalarTestToBig(&x))) {
			return false
		}
		var s, u, w Scalar
		if r, err := s.SetCanonicalBytes(b); r != &s || err != nil || s != x {
			return false
		}
		if r, err := u.SetReducedBytes(b); r != &u || err != nil || u != x {
			return false
		}
		r, err := w.SetUniformBytes(append(make([]byte, 32), b...))
		return r == &w && err == nil && w == x
	}
	if err := quick.Check(check, testref.QuickConfig(t, 20000)); err != nil {
		t.Error(err)
	}
	for _, v := range testref.ScalarEdgeValues() {
		if x := scalarTestFromBig(v); !check(x) {
			t.Errorf("round trip of %x failed", v)
		}
	}
}

// TestScalarSetCanonicalBytesRejects checks the decoders' errors: a value not
// below n, and every wrong length (nil included); the receiver stays
// unchanged.
func TestScalarSetCanonicalBytesRejects(t *testing.T) {
	sentinel := scalarTestFromBig(big.NewInt(12345))
	for _, v := range testref.ScalarOverflowValues() {
		s := sentinel
		r, err := s.SetCanonicalBytes(testref.Bytes32(v))
		if r != nil || !errors.Is(err, ErrScalarOverflow) || s != sentinel {
			t.Errorf("SetCanonicalBytes(%x) = %v, %v; receiver %x", v, r, err, scalarTestToBig(&s))
		}
	}
	for _, c := range []struct {
		name string
		f    func(*Scalar, []byte) (*Scalar, error)
		size int
	}{
		{"SetCanonicalBytes", (*Scalar).SetCanonicalBytes, 32},
		{"SetReducedBytes", (*Scalar).SetReducedBytes, 32},
		{"SetUniformBytes", (*Scalar).SetUniformBytes, 64},
	} {
		for l := -1; l <= 2*c.size+1; l++ {
			if l == c.size {
				continue
			}
			var b []byte // nil for l = −1
			if l >= 0 {
				b = bytes.Repeat([]byte{0xff}, l)
			}
			s := sentinel
			r, err := c.f(&s, b)
			if r != nil || !errors.Is(err, ErrScalarLength) || s != sentinel {
				t.Errorf("%s(len %d, nil %v) = %v, %v", c.name, len(b), b == nil, r, err)
			}
		}
	}
	for _, err := range []error{ErrScalarLength, ErrScalarOverflow} {
		if msg := err.Error(); len(msg) < 11 || msg[:11] != "secp256k1: " {
			t.Errorf("error message %q lacks the package prefix", msg)
		}
	}
}

// TestScalarAliasing checks that every operation gives the same result when
// its arguments alias each other and the receiver, and that it does not
// modify an argument that is not the receiver.
func TestScalarAliasing(t *testing.T) {
	testref.CheckScalarAliasing[Scalar](t, 1000, (*Scalar).isValid)
}

func TestScalarAllocations(t *testing.T) {
	race.SkipAllocs(t)
	var x, y, s Scalar
	x.SetUint64(0x1234567890abcdef)
	y.Negate(&x)
	enc := x.Bytes()
	wide := append(make([]byte, 32), enc...)
	var sink byte
	for name, f := range map[string]func(){
		"Multiply":          func() { s.Multiply(&x, &y) },
		"Square":            func() { s.Square(&x) },
		"Add":               func() { s.Add(&x, &y) },
		"Subtract":          func() { s.Subtract(&x, &y) },
		"Negate":            func() { s.Negate(&x) },
		"Invert":            func() { s.Invert(&x) },
		"VarTimeInvert":     func() { s.VarTimeInvert(&x) },
		"Bytes":             func() { sink ^= x.Bytes()[7] },
		"SetCanonicalBytes": func() { s.SetCanonicalBytes(enc) },
		"SetReducedBytes":   func() { s.SetReducedBytes(enc) },
		"SetUniformBytes":   func() { s.SetUniformBytes(wide) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
	_ = sink
}

// TestScalarSelectCondition checks Select's doc: a condition other than 0
// and 1 counts as 1, and never mixes the two scalars into an unreduced one
// (internal/scalar's mask would, for cond = 2, keep b's lowest bit).
func TestScalarSelectCondition(t *testing.T) {
	a := scalarTestFromBig(new(big.Int).Sub(testref.N, big.NewInt(1))) // all limbs mostly ones
	b := scalarTestFromBig(big.NewInt(1))
	for _, cond := range []int{1, 2, 3, -1, -2, 1 << 30, int(^uint(0) >> 1), -int(^uint(0)>>1) - 1} {
		var s Scalar
		s.Select(&a, &b, cond)
		if s.Equal(&a) != 1 {
			t.Errorf("Select(a, b, %d) = %x, want a", cond, s.Bytes())
		}
		if _, err := new(Scalar).SetCanonicalBytes(s.Bytes()); err != nil {
			t.Errorf("Select(a, b, %d) is not reduced", cond)
		}
	}
	var s Scalar
	if s.Select(&a, &b, 0); s.Equal(&b) != 1 {
		t.Error("Select(a, b, 0) is not b")
	}
}
