package ct

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// fuzzEncodingValid reports, in math/big, whether b is prefix|0 or
// prefix|1 ‖ x with x < p the coordinate of a curve point.
func fuzzEncodingValid(b []byte, prefix byte) bool {
	if len(b) != 33 || b[0]&^1 != prefix {
		return false
	}
	x := new(big.Int).SetBytes(b[1:])
	if x.Cmp(testref.P) >= 0 {
		return false
	}
	rhs := new(big.Int).Exp(x, big.NewInt(3), testref.P)
	rhs.Add(rhs, big.NewInt(7)).Mod(rhs, testref.P)
	return big.Jacobi(rhs, testref.P) >= 0
}

func encodingSeeds(f *testing.F, prefix byte) {
	f.Add([]byte{})
	f.Add(make([]byte, 33))
	f.Add(append([]byte{prefix}, bytes.Repeat([]byte{0xff}, 32)...))
	f.Add(append([]byte{prefix | 1}, testref.Bytes32(testref.G.X)...))
	f.Add(append([]byte{prefix}, testref.Bytes32(testref.G.X)...))
	f.Add(append([]byte{prefix ^ 2}, testref.Bytes32(testref.G.X)...))
}

// FuzzParseGenerator: no panic, ErrGeneratorEncoding exactly for invalid
// encodings (checked in math/big), and a byte-exact round trip otherwise.
func FuzzParseGenerator(f *testing.F) {
	encodingSeeds(f, 0x0a)
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := ParseGenerator(b)
		valid := fuzzEncodingValid(b, 0x0a)
		if valid != (err == nil) {
			t.Fatalf("ParseGenerator(%x) = %v, valid %v", b, err, valid)
		}
		if err != nil {
			if !errors.Is(err, ErrGeneratorEncoding) {
				t.Fatalf("ParseGenerator(%x): unnamed error %v", b, err)
			}
			return
		}
		if !bytes.Equal(g.Bytes(), b) {
			t.Fatalf("ParseGenerator(%x) round trip %x", b, g.Bytes())
		}
	})
}

// FuzzParseCommitment: as FuzzParseGenerator, for commitments; a parsed
// commitment also tallies against itself.
func FuzzParseCommitment(f *testing.F) {
	encodingSeeds(f, 0x08)
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ParseCommitment(b)
		valid := fuzzEncodingValid(b, 0x08)
		if valid != (err == nil) {
			t.Fatalf("ParseCommitment(%x) = %v, valid %v", b, err, valid)
		}
		if err != nil {
			if !errors.Is(err, ErrCommitmentEncoding) {
				t.Fatalf("ParseCommitment(%x): unnamed error %v", b, err)
			}
			return
		}
		if !bytes.Equal(c.Bytes(), b) {
			t.Fatalf("ParseCommitment(%x) round trip %x", b, c.Bytes())
		}
		if !VerifyTally([]*Commitment{c}, []*Commitment{c}) {
			t.Fatal("a commitment does not tally against itself")
		}
	})
}

// FuzzParseSurjectionProof: no panic, ErrSurjectionEncoding exactly when
// zkp's rules (restated here) reject the bytes, a byte-exact round trip
// otherwise, sizes that agree with the encoding, and a Verify that
// returns (false, as a random proof cannot verify) without panicking.
func FuzzParseSurjectionProof(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 0})
	f.Add(append([]byte{1, 0, 1}, make([]byte, 64)...))
	f.Add(append([]byte{0, 1}, make([]byte, 64)...))
	f.Add(append([]byte{3, 0, 0xff}, make([]byte, 32*9)...))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParseSurjectionProof(b)
		valid := false
		if len(b) >= 2 {
			n := int(b[0]) | int(b[1])<<8
			bl := (n + 7) / 8
			if n <= 256 && len(b) >= 2+bl {
				used := 0
				pad := false
				for i := range bl * 8 {
					if b[2+i/8]>>(i%8)&1 == 1 {
						used++
						pad = pad || i >= n
					}
				}
				valid = !pad && len(b) == 2+bl+32*(1+used)
			}
		}
		if valid != (err == nil) {
			t.Fatalf("ParseSurjectionProof(%x) = %v, valid %v", b, err, valid)
		}
		if err != nil {
			if !errors.Is(err, ErrSurjectionEncoding) {
				t.Fatalf("unnamed error %v", err)
			}
			return
		}
		if !bytes.Equal(p.Bytes(), b) || p.SerializedSize() != len(b) || p.NTotalInputs() != int(b[0])|int(b[1])<<8 {
			t.Fatalf("round trip of %x: %x", b, p.Bytes())
		}
		gens := make([]*Generator, p.NTotalInputs())
		for i := range gens {
			gens[i] = GeneratorH()
		}
		if p.Verify(gens, GeneratorH()) {
			t.Fatal("a proof verifies with the output among the inputs")
		}
	})
}
