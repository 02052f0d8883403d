package scalar

import (
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// recodeTestInputs returns edge and random scalars: the scalar edge values,
// values with long runs of ones and zeros (which drive the carries of both
// recodings), and uniform and limb-pattern values.
func recodeTestInputs(t *testing.T, count int) []Scalar {
	r := testref.Rand(t)
	out := scalarTestEdgeValues()
	one := big.NewInt(1)
	for _, e := range []uint{1, 2, 7, 14, 15, 16, 63, 64, 65, 128, 129, 200, 250, 255} {
		ones := new(big.Int).Sub(scalarTestPow2(e), one) // 2^e − 1: a run of e ones
		out = append(out, *scalarTestFromBig(ones), *scalarTestFromBig(scalarTestPow2(e)))
		out = append(out, *scalarTestFromBig(new(big.Int).Sub(scalarTestOrder, ones)))
	}
	if testing.Short() {
		count /= 10
	}
	for range count {
		out = append(out, scalarTestRandom(r))
	}
	return out
}

func TestVarTimeWNAF(t *testing.T) {
	var naf [257]int32
	for _, k := range recodeTestInputs(t, 2000) {
		kb := scalarTestToBig(&k)
		for w := uint(2); w <= 16; w++ {
			// Fill with garbage: every entry must be written.
			for i := range naf {
				naf[i] = 0x5555
			}
			length := VarTimeWNAF(&naf, &k, w)
			got := new(big.Int)
			lastNonzero := -1
			for i := len(naf) - 1; i >= 0; i-- {
				d := naf[i]
				if d != 0 {
					if lastNonzero == -1 {
						lastNonzero = i
					}
					if d%2 == 0 || d >= 1<<(w-1) || d <= -(1<<(w-1)) {
						t.Fatalf("wNAF(%x, %d): digit %d at %d", kb, w, d, i)
					}
					// Non-adjacency: the next w−1 digits above are zero.
					for j := i + 1; j < i+int(w) && j < len(naf); j++ {
						if naf[j] != 0 {
							t.Fatalf("wNAF(%x, %d): digits at %d and %d", kb, w, i, j)
						}
					}
				}
				got.Lsh(got, 1)
				got.Add(got, big.NewInt(int64(d)))
			}
			if got.Cmp(kb) != 0 {
				t.Fatalf("wNAF(%x, %d) reconstructs %x", kb, w, got)
			}
			if length != lastNonzero+1 {
				t.Fatalf("wNAF(%x, %d) length %d, want %d", kb, w, length, lastNonzero+1)
			}
		}
	}
	for _, w := range []uint{0, 1, 17} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("VarTimeWNAF with w = %d did not panic", w)
				}
			}()
			VarTimeWNAF(&naf, new(Scalar), w)
		}()
	}
}

// TestVarTimeWNAFTopCarry checks a value whose form needs the 257th digit.
func TestVarTimeWNAFTopCarry(t *testing.T) {
	var naf [257]int32
	k := scalarTestFromBig(new(big.Int).Sub(scalarTestOrder, big.NewInt(1)))
	seen := false
	for w := uint(2); w <= 16; w++ {
		if VarTimeWNAF(&naf, k, w) == 257 {
			seen = true
		}
	}
	if !seen {
		t.Error("no width gives n − 1 a 257-digit form; the top carry is untested")
	}
}

// recodeTestDigits returns ⌈(bitlen + 1)/w⌉.
func recodeTestDigits(bitlen, w uint) int {
	return int((bitlen + w) / w)
}

func TestSignedDigits(t *testing.T) {
	inputs := recodeTestInputs(t, 2000)
	mask128 := new(big.Int).Sub(scalarTestPow2(128), big.NewInt(1))
	for _, k := range inputs {
		kb := scalarTestToBig(&k)
		// A GLV-sized half: k mod 2¹²⁸.
		var half Scalar
		half.l[0], half.l[1] = k.l[0], k.l[1]
		hb := new(big.Int).And(kb, mask128)
		for w := uint(1); w <= 7; w++ {
			for _, c := range []struct {
				k      *Scalar
				v      *big.Int
				digits int
			}{
				{&k, kb, recodeTestDigits(256, w)},
				{&half, hb, recodeTestDigits(128, w)},
				{&half, hb, recodeTestDigits(129, w)},
			} {
				out := make([]int8, c.digits)
				for i := range out {
					out[i] = 0x55
				}
				SignedDigits(out, c.k, w)
				got := new(big.Int)
				for i := len(out) - 1; i >= 0; i-- {
					d := int64(out[i])
					if d < -(1<<(w-1)) || d > 1<<(w-1) {
						t.Fatalf("SignedDigits(%x, %d): digit %d at %d", c.v, w, d, i)
					}
					got.Lsh(got, w)
					got.Add(got, big.NewInt(d))
				}
				if got.Cmp(c.v) != 0 {
					t.Fatalf("SignedDigits(%x, %d) reconstructs %x", c.v, w, got)
				}
			}
		}
	}
}

func TestSignedDigitsPanics(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	big128 := scalarTestFromBig(scalarTestPow2(128)) // needs 130 bits of digits
	for w := uint(1); w <= 7; w++ {
		out := make([]int8, recodeTestDigits(128, w))
		if w*uint(len(out))-1 < 129 {
			mustPanic("short output", func() { SignedDigits(out, big128, w) })
		}
	}
	mustPanic("w = 0", func() { SignedDigits(make([]int8, 300), new(Scalar), 0) })
	mustPanic("w = 8", func() { SignedDigits(make([]int8, 300), new(Scalar), 8) })
	mustPanic("empty", func() { SignedDigits(nil, new(Scalar), 4) })
	// k = 2²⁵⁵ needs ⌈257/w⌉ digits; one fewer is too few.
	k := scalarTestFromBig(scalarTestPow2(255))
	mustPanic("256 bits", func() { SignedDigits(make([]int8, recodeTestDigits(256, 4)-1), k, 4) })
}

func BenchmarkScalarWNAF(b *testing.B) {
	k, _ := scalarTestBenchInputs()
	var naf [257]int32
	b.ReportAllocs()
	for b.Loop() {
		VarTimeWNAF(&naf, &k, 5)
	}
}

func BenchmarkScalarSignedDigits(b *testing.B) {
	k, _ := scalarTestBenchInputs()
	out := make([]int8, recodeTestDigits(256, 5))
	b.ReportAllocs()
	for b.Loop() {
		SignedDigits(out, &k, 5)
	}
}
