package schnorr

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestNilKeypair checks that the methods of a nil *Keypair without an
// error result panic with the message naming the type, as for the zero
// value, and those with one return ErrUninitialized.
func TestNilKeypair(t *testing.T) {
	var kp *Keypair
	if err := kp.Validate(); err == nil {
		t.Fatal("Validate(nil) = nil")
	}
	for name, call := range map[string]func(){
		"XOnlyPublicKey": func() { kp.XOnlyPublicKey() },
		"PublicKey":      func() { kp.PublicKey() },
		"P":              func() { kp.P() },
		"Parity":         func() { kp.Parity() },
		"PrivateKey":     func() { kp.PrivateKey() },
	} {
		testref.ExpectPanic(t, "(*Keypair)(nil)."+name, "uninitialized Keypair", call)
	}
}
