// Package sample holds functions for internal/testkit/ctcheck's own test: some
// branch-free, some with public branches, some with secret-dependent ones.
package sample

// Select is branch-free.
func Select(a, b uint64, cond int) uint64 {
	m := -uint64(cond)
	return b ^ (m & (a ^ b))
}

// At has a bounds check, which is public.
func At(s []uint64, i int) uint64 {
	return s[i]
}

// Sum loops over a public length.
func Sum(s []uint64) uint64 {
	var acc uint64
	for i := 0; i < len(s); i++ {
		acc += s[i]
	}
	return acc
}

// EarlyExit returns at the first difference: a secret-dependent branch.
func EarlyExit(a, b *[32]byte) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Table dispatches through a jump table (a computed jump).
func Table(x uint) uint {
	switch x {
	case 0:
		return 11
	case 1:
		return 23
	case 2:
		return 35
	case 3:
		return 47
	case 4:
		return 59
	case 5:
		return 61
	case 6:
		return 73
	case 7:
		return 85
	case 8:
		return 97
	case 9:
		return 109
	}
	return 0
}

// pair is a struct type argument of Shaped: the instantiation's name in
// the object file holds spaces ("go.shape.struct { A int; B int }").
type pair struct{ A, B int }

// Shaped branches on cond; generic, so that it is compiled as its own
// instantiation.
//
//go:noinline
func Shaped[T any](a, b T, cond bool) T {
	if cond { // Shaped's branch
		return a
	}
	return b
}

// UseShaped instantiates Shaped with a struct type.
func UseShaped(cond bool) int {
	return Shaped(pair{1, 2}, pair{3, 4}, cond).A
}
