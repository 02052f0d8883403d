package bip340

import (
	"crypto/rand"
	"encoding/hex"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestVectors runs BIP-340's test vectors (testdata/bip-0340, with their
// provenance) through Sign, where a secret key is given, and through
// ParseSignature and VarTimeVerify, with lift_x of the public key.
func TestVectors(t *testing.T) {
	rows := testref.CSV(t, "../../testdata/bip-0340/test-vectors.csv")
	n := 0
	for _, row := range rows[1:] {
		idx, skHex, pkHex, auxHex, msgHex, sigHex, result := row[0], row[1], row[2], row[3], row[4], row[5], row[6]
		msg, sigB := testref.Hex(t, msgHex), [64]byte(testref.Hex(t, sigHex))
		if skHex != "" {
			var sk scalar.Scalar
			if _, err := sk.SetCanonicalBytes((*[32]byte)(testref.Hex(t, skHex))); err != nil {
				t.Fatalf("vector %s: secret key: %v", idx, err)
			}
			var k Key
			k.Set(&sk)
			if hex.EncodeToString(k.PX[:]) != lower(pkHex) {
				t.Errorf("vector %s: public key %x, want %s", idx, k.PX, pkHex)
			}
			var sig [64]byte
			if !Standard.Sign(&sig, &k, msg, (*[32]byte)(testref.Hex(t, auxHex))) || sig != sigB {
				t.Errorf("vector %s: signature %x, want %x", idx, sig, sigB)
			}
		}
		got := verifyBytes(Standard, testref.Hex(t, pkHex), msg, &sigB)
		if want := result == "TRUE"; got != want {
			t.Errorf("vector %s: verify %v, want %v (%s)", idx, got, want, row[7])
		}
		n++
	}
	if n < 15 {
		t.Fatalf("only %d vectors", n)
	}
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'F' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// verifyBytes is BIP-340's Verify from encodings: lift_x, Parse,
// VarTimeVerify.
func verifyBytes(tags *Tags, pk, msg []byte, sig *[64]byte) bool {
	var x field.Element
	if _, err := x.SetCanonicalBytes((*[32]byte)(pk)); err != nil {
		return false
	}
	var a group.Affine
	if a.LiftX(&x, 0) == 0 {
		return false
	}
	var p PublicKey
	p.Set(&a)
	var s Signature
	return s.Parse(sig) == nil && tags.VarTimeVerify(&p, msg, &s)
}

func randomKey(t *testing.T) (scalar.Scalar, Key, PublicKey) {
	for {
		var b [32]byte
		rand.Read(b[:])
		var sk scalar.Scalar
		if _, err := sk.SetCanonicalBytes(&b); err != nil || sk.IsZero() == 1 {
			continue
		}
		var k Key
		P := k.Set(&sk)
		var pk PublicKey
		pk.Set(&P)
		if pk.PX != k.PX {
			t.Fatal("Key.Set and PublicKey.Set disagree on x")
		}
		return sk, k, pk
	}
}

// TestTags checks that the tags are a parameter: NewTags("BIP0340") is
// Standard, another prefix signs and verifies on its own and not under
// Standard.
func TestTags(t *testing.T) {
	std := NewTags("BIP0340")
	other := NewTags("BIP DKG/pop message")
	for i := range 32 {
		_, k, pk := randomKey(t)
		msg := make([]byte, i)
		rand.Read(msg)
		var aux [32]byte
		rand.Read(aux[:])
		var a, b, c [64]byte
		if !Standard.Sign(&a, &k, msg, &aux) || !std.Sign(&b, &k, msg, &aux) || a != b {
			t.Fatalf("NewTags(\"BIP0340\") signs %x, Standard %x", b, a)
		}
		if !other.Sign(&c, &k, msg, &aux) || c == a {
			t.Fatal("another prefix signs the same")
		}
		var sa, sc Signature
		if sa.Parse(&a) != nil || sc.Parse(&c) != nil {
			t.Fatal("own signature does not parse")
		}
		if !Standard.VarTimeVerify(&pk, msg, &sa) || !other.VarTimeVerify(&pk, msg, &sc) {
			t.Fatal("own signature rejected")
		}
		if Standard.VarTimeVerify(&pk, msg, &sc) || other.VarTimeVerify(&pk, msg, &sa) {
			t.Fatal("signature accepted under the other tags")
		}
		a[i%64] ^= 1 << (i % 8)
		if sa.Parse(&a) == nil && Standard.VarTimeVerify(&pk, msg, &sa) {
			t.Fatal("tampered signature accepted")
		}
	}
	var zero Key
	var sig [64]byte
	if Standard.Sign(&sig, &zero, nil, new([32]byte)) || sig != [64]byte{} {
		t.Fatal("the zero Key signed")
	}
}

// TestPreSign checks the adaptor variant: a pre-signature verifies with
// VarTimePreVerify, not for another adaptor point, and adapted with T's
// secret (s' + t, or s' − t for an odd R) it is a BIP-340 signature.
func TestPreSign(t *testing.T) {
	nonceTag := ksha256.NewTag("SchnorrAdaptor/nonce")
	for i := range 32 {
		_, k, pk := randomKey(t)
		tsec, _, _ := randomKey(t)
		var Tj group.Jacobian
		ecmult.ScalarBaseMult(&Tj, &tsec)
		var T group.Affine
		T.SetJacobian(&Tj)
		msg := make([]byte, i)
		rand.Read(msg)
		var aux [32]byte
		rand.Read(aux[:])
		var R group.Affine
		var s scalar.Scalar
		if !Standard.PreSign(&R, &s, &k, msg, &aux, &T, &nonceTag) {
			t.Fatal("PreSign failed")
		}
		if !Standard.VarTimePreVerify(&pk, msg, &R, &s, &T) {
			t.Fatal("pre-signature rejected")
		}
		var T2 group.Affine
		T2.X, T2.Y = T.X, T.Y
		T2.Y.Negate(&T2.Y)
		if Standard.VarTimePreVerify(&pk, msg, &R, &s, &T2) {
			t.Fatal("pre-signature accepted for −T")
		}
		// The nonce differs from Sign's for the same inputs.
		var plain [64]byte
		Standard.Sign(&plain, &k, msg, &aux)
		var rx [32]byte
		R.X.PutBytes(&rx)
		if [32]byte(plain[:32]) == rx {
			t.Fatal("PreSign's R is Sign's")
		}
		var full Signature
		full.R = rx
		full.S.Set(&tsec).CondNegate(R.Y.IsOdd())
		full.S.Add(&full.S, &s)
		if !Standard.VarTimeVerify(&pk, msg, &full) {
			t.Fatal("adapted pre-signature is not a valid signature")
		}
	}
}
