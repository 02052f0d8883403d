package libsecp

import (
	"bytes"
	"crypto/sha256"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Tests of the rest of the binding (tweaks, ECDH, x-only keys, BIP-340),
// against Kestrel's root package where it has the operation. Until Kestrel
// has its schnorr and ecdh packages, these check that the binding is right
// before it is used to test them.

// genTweak returns a 32-byte tweak: uniform, or 0, 1, n − 1, n, 2²⁵⁶ − 1,
// n − key (which takes key + tweak to zero) or n − d for d the key's even-y
// form, key or n − key (which takes the x-only tweaks to zero).
func genTweak(c *checker, key []byte) []byte {
	switch c.rng.IntN(16) {
	case 0:
		return [][]byte{make([]byte, 32), addSmall(make([]byte, 32), 1), addSmall(nBytes, -1), nBytes, bytes.Repeat([]byte{0xff}, 32)}[c.rng.IntN(5)]
	case 1:
		k, _ := new(secp256k1.Scalar).SetCanonicalBytes(key)
		return new(secp256k1.Scalar).Negate(k).Bytes()
	case 2:
		k, _ := secp256k1.NewPrivateKey(key)
		if k.PublicKey().BytesCompressed()[0] == 3 {
			return slices.Clone(key) // d = n − key
		}
		return k.Negate().Bytes()
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

// TestTweakAPIDiff compares Kestrel's key-tweaking API (keys_tweak.go and
// package schnorr's x-only tweaks and key pairs) with libsecp256k1's
// functions of the same names, on the keys and tweaks of TestTweakDiff (the
// edge tweaks 0, n − 1, n, 2²⁵⁶ − 1 and those that take the sum to zero
// included): the same verdict, and the same bytes where both succeed.
func TestTweakAPIDiff(t *testing.T) {
	runCases(t, func(c *checker) {
		key := genKey(c.rng)
		tweak := genTweak(c, key)
		k, _ := secp256k1.NewPrivateKey(key)
		pub := k.PublicKey()

		// same compares libsecp's (out, ok) with Kestrel's (out, err); the
		// count of "rejected" shows that the edge tweaks are reached.
		same := func(kind string, lib []byte, lok bool, kes []byte, kerr error) {
			c.check(kind)
			if !lok {
				c.check(kind + " rejected")
			}
			if lok != (kerr == nil) || lok && !bytes.Equal(lib, kes) {
				c.fail(kind, "key %x tweak %x: libsecp %x (ok %v), kestrel %x (%v)", key, tweak, lib, lok, kes, kerr)
			}
		}
		privBytes := func(r *secp256k1.PrivateKey, err error) ([]byte, error) {
			if err != nil {
				return nil, err
			}
			return r.Bytes(), nil
		}
		pubBytes := func(r *secp256k1.PublicKey, err error) ([]byte, error) {
			if err != nil {
				return nil, err
			}
			return r.BytesCompressed(), nil
		}

		lib, lok := SeckeyTweakAdd(key, tweak)
		kes, kerr := privBytes(k.TweakAdd(tweak))
		same("PrivateKey.TweakAdd", lib, lok, kes, kerr)
		lib, lok = SeckeyTweakMul(key, tweak)
		kes, kerr = privBytes(k.TweakMul(tweak))
		same("PrivateKey.TweakMul", lib, lok, kes, kerr)
		lib, lok = SeckeyNegate(key)
		same("PrivateKey.Negate", lib, lok, k.Negate().Bytes(), nil)
		lib, lok = PubkeyTweakAdd(pub.BytesCompressed(), tweak)
		kes, kerr = pubBytes(pub.TweakAdd(tweak))
		same("PublicKey.TweakAdd", lib, lok, kes, kerr)
		lib, lok = PubkeyTweakMul(pub.BytesUncompressed(), tweak)
		kes, kerr = pubBytes(pub.TweakMul(tweak))
		same("PublicKey.TweakMul", lib, lok, kes, kerr)
		lib, lok = PubkeyNegate(pub.BytesCompressed())
		same("PublicKey.Negate", lib, lok, pub.Negate().BytesCompressed(), nil)

		// Combine: pub, another key, and sometimes −pub or −(their sum).
		k2, _ := secp256k1.NewPrivateKey(genKey(c.rng))
		keys := []*secp256k1.PublicKey{pub, k2.PublicKey()}
		switch c.rng.IntN(8) {
		case 0:
			keys = append(keys, pub.Negate())
		case 1:
			// The sum is the identity for an edge key and its negation.
			if sum, err := secp256k1.CombinePublicKeys(keys...); err == nil {
				keys = append(keys, sum.Negate())
			}
		}
		var encs [][]byte
		for _, p := range keys {
			encs = append(encs, p.BytesCompressed())
		}
		lib, lok = PubkeyCombine(encs)
		kes, kerr = pubBytes(secp256k1.CombinePublicKeys(keys...))
		same("CombinePublicKeys", lib, lok, kes, kerr)

		// x-only: XOnlyTweakAdd and its check, with the right parity and x,
		// and with a wrong one (a flipped parity, 2, or a flipped bit of x).
		x := schnorr.SerializePublicKey(pub)
		lib, lok = XonlyPubkeyTweakAdd(x, tweak)
		q, qerr := schnorr.XOnlyTweakAdd(pub, tweak)
		kes, kerr = pubBytes(q, qerr)
		same("schnorr.XOnlyTweakAdd", lib, lok, kes, kerr)
		if lok {
			tx, parity := lib[1:], int(lib[0]&1)
			checks := []struct {
				x      []byte
				parity int
			}{{tx, parity}, {tx, 1 - parity}, {tx, 2}, {flipBit(c.rng, tx), parity}}
			for i, ck := range checks {
				l := XonlyPubkeyTweakAddCheck(ck.x, ck.parity, x, tweak)
				kv := schnorr.XOnlyTweakAddCheck(ck.x, ck.parity, pub, tweak)
				c.check("schnorr.XOnlyTweakAddCheck")
				if l != kv || l != (i == 0) {
					c.fail("schnorr.XOnlyTweakAddCheck", "key %x tweak %x check %d (%x, %d): libsecp %v, kestrel %v", key, tweak, i, ck.x, ck.parity, l, kv)
				}
			}
		}

		// Key pair: secp256k1_keypair_xonly_tweak_add against Keypair.TweakAdd:
		// the tweaked secret key (keypair_sec), x-only key and parity.
		lsec, lx, lparity, lok := KeypairXonlyTweakAdd(key, tweak)
		kp, kerr := schnorr.NewKeypair(k).TweakAdd(tweak)
		c.check("schnorr.Keypair.TweakAdd")
		if lok != (kerr == nil) || lok && (!bytes.Equal(lsec, kp.PrivateKey().Bytes()) || !bytes.Equal(lx, kp.XOnlyPublicKey()) || lparity != kp.Parity()) {
			c.fail("schnorr.Keypair.TweakAdd", "key %x tweak %x: libsecp %x %x %d (ok %v), kestrel %v", key, tweak, lsec, lx, lparity, lok, kerr)
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
