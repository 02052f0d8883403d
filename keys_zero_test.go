package secp256k1

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The zero-value rule of the key types (ErrUninitialized; doc.go and the
// types' docs): every function with an error result returns
// ErrUninitialized, every other one panics naming the type, and nothing
// computes with a zero key.

func TestZeroPrivateKey(t *testing.T) {
	var z PrivateKey
	tweak := make([]byte, 32)
	tweak[31] = 1
	if err := z.Validate(); !errors.Is(err, ErrUninitialized) {
		t.Errorf("Validate: %v, want ErrUninitialized", err)
	}
	if _, err := z.TweakAdd(tweak); !errors.Is(err, ErrUninitialized) {
		t.Errorf("TweakAdd: %v, want ErrUninitialized", err)
	}
	if _, err := z.TweakMul(tweak); !errors.Is(err, ErrUninitialized) {
		t.Errorf("TweakMul: %v, want ErrUninitialized", err)
	}
	k := testKey(t)
	for name, f := range map[string]func(){
		"Bytes":     func() { z.Bytes() },
		"Scalar":    func() { z.Scalar() },
		"PublicKey": func() { z.PublicKey() },
		"Negate":    func() { z.Negate() },
		"Equal":     func() { z.Equal(k) },
		"Equal(z)":  func() { k.Equal(&z) },
	} {
		testref.ExpectPanic(t, name, "uninitialized PrivateKey", f)
	}
	if err := k.Validate(); err != nil {
		t.Errorf("Validate of a key: %v", err)
	}
}

func TestZeroPublicKey(t *testing.T) {
	var z PublicKey
	tweak := make([]byte, 32)
	tweak[31] = 1
	if err := z.Validate(); !errors.Is(err, ErrUninitialized) {
		t.Errorf("Validate: %v, want ErrUninitialized", err)
	}
	if _, err := z.TweakAdd(tweak); !errors.Is(err, ErrUninitialized) {
		t.Errorf("TweakAdd: %v, want ErrUninitialized", err)
	}
	if _, err := z.TweakMul(tweak); !errors.Is(err, ErrUninitialized) {
		t.Errorf("TweakMul: %v, want ErrUninitialized", err)
	}
	pub := testKey(t).PublicKey()
	if _, err := CombinePublicKeys(pub, &z); !errors.Is(err, ErrUninitialized) {
		t.Errorf("CombinePublicKeys: %v, want ErrUninitialized", err)
	}
	for name, f := range map[string]func(){
		"BytesCompressed":   func() { z.BytesCompressed() },
		"BytesUncompressed": func() { z.BytesUncompressed() },
		"Point":             func() { z.Point() },
		"Negate":            func() { z.Negate() },
		"Equal":             func() { z.Equal(pub) },
		"Equal(z)":          func() { pub.Equal(&z) },
	} {
		testref.ExpectPanic(t, name, "uninitialized PublicKey", f)
	}
	if err := pub.Validate(); err != nil {
		t.Errorf("Validate of a key: %v", err)
	}
}

// TestPrivateKeyZero checks that Zero wipes the key and leaves the zero
// value.
func TestPrivateKeyZero(t *testing.T) {
	k := testKey(t)
	k.Zero()
	if *k != (PrivateKey{}) {
		t.Fatal("Zero left key material")
	}
	if err := k.Validate(); !errors.Is(err, ErrUninitialized) {
		t.Errorf("Validate after Zero: %v, want ErrUninitialized", err)
	}
}

// TestPrivateKeyFormat checks that no fmt verb, on the key, its pointer or
// a struct holding it, prints the key's bytes or limbs, and that
// encoding/json refuses it.
func TestPrivateKeyFormat(t *testing.T) {
	k := testKey(t)
	secrets := testref.SecretStrings(k.Bytes())
	// fmt cannot call the methods of a value in an unexported field, so a
	// type that holds a PrivateKey there formats itself (as schnorr.Keypair
	// does); exported fields, pointers and elements go through Format.
	type holder struct {
		Key  PrivateKey
		Ptr  *PrivateKey
		List []PrivateKey
		Map  map[string]PrivateKey
	}
	h := holder{Key: *k, Ptr: k, List: []PrivateKey{*k}, Map: map[string]PrivateKey{"k": *k}}
	testref.CheckRedacted(t, secrets, k, *k, h, &h)
	for _, arg := range []any{k, *k, struct{ K PrivateKey }{*k}} {
		if out, err := json.Marshal(arg); !errors.Is(err, ErrSecretMarshal) {
			t.Errorf("json.Marshal(%T) = %s, %v; want ErrSecretMarshal", arg, out, err)
		}
	}
}

// testKey returns a fixed private key.
func testKey(t *testing.T) *PrivateKey {
	t.Helper()
	k, err := NewPrivateKey([]byte("kestrel: a fixed test private ke"))
	if err != nil {
		t.Fatal(err)
	}
	return k
}
