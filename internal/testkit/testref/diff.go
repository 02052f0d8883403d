package testref

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// DiffN returns the number of cases of a differential test against a C
// library (test/libsecp, test/zkp): DIFF_N if set, else short with -short
// and 10,000 otherwise.
func DiffN(t testing.TB, short int) int {
	if s := os.Getenv("DIFF_N"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("DIFF_N=%q is not a positive integer", s)
		}
		return n
	}
	if testing.Short() {
		return short
	}
	return 10000
}

// DiffSeed returns the seed of a differential run: DIFF_SEED if set (to
// repeat a logged run), else a random one.
func DiffSeed(t testing.TB) uint64 {
	if s := os.Getenv("DIFF_SEED"); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("DIFF_SEED=%q is not an unsigned integer", s)
		}
		return seed
	}
	return rand.Uint64()
}
