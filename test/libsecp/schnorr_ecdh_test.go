package libsecp

import (
	"bytes"

	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// TestSchnorrDiff compares Kestrel's BIP-340 package with libsecp256k1's
// schnorrsig module: equal signatures for equal keys, messages and aux, and
// the same verdict on valid and mutated signatures (a flipped bit in the
// signature, the message or the key).
func TestSchnorrDiff(t *testing.T) {
	runCases(t, func(c *checker) {
		key := testref.RandomBytes(c.rng, 32)
		k, err := secp256k1.NewPrivateKey(key)
		if err != nil {
			return // ≥ n or 0: libsecp's keypair_create rejects it too (checked in the key tests)
		}
		msg := testref.RandomBytes(c.rng, 32)
		aux := testref.RandomBytes(c.rng, 32)
		want, ok := SchnorrsigSign32(msg, key, aux)
		got, err := schnorr.Sign(k, msg, aux)
		c.check("schnorr-sign")
		if !ok || err != nil || !bytes.Equal(got, want) {
			c.fail("schnorr-sign", "key %x msg %x aux %x: kestrel %x (%v), libsecp %x", key, msg, aux, got, err, want)
			return
		}
		x := schnorr.SerializePublicKey(k.PublicKey())
		cases := [][3][]byte{{got, msg, x}}
		for range 3 {
			cases = append(cases,
				[3][]byte{flipBit(c.rng, got), msg, x},
				[3][]byte{got, flipBit(c.rng, msg), x},
				[3][]byte{got, msg, flipBit(c.rng, x)})
		}
		for _, tc := range cases {
			sig, m, xo := tc[0], tc[1], tc[2]
			lib := SchnorrsigVerify(sig, m, xo)
			kes := false
			if pub, err := schnorr.ParsePublicKey(xo); err == nil {
				kes = schnorr.Verify(pub, m, sig)
			} else if XonlyPubkeyParse(xo) {
				c.fail("xonly-parse", "libsecp parses %x, kestrel: %v", xo, err)
			}
			c.check("schnorr-verify")
			if lib != kes {
				c.fail("schnorr-verify", "sig %x msg %x key %x: kestrel %v, libsecp %v", sig, m, xo, kes, lib)
			}
		}
	})
}

// TestECDHDiff compares ecdh.SharedSecret with secp256k1_ecdh's default
// hash on random key pairs.
func TestECDHDiff(t *testing.T) {
	runCases(t, func(c *checker) {
		a, b := testref.RandomBytes(c.rng, 32), testref.RandomBytes(c.rng, 32)
		ka, err1 := secp256k1.NewPrivateKey(a)
		kb, err2 := secp256k1.NewPrivateKey(b)
		if err1 != nil || err2 != nil {
			return
		}
		pub := kb.PublicKey().BytesCompressed()
		want, ok := Ecdh(a, pub)
		pk, err := secp256k1.ParsePublicKey(pub)
		c.check("ecdh")
		if !ok || err != nil || !bytes.Equal(ecdh.SharedSecret(ka, pk), want) {
			c.fail("ecdh", "keys %x, %x", a, b)
		}
	})
}
