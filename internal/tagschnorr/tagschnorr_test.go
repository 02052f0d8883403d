package tagschnorr

import (
	"bytes"
	"crypto/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// With the prefix "BIP0340" the signatures must be package schnorr's, and
// each must verify under schnorr.Verify and this package's VarTimeVerify.
func TestMatchesSchnorr(t *testing.T) {
	tags := NewTags("BIP0340")
	other := NewTags("BIP DKG/pop message")
	for i := range 64 {
		var kb, aux [32]byte
		rand.Read(kb[:])
		rand.Read(aux[:])
		msg := make([]byte, i)
		rand.Read(msg)
		priv, err := secp256k1.NewPrivateKey(kb[:])
		if err != nil {
			continue
		}
		want, err := schnorr.Sign(priv, msg, aux[:])
		if err != nil {
			t.Fatal(err)
		}
		var sk scalar.Scalar
		if _, err := sk.SetCanonicalBytes(&kb); err != nil {
			t.Fatal(err)
		}
		var sig [64]byte
		if !tags.Sign(&sig, &sk, msg, &aux) || !bytes.Equal(sig[:], want) {
			t.Fatalf("case %d: got %x, want %x", i, sig, want)
		}
		var P group.Jacobian
		ecmult.ScalarBaseMult(&P, &sk)
		if !tags.VarTimeVerify(&P, msg, &sig) {
			t.Fatalf("case %d: own signature rejected", i)
		}
		if other.VarTimeVerify(&P, msg, &sig) {
			t.Fatalf("case %d: accepted under another prefix", i)
		}
		var osig [64]byte
		if !other.Sign(&osig, &sk, msg, &aux) || !other.VarTimeVerify(&P, msg, &osig) || osig == sig {
			t.Fatalf("case %d: prefixed signature wrong", i)
		}
		if schnorr.Verify(priv.PublicKey(), msg, osig[:]) {
			t.Fatalf("case %d: prefixed signature valid under BIP0340", i)
		}
		sig[i%64] ^= 1
		if tags.VarTimeVerify(&P, msg, &sig) {
			t.Fatalf("case %d: tampered signature accepted", i)
		}
	}
	var zero scalar.Scalar
	var sig [64]byte
	if tags.Sign(&sig, &zero, nil, new([32]byte)) {
		t.Error("signed with the zero key")
	}
	var id group.Jacobian
	id.Identity()
	if tags.VarTimeVerify(&id, nil, &sig) {
		t.Error("verified under the identity")
	}
}
