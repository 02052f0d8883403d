package testref

import (
	"math/rand"
	randv2 "math/rand/v2"
	"testing"
	"time"
)

// Rand returns a math/rand generator for a test's random inputs, seeded
// from the clock. It logs the seed ("seed N") so that a failing run can be
// repeated by seeding rand.NewSource with N.
func Rand(t testing.TB) *rand.Rand {
	t.Helper()
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	return rand.New(rand.NewSource(seed))
}

// PCG returns a math/rand/v2 generator for a test's random inputs:
// rand.NewPCG(seed, 0), with a seed drawn from math/rand/v2's global
// source. It logs the seed ("seed N") so that a failing run can be repeated
// with rand.NewPCG(N, 0).
func PCG(t testing.TB) *randv2.Rand {
	t.Helper()
	seed := randv2.Uint64()
	t.Logf("seed %d", seed)
	return randv2.New(randv2.NewPCG(seed, 0))
}

// Short is how a package's tests scale their iteration counts down under
// -short: a count of full becomes full/Div, but at least Min. Div must be
// positive.
type Short struct {
	Div, Min int
}

// Count returns full, or max(full/s.Div, s.Min) when testing.Short().
func (s Short) Count(t testing.TB, full int) int {
	t.Helper()
	if testing.Short() {
		return max(full/s.Div, s.Min)
	}
	return full
}
