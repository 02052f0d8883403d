package ellswift

import (
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// libsecp256k1's BIP-340-style tags of the encoder's seeds, and BIP-324's
// tag of the shared secret.
var (
	tagEncode = ksha256.NewTag("secp256k1_ellswift_encode")
	tagCreate = ksha256.NewTag("secp256k1_ellswift_create")
	tagXDH    = ksha256.NewTag("bip324_ellswift_xonly_ecdh")
)

// seed is the encoder's generator, libsecp256k1's: output cnt is
// SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ key field (64 bytes) ‖ rnd ‖
// LE32(cnt)), where rnd is 32 bytes (none for libsecp256k1's NULL auxrnd32
// in secp256k1_ellswift_create). It keeps the SHA-256 state after the
// prefix, so each output costs one compression (doc.go, "Randomness"). In
// Create that state depends on the secret key; callers clear the seed after
// use.
type seed struct{ d ksha256.Digest }

// newSeed returns the generator for tag, the key field and rnd.
func newSeed(tag *ksha256.Tag, key *[64]byte, rnd []byte) seed {
	d := tag.New()
	d.Write(key[:])
	d.Write(rnd)
	return seed{d}
}

// prng returns output cnt of the generator: libsecp256k1's
// secp256k1_ellswift_prng.
func (s *seed) prng(cnt uint32) [32]byte {
	h := s.d
	var c [4]byte
	binary.LittleEndian.PutUint32(c[:], cnt)
	h.Write(c[:])
	var out [32]byte
	h.Sum(&out)
	h = ksha256.Digest{}
	return out
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
	varTimeXElligatorSwift(u32, &t, x, &attempts{s: s})
	if t.IsOdd() != yOdd {
		t.Negate(&t)
	}
	t.PutBytes((*[32]byte)(out[32:64]))
}

// varTimeXElligatorSwift is libsecp256k1's
// secp256k1_ellswift_xelligatorswift_var: it sets u32 and t such that
// XSwiftEC(u32 mod p, t) = x, with the attempts that src draws, each of
// which succeeds with probability about 1/4.
//
// An attempt that starts with no symbol known takes its first test together
// with the next attempt's, in one field.VarTimeIsSquare2 (1.5 symbols'
// time for two): the next attempt is reached three times in four. The
// attempts and their order are libsecp256k1's, so the result is too.
func varTimeXElligatorSwift(u32 *[32]byte, t, x *field.Element, src *attempts) {
	var (
		cur, next        invAttempt
		curU32, nextU32  [32]byte
		haveNext, nextOK bool // next is drawn and its first test taken
	)
	for {
		var ok bool
		if haveNext {
			cur, curU32, ok = next, nextU32, nextOK
			haveNext = false
		} else {
			src.draw(&cur, &curU32, x)
			if cur.fail {
				continue
			}
			src.draw(&next, &nextU32, x)
			haveNext = true
			if next.fail {
				ok, nextOK = cur.passes(cur.first.VarTimeIsSquare()), false
			} else {
				sc, sn := field.VarTimeIsSquare2(&cur.first, &next.first)
				ok, nextOK = cur.passes(sc), next.passes(sn)
			}
		}
		if ok && cur.finish(t, x) {
			*u32 = curU32
			return
		}
	}
}

// attempts draws the encoder's attempts from the seed, in libsecp256k1's
// order. Counter 0 fills a pool of 64 4-bit branch values (the 32 bytes of
// its hash), taken from the end: the high nibble of byte 31 first, then its
// low nibble, down to the low nibble of byte 0, as libsecp256k1 indexes the
// pool by its count of values left; the top bit of each nibble is dropped.
// Each attempt takes the next branch value as the case and the hash of the
// next counter as u: counters 1 to 64 give the u of attempts 1 to 64,
// counter 65 refills the pool, and so on. The hash output itself is u's
// encoding, even in the 2⁻¹²⁸-probable case that it is ≥ p ("we prefer
// uniform u32 over uniform u").
type attempts struct {
	s    *seed
	pool [32]byte
	left int // branch values left in pool
	cnt  uint32

	// script, if not nil, holds the attempts to draw instead of the
	// seed's: tests use it for attempts that no hash output gives (u = 0,
	// u = x).
	script []scriptedAttempt
}

// scriptedAttempt is an attempt of a script: u's encoding and the case.
type scriptedAttempt struct {
	u32 [32]byte
	c   int
}

// draw sets a to the next attempt for x, and u32 to its u's encoding.
func (d *attempts) draw(a *invAttempt, u32 *[32]byte, x *field.Element) {
	var c int
	if d.script != nil {
		*u32, c = d.script[0].u32, d.script[0].c
		d.script = d.script[1:]
	} else {
		if d.left == 0 {
			d.pool = d.s.prng(d.cnt)
			d.cnt++
			d.left = 64
		}
		d.left--
		c = int(d.pool[d.left>>1]>>((d.left&1)<<2)) & 7
		*u32 = d.s.prng(d.cnt)
		d.cnt++
	}
	var u field.Element
	u.SetBytes(u32)
	a.set(x, &u, c)
}
