package ellswift

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"math"
	"testing"
	"time"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// The zero-value rule of the key types here: Encode, Create, XDH and
// XDHWithHash return secp256k1.ErrUninitialized for a nil or zero-value
// key, before looking at their other arguments, computing anything or
// reading crypto/rand. Before the rule they computed with 0 or (0, 0):
// Create encoded the identity's x = 0, Encode encoded x = 0 (on no point, so
// the encoding decodes to another key), and XDH hashed x(0·P).

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += n
	return n, err
}

func TestZeroKeys(t *testing.T) {
	r := testref.Rand(t)
	k := testkey.Random(t, r)
	ellA, _ := Create(k, testref.RandomBytes(r, 32))
	ellB, _ := Create(testkey.Random(t, r), testref.RandomBytes(r, 32))
	// crypto/rand.Read uses a replaced Reader: Create must not touch it.
	reader := &countingReader{r: rand.Reader}
	defer func(saved io.Reader) { rand.Reader = saved }(rand.Reader)
	rand.Reader = reader
	called := false
	hash := func(x32, a, b []byte) []byte { called = true; return nil }

	privs := map[string]*secp256k1.PrivateKey{"zero": new(secp256k1.PrivateKey), "nil": nil}
	pubs := map[string]*secp256k1.PublicKey{"zero": new(secp256k1.PublicKey), "nil": nil}
	for name, pub := range pubs {
		for _, rnd := range [][]byte{testref.RandomBytes(r, 32), nil, make([]byte, 31)} {
			within(t, "Encode("+name+")", func() ([]byte, error) { return Encode(pub, rnd) })
		}
	}
	for name, k := range privs {
		for _, aux := range [][]byte{nil, testref.RandomBytes(r, 32), make([]byte, 33)} {
			within(t, "Create("+name+")", func() ([]byte, error) { return Create(k, aux) })
		}
		for _, initiating := range []bool{true, false} {
			for _, ell := range [][]byte{ellB, nil, make([]byte, 63)} {
				within(t, "XDH("+name+")", func() ([]byte, error) { return XDH(ellA, ell, k, initiating) })
				within(t, "XDHWithHash("+name+")", func() ([]byte, error) {
					return XDHWithHash(ellA, ell, k, initiating, hash)
				})
			}
		}
	}
	if reader.n != 0 {
		t.Errorf("Create read %d bytes of crypto/rand for an uninitialized key", reader.n)
	}
	if called {
		t.Error("XDHWithHash called the hash for an uninitialized key")
	}
}

// within checks that f returns no result and secp256k1.ErrUninitialized,
// and fails the test if f has not returned after a second.
func within(t *testing.T, name string, f func() ([]byte, error)) {
	t.Helper()
	var out []byte
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		out, err = f()
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatalf("%s did not return within a second", name)
	}
	if out != nil || !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("%s = %x, %v; want ErrUninitialized", name, out, err)
	}
}

// TestEncodeIndistinguishable checks what Encode's doc asks of its inputs.
// With rnd uniformly random and pub the key of a random point, every bit of
// the encodings is set about half the time (a bit count more than 6σ from
// n/2 fails, about once in 10⁶ runs over the 512 bits). With rnd reused the
// encoding repeats, and with pub fixed every encoding decodes to pub, which
// is how whoever knows pub tells its encodings from random bytes.
func TestEncodeIndistinguishable(t *testing.T) {
	r := testref.Rand(t)
	n := short.Count(t, 2000)
	var ones [512]int
	for range n {
		enc, err := Encode(testkey.Random(t, r).PublicKey(), testref.RandomBytes(r, 32))
		if err != nil {
			t.Fatal(err)
		}
		for i := range ones {
			ones[i] += int(enc[i/8] >> (i % 8) & 1)
		}
	}
	sigma := math.Sqrt(float64(n) / 4)
	for i, c := range ones {
		if d := float64(c) - float64(n)/2; d > 6*sigma || d < -6*sigma {
			t.Errorf("bit %d of the encoding set %d times in %d", i, c, n)
		}
	}
	pub := testkey.Random(t, r).PublicKey()
	rnd := testref.RandomBytes(r, 32)
	first, _ := Encode(pub, rnd)
	for range 10 {
		if again, _ := Encode(pub, rnd); !bytes.Equal(again, first) {
			t.Fatal("Encode with the same rnd gave another encoding")
		}
		enc, _ := Encode(pub, testref.RandomBytes(r, 32))
		if got, _ := Decode(enc); !got.Equal(pub) {
			t.Fatal("an encoding of pub does not decode to pub")
		}
	}
}
