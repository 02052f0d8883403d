package secp256k1

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// FuzzTweaks checks the key tweaks against math/big. If key is a valid
// private key k and t the value of tweak, PrivateKey.TweakAdd and TweakMul
// must return (k + t) mod n and k·t mod n, or exactly the errors of
// keys_tweak.go (ErrTweak for a tweak that is not 32 bytes or ≥ n, and for a
// multiplicative tweak of 0; ErrPrivateKey for a zero sum), and the
// PublicKey tweaks of k·G must return the public keys of those results (or
// ErrTweak and ErrIdentity for the same inputs). Otherwise, if key parses as
// a public key P, its tweaks must error exactly for invalid tweaks (and the
// identity) and return P + t·G and t·P of the math/big reference.
func FuzzTweaks(f *testing.F) {
	n := testref.N
	one := big.NewInt(1)
	validKey := bytes.Repeat([]byte{0x42}, 32)
	negValidKey := testref.Bytes32(new(big.Int).Sub(n, new(big.Int).SetBytes(validKey)))
	validPub := testref.ScalarMult(new(big.Int).SetBytes(validKey), testref.G)
	hybrid := testref.Uncompressed(validPub)
	hybrid[0] = 6 | hybrid[64]&1
	keys := append(testref.ScalarEdges(), []byte{1}, []byte{0}, validKey,
		testref.Compressed(testref.G), testref.Uncompressed(testref.G),
		testref.Compressed(validPub), hybrid)
	tweaks := append(testref.ScalarEdges(), []byte{1},
		one.FillBytes(make([]byte, 31)), one.FillBytes(make([]byte, 33)), validKey, negValidKey)
	for _, k := range keys {
		for _, t := range tweaks {
			f.Add(k, t)
		}
	}
	f.Fuzz(func(t *testing.T, key, tweak []byte) {
		kb := new(big.Int).SetBytes(key)
		tb := new(big.Int).SetBytes(tweak)
		keyValid := len(key) == 32 && kb.Sign() > 0 && kb.Cmp(n) < 0
		tweakValid := len(tweak) == 32 && tb.Cmp(n) < 0
		mulValid := tweakValid && tb.Sign() != 0

		k, err := NewPrivateKey(key)
		if (err == nil) != keyValid {
			t.Fatalf("NewPrivateKey(%x) error = %v, want valid = %v", key, err, keyValid)
		}
		if err != nil {
			fuzzPublicKeyTweaks(t, key, tweak, tb, tweakValid, mulValid)
			return
		}
		pub := k.PublicKey()
		pubBefore := pub.BytesCompressed()

		// Addition: ErrTweak, else ErrPrivateKey for k + t = 0, else k + t.
		sum := new(big.Int).Add(kb, tb)
		sum.Mod(sum, n)
		ks, err := k.TweakAdd(tweak)
		ps, perr := pub.TweakAdd(tweak)
		switch {
		case !tweakValid:
			if ks != nil || !errors.Is(err, ErrTweak) || ps != nil || !errors.Is(perr, ErrTweak) {
				t.Fatalf("TweakAdd(%x, %x) = %v, %v / %v, %v; want ErrTweak", key, tweak, ks, err, ps, perr)
			}
		case sum.Sign() == 0:
			if ks != nil || !errors.Is(err, ErrPrivateKey) || ps != nil || !errors.Is(perr, ErrIdentity) {
				t.Fatalf("TweakAdd(%x, %x) = %v, %v / %v, %v; want ErrPrivateKey / ErrIdentity", key, tweak, ks, err, ps, perr)
			}
		default:
			if err != nil || !bytes.Equal(ks.Bytes(), testref.Bytes32(sum)) {
				t.Fatalf("PrivateKey.TweakAdd(%x, %x) = %v, %v; want %x", key, tweak, ks, err, sum)
			}
			if perr != nil || !bytes.Equal(ps.BytesCompressed(), ks.PublicKey().BytesCompressed()) {
				t.Fatalf("PublicKey.TweakAdd(%x, %x) = %v, %v; want the public key of %x", key, tweak, ps, perr, sum)
			}
		}

		// Multiplication: ErrTweak for an invalid or zero tweak, else k·t.
		prod := new(big.Int).Mul(kb, tb)
		prod.Mod(prod, n)
		km, err := k.TweakMul(tweak)
		pm, perr := pub.TweakMul(tweak)
		if !mulValid {
			if km != nil || !errors.Is(err, ErrTweak) || pm != nil || !errors.Is(perr, ErrTweak) {
				t.Fatalf("TweakMul(%x, %x) = %v, %v / %v, %v; want ErrTweak", key, tweak, km, err, pm, perr)
			}
		} else {
			if err != nil || !bytes.Equal(km.Bytes(), testref.Bytes32(prod)) {
				t.Fatalf("PrivateKey.TweakMul(%x, %x) = %v, %v; want %x", key, tweak, km, err, prod)
			}
			if perr != nil || !bytes.Equal(pm.BytesCompressed(), km.PublicKey().BytesCompressed()) {
				t.Fatalf("PublicKey.TweakMul(%x, %x) = %v, %v; want the public key of %x", key, tweak, pm, perr, prod)
			}
		}

		// The receivers are unchanged.
		if !bytes.Equal(k.Bytes(), key) || !bytes.Equal(pub.BytesCompressed(), pubBefore) {
			t.Fatalf("tweaking %x by %x changed the key", key, tweak)
		}
	})
}

// fuzzPublicKeyTweaks is FuzzTweaks for a key that is not a valid private
// key: if it parses as a public key P, its tweaks are checked against the
// math/big reference P + t·G and t·P.
func fuzzPublicKeyTweaks(t *testing.T, key, tweak []byte, tb *big.Int, tweakValid, mulValid bool) {
	pub, err := ParsePublicKey(key)
	if err != nil {
		return
	}
	P, ok := refDecode(key)
	if !ok || P.Inf {
		t.Fatalf("ParsePublicKey(%x) accepted an encoding the reference rejects", key)
	}
	before := pub.BytesCompressed()

	ps, err := pub.TweakAdd(tweak)
	if !tweakValid {
		if ps != nil || !errors.Is(err, ErrTweak) {
			t.Fatalf("PublicKey(%x).TweakAdd(%x) = %v, %v; want ErrTweak", key, tweak, ps, err)
		}
	} else if want := testref.Add(P, testref.ScalarMult(tb, testref.G)); want.Inf {
		if ps != nil || !errors.Is(err, ErrIdentity) {
			t.Fatalf("PublicKey(%x).TweakAdd(%x) = %v, %v; want ErrIdentity", key, tweak, ps, err)
		}
	} else if err != nil || !bytes.Equal(ps.BytesCompressed(), testref.Compressed(want)) {
		t.Fatalf("PublicKey(%x).TweakAdd(%x) = %v, %v; want %x", key, tweak, ps, err, testref.Compressed(want))
	}

	pm, err := pub.TweakMul(tweak)
	if !mulValid {
		if pm != nil || !errors.Is(err, ErrTweak) {
			t.Fatalf("PublicKey(%x).TweakMul(%x) = %v, %v; want ErrTweak", key, tweak, pm, err)
		}
	} else if want := testref.ScalarMult(tb, P); err != nil || !bytes.Equal(pm.BytesCompressed(), testref.Compressed(want)) {
		t.Fatalf("PublicKey(%x).TweakMul(%x) = %v, %v; want %x", key, tweak, pm, err, testref.Compressed(want))
	}

	if !bytes.Equal(pub.BytesCompressed(), before) {
		t.Fatalf("tweaking %x by %x changed the key", key, tweak)
	}
}
