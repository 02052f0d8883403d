package libsecp

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// BenchmarkCompare measures Kestrel and libsecp256k1 side by side on the
// rows of libsecp256k1's bench program, each from serialized bytes to
// serialized bytes as there:
//
//	ecdsa_sign     private key bytes → signature → DER
//	ecdsa_verify   public key parse (33 bytes) + DER parse + verify
//	ecdsa_recover  65-byte r ‖ s ‖ v → public key → 33 bytes
//	ec_keygen      private key bytes → public key → 33 bytes
//	schnorrsig_sign_seckey  private key bytes → key pair → BIP-340 signature
//	                (libsecp256k1's row reuses a key pair; the binding
//	                creates one per call, so both sides do here)
//	schnorrsig_sign         BIP-340 signature with a key pair made beforehand
//	schnorrsig_verify       x-only key parse + verify (a 32-byte message)
//	ecdh_parse     public key parse (33 bytes) + shared secret
//
// Each libsecp256k1 row is one cgo call (about 30 ns of the total). Compare
// with
//
//	go test -run '^$' -bench Compare -count 10 > bench.txt && benchstat -col /lib bench.txt
func BenchmarkCompare(b *testing.B) {
	const n = 16
	var keys, hashes, pubs, ders, recs, xonlys, ssigs [n][]byte
	for i := range n {
		keys[i] = counterHash(sum256, "kestrel/bench/key", i)
		hashes[i] = counterHash(sum256, "kestrel/bench/hash", i)
		k, err := secp256k1.NewPrivateKey(keys[i])
		if err != nil {
			b.Fatal(err)
		}
		pubs[i] = k.PublicKey().BytesCompressed()
		sig, _ := ecdsa.Sign(k, hashes[i])
		ders[i] = sig.DER()
		recs[i], _ = ecdsa.SignRecoverable(k, hashes[i])
		xonlys[i] = schnorr.SerializePublicKey(k.PublicKey())
		ssigs[i], _ = schnorr.Sign(k, hashes[i], make([]byte, 32))
	}
	run := func(name string, kestrel, libsecp func(i int) bool) {
		for _, lib := range []struct {
			name string
			f    func(i int) bool
		}{{"kestrel", kestrel}, {"libsecp", libsecp}} {
			b.Run(name+"/lib="+lib.name, func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					if !lib.f(i % n) {
						b.Fatal("failed")
					}
					i++
				}
			})
		}
	}
	run("ecdsa_sign", func(i int) bool {
		k, err := secp256k1.NewPrivateKey(keys[i])
		if err != nil {
			return false
		}
		sig, err := ecdsa.Sign(k, hashes[i])
		return err == nil && len(sig.DER()) > 0
	}, func(i int) bool {
		_, ok := EcdsaSignDER(hashes[i], keys[i])
		return ok
	})
	run("ecdsa_verify", func(i int) bool {
		pk, err := secp256k1.ParsePublicKey(pubs[i])
		if err != nil {
			return false
		}
		sig, err := ecdsa.ParseDERSignature(ders[i])
		return err == nil && ecdsa.Verify(pk, hashes[i], sig)
	}, func(i int) bool {
		return EcdsaVerifyDER(hashes[i], ders[i], pubs[i])
	})
	run("ecdsa_recover", func(i int) bool {
		pk, err := ecdsa.RecoverPublicKey(hashes[i], recs[i])
		return err == nil && len(pk.BytesCompressed()) == 33
	}, func(i int) bool {
		_, ok := EcdsaRecover(hashes[i], recs[i][:64], int(recs[i][64]))
		return ok
	})
	run("ec_keygen", func(i int) bool {
		k, err := secp256k1.NewPrivateKey(keys[i])
		return err == nil && len(k.PublicKey().BytesCompressed()) == 33
	}, func(i int) bool {
		_, ok := KeygenCompressed(keys[i])
		return ok
	})
	run("schnorrsig_sign_seckey", func(i int) bool {
		k, err := secp256k1.NewPrivateKey(keys[i])
		if err != nil {
			return false
		}
		sig, err := schnorr.Sign(k, hashes[i], hashes[(i+1)%n])
		return err == nil && len(sig) == 64
	}, func(i int) bool {
		_, ok := SchnorrsigSign32(hashes[i], keys[i], hashes[(i+1)%n])
		return ok
	})
	var kkp [n]*schnorr.Keypair
	var lkp [n]*Keypair
	for i := range n {
		k, _ := secp256k1.NewPrivateKey(keys[i])
		kkp[i] = schnorr.NewKeypair(k)
		lkp[i], _ = NewKeypair(keys[i])
	}
	run("schnorrsig_sign", func(i int) bool {
		sig, err := kkp[i].Sign(hashes[i], hashes[(i+1)%n])
		return err == nil && len(sig) == 64
	}, func(i int) bool {
		_, ok := lkp[i].Sign32(hashes[i], hashes[(i+1)%n])
		return ok
	})
	run("schnorrsig_verify", func(i int) bool {
		pk, err := schnorr.ParsePublicKey(xonlys[i])
		return err == nil && schnorr.Verify(pk, hashes[i], ssigs[i])
	}, func(i int) bool {
		return SchnorrsigVerify(ssigs[i], hashes[i], xonlys[i])
	})
	run("ecdh_parse", func(i int) bool {
		k, err := secp256k1.NewPrivateKey(keys[i])
		if err != nil {
			return false
		}
		pk, err := secp256k1.ParsePublicKey(pubs[(i+1)%n])
		return err == nil && len(ecdh.SharedSecret(k, pk)) == 32
	}, func(i int) bool {
		_, ok := Ecdh(keys[i], pubs[(i+1)%n])
		return ok
	})
}
