package safegcd

import (
	"math/big"
	"testing"
)

// fuzzModuli are the moduli that the fuzz targets check every input against.
var fuzzModuli = []testModulus{modP, modN, testModuli[2], testModuli[3]}

// fuzzInput reads up to 32 bytes of data as a big-endian number, reduced mod m.
func fuzzInput(data []byte, m *big.Int) (*[4]uint64, *big.Int) {
	if len(data) > 32 {
		data = data[:32]
	}
	x := new(big.Int).SetBytes(data)
	x.Mod(x, m)
	return bigToWords(x), x
}

func addSeeds(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1})
	f.Add([]byte{2})
	f.Add(make32(0xff))
	f.Add(bigP.Bytes())
	f.Add(bigN.Bytes())
	f.Add(new(big.Int).Sub(bigP, big.NewInt(1)).Bytes())
	f.Add(new(big.Int).Sub(bigN, big.NewInt(1)).Bytes())
	f.Add(new(big.Int).Rsh(bigP, 1).Bytes())
	f.Add(new(big.Int).Lsh(big.NewInt(1), 255).Bytes())
}

func fuzzInvert(t *testing.T, data []byte, name string, invert func(*Modulus, *[4]uint64, *[4]uint64)) {
	for _, tm := range fuzzModuli {
		x, xb := fuzzInput(data, tm.big)
		var out [4]uint64
		invert(tm.m, &out, x)
		got := wordsToBig(&out)
		want := new(big.Int)
		if xb.Sign() != 0 && want.ModInverse(xb, tm.big) == nil {
			if got.Cmp(tm.big) >= 0 {
				t.Fatalf("%s(%#x) mod %s = %#x ≥ M", name, xb, tm.name, got)
			}
			continue
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("%s(%#x) mod %s = %#x, want %#x", name, xb, tm.name, got, want)
		}
	}
}

func FuzzInvert(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzInvert(t, data, "Invert", (*Modulus).Invert)
	})
}

func FuzzVarTimeInvert(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzInvert(t, data, "VarTimeInvert", (*Modulus).VarTimeInvert)
	})
}

func FuzzVarTimeJacobi(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, tm := range fuzzModuli {
			x, xb := fuzzInput(data, tm.big)
			if got, want := tm.m.VarTimeJacobi(x), big.Jacobi(xb, tm.big); got != want {
				t.Fatalf("VarTimeJacobi(%#x) mod %s = %d, want %d", xb, tm.name, got, want)
			}
		}
	})
}

// FuzzVarTimeJacobi2 checks VarTimeJacobi2 on the first 32 bytes of the
// input and the next 32, against math/big.
func FuzzVarTimeJacobi2(f *testing.F) {
	addSeeds(f)
	f.Add(append(make32(0xff), 1))
	f.Fuzz(func(t *testing.T, data []byte) {
		var rest []byte
		if len(data) > 32 {
			rest = data[32:]
		}
		for _, tm := range fuzzModuli {
			x, xb := fuzzInput(data, tm.big)
			y, yb := fuzzInput(rest, tm.big)
			jx, jy := tm.m.VarTimeJacobi2(x, y)
			if wx, wy := big.Jacobi(xb, tm.big), big.Jacobi(yb, tm.big); jx != wx || jy != wy {
				t.Fatalf("VarTimeJacobi2(%#x, %#x) mod %s = %d, %d, want %d, %d", xb, yb, tm.name, jx, jy, wx, wy)
			}
		}
	})
}
