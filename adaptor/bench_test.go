package adaptor_test

import (
	"bytes"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/adaptor"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
)

// benchKeys returns fixed signing and adaptor keys.
func benchKeys(b *testing.B) (k, t *secp256k1.PrivateKey) {
	k, err := secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x42}, 32))
	if err != nil {
		b.Fatal(err)
	}
	t, err = secp256k1.NewPrivateKey(bytes.Repeat([]byte{0x24}, 32))
	if err != nil {
		b.Fatal(err)
	}
	return k, t
}

var benchMsg = bytes.Repeat([]byte{0x5a}, 32)

func BenchmarkSchnorrPreSign(b *testing.B) {
	k, t := benchKeys(b)
	T := t.PublicKey()
	aux := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := adaptor.SchnorrPreSign(k, benchMsg, T, aux); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSchnorrPreVerify(b *testing.B) {
	k, t := benchKeys(b)
	T, pub := t.PublicKey(), k.PublicKey()
	pre, _ := adaptor.SchnorrPreSign(k, benchMsg, T, nil)
	b.ReportAllocs()
	for b.Loop() {
		if !adaptor.SchnorrPreVerify(pub, benchMsg, T, pre) {
			b.Fatal("invalid")
		}
	}
}

func BenchmarkSchnorrAdapt(b *testing.B) {
	k, t := benchKeys(b)
	pre, _ := adaptor.SchnorrPreSign(k, benchMsg, t.PublicKey(), nil)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pre.Adapt(t); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSchnorrExtract(b *testing.B) {
	k, t := benchKeys(b)
	pre, _ := adaptor.SchnorrPreSign(k, benchMsg, t.PublicKey(), nil)
	sig, _ := pre.Adapt(t)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pre.Extract(sig); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkECDSAEncrypt(b *testing.B) {
	k, y := benchKeys(b)
	Y := y.PublicKey()
	aux := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := adaptor.ECDSAEncrypt(k, benchMsg, Y, aux); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkECDSAVerify is ECDSAVerify, and BenchmarkECDSAVerify/ecdsa the
// plain ECDSA verification it is measured against (the target: at most
// twice as long).
func BenchmarkECDSAVerify(b *testing.B) {
	k, y := benchKeys(b)
	Y, pub := y.PublicKey(), k.PublicKey()
	a, _ := adaptor.ECDSAEncrypt(k, benchMsg, Y, nil)
	b.Run("adaptor", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if !adaptor.ECDSAVerify(pub, benchMsg, Y, a) {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("ecdsa", func(b *testing.B) {
		sig, _ := ecdsa.Sign(k, benchMsg)
		b.ReportAllocs()
		for b.Loop() {
			if !ecdsa.Verify(pub, benchMsg, sig) {
				b.Fatal("invalid")
			}
		}
	})
}

func BenchmarkECDSADecrypt(b *testing.B) {
	k, y := benchKeys(b)
	a, _ := adaptor.ECDSAEncrypt(k, benchMsg, y.PublicKey(), nil)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.Decrypt(y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkECDSARecover(b *testing.B) {
	k, y := benchKeys(b)
	Y := y.PublicKey()
	a, _ := adaptor.ECDSAEncrypt(k, benchMsg, Y, nil)
	sig, _ := a.Decrypt(y)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.Recover(sig, Y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseECDSASignature(b *testing.B) {
	k, y := benchKeys(b)
	a, _ := adaptor.ECDSAEncrypt(k, benchMsg, y.PublicKey(), nil)
	enc := a.Bytes()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := adaptor.ParseECDSASignature(enc); err != nil {
			b.Fatal(err)
		}
	}
}
