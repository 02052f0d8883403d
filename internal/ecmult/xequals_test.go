package ecmult

import (
	"math/big"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestPMinusN checks the constant p − n of VarTimeXEqualsScalar (the
// function itself is tested through Point.VarTimeXEqualsScalar, in the
// root package, on x coordinates on both sides of n).
func TestPMinusN(t *testing.T) {
	want := new(big.Int).Sub(testref.P, testref.N)
	got := new(big.Int)
	for _, l := range slices.Backward(pMinusN[:]) {
		got.Lsh(got, 64).Or(got, new(big.Int).SetUint64(l))
	}
	if got.Cmp(want) != 0 {
		t.Fatalf("pMinusN = %x, want %x", got, want)
	}
}
