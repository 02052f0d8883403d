package schnorr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// The zero-value rule for Keypair (its doc), its accessors and its secret
// hygiene: Zero, fmt and encoding/json.

// keypairsOfBothParities returns a key and its pair whose public key has an
// even y, and one whose public key has an odd y (its signing secret is the
// key's negation).
func keypairsOfBothParities(t *testing.T) (keys [2]*secp256k1.PrivateKey, kps [2]*Keypair) {
	t.Helper()
	r := testref.Rand(t)
	for keys[0] == nil || keys[1] == nil {
		k := testkey.Random(t, r)
		kp := NewKeypair(k)
		keys[kp.Parity()], kps[kp.Parity()] = k, kp
	}
	return keys, kps
}

func TestKeypairAccessors(t *testing.T) {
	keys, kps := keypairsOfBothParities(t)
	for parity, kp := range kps {
		pub := keys[parity].PublicKey()
		if kp.Parity() != parity {
			t.Errorf("Parity = %d, want %d", kp.Parity(), parity)
		}
		if !kp.PublicKey().Equal(pub) {
			t.Error("PublicKey is not the private key's public key")
		}
		if kp.P().Equal(pub.Point()) != 1 {
			t.Error("P is not the public key's point")
		}
		if !bytes.Equal(kp.XOnlyPublicKey(), SerializePublicKey(pub)) {
			t.Error("XOnlyPublicKey is not the public key's x")
		}
		// The results are copies: changing them changes nothing.
		kp.XOnlyPublicKey()[0] ^= 1
		kp.P().Negate(kp.P())
		p := kp.P()
		p.Double(p)
		if kp.P().Equal(pub.Point()) != 1 || !bytes.Equal(kp.XOnlyPublicKey(), SerializePublicKey(pub)) {
			t.Error("a result of an accessor reached the key pair")
		}
	}
}

func TestKeypairZeroValue(t *testing.T) {
	keys, kps := keypairsOfBothParities(t)
	wiped := kps[1]
	wiped.Zero()
	if *wiped != (Keypair{}) {
		t.Fatal("Zero left key material")
	}
	if err := kps[0].Validate(); err != nil {
		t.Errorf("Validate of a key pair: %v", err)
	}
	if !kps[0].PublicKey().Equal(keys[0].PublicKey()) {
		t.Error("Zero of another key pair changed this one")
	}
	tweak := make([]byte, 32)
	tweak[31] = 1
	for name, kp := range map[string]*Keypair{"zero value": new(Keypair), "wiped": wiped} {
		errs := map[string]error{"Validate": kp.Validate()}
		_, errs["Sign"] = kp.Sign([]byte("msg"), make([]byte, 32))
		_, errs["SignWithOptions"] = kp.SignWithOptions([]byte("msg"), &SignOptions{SelfCheck: true})
		_, errs["TweakAdd"] = kp.TweakAdd(tweak)
		_, errs["TapTweak"] = kp.TapTweak(nil)
		for f, err := range errs {
			if !errors.Is(err, secp256k1.ErrUninitialized) {
				t.Errorf("%s: %s = %v, want ErrUninitialized", name, f, err)
			}
		}
		for f, call := range map[string]func(){
			"XOnlyPublicKey": func() { kp.XOnlyPublicKey() },
			"PublicKey":      func() { kp.PublicKey() },
			"P":              func() { kp.P() },
			"Parity":         func() { kp.Parity() },
			"PrivateKey":     func() { kp.PrivateKey() },
		} {
			testref.ExpectPanic(t, name+": "+f, "uninitialized Keypair", call)
		}
	}
	testref.ExpectPanic(t, "NewKeypair of a zero PrivateKey", "uninitialized PrivateKey", func() {
		NewKeypair(new(secp256k1.PrivateKey))
	})
}

// TestKeypairFormat checks that no fmt verb, on a key pair, its pointer or
// a struct holding it, prints the private key, the signing secret (its
// negation for an odd y) or their limbs, and that encoding/json refuses it.
func TestKeypairFormat(t *testing.T) {
	keys, kps := keypairsOfBothParities(t)
	for parity, kp := range kps {
		secrets := append(testref.SecretTexts(keys[parity].Bytes()), testref.SecretTexts(kp.signingSecret())...)
		type holder struct {
			Pair Keypair
			Ptr  *Keypair
			List []Keypair
			Map  map[string]*Keypair
		}
		h := holder{Pair: *kp, Ptr: kp, List: []Keypair{*kp}, Map: map[string]*Keypair{"k": kp}}
		testref.CheckRedacted(t, secrets, kp, *kp, h, &h)
		if got := fmt.Sprint(kp); got != "schnorr.Keypair(REDACTED)" {
			t.Errorf("fmt.Sprint = %q", got)
		}
		if got := fmt.Sprintf("%#v", kp); got != "schnorr.Keypair{REDACTED}" {
			t.Errorf("%%#v = %q", got)
		}
		for _, arg := range []any{kp, *kp, struct{ K Keypair }{*kp}} {
			if out, err := json.Marshal(arg); !errors.Is(err, secp256k1.ErrSecretMarshal) {
				t.Errorf("json.Marshal(%T) = %s, %v; want ErrSecretMarshal", arg, out, err)
			}
		}
	}
}

// signingSecret returns the encoding of kp's signing secret (the key,
// negated for an odd y), for the redaction checks.
func (kp *Keypair) signingSecret() []byte {
	var b [32]byte
	kp.key.D.PutBytes(&b)
	return b[:]
}
