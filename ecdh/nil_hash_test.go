package ecdh

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestSharedSecretWithHashNilHash checks that a nil hash function is
// libsecp256k1's default, as a NULL hashfp is for secp256k1_ecdh:
// SharedSecret.
func TestSharedSecretWithHashNilHash(t *testing.T) {
	r := testref.Rand(t)
	a, b := testkey.Random(t, r), testkey.Random(t, r)
	var got []byte
	var panicked any
	func() {
		defer func() { panicked = recover() }()
		got = SharedSecretWithHash(a, b.PublicKey(), nil)
	}()
	if panicked != nil {
		t.Fatalf("SharedSecretWithHash(k, pub, nil) panicked (%v); libsecp256k1's secp256k1_ecdh with hashfp = NULL uses the default hash, SHA-256(version ‖ x) = SharedSecret", fmt.Sprint(panicked))
	}
	if want := SharedSecret(a, b.PublicKey()); !bytes.Equal(got, want) {
		t.Fatalf("SharedSecretWithHash(k, pub, nil) = %x, want the default hash %x", got, want)
	}
}
