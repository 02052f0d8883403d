package schnorr

import (
	"crypto/sha256"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
)

var challengeSink [32]byte

// BenchmarkChallenge times the BIP-340 challenge hash of a 32-byte message,
// hash_challenge(R ‖ P ‖ m): impl=kestrel from the precomputed midstate
// (what Sign and Verify run), impl=stdlib as crypto/sha256.Sum256 over the
// whole 64 + 96 bytes.
func BenchmarkChallenge(b *testing.B) {
	var r, px, msg [32]byte
	for i := range r {
		r[i], px[i], msg[i] = byte(i), byte(2*i), byte(3*i)
	}
	b.Run("impl=kestrel", func(b *testing.B) {
		for b.Loop() {
			challengeSink = challengeHash(&r, &px, msg[:])
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
			challengeSink = sha256.Sum256(buf[:])
		}
	})
}

func TestChallengeHash(t *testing.T) {
	var r, px [32]byte
	for n := 0; n < 140; n++ {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(7 * i)
		}
		r[n%32]++
		px[(n*5)%32] += 3
		if challengeHash(&r, &px, msg) != TaggedHash("BIP0340/challenge", r[:], px[:], msg) {
			t.Fatalf("length %d: challengeHash differs from TaggedHash", n)
		}
	}
	race.SkipAllocs(t)
	if n := testing.AllocsPerRun(100, func() { challengeSink = challengeHash(&r, &px, r[:]) }); n != 0 {
		t.Fatalf("challengeHash: %v allocations", n)
	}
}
