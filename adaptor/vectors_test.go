package adaptor_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/adaptor"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The ECDSA adaptor vectors of testdata/ecdsa-adaptor (see its README): the
// DLC specification's file with its own rule ("tests should fail only when
// error is set"), and secp256k1-zkp's extraction with one expected result
// per check of zkp's C test.

// ecdsaVector is a case of either file; PubKey is the DLC file's
// public_signing_key or zkp's pubkey.
type ecdsaVector struct {
	Index         int             `json:"index"`
	Kind          string          `json:"kind"`
	AdaptorSig    string          `json:"adaptor_sig"`
	MessageHash   string          `json:"message_hash"`
	SigningKey    string          `json:"public_signing_key"`
	PubKey        string          `json:"pubkey"`
	EncryptionKey string          `json:"encryption_key"`
	DecryptionKey *string         `json:"decryption_key"`
	Signature     string          `json:"signature"`
	Error         *string         `json:"error"`
	Comment       *string         `json:"comment"`
	Expected      map[string]bool `json:"expected"`
}

// checks runs the checks of one case, each with its expected outcome, and
// reports how many it ran.
func (v *ecdsaVector) check(t *testing.T, want map[string]bool) int {
	t.Helper()
	n := 0
	sigBytes := testref.Hex(t, v.AdaptorSig)
	a, perr := adaptor.ParseECDSASignature(sigBytes)
	if w, ok := want["serialization"]; ok {
		n++
		if (perr == nil) != w {
			t.Errorf("parse: %v, want success %v", perr, w)
		}
		if perr != nil && !errors.Is(perr, adaptor.ErrECDSASignature) {
			t.Errorf("parse error %v is not ErrECDSASignature", perr)
		}
		if perr == nil && !bytes.Equal(a.Bytes(), sigBytes) {
			t.Errorf("re-encoding differs:\n got %x\nwant %x", a.Bytes(), sigBytes)
		}
	}
	if len(want) == n {
		return n
	}
	if perr != nil {
		t.Fatalf("the adaptor signature of a %s case does not parse: %v", v.Kind, perr)
	}
	Y, err := secp256k1.ParsePublicKey(testref.Hex(t, v.EncryptionKey))
	if err != nil {
		t.Fatal(err)
	}
	if w, ok := want["verify"]; ok {
		n++
		pk := v.PubKey + v.SigningKey
		X, err := secp256k1.ParsePublicKey(testref.Hex(t, pk))
		if err != nil {
			t.Fatal(err)
		}
		if got := adaptor.ECDSAVerify(X, testref.Hex(t, v.MessageHash), Y, a); got != w {
			t.Errorf("ECDSAVerify = %v, want %v", got, w)
		}
	}
	sigWant := testref.Hex(t, v.Signature)
	if w, ok := want["decrypt"]; ok {
		n++
		y, err := secp256k1.NewPrivateKey(testref.Hex(t, *v.DecryptionKey))
		if err != nil {
			t.Fatal(err)
		}
		sig, err := a.Decrypt(y)
		if err != nil {
			t.Fatalf("Decrypt: %v", err)
		}
		if got := bytes.Equal(sig.Compact(), sigWant); got != w {
			t.Errorf("Decrypt = %x, equal to %x: %v, want %v", sig.Compact(), sigWant, got, w)
		}
	}
	if w, ok := want["recover"]; ok {
		n++
		sig, err := ecdsa.ParseCompactSignature(sigWant)
		if err != nil {
			t.Fatal(err)
		}
		y, err := a.Recover(sig, Y)
		if (err == nil) != w {
			t.Errorf("Recover: %v, want success %v", err, w)
		}
		if err != nil && !errors.Is(err, adaptor.ErrRecover) {
			t.Errorf("Recover error %v is not ErrRecover", err)
		}
		if err == nil && v.DecryptionKey != nil {
			if got := hex.EncodeToString(y.Bytes()); got != *v.DecryptionKey {
				t.Errorf("Recover = %s, want %s", got, *v.DecryptionKey)
			}
		}
	}
	return n
}

// TestDLCSpecVectors runs the DLC specification's 11 cases: a verification
// case passes all three stages (verify, decrypt to signature, recover
// decryption_key) or, with error set, fails verification and recovery; a
// recovery case recovers decryption_key or, with error set, fails; a
// serialization case parses and re-encodes to the same bytes or, with
// error set, fails to parse.
func TestDLCSpecVectors(t *testing.T) {
	var vs []ecdsaVector
	testref.JSON(t, "../testdata/ecdsa-adaptor/dlcspecs_ecdsa_adaptor.json", &vs)
	if len(vs) != 11 {
		t.Fatalf("%d cases, want 11 (testdata/ecdsa-adaptor/README.md)", len(vs))
	}
	passed, checks := 0, 0
	for i, v := range vs {
		ok := v.Error == nil
		var want map[string]bool
		switch v.Kind {
		case "verification":
			want = map[string]bool{"verify": ok, "recover": ok}
			if ok {
				want["decrypt"] = true
			}
		case "recovery":
			want = map[string]bool{"recover": ok}
		case "serialization":
			want = map[string]bool{"serialization": ok}
		default:
			t.Fatalf("case %d: unknown kind %q", i, v.Kind)
		}
		t.Run(v.Kind, func(t *testing.T) {
			checks += v.check(t, want)
			if !t.Failed() {
				passed++
			}
		})
	}
	t.Logf("%d of %d DLC specification vectors pass (%d checks)", passed, len(vs), checks)
}

// TestZKPVectors runs the 12 vectors extracted from secp256k1-zkp, each
// check with zkp's expected result.
func TestZKPVectors(t *testing.T) {
	var f struct {
		Spec       []ecdsaVector `json:"spec_vectors"`
		Regression []ecdsaVector `json:"regression_vectors"`
	}
	testref.JSON(t, "../testdata/ecdsa-adaptor/zkp_ecdsa_adaptor.json", &f)
	all := append(f.Spec, f.Regression...)
	if len(f.Spec) != 11 || len(f.Regression) != 1 {
		t.Fatalf("%d + %d vectors, want 11 + 1", len(f.Spec), len(f.Regression))
	}
	passed, checks := 0, 0
	for _, v := range all {
		if len(v.Expected) == 0 {
			t.Fatalf("vector %d has no expected results", v.Index)
		}
		t.Run(v.Kind, func(t *testing.T) {
			checks += v.check(t, v.Expected)
			if !t.Failed() {
				passed++
			}
		})
	}
	t.Logf("%d of %d secp256k1-zkp vectors pass (%d checks)", passed, len(all), checks)
}
