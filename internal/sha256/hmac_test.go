package sha256

import (
	"crypto/hmac"
	stdsha256 "crypto/sha256"
	"math/rand"
	"testing"
)

// TestHMAC32 checks HMAC32 against crypto/hmac on random keys and messages
// of every length around the block boundaries.
func TestHMAC32(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for n := range 200 {
		var key [32]byte
		r.Read(key[:])
		m := make([]byte, n)
		r.Read(m)
		a, b := r.Intn(n+1), 0
		b = a + r.Intn(n-a+1)
		got := HMAC32(&key, m[:a], m[a:b], m[b:])
		mac := hmac.New(stdsha256.New, key[:])
		mac.Write(m)
		if want := mac.Sum(nil); string(got[:]) != string(want) {
			t.Fatalf("length %d: %x, want %x", n, got, want)
		}
	}
}

// TestRFC6979 checks the generator against RFC 6979 §3.2 written with
// crypto/hmac: three outputs from one seed.
func TestRFC6979(t *testing.T) {
	h := func(k []byte, m ...[]byte) []byte {
		mac := hmac.New(stdsha256.New, k)
		for _, x := range m {
			mac.Write(x)
		}
		return mac.Sum(nil)
	}
	seed := []byte("a seed of some length: key and data, up to 112 bytes in ECDSA's use")
	k, v := make([]byte, 32), make([]byte, 32)
	for i := range v {
		v[i] = 1
	}
	k = h(k, v, []byte{0}, seed)
	v = h(k, v)
	k = h(k, v, []byte{1}, seed)
	v = h(k, v)
	var g RFC6979
	g.Init(seed)
	for i := range 3 {
		if i > 0 {
			k = h(k, v, []byte{0})
			v = h(k, v)
		}
		v = h(k, v)
		var out [32]byte
		g.Generate(&out)
		if string(out[:]) != string(v) {
			t.Fatalf("output %d: %x, want %x", i, out, v)
		}
	}
}
