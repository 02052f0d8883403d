package main

import (
	"crypto/sha256"
	"testing"

	btcec "github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

var musigSeeds = [2][32]byte{sha256.Sum256([]byte("signer 0")), sha256.Sum256([]byte("signer 1"))}

func musigKeys(tb testing.TB) ([2]*secp256k1.PrivateKey, [2]*btcec.PrivateKey) {
	var ks [2]*secp256k1.PrivateKey
	var bs [2]*btcec.PrivateKey
	for i := range ks {
		k, err := secp256k1.NewPrivateKey(musigSeeds[i][:])
		if err != nil {
			tb.Fatal(err)
		}
		ks[i] = k
		bs[i], _ = btcec.PrivKeyFromBytes(musigSeeds[i][:])
	}
	return ks, bs
}

// TestSessionsAgree checks that both libraries aggregate the same key and
// produce signatures that the other library verifies.
func TestSessionsAgree(t *testing.T) {
	msg := sha256.Sum256([]byte("2-of-2"))
	ks, bs := musigKeys(t)
	kagg, ksig, err := kestrelMuSig2(ks, msg[:])
	if err != nil {
		t.Fatal(err)
	}
	bagg, bsig, err := btcecMuSig2(bs, msg[:])
	if err != nil {
		t.Fatal(err)
	}
	if string(kagg) != string(bagg) {
		t.Fatalf("aggregate keys differ: %x vs %x", kagg, bagg)
	}
	kpub, err := schnorr.ParsePublicKey(kagg)
	if err != nil {
		t.Fatal(err)
	}
	if !schnorr.Verify(kpub, msg[:], bsig) {
		t.Fatal("Kestrel rejects btcec's MuSig2 signature for the same keys")
	}
	bpub, err := bschnorr.ParsePubKey(bagg)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := bschnorr.ParseSignature(ksig)
	if err != nil || !parsed.Verify(msg[:], bpub) {
		t.Fatal("btcec rejects Kestrel's MuSig2 signature")
	}
}

// BenchmarkMusigSession2of2 is a whole 2-of-2 session in each library.
func BenchmarkMusigSession2of2(b *testing.B) {
	msg := sha256.Sum256([]byte("2-of-2"))
	ks, bs := musigKeys(b)
	b.Run("lib=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := kestrelMuSig2(ks, msg[:]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("lib=btcec", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := btcecMuSig2(bs, msg[:]); err != nil {
				b.Fatal(err)
			}
		}
	})
}
