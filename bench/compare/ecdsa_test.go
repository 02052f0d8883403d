package main

import (
	"crypto/sha256"
	"testing"

	decred "github.com/decred/dcrd/dcrec/secp256k1/v4"
	decredecdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
)

// The ECDSA rows of libsecp256k1's bench, from bytes to a verdict (public
// key parse, DER parse, verify) and from a key to a signature. Both
// libraries sign with RFC 6979, so the signatures agree; TestECDSAAgrees
// checks that before anything is timed.

var (
	ecdsaKey  = sha256.Sum256([]byte("compare key"))
	ecdsaHash = sha256.Sum256([]byte("compare message"))
)

func TestECDSAAgrees(t *testing.T) {
	k, _ := secp256k1.NewPrivateKey(ecdsaKey[:])
	sig, _ := ecdsa.Sign(k, ecdsaHash[:])
	dk := decred.PrivKeyFromBytes(ecdsaKey[:])
	dsig := decredecdsa.Sign(dk, ecdsaHash[:])
	if string(sig.DER()) != string(dsig.Serialize()) {
		t.Fatalf("signatures differ: %x vs %x", sig.DER(), dsig.Serialize())
	}
	pub, _ := decred.ParsePubKey(k.PublicKey().BytesCompressed())
	if !dsig.Verify(ecdsaHash[:], pub) {
		t.Fatal("decred rejects the signature")
	}
}

func BenchmarkEcdsaVerify(b *testing.B) {
	k, _ := secp256k1.NewPrivateKey(ecdsaKey[:])
	sig, _ := ecdsa.Sign(k, ecdsaHash[:])
	der := sig.DER()
	pubBytes := k.PublicKey().BytesCompressed()
	b.Run("lib=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			pub, err := secp256k1.ParsePublicKey(pubBytes)
			if err != nil {
				b.Fatal(err)
			}
			s, err := ecdsa.ParseDERSignature(der)
			if err != nil || !ecdsa.Verify(pub, ecdsaHash[:], s) {
				b.Fatal("verify failed")
			}
		}
	})
	b.Run("lib=decred", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			pub, err := decred.ParsePubKey(pubBytes)
			if err != nil {
				b.Fatal(err)
			}
			s, err := decredecdsa.ParseDERSignature(der)
			if err != nil || !s.Verify(ecdsaHash[:], pub) {
				b.Fatal("verify failed")
			}
		}
	})
}

func BenchmarkEcdsaSign(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		k, _ := secp256k1.NewPrivateKey(ecdsaKey[:])
		b.ReportAllocs()
		for b.Loop() {
			_, _ = ecdsa.Sign(k, ecdsaHash[:])
		}
	})
	b.Run("lib=decred", func(b *testing.B) {
		dk := decred.PrivKeyFromBytes(ecdsaKey[:])
		b.ReportAllocs()
		for b.Loop() {
			_ = decredecdsa.Sign(dk, ecdsaHash[:])
		}
	})
}

// BenchmarkDoubleScalarMult is a·A + b·G: Kestrel's Strauss against decred's
// ScalarMultNonConst + ScalarBaseMultNonConst + AddNonConst.
func BenchmarkDoubleScalarMult(b *testing.B) {
	b.Run("lib=kestrel", func(b *testing.B) {
		x, y := kestrelScalar(), kestrelScalar()
		y.Square(&y)
		A := new(secp256k1.Point).ScalarBaseMult(&y)
		var v secp256k1.Point
		b.ReportAllocs()
		for b.Loop() {
			v.VarTimeDoubleScalarBaseMult(&x, A, &y)
		}
	})
	b.Run("lib=decred", func(b *testing.B) {
		x, y := decredScalar(), decredScalar()
		y.Square()
		var A, r1, r2 decred.JacobianPoint
		decred.ScalarBaseMultNonConst(&y, &A)
		A.ToAffine()
		b.ReportAllocs()
		for b.Loop() {
			decred.ScalarMultNonConst(&x, &A, &r1)
			decred.ScalarBaseMultNonConst(&y, &r2)
			decred.AddNonConst(&r1, &r2, &r1)
		}
	})
}
