package testkey

import (
	"bytes"
	"math/rand"
	randv2 "math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
)

// TestRandomStreams checks that Random draws the bytes that the helpers it
// replaced drew, so that a logged seed gives the same keys as before: r.Read
// with math/rand, and little-endian Uint64s (as dudectkey.Random) with
// math/rand/v2.
func TestRandomStreams(t *testing.T) {
	for seed := range int64(20) {
		r, ref := rand.New(rand.NewSource(seed)), rand.New(rand.NewSource(seed))
		for range 3 {
			want := make([]byte, 32)
			ref.Read(want)
			if got := Random(t, r).Bytes(); !bytes.Equal(got, want) {
				t.Fatalf("math/rand seed %d: key %x, want %x", seed, got, want)
			}
		}
		r2 := randv2.New(randv2.NewPCG(uint64(seed), 0))
		ref2 := randv2.New(randv2.NewPCG(uint64(seed), 0))
		for range 3 {
			got, want := Random(t, r2).Bytes(), dudectkey.Random(ref2).Bytes()
			if !bytes.Equal(got, want) {
				t.Fatalf("math/rand/v2 seed %d: key %x, want %x", seed, got, want)
			}
		}
	}
}
