package scalar

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// scalarTestFuzzSeeds returns interesting 32-byte encodings: the edge values
// and values not less than n (testref.ScalarEdgeValues and
// ScalarOverflowValues).
func scalarTestFuzzSeeds() [][]byte {
	var out [][]byte
	for _, v := range append(testref.ScalarEdgeValues(), testref.ScalarOverflowValues()...) {
		out = append(out, testref.Bytes32(v))
	}
	return out
}

// scalarTestFuzzInput returns b padded with zeros or truncated to 32 bytes, and
// the Scalar it encodes reduced mod n.
func scalarTestFuzzInput(b []byte) (*Scalar, *big.Int) {
	var buf [32]byte
	copy(buf[:], b)
	return new(Scalar).SetReducedBytes(&buf), new(big.Int).Mod(new(big.Int).SetBytes(buf[:]), scalarTestOrder)
}

func FuzzScalarArith(f *testing.F) {
	seeds := scalarTestFuzzSeeds()
	for _, a := range seeds {
		for _, b := range seeds[:4] {
			f.Add(a, b)
		}
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		x, xb := scalarTestFuzzInput(a)
		y, yb := scalarTestFuzzInput(b)
		n := scalarTestOrder
		check := func(name string, got *Scalar, want *big.Int) {
			t.Helper()
			want = new(big.Int).Mod(want, n)
			if !got.isValid() || scalarTestToBig(got).Cmp(want) != 0 {
				t.Fatalf("%s(%x, %x) = %x, want %x", name, xb, yb, scalarTestToBig(got), want)
			}
		}
		var s Scalar
		check("Add", s.Add(x, y), new(big.Int).Add(xb, yb))
		check("Subtract", s.Subtract(x, y), new(big.Int).Sub(xb, yb))
		check("Multiply", s.Multiply(x, y), new(big.Int).Mul(xb, yb))
		check("Square", s.Square(x), new(big.Int).Mul(xb, xb))
		check("Negate", s.Negate(x), new(big.Int).Neg(xb))
		check("Invert", s.Invert(x), scalarTestBigInverse(xb))
		check("VarTimeInvert", s.VarTimeInvert(y), scalarTestBigInverse(yb))
		if e := x.Equal(y); (e == 1) != (xb.Cmp(yb) == 0) {
			t.Fatalf("Equal(%x, %x) = %d", xb, yb, e)
		}
	})
}

func FuzzScalarParse(f *testing.F) {
	for _, b := range scalarTestFuzzSeeds() {
		f.Add(b)
		f.Add(append(b, b...)) // 64 bytes
	}
	f.Add([]byte{})
	f.Add(make([]byte, 31))
	f.Add(make([]byte, 33))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Fuzz(func(t *testing.T, b []byte) {
		// The decoders take arrays (the root package's Scalar checks the
		// lengths): b padded with zeros or truncated to 32 and to 64 bytes.
		var b32 [32]byte
		var b64 [64]byte
		copy(b32[:], b)
		copy(b64[:], b)
		v32, v64 := new(big.Int).SetBytes(b32[:]), new(big.Int).SetBytes(b64[:])
		sentinel := *scalarTestFromBig(big.NewInt(0x5eed))

		// SetCanonicalBytes: ErrOverflow, with s unchanged, exactly for
		// v ≥ n; otherwise a round trip.
		s := sentinel
		r, err := s.SetCanonicalBytes(&b32)
		if v32.Cmp(scalarTestOrder) >= 0 {
			if r != nil || !errors.Is(err, ErrOverflow) || s != sentinel {
				t.Fatalf("SetCanonicalBytes(%x) = %v, %v", b32, r, err)
			}
		} else {
			var out [32]byte
			s.PutBytes(&out)
			if r != &s || err != nil || out != b32 {
				t.Fatalf("SetCanonicalBytes(%x) = %v, %v; encodes back to %x", b32, r, err, out)
			}
		}

		// SetReducedBytes and SetUniformBytes: v mod n.
		var u, w Scalar
		for _, c := range []struct {
			name string
			s, r *Scalar
			v    *big.Int
		}{
			{"SetReducedBytes", &u, u.SetReducedBytes(&b32), v32},
			{"SetUniformBytes", &w, w.SetUniformBytes(&b64), v64},
		} {
			want := new(big.Int).Mod(c.v, scalarTestOrder)
			if c.r != c.s || scalarTestToBig(c.s).Cmp(want) != 0 {
				t.Fatalf("%s(%x) = %x; want %x", c.name, c.v, scalarTestToBig(c.s), want)
			}
			// The canonical encoding of the result round-trips.
			var enc [32]byte
			c.s.PutBytes(&enc)
			var back Scalar
			if _, err := back.SetCanonicalBytes(&enc); err != nil || back != *c.s {
				t.Fatalf("%s(%x): round trip failed", c.name, c.v)
			}
		}
	})
}
