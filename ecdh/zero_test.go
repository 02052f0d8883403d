package ecdh

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestZeroKeys checks the zero-value rule of the key types here: each
// function panics, naming the type, for a nil or zero-value private or
// public key, before computing anything (SharedSecret returned SHA-256(0x00)
// for the zero private key and computed with the off-curve (0, 0) for the
// zero public key), and never calls the caller's hash.
func TestZeroKeys(t *testing.T) {
	k := testkey.Random(t, testref.Rand(t))
	pub := k.PublicKey()
	called := false
	hash := func(x, y []byte) []byte { called = true; return nil }
	funcs := map[string]func(*secp256k1.PrivateKey, *secp256k1.PublicKey){
		"SharedSecret":         func(k *secp256k1.PrivateKey, p *secp256k1.PublicKey) { SharedSecret(k, p) },
		"SharedX":              func(k *secp256k1.PrivateKey, p *secp256k1.PublicKey) { SharedX(k, p) },
		"SharedSecretWithHash": func(k *secp256k1.PrivateKey, p *secp256k1.PublicKey) { SharedSecretWithHash(k, p, hash) },
	}
	privs := map[string]*secp256k1.PrivateKey{"zero": new(secp256k1.PrivateKey), "nil": nil, "valid": k}
	pubs := map[string]*secp256k1.PublicKey{"zero": new(secp256k1.PublicKey), "nil": nil, "valid": pub}
	for fname, f := range funcs {
		for kname, k := range privs {
			for pname, p := range pubs {
				want := "uninitialized PrivateKey"
				switch {
				case kname == "valid" && pname == "valid":
					continue
				case kname == "valid":
					want = "uninitialized PublicKey"
				}
				name := fmt.Sprintf("%s(%s private key, %s public key)", fname, kname, pname)
				testref.ExpectPanic(t, name, want, func() { f(k, p) })
			}
		}
	}
	if called {
		t.Error("SharedSecretWithHash called the hash for an uninitialized key")
	}
}

// TestSharedSecretWithHashErases checks the doc of SharedSecretWithHash: x
// and y are erased after hash returns, so a hash that keeps them sees zeros.
func TestSharedSecretWithHashErases(t *testing.T) {
	r := testref.Rand(t)
	a, b := testkey.Random(t, r), testkey.Random(t, r)
	var keptX, keptY []byte
	got := SharedSecretWithHash(a, b.PublicKey(), func(x, y []byte) []byte {
		keptX, keptY = x, y
		return append(bytes.Clone(x), y...)
	})
	if !bytes.Equal(got[:32], SharedX(a, b.PublicKey())) {
		t.Fatal("SharedSecretWithHash passed the wrong x")
	}
	if !bytes.Equal(keptX, make([]byte, 32)) || !bytes.Equal(keptY, make([]byte, 32)) {
		t.Fatalf("x, y not erased: %x, %x", keptX, keptY)
	}
}
