package testref

import (
	"math/rand"
	randv2 "math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"
)

// Rand returns a math/rand generator for a test's random inputs, seeded
// from the clock, or from the environment variable KESTREL_SEED if it is
// set. It logs the seed ("seed N") so that a failing run can be repeated
// with KESTREL_SEED=N and -run naming the test.
func Rand(t testing.TB) *rand.Rand {
	t.Helper()
	seed := time.Now().UnixNano()
	if s, ok := envSeed(t); ok {
		seed = int64(s)
	}
	t.Logf("seed %d", seed)
	return rand.New(rand.NewSource(seed))
}

// envSeed returns the seed in KESTREL_SEED, if it is set; a value that is
// not an integer fails the test.
func envSeed(t testing.TB) (uint64, bool) {
	v := os.Getenv("KESTREL_SEED")
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil {
		return uint64(s), true
	}
	s, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		t.Fatalf("KESTREL_SEED=%q is not an integer", v)
	}
	return s, true
}

// PCG returns a math/rand/v2 generator for a test's random inputs:
// rand.NewPCG(seed, 0), with a seed drawn from math/rand/v2's global
// source, or taken from KESTREL_SEED as for Rand. It logs the seed
// ("seed N") so that a failing run can be repeated with KESTREL_SEED=N.
func PCG(t testing.TB) *randv2.Rand {
	t.Helper()
	seed := randv2.Uint64()
	if s, ok := envSeed(t); ok {
		seed = s
	}
	t.Logf("seed %d", seed)
	return randv2.New(randv2.NewPCG(seed, 0))
}

// Uint64er is a generator of random inputs: a *rand.Rand of math/rand or
// of math/rand/v2.
type Uint64er interface{ Uint64() uint64 }

// FillRandom fills b from r, eight bytes of each r.Uint64() in
// little-endian order.
func FillRandom(r Uint64er, b []byte) {
	for i := 0; i < len(b); i += 8 {
		x := r.Uint64()
		for j := i; j < min(i+8, len(b)); j++ {
			b[j] = byte(x)
			x >>= 8
		}
	}
}

// RandomBytes returns n bytes from r, as FillRandom draws them.
func RandomBytes(r Uint64er, n int) []byte {
	b := make([]byte, n)
	FillRandom(r, b)
	return b
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
