package libsecp

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Tests of the rest of the binding (tweaks, ECDH, x-only keys, BIP-340),
// against Kestrel's root package where it has the operation. Until Kestrel
// has its schnorr and ecdh packages, these check that the binding is right
// before it is used to test them.

// genTweak returns a 32-byte tweak: uniform, or 0, 1, n − 1, n, 2²⁵⁶ − 1, or
// n − key (which takes key + tweak to zero).
func genTweak(c *checker, key []byte) []byte {
	switch c.rng.IntN(16) {
	case 0:
		return [][]byte{make([]byte, 32), addSmall(make([]byte, 32), 1), addSmall(nBytes, -1), nBytes, bytes.Repeat([]byte{0xff}, 32)}[c.rng.IntN(5)]
	case 1:
		k, _ := new(secp256k1.Scalar).SetCanonicalBytes(key)
		return new(secp256k1.Scalar).Negate(k).Bytes()
	}
	return testref.RandomBytes(c.rng, 32)
}

// pubOf returns the compressed public key of a point, or nil for the identity.
func pubOf(p *secp256k1.Point) []byte {
	pk, err := secp256k1.NewPublicKey(p)
	if err != nil {
		return nil
	}
	return pk.BytesCompressed()
}

func TestTweakDiff(t *testing.T) {
	runCases(t, func(c *checker) {
		key := genKey(c.rng)
		tweak := genTweak(c, key)
		k, _ := secp256k1.NewPrivateKey(key)
		pub := k.PublicKey()
		ks := k.Scalar()
		ts, terr := new(secp256k1.Scalar).SetCanonicalBytes(tweak)

		// want compares libsecp's (out, ok) with Kestrel's result, nil for failure.
		want := func(kind string, got []byte, ok bool, kestrel []byte) {
			c.check(kind)
			if ok != (kestrel != nil) || ok && !bytes.Equal(got, kestrel) {
				c.fail(kind, "key %x tweak %x: libsecp %x (ok %v), kestrel %x", key, tweak, got, ok, kestrel)
			}
		}
		var sum, prod, tweakedPub, mulPub []byte
		if terr == nil {
			if s := new(secp256k1.Scalar).Add(ks, ts); s.IsZero() == 0 {
				sum = s.Bytes()
			}
			if ts.IsZero() == 0 {
				prod = new(secp256k1.Scalar).Multiply(ks, ts).Bytes()
				mulPub = pubOf(new(secp256k1.Point).ScalarMult(ts, pub.Point()))
			}
			tG := new(secp256k1.Point).ScalarBaseMult(ts)
			tweakedPub = pubOf(tG.Add(tG, pub.Point()))
		}
		got, ok := SeckeyTweakAdd(key, tweak)
		want("seckey-tweak-add", got, ok, sum)
		got, ok = SeckeyTweakMul(key, tweak)
		want("seckey-tweak-mul", got, ok, prod)
		got, ok = PubkeyTweakAdd(pub.BytesUncompressed(), tweak)
		want("pubkey-tweak-add", got, ok, tweakedPub)
		got, ok = PubkeyTweakMul(pub.BytesCompressed(), tweak)
		want("pubkey-tweak-mul", got, ok, mulPub)

		// Combine: key, another key, and sometimes the negation of the sum.
		k2, _ := secp256k1.NewPrivateKey(genKey(c.rng))
		pubs := [][]byte{pub.BytesCompressed(), k2.PublicKey().BytesUncompressed()}
		total := new(secp256k1.Point).Add(pub.Point(), k2.PublicKey().Point())
		if c.rng.IntN(4) == 0 {
			neg := new(secp256k1.Point).Negate(total)
			if nk, err := secp256k1.NewPublicKey(neg); err == nil {
				pubs = append(pubs, nk.BytesCompressed())
				total.Add(total, neg)
			}
		}
		got, ok = PubkeyCombine(pubs)
		want("pubkey-combine", got, ok, pubOf(total))

		// ECDH: SHA-256 of the compressed k2·pub.
		shared := new(secp256k1.Point).ScalarMult(k2.Scalar(), pub.Point())
		h := sha256.Sum256(shared.BytesCompressed())
		got, ok = Ecdh(k2.Bytes(), pub.BytesCompressed())
		want("ecdh", got, ok, h[:])

		// x-only keys: x and the parity of y.
		compressed := pub.BytesCompressed()
		x, parity, ok := KeypairXonly(key)
		x2, parity2, ok2 := XonlyPubkey(pub.BytesUncompressed())
		c.check("xonly")
		if !ok || !ok2 || !bytes.Equal(x, compressed[1:]) || !bytes.Equal(x2, x) || parity != int(compressed[0]&1) || parity2 != parity || !XonlyPubkeyParse(x) {
			c.fail("xonly", "key %x: libsecp %x/%d %x/%d, kestrel %x", key, x, parity, x2, parity2, compressed)
		}
		var xTweaked []byte
		if terr == nil {
			P, _ := new(secp256k1.Point).SetXOnlyBytes(x)
			tG := new(secp256k1.Point).ScalarBaseMult(ts)
			xTweaked = pubOf(tG.Add(tG, P))
		}
		got, ok = XonlyPubkeyTweakAdd(x, tweak)
		want("xonly-tweak-add", got, ok, xTweaked)

		// BIP-340 round trip.
		msg := testref.RandomBytes(c.rng, 32)
		sig, ok := SchnorrsigSign32(msg, key, testref.RandomBytes(c.rng, 32))
		c.check("schnorr")
		if !ok || !SchnorrsigVerify(sig, msg, x) || SchnorrsigVerify(flipBit(c.rng, sig), msg, x) {
			c.fail("schnorr", "key %x msg %x: sig %x", key, msg, sig)
		}
	})
}

// TestBIP340Vectors checks the binding's BIP-340 functions on the BIP's test
// vectors (the repository's copy in testdata/bip-0340).
func TestBIP340Vectors(t *testing.T) {
	rows := testref.CSV(t, "../../testdata/bip-0340/test-vectors.csv")
	for _, row := range rows[1:] {
		seckey, pub, aux := testref.Hex(t, row[1]), testref.Hex(t, row[2]), testref.Hex(t, row[3])
		msg, sig := testref.Hex(t, row[4]), testref.Hex(t, row[5])
		valid := row[6] == "TRUE"
		if len(seckey) != 0 && len(msg) == 32 { // SchnorrsigSign32 signs 32-byte messages only
			got, ok := SchnorrsigSign32(msg, seckey, aux)
			if !ok || !bytes.Equal(got, sig) {
				t.Errorf("vector %s: sign gives %X, want %X", row[0], got, sig)
			}
			x, _, _ := KeypairXonly(seckey)
			if !bytes.Equal(x, pub) {
				t.Errorf("vector %s: public key %X, want %X", row[0], x, pub)
			}
		}
		if got := SchnorrsigVerify(sig, msg, pub); got != valid {
			t.Errorf("vector %s (%s): verify %v, want %v", row[0], row[7], got, valid)
		}
	}
}
