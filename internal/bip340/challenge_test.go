package bip340

import (
	"crypto/sha256"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

var challengeSink scalar.Scalar

// BenchmarkChallenge times the BIP-340 challenge of a 32-byte message,
// int(hash_challenge(R ‖ P ‖ m)) mod n: impl=kestrel from the precomputed
// midstate (what every signer and verifier runs), impl=stdlib with
// crypto/sha256 over the whole 64 + 96 bytes.
func BenchmarkChallenge(b *testing.B) {
	var r, px, msg [32]byte
	for i := range r {
		r[i], px[i], msg[i] = byte(i), byte(2*i), byte(3*i)
	}
	b.Run("impl=kestrel", func(b *testing.B) {
		for b.Loop() {
			Standard.Challenge(&challengeSink, &r, &px, msg[:])
		}
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		var buf [160]byte
		tagChallenge := sha256.Sum256([]byte("BIP0340/challenge"))
		for b.Loop() {
			copy(buf[:32], tagChallenge[:])
			copy(buf[32:64], tagChallenge[:])
			copy(buf[64:96], r[:])
			copy(buf[96:128], px[:])
			copy(buf[128:], msg[:])
			h := sha256.Sum256(buf[:])
			challengeSink.SetReducedBytes(&h)
		}
	})
}

// TestChallenge checks Challenge against the tagged hash from crypto/sha256
// for messages of every length around the SHA-256 block boundaries, under
// Standard and under another prefix, and that it does not allocate.
func TestChallenge(t *testing.T) {
	other := NewTags("BIP DKG/pop message")
	var r, px [32]byte
	for n := 0; n < 140; n++ {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(7 * i)
		}
		r[n%32]++
		px[(n*5)%32] += 3
		for _, c := range []struct {
			tags *Tags
			tag  string
		}{{Standard, "BIP0340/challenge"}, {other, "BIP DKG/pop message/challenge"}} {
			h := testref.TaggedHash(c.tag, r[:], px[:], msg)
			var want, got scalar.Scalar
			want.SetReducedBytes(&h)
			if c.tags.Challenge(&got, &r, &px, msg).Equal(&want) != 1 {
				t.Fatalf("length %d, %s: Challenge differs from the tagged hash", n, c.tag)
			}
		}
	}
	race.SkipAllocs(t)
	if n := testing.AllocsPerRun(100, func() { Standard.Challenge(&challengeSink, &r, &px, r[:]) }); n != 0 {
		t.Fatalf("Challenge: %v allocations", n)
	}
}
