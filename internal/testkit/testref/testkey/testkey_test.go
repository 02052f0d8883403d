package testkey

import (
	"bytes"
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/dudect/dudectkey"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
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

// TestSecretTexts checks that testref.SecretTexts names what fmt prints for
// a key's bytes and for the limbs of its Scalar.
func TestSecretTexts(t *testing.T) {
	k := Random(t, rand.New(rand.NewSource(1)))
	texts := testref.SecretTexts(k.Bytes())
	s := *k.Scalar()
	want := [][2]string{ // what fmt prints, and the text it must contain
		{fmt.Sprintf("%x", k.Bytes()), texts[0]},
		{fmt.Sprintf("%X", k.Bytes()), texts[1]},
		{fmt.Sprintf("%v", [32]byte(k.Bytes())), texts[2]},
	}
	for i := range 4 { // the limbs, least significant first
		want = append(want,
			[2]string{fmt.Sprintf("%v", s), texts[3+3*i]},
			[2]string{fmt.Sprintf("%x", s), texts[4+3*i]},
			[2]string{fmt.Sprintf("%X", s), texts[5+3*i]})
	}
	for _, w := range want {
		if !strings.Contains(w[0], w[1]) {
			t.Errorf("%q does not contain %q", w[0], w[1])
		}
	}
}
