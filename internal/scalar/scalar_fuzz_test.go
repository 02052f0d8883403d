package scalar

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testref"
)

// scalarTestFuzzSeeds returns interesting 32-byte encodings: edge values, n, n+1
// and 2²⁵⁶ − 1.
func scalarTestFuzzSeeds() [][]byte {
	var out [][]byte
	for _, v := range scalarTestEdgeBigs {
		out = append(out, testref.Bytes32(v))
	}
	one := big.NewInt(1)
	for _, v := range []*big.Int{scalarTestOrder, new(big.Int).Add(scalarTestOrder, one),
		new(big.Int).Sub(scalarTestPow2(256), one)} {
		out = append(out, testref.Bytes32(v))
	}
	return out
}

// scalarTestFuzzInput returns b padded with zeros or truncated to 32 bytes, and
// the Scalar it encodes reduced mod n.
func scalarTestFuzzInput(t *testing.T, b []byte) (*Scalar, *big.Int) {
	var buf [32]byte
	copy(buf[:], b)
	s, err := new(Scalar).SetReducedBytes(buf[:])
	if err != nil {
		t.Fatal(err)
	}
	return s, new(big.Int).Mod(new(big.Int).SetBytes(buf[:]), scalarTestOrder)
}

func FuzzScalarArith(f *testing.F) {
	seeds := scalarTestFuzzSeeds()
	for _, a := range seeds {
		for _, b := range seeds[:4] {
			f.Add(a, b)
		}
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		x, xb := scalarTestFuzzInput(t, a)
		y, yb := scalarTestFuzzInput(t, b)
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
		check("varTimeInvert", s.varTimeInvert(y), scalarTestBigInverse(yb))
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
		v := new(big.Int).SetBytes(b)
		sentinel := *scalarTestFromBig(big.NewInt(0x5eed))

		// SetCanonicalBytes: an error exactly for a wrong length or v ≥ n;
		// on success a round trip.
		s := sentinel
		r, err := s.SetCanonicalBytes(b)
		switch {
		case len(b) != 32:
			if r != nil || !errors.Is(err, ErrScalarLength) || s != sentinel {
				t.Fatalf("SetCanonicalBytes(%x) = %v, %v", b, r, err)
			}
		case v.Cmp(scalarTestOrder) >= 0:
			if r != nil || !errors.Is(err, ErrScalarOverflow) || s != sentinel {
				t.Fatalf("SetCanonicalBytes(%x) = %v, %v", b, r, err)
			}
		default:
			if r != &s || err != nil || !bytes.Equal(s.Bytes(), b) {
				t.Fatalf("SetCanonicalBytes(%x) = %v, %v", b, r, err)
			}
		}

		// SetReducedBytes and SetUniformBytes: an error exactly for a wrong
		// length; otherwise v mod n.
		for _, c := range []struct {
			name string
			f    func(*Scalar, []byte) (*Scalar, error)
			size int
		}{
			{"SetReducedBytes", (*Scalar).SetReducedBytes, 32},
			{"SetUniformBytes", (*Scalar).SetUniformBytes, 64},
		} {
			s := sentinel
			r, err := c.f(&s, b)
			if len(b) != c.size {
				if r != nil || !errors.Is(err, ErrScalarLength) || s != sentinel {
					t.Fatalf("%s(%x) = %v, %v", c.name, b, r, err)
				}
				continue
			}
			want := new(big.Int).Mod(v, scalarTestOrder)
			if r != &s || err != nil || scalarTestToBig(&s).Cmp(want) != 0 {
				t.Fatalf("%s(%x) = %x, %v; want %x", c.name, b, scalarTestToBig(&s), err, want)
			}
			// The canonical encoding of the result round-trips.
			var u Scalar
			if _, err := u.SetCanonicalBytes(s.Bytes()); err != nil || u != s {
				t.Fatalf("%s(%x): round trip failed", c.name, b)
			}
		}
	})
}
