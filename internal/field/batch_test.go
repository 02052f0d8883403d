package field

import (
	"math/big"
	"testing"
	"testing/quick"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
)

// TestBatchInvert checks both batch inversions against math/big, with inv
// separate from and aliasing the scratch.
func TestBatchInvert(t *testing.T) {
	cfg := quickConfig(t)
	f := func(d [9]Element, n uint8, alias bool) bool {
		den := d[:int(n)%len(d)]
		for i := range den {
			if den[i].IsZero() == 1 {
				den[i].One()
			}
		}
		for _, batch := range []func(inv, den, scratch []Element){BatchInvert, VarTimeBatchInvert} {
			scratch := make([]Element, len(den))
			inv := scratch
			if !alias {
				inv = make([]Element, len(den))
			}
			batch(inv, den, scratch)
			for i := range den {
				want := new(big.Int).ModInverse(modP(toBig(&den[i])), bigP)
				if !matches(&inv[i], want) {
					return false
				}
			}
		}
		return true
	}
	if err := quick.Check(f, cfg); err != nil {
		t.Error(err)
	}
	den, inv := make([]Element, 8), make([]Element, 8)
	for i := range den {
		den[i].SetUint64(uint64(i + 2))
	}
	race.SkipAllocs(t)
	if n := testing.AllocsPerRun(10, func() { BatchInvert(inv, den, inv); VarTimeBatchInvert(inv, den, inv) }); n != 0 {
		t.Errorf("batch inversion allocates %v times", n)
	}
}
