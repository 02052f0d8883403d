package zkp

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The differential tests draw DIFF_N random cases per function (default
// 10,000; 300 with -short, which CI uses) from a seed that is logged (set
// DIFF_SEED to repeat a run). Each case has its own generator, keyed by the
// seed, the test's name and the case number, so a failing case is
// reproduced alone with DIFF_SEED=<seed> DIFF_CASE=<i>.

// maxReported caps the mismatches printed per test; all are counted.
const maxReported = 20

func diffN(t testing.TB) int { return testref.DiffN(t, 300) }

func diffSeed(t testing.TB) uint64 { return testref.DiffSeed(t) }

// forCases runs check on DIFF_N cases (or on DIFF_CASE alone), each with its
// own generator, and fails the test with the first maxReported errors it
// returns. A check compares Kestrel and zkp on one random input, in both
// directions where the function has an output the other side can check.
func forCases(t *testing.T, check func(rng *rand.Rand) error) {
	t.Helper()
	seed := diffSeed(t)
	n := diffN(t)
	first := 0
	if s := os.Getenv("DIFF_CASE"); s != "" {
		i, err := strconv.Atoi(s)
		if err != nil || i < 0 {
			t.Fatalf("DIFF_CASE=%q is not a case number", s)
		}
		first, n = i, i+1
	}
	t.Logf("DIFF_SEED=%d, %d cases", seed, n-first)
	var failed atomic.Int64
	for i := first; i < n; i++ {
		if err := check(caseRand(seed, t.Name(), i)); err != nil {
			if failed.Add(1) <= maxReported {
				t.Errorf("case %d (DIFF_SEED=%d DIFF_CASE=%d): %v", i, seed, i, err)
			}
		}
	}
	if f := failed.Load(); f > 0 {
		t.Errorf("%d of %d cases differ", f, n-first)
	}
	if c := IllegalCalls(); c != 0 {
		t.Errorf("zkp reported %d illegal arguments: a binding bug", c)
	}
}

// caseRand returns the generator of case i of test name in the run with seed.
func caseRand(seed uint64, name string, i int) *rand.Rand {
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:8], fnv(name))
	copy(key[8:16], "kzkpdiff")
	binary.LittleEndian.PutUint64(key[16:], seed)
	binary.LittleEndian.PutUint64(key[24:], uint64(i))
	return rand.New(rand.NewChaCha8(key))
}

// fnv is 64-bit FNV-1a, which keys each test's cases by its name.
func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
