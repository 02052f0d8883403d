package hash2curve

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// FuzzExpandMessageXMD compares ExpandMessageXMD with the naive
// transcription of §5.3.1 (testref.ExpandMessageXMD: crypto/sha256 over
// concatenated strings), errors included.
func FuzzExpandMessageXMD(f *testing.F) {
	f.Add([]byte(""), []byte("QUUX-V01-CS02-with-expander-SHA256-128"), 32)
	f.Add([]byte("abc"), bytes.Repeat([]byte{'1'}, 256), 128)
	f.Add(bytes.Repeat([]byte{'a'}, 517), []byte("D"), 0)
	f.Add([]byte("x"), []byte{}, 32)
	f.Add([]byte("x"), []byte("DST"), MaxExpandLength)
	f.Add([]byte("x"), []byte("DST"), MaxExpandLength+1)
	f.Add([]byte("x"), []byte("DST"), -1)
	f.Fuzz(func(t *testing.T, msg, dst []byte, n int) {
		if n > 2*MaxExpandLength {
			n %= 2 * MaxExpandLength
		}
		got, err := ExpandMessageXMD(msg, dst, n)
		switch {
		case n < 0 || n > MaxExpandLength:
			if got != nil || !errors.Is(err, ErrLength) {
				t.Fatalf("length %d: %x, %v", n, got, err)
			}
			return
		case len(dst) == 0:
			if got != nil || !errors.Is(err, ErrEmptyDST) {
				t.Fatalf("empty DST: %x, %v", got, err)
			}
			return
		case err != nil:
			t.Fatal(err)
		}
		if want := testref.ExpandMessageXMD(msg, dst, n); !bytes.Equal(got, want) {
			t.Fatalf("ExpandMessageXMD(%x, %x, %d) = %x, want %x", msg, dst, n, got, want)
		}
	})
}

// FuzzHashToCurve checks HashToCurve, EncodeToCurve and the scalar hashes
// on any message and DST: no panic, points on the curve (their encodings
// decode), and every result equal to the math/big reference.
func FuzzHashToCurve(f *testing.F) {
	f.Add([]byte(""), []byte("QUUX-V01-CS02-with-"+SuiteRO))
	f.Add([]byte("abc"), []byte("QUUX-V01-CS02-with-"+SuiteNU))
	f.Add([]byte("q128_"+string(bytes.Repeat([]byte{'q'}, 128))), []byte("D"))
	f.Add(bytes.Repeat([]byte{'a'}, 517), bytes.Repeat([]byte{'1'}, 300))
	f.Add([]byte("msg"), []byte{})
	f.Fuzz(func(t *testing.T, msg, dst []byte) {
		p, err := HashToCurve(msg, dst)
		if len(dst) == 0 {
			if p != nil || !errors.Is(err, ErrEmptyDST) {
				t.Fatalf("empty DST: %v, %v", p, err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := new(secp256k1.Point).SetBytes(p.Bytes()); err != nil {
			t.Fatalf("HashToCurve(%x, %x) = %x: %v", msg, dst, p.Bytes(), err)
		}
		checkAgainstReference(t, msg, dst)
	})
}
