package ecdsa

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// The zero-value rule of the key types (secp256k1.ErrUninitialized) in this
// package: the signing functions return ErrUninitialized for a nil or zero
// key, NewSigner and Signer.Public panic naming the type, Verify returns
// false, and nothing signs or verifies with one.

// zeroHashes are hashes whose value is ≡ 0 mod n: with the zero key, s = 0
// for every nonce, so that a signing loop that accepted the zero key would
// retry forever.
func zeroHashes() map[string][]byte {
	n := testref.N.FillBytes(make([]byte, 32))
	return map[string][]byte{
		"nil":           nil,
		"empty":         {},
		"one zero byte": {0},
		"32 zero bytes": make([]byte, 32),
		"64 zero bytes": make([]byte, 64),
		"n":             n,
		"n ‖ ff×32":     append(bytes.Clone(n), bytes.Repeat([]byte{0xff}, 32)...),
	}
}

// signFuncs are the package's signing entry points, each returning only its
// error.
var signFuncs = map[string]func(k *secp256k1.PrivateKey, hash []byte) error{
	"Sign": func(k *secp256k1.PrivateKey, h []byte) error { _, err := Sign(k, h); return err },
	"SignWithOptions(nil)": func(k *secp256k1.PrivateKey, h []byte) error {
		_, err := SignWithOptions(k, h, nil)
		return err
	},
	"SignWithOptions(ExtraEntropy)": func(k *secp256k1.PrivateKey, h []byte) error {
		_, err := SignWithOptions(k, h, &SignOptions{ExtraEntropy: make([]byte, 32)})
		return err
	},
	"SignWithOptions(LowR)": func(k *secp256k1.PrivateKey, h []byte) error {
		_, err := SignWithOptions(k, h, &SignOptions{LowR: true})
		return err
	},
	"SignRecoverable": func(k *secp256k1.PrivateKey, h []byte) error { _, err := SignRecoverable(k, h); return err },
	"SignRecoverableWithOptions(nil)": func(k *secp256k1.PrivateKey, h []byte) error {
		_, err := SignRecoverableWithOptions(k, h, nil)
		return err
	},
	"SignRecoverableWithOptions(LowR)": func(k *secp256k1.PrivateKey, h []byte) error {
		_, err := SignRecoverableWithOptions(k, h, &SignOptions{LowR: true})
		return err
	},
	"SignCompact": func(k *secp256k1.PrivateKey, h []byte) error { _, err := SignCompact(k, h, false); return err },
	"SignCompact(compressed)": func(k *secp256k1.PrivateKey, h []byte) error {
		_, err := SignCompact(k, h, true)
		return err
	},
	"SignEthereum": func(k *secp256k1.PrivateKey, h []byte) error { _, err := SignEthereum(k, h); return err },
	"Signer{Key}.Sign": func(k *secp256k1.PrivateKey, h []byte) error {
		_, err := (&Signer{Key: k}).Sign(nil, h, nil)
		return err
	},
}

// TestZeroKeySign checks that every signing function returns
// ErrUninitialized and no result for a nil or zero-value key, for hashes
// ≡ 0 mod n and another one, and that it does so at once: in under 1 ms, a
// time in which it could not even try one nonce (a bounded retry loop
// running with the zero scalar would take tens of them). Each call runs in
// a goroutine, so that one that never returns fails the test after a second
// instead of hanging it; the 1 ms bound is checked on the best of three
// calls, to absorb a descheduled goroutine.
func TestZeroKeySign(t *testing.T) {
	hashes := zeroHashes()
	hashes["another"] = []byte("not zero")
	keys := map[string]*secp256k1.PrivateKey{"zero value": new(secp256k1.PrivateKey), "nil": nil}
	for fname, f := range signFuncs {
		for kname, k := range keys {
			for hname, h := range hashes {
				name := fmt.Sprintf("%s(%s key, %s hash)", fname, kname, hname)
				best := time.Hour
				for range 3 {
					d, err := timedCall(t, name, func() error { return f(k, h) })
					if !errors.Is(err, secp256k1.ErrUninitialized) {
						t.Fatalf("%s = %v, want ErrUninitialized", name, err)
					}
					best = min(best, d)
				}
				if best >= time.Millisecond {
					t.Errorf("%s took %v, want < 1ms", name, best)
				}
			}
		}
	}
}

// timedCall runs f in a goroutine and returns its duration and error. It
// fails the test if f panics or has not returned after a second.
func timedCall(t *testing.T, name string, f func() error) (time.Duration, error) {
	t.Helper()
	type result struct {
		err      error
		d        time.Duration
		panicked any
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			r.panicked = recover()
			done <- r
		}()
		start := time.Now()
		r.err = f()
		r.d = time.Since(start)
	}()
	select {
	case r := <-done:
		if r.panicked != nil {
			t.Fatalf("%s panicked: %v", name, r.panicked)
		}
		return r.d, r.err
	case <-time.After(time.Second):
		t.Fatalf("%s did not return within a second", name)
		return 0, nil
	}
}

// TestZeroKeyResults checks that a signing function that refuses a zero key
// returns no result with its error.
func TestZeroKeyResults(t *testing.T) {
	var z secp256k1.PrivateKey
	h := make([]byte, 32)
	if sig, err := Sign(&z, h); sig != nil || err == nil {
		t.Errorf("Sign = %v, %v", sig, err)
	}
	if sig, err := SignWithOptions(&z, h, &SignOptions{LowR: true}); sig != nil || err == nil {
		t.Errorf("SignWithOptions = %v, %v", sig, err)
	}
	for name, f := range map[string]func() ([]byte, error){
		"SignRecoverable": func() ([]byte, error) { return SignRecoverable(&z, h) },
		"SignCompact":     func() ([]byte, error) { return SignCompact(&z, h, true) },
		"SignEthereum":    func() ([]byte, error) { return SignEthereum(&z, h) },
		"Signer.Sign":     func() ([]byte, error) { return (&Signer{Key: &z}).Sign(nil, h, nil) },
	} {
		if out, err := f(); out != nil || err == nil {
			t.Errorf("%s = %x, %v", name, out, err)
		}
	}
}

// TestZeroSigner checks the Signer's rule: the zero Signer (nil Key), a nil
// *Signer and a Signer whose Key is the zero PrivateKey sign nothing (Sign
// returns ErrUninitialized) and Public panics naming the Signer; NewSigner
// panics for a nil or zero key.
func TestZeroSigner(t *testing.T) {
	digest := sha256.Sum256([]byte("crypto.Signer"))
	for name, s := range map[string]*Signer{
		"Signer{}":              {},
		"nil *Signer":           nil,
		"Signer{Key: zero key}": {Key: new(secp256k1.PrivateKey)},
	} {
		if der, err := s.Sign(nil, digest[:], nil); der != nil || !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("%s.Sign = %x, %v; want ErrUninitialized", name, der, err)
		}
		testref.ExpectPanic(t, name+".Public", "uninitialized Signer", func() { s.Public() })
	}
	testref.ExpectPanic(t, "NewSigner(zero key)", "uninitialized PrivateKey", func() { NewSigner(new(secp256k1.PrivateKey)) })
	testref.ExpectPanic(t, "NewSigner(nil)", "uninitialized PrivateKey", func() { NewSigner(nil) })
}

// TestZeroKeyVerify checks that Verify returns false for a nil or
// zero-value PublicKey, without panicking: for a signature that would be
// rejected anyway (r = 0) as for one that is otherwise well formed, and for
// hashes ≡ 0 mod n. It never reports such a key as having signed anything.
func TestZeroKeyVerify(t *testing.T) {
	k := testkey.Random(t, testref.Rand(t))
	for hname, h := range zeroHashes() {
		sig, err := Sign(k, h)
		if err != nil {
			t.Fatal(err)
		}
		for sname, s := range map[string]*Signature{"valid for k": sig, "zero": new(Signature)} {
			for kname, pub := range map[string]*secp256k1.PublicKey{"zero value": new(secp256k1.PublicKey), "nil": nil} {
				name := fmt.Sprintf("Verify(%s key, %s hash, %s signature)", kname, hname, sname)
				if Verify(pub, h, s) {
					t.Errorf("%s = true", name)
				}
			}
		}
	}
}

// TestSignRetryLimit checks that the signing loops are bounded. With the
// zero scalar (which the entry points keep out) and a hash ≡ 0 mod n, every
// RFC 6979 candidate gives s = 0: sign stops after ecdsasign.MaxNonceAttempts with
// ErrRetryLimit and leaves no partial signature. grind, for a kind of
// signature that no attempt gives, stops after maxGrindAttempts.
func TestSignRetryLimit(t *testing.T) {
	var zero secp256k1.Scalar
	for name, h := range zeroHashes() {
		sig := NewSignature(new(secp256k1.Scalar).SetUint64(1), new(secp256k1.Scalar).SetUint64(1))
		if _, err := sign(sig, &zero, h, nil); !errors.Is(err, ErrRetryLimit) {
			t.Errorf("sign(0, %s hash) = %v, want ErrRetryLimit", name, err)
		}
		if *sig != (Signature{}) {
			t.Errorf("sign(0, %s hash) left a partial signature", name)
		}
	}
	k := testkey.Random(t, testref.Rand(t))
	var sig Signature
	if _, err := grind(&sig, k.Scalar(), []byte("hash"), noSignature); !errors.Is(err, ErrRetryLimit) {
		t.Errorf("grind for no signature = %v, want ErrRetryLimit", err)
	}
	if sig != (Signature{}) {
		t.Error("grind left a signature with ErrRetryLimit")
	}
}
