package ecdsa

import (
	"fmt"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestVerifyNilSignature checks that Verify reports false for a nil
// *Signature, as for any invalid signature (and as VerifyMany does for an
// item with a nil Sig), rather than panicking.
func TestVerifyNilSignature(t *testing.T) {
	k := testkey.Random(t, testref.Rand(t))
	hash := make([]byte, 32)
	if got := VerifyMany([]VerifyItem{{Pub: k.PublicKey(), Hash: hash, Sig: nil}}, 1); got[0] {
		t.Fatal("VerifyMany accepted a nil signature")
	}
	var ok bool
	var panicked any
	func() {
		defer func() { panicked = recover() }()
		ok = Verify(k.PublicKey(), hash, nil)
	}()
	if panicked != nil {
		t.Fatalf("Verify(pub, hash, nil) panicked: %v (VerifyMany returns false for the same item)", fmt.Sprint(panicked))
	}
	if ok {
		t.Fatal("Verify accepted a nil signature")
	}
}
