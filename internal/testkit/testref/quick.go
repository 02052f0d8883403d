package testref

import (
	"testing"
	"testing/quick"
)

// QuickConfig returns a quick.Config of count cases (count/10 with -short)
// drawn from Rand(t).
func QuickConfig(t testing.TB, count int) *quick.Config {
	t.Helper()
	return Short{Div: 10}.QuickConfig(t, count)
}

// QuickConfig returns a quick.Config of s.Count(t, count) cases drawn from
// Rand(t).
func (s Short) QuickConfig(t testing.TB, count int) *quick.Config {
	t.Helper()
	return &quick.Config{MaxCount: s.Count(t, count), Rand: Rand(t)}
}

// scalarMethods is the method set of a scalar type that
// CheckScalarAliasing exercises: the root package's Scalar and
// internal/scalar's both have it.
type scalarMethods[T any] interface {
	*T
	Set(x *T) *T
	Negate(x *T) *T
	Square(x *T) *T
	Invert(x *T) *T
	VarTimeInvert(x *T) *T
	Add(x, y *T) *T
	Subtract(x, y *T) *T
	Multiply(x, y *T) *T
	Select(a, b *T, cond int) *T
}

// CheckScalarAliasing checks with quick.Check, count cases each
// (QuickConfig), that every operation of the scalar type T returns its
// receiver, gives a result that valid accepts, gives the same result when
// its arguments alias each other and the receiver, and does not modify an
// argument that is not the receiver. T's quick.Generator draws the values.
func CheckScalarAliasing[T comparable, P scalarMethods[T]](t *testing.T, count int, valid func(*T) bool) {
	t.Helper()
	// In a fixed order, so that the logged seeds follow the methods.
	one := []struct {
		name string
		f    func(s, x *T) *T
	}{
		{"Set", func(s, x *T) *T { return P(s).Set(x) }},
		{"Negate", func(s, x *T) *T { return P(s).Negate(x) }},
		{"Square", func(s, x *T) *T { return P(s).Square(x) }},
		{"Invert", func(s, x *T) *T { return P(s).Invert(x) }},
		{"VarTimeInvert", func(s, x *T) *T { return P(s).VarTimeInvert(x) }},
	}
	two := []struct {
		name string
		f    func(s, x, y *T) *T
	}{
		{"Add", func(s, x, y *T) *T { return P(s).Add(x, y) }},
		{"Subtract", func(s, x, y *T) *T { return P(s).Subtract(x, y) }},
		{"Multiply", func(s, x, y *T) *T { return P(s).Multiply(x, y) }},
		{"Select0", func(s, x, y *T) *T { return P(s).Select(x, y, 0) }},
		{"Select1", func(s, x, y *T) *T { return P(s).Select(x, y, 1) }},
	}
	for _, m := range one {
		if err := quick.Check(aliasingOneArg(m.f, valid), QuickConfig(t, count)); err != nil {
			t.Errorf("%s: %v", m.name, err)
		}
	}
	for _, m := range two {
		if err := quick.Check(aliasingTwoArgs(m.f, valid), QuickConfig(t, count)); err != nil {
			t.Errorf("%s: %v", m.name, err)
		}
	}
}

// aliasingOneArg returns CheckScalarAliasing's property of f(s, x).
func aliasingOneArg[T comparable](f func(s, x *T) *T, valid func(*T) bool) func(s, x T) bool {
	return func(s, x T) bool {
		x1, s1 := x, x
		// A reference f(x) without aliasing.
		if out := f(&s, &x); out != &s || !valid(&s) {
			return false
		}
		// The argument is the receiver.
		if out := f(&s1, &s1); out != &s1 || s1 != s {
			return false
		}
		// The argument was not modified.
		return x == x1
	}
}

// aliasingTwoArgs returns CheckScalarAliasing's property of f(s, x, y): the
// result is the same when x, y or both are the receiver, and when x and y
// are the same variable.
func aliasingTwoArgs[T comparable](f func(s, x, y *T) *T, valid func(*T) bool) func(s, x, y T) bool {
	return func(s, x, y T) bool {
		var s1 T
		x1, y1 := x, y
		// A reference f(x, y) without aliasing.
		if out := f(&s, &x, &y); out != &s || !valid(&s) {
			return false
		}
		// The first argument is the receiver.
		s1 = x
		if out := f(&s1, &s1, &y); out != &s1 || s1 != s {
			return false
		}
		// The second argument is the receiver.
		s1 = y
		if out := f(&s1, &x, &s1); out != &s1 || s1 != s {
			return false
		}
		// A reference f(x, x) without aliasing.
		if out := f(&s, &x, &x); out != &s {
			return false
		}
		// The two arguments are the same variable.
		x1c := x
		if out := f(&s1, &x1c, &x1c); out != &s1 || s1 != s {
			return false
		}
		// All three are the same variable.
		s1 = x
		if out := f(&s1, &s1, &s1); out != &s1 || s1 != s {
			return false
		}
		// The arguments were not modified.
		return x == x1 && y == y1
	}
}
