package ellswift

import (
	"crypto/sha256"
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// The hashes of libsecp256k1's BIP-340-style tags (SHA-256 of the tag), the
// first 64 bytes of every tagged hash being SHA-256(tag) ‖ SHA-256(tag).
var (
	tagEncode = sha256.Sum256([]byte("secp256k1_ellswift_encode"))
	tagCreate = sha256.Sum256([]byte("secp256k1_ellswift_create"))
)

// midXDH is the SHA-256 midstate of the BIP-324 tag
// "bip324_ellswift_xonly_ecdh" after its 64-byte prefix.
var midXDH = ksha256.NewTagged("bip324_ellswift_xonly_ecdh")

// seedLen is the length of a randomness seed: the tag prefix (64 bytes), a
// 64-byte key field, the 32 bytes of randomness and the 4-byte counter.
const seedLen = 64 + 64 + 32 + 4

// seed is the input of the encoder's generator. Its layout is libsecp256k1's
// (doc.go, "Randomness"): SHA-256(tag) ‖ SHA-256(tag) ‖ key field (64) ‖
// rnd (32) ‖ cnt (4, little-endian). It holds a secret key in Create, so it
// is cleared after use.
type seed [seedLen]byte

func (s *seed) init(tag *[32]byte, rnd []byte) {
	copy(s[0:32], tag[:])
	copy(s[32:64], tag[:])
	copy(s[128:160], rnd)
}

// keyField is the 64-byte field after the tag prefix.
func (s *seed) keyField() []byte { return s[64:128] }

// prng returns SHA-256 of the seed with the counter cnt: libsecp256k1's
// secp256k1_ellswift_prng. (libsecp256k1 resumes from a SHA-256 midstate,
// one compression per output; crypto/sha256 has no midstate API, so this
// hashes all 164 bytes, three compressions, about 0.1 µs each with SHA-NI.)
func (s *seed) prng(cnt uint32) [32]byte {
	binary.LittleEndian.PutUint32(s[160:164], cnt)
	return sha256.Sum256(s[:])
}

// varTimeElligatorSwift writes into out the 64-byte encoding u ‖ t of the
// point (x, y), where yOdd is the parity of y, with u and the case drawn from
// the seed as libsecp256k1's secp256k1_ellswift_elligatorswift_var does.
//
// It is BIP-324's XElligatorSwift(x) followed by the sign fix of the
// libsecp256k1 doc's section 4.1: the decoder takes the parity of y from t,
// so t is negated when its parity differs from y's.
//
// It runs in variable time. Its inputs are the public point and hash outputs;
// in Create the hash input contains the secret key, which SHA-256 hides, and
// libsecp256k1 likewise declassifies the hash state once the key is hashed.
func varTimeElligatorSwift(out *[64]byte, x *field.Element, yOdd int, s *seed) {
	u32 := (*[32]byte)(out[0:32])
	var t field.Element
	varTimeXElligatorSwift(u32, &t, x, s)
	if t.IsOdd() != yOdd {
		t.Negate(&t)
	}
	t.PutBytes((*[32]byte)(out[32:64]))
}

// varTimeXElligatorSwift is libsecp256k1's
// secp256k1_ellswift_xelligatorswift_var: it sets u32 and t such that
// XSwiftEC(u32 mod p, t) = x.
//
// Counter 0 fills a pool of 64 4-bit branch values (the 32 bytes of its
// hash, low nibble first; the top bit of each nibble is dropped). Each
// attempt takes the next branch value as the case and the hash of the next
// counter as u: counters 1 to 64 give the u of attempts 1 to 64, counter 65
// refills the pool, and so on. The hash output itself is u's encoding, even in
// the 2⁻¹²⁸-probable case that it is ≥ p ("we prefer uniform u32 over
// uniform u"). Each attempt succeeds with probability about 1/4.
func varTimeXElligatorSwift(u32 *[32]byte, t, x *field.Element, s *seed) {
	var pool [32]byte
	left := 0 // branch values left in pool
	var cnt uint32
	for {
		if left == 0 {
			pool = s.prng(cnt)
			cnt++
			left = 64
		}
		left--
		i := 63 - left
		c := int(pool[i>>1]>>((i&1)<<2)) & 7
		*u32 = s.prng(cnt)
		cnt++
		var u field.Element
		u.SetBytes(u32)
		if varTimeXSwiftECInv(t, x, &u, c) {
			return
		}
	}
}
