package s2c_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/s2c"
)

// FuzzParseOpening checks ParseOpening: no panic, ErrOpening exactly for
// what math/big does not decode as a compressed point, a round trip
// through Bytes, and no panic from VerifyCommit with the parsed opening.
func FuzzParseOpening(f *testing.F) {
	f.Add(testref.MustHex("03f030def3188c0f56fcea87435b307643f45dafe22cbc82fd56034fae97417d3a"))
	f.Add(testref.MustHex("020000000000000000000000000000000000000000000000000000000000000002"))
	f.Add(make([]byte, 33))
	f.Add([]byte{2})
	f.Fuzz(func(t *testing.T, b []byte) {
		o, err := s2c.ParseOpening(b)
		_, want := testref.Decompress(b)
		if (err == nil) != want {
			t.Fatalf("ParseOpening(%x): %v, math/big says %v", b, err, want)
		}
		if err != nil {
			if !errors.Is(err, s2c.ErrOpening) || o != nil {
				t.Fatalf("ParseOpening(%x): %v, %v; want nil, ErrOpening", b, o, err)
			}
			return
		}
		if !bytes.Equal(o.Bytes(), b) {
			t.Fatalf("round trip of %x gave %x", b, o.Bytes())
		}
		var data [32]byte
		copy(data[:], b)
		_ = s2c.VerifyCommit(sigOf(b), data[:], o)
	})
}

// sigOf returns a signature made of b's bytes, for feeding parsed
// openings to VerifyCommit.
func sigOf(b []byte) *ecdsa.Signature {
	var rb [32]byte
	copy(rb[:], b[1:])
	var r, s secp256k1.Scalar
	r.SetReducedBytes(rb[:])
	s.SetUint64(1)
	return ecdsa.NewSignature(&r, &s)
}
