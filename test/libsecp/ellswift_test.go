package libsecp

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ellswift"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestEllswiftDiff compares Kestrel's ellswift package with libsecp256k1's
// ellswift module: Encode with given randomness and Create with given
// auxiliary randomness byte for byte (Kestrel derives the encoder's
// randomness as libsecp256k1 does), Decode on random and edge encodings,
// and the BIP-324 shared secret of XDH as initiator and as responder, with
// the peer's encoding honest or random bytes.
func TestEllswiftDiff(t *testing.T) {
	needModule(t, "ellswift", HaveEllswift())
	runCases(t, func(c *checker) {
		rng := c.rng
		key := genKey(rng)
		k, _ := secp256k1.NewPrivateKey(key)
		pub := k.PublicKey()

		rnd := testref.RandomBytes(rng, 32)
		lenc, lok := EllswiftEncode(pub.BytesCompressed(), rnd)
		kenc, err := ellswift.Encode(pub, rnd)
		c.check("encode")
		if !lok || err != nil || !bytes.Equal(lenc, kenc) {
			c.fail("encode", "key %x rnd %x: libsecp %x (%v), kestrel %x (%v)", pub.BytesCompressed(), rnd, lenc, lok, kenc, err)
		}

		aux := testref.RandomBytes(rng, 32)
		lell, lok := EllswiftCreate(key, aux)
		kell, err := ellswift.Create(k, aux)
		c.check("create")
		if !lok || err != nil || !bytes.Equal(lell, kell) {
			c.fail("create", "key %x aux %x: libsecp %x (%v), kestrel %x (%v)", key, aux, lell, lok, kell, err)
			return
		}

		for _, enc := range [][]byte{lell, testref.RandomBytes(rng, 64), edgeEllswift(rng)} {
			ldec, lok := EllswiftDecode(enc)
			kdec, err := ellswift.Decode(enc)
			c.check("decode")
			if !lok || err != nil || !bytes.Equal(ldec, kdec.BytesCompressed()) {
				c.fail("decode", "%x: libsecp %x (%v), kestrel %v (%v)", enc, ldec, lok, kdec, err)
			}
		}

		// XDH: we are A (the initiator) with key, the peer B has an honest
		// encoding or random bytes; then the roles swapped.
		peerKey := genKey(rng)
		peer, _ := secp256k1.NewPrivateKey(peerKey)
		peerEll, _ := EllswiftCreate(peerKey, testref.RandomBytes(rng, 32))
		honest := rng.IntN(4) != 0
		if !honest {
			peerEll = testref.RandomBytes(rng, 64)
		}
		xdh := func(kind string, ellA, ellB, sk []byte, initiating bool) []byte {
			kk, _ := secp256k1.NewPrivateKey(sk)
			l, lok := EllswiftXDH(ellA, ellB, sk, initiating)
			ks, err := ellswift.XDH(ellA, ellB, kk, initiating)
			c.check(kind)
			if !lok || err != nil || !bytes.Equal(l, ks) {
				c.fail(kind, "A %x B %x key %x: libsecp %x (%v), kestrel %x (%v)", ellA, ellB, sk, l, lok, ks, err)
			}
			return l
		}
		a := xdh("xdh-initiator", lell, peerEll, key, true)
		b := xdh("xdh-responder", peerEll, lell, key, false)
		if honest {
			a2 := xdh("xdh-responder", lell, peerEll, peer.Bytes(), false)
			b2 := xdh("xdh-initiator", peerEll, lell, peer.Bytes(), true)
			c.check("xdh-agree")
			if !bytes.Equal(a, a2) || !bytes.Equal(b, b2) {
				c.fail("xdh-agree", "the two parties' secrets differ: %x %x, %x %x", a, a2, b, b2)
			}
		}
	})
}

var bigP = new(big.Int).SetBytes(pBytes)

// edgeEllswift returns an encoding u ‖ t at XSwiftEC's special cases: u or
// t ≡ 0 (mod p), u or t ≥ p, and u³ + t² + 7 ≡ 0, in which the BIP-324
// decoder changes u or t first.
func edgeEllswift(rng *rand.Rand) []byte {
	field := func() *big.Int {
		switch rng.IntN(5) {
		case 0:
			return big.NewInt(0)
		case 1:
			return new(big.Int).Set(bigP)
		case 2:
			return new(big.Int).Add(bigP, big.NewInt(int64(rng.IntN(1000))))
		case 3:
			return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
		}
		return new(big.Int).SetBytes(testref.RandomBytes(rng, 32))
	}
	u, t := field(), field()
	if rng.IntN(2) == 0 {
		// t² = −(u³ + 7), if it has a root; t or p − t.
		u = new(big.Int).SetBytes(testref.RandomBytes(rng, 32))
		rhs := new(big.Int).Exp(u, big.NewInt(3), bigP)
		rhs.Add(rhs, big.NewInt(7)).Neg(rhs).Mod(rhs, bigP)
		if r := new(big.Int).ModSqrt(rhs, bigP); r != nil {
			t = r
			if rng.IntN(2) == 0 {
				t.Sub(bigP, t)
			}
		}
	}
	out := make([]byte, 64)
	u.FillBytes(out[:32])
	t.FillBytes(out[32:])
	return out
}
