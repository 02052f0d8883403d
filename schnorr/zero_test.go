package schnorr

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The zero-value rule for the key arguments of the package-level functions
// (the package doc): ErrUninitialized from those with an error result,
// false from the verifiers, a panic naming the type from the others. The
// Keypair methods are in keypair_test.go, BatchVerifier.Add in
// batch_test.go.

func TestZeroPrivateKey(t *testing.T) {
	if _, err := Sign(new(secp256k1.PrivateKey), []byte("msg"), make([]byte, 32)); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("Sign: %v, want ErrUninitialized", err)
	}
	if _, err := Sign(new(secp256k1.PrivateKey), []byte("msg"), nil); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("Sign with fresh aux: %v, want ErrUninitialized", err)
	}
}

func TestZeroPublicKey(t *testing.T) {
	zero := new(secp256k1.PublicKey)
	k, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	msg := []byte("msg")
	sig, _ := Sign(k, msg, make([]byte, 32))
	// Verify: false, for a valid signature of another key, an all-zero
	// signature and one with r = 0 and s = 1 (what a zero key taken as
	// (0, 0) or as the identity could accept).
	rs := make([]byte, 64)
	rs[63] = 1
	for _, s := range [][]byte{sig, make([]byte, 64), rs} {
		if Verify(zero, msg, s) {
			t.Errorf("Verify(zero key, %x) = true", s)
		}
	}

	tweak := make([]byte, 32)
	tweak[31] = 1
	if _, err := XOnlyTweakAdd(zero, tweak); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("XOnlyTweakAdd: %v, want ErrUninitialized", err)
	}
	// XOnlyTweakAddCheck: false, also for t·G, what a zero key taken as the
	// identity would give, in either parity.
	tG, _ := secp256k1.NewPrivateKey(tweak)
	tx := SerializePublicKey(tG.PublicKey())
	for parity := range 2 {
		if XOnlyTweakAddCheck(tx, parity, zero, tweak) {
			t.Errorf("XOnlyTweakAddCheck(x(t·G), %d, zero key) = true", parity)
		}
	}
	for name, root := range map[string][]byte{"no script tree": nil, "a merkle root": make([]byte, 32), "a 31-byte root": make([]byte, 31)} {
		if _, err := TapTweakHash(zero, root); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("TapTweakHash, %s: %v, want ErrUninitialized", name, err)
		}
		if _, err := TapTweak(zero, root); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("TapTweak, %s: %v, want ErrUninitialized", name, err)
		}
	}
	testref.ExpectPanic(t, "SerializePublicKey", "uninitialized PublicKey", func() { SerializePublicKey(zero) })

	// A real key still works with each of them.
	pub := k.PublicKey()
	if !Verify(pub, msg, sig) {
		t.Error("Verify rejects a valid signature")
	}
	Q, err := XOnlyTweakAdd(pub, tweak)
	if err != nil {
		t.Fatal(err)
	}
	c := Q.BytesCompressed()
	if !XOnlyTweakAddCheck(c[1:], int(c[0]&1), pub, tweak) {
		t.Error("XOnlyTweakAddCheck rejects the tweak of a real key")
	}
	if _, err := TapTweak(pub, nil); err != nil {
		t.Errorf("TapTweak of a real key: %v", err)
	}
}
