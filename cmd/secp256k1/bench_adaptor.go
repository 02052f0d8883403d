package main

import (
	"crypto/sha256"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/adaptor"
)

// adaptorRows are the adaptor_* rows of the main group: BIP-340 adaptor
// pre-signatures (pre-sign, pre-verify, adapt, extract) and secp256k1-zkp's
// ECDSA adaptor signatures (encrypt, verify, decrypt, recover), for
// comparison with the schnorrsig_* and ecdsa_* rows: adaptor_ecdsa_verify
// is one DLEQ proof check and one ECDSA-like check.
func adaptorRows() []benchRow {
	h := sha256.Sum256([]byte("bench adaptor key"))
	k, err := secp256k1.NewPrivateKey(h[:])
	if err != nil {
		panic(err)
	}
	h = sha256.Sum256([]byte("bench adaptor secret"))
	t, err := secp256k1.NewPrivateKey(h[:])
	if err != nil {
		panic(err)
	}
	pub, T := k.PublicKey(), t.PublicKey()
	msg := sha256.Sum256([]byte("bench message"))
	aux := make([]byte, 32)
	pre, err := adaptor.SchnorrPreSign(k, msg[:], T, aux)
	if err != nil {
		panic(err)
	}
	sig, err := pre.Adapt(t)
	if err != nil {
		panic(err)
	}
	enc, err := adaptor.ECDSAEncrypt(k, msg[:], T, aux)
	if err != nil {
		panic(err)
	}
	dec, err := enc.Decrypt(t)
	if err != nil {
		panic(err)
	}
	return []benchRow{
		{name: "adaptor_schnorr_presign", iters: 20000, run: func(n int) {
			for range n {
				if _, err := adaptor.SchnorrPreSign(k, msg[:], T, aux); err != nil {
					panic(err)
				}
			}
		}},
		{name: "adaptor_schnorr_preverify", iters: 20000, run: func(n int) {
			for range n {
				if !adaptor.SchnorrPreVerify(pub, msg[:], T, pre) {
					panic("adaptor_schnorr_preverify: invalid")
				}
			}
		}},
		{name: "adaptor_schnorr_adapt", iters: 200000, run: func(n int) {
			for range n {
				if _, err := pre.Adapt(t); err != nil {
					panic(err)
				}
			}
		}},
		{name: "adaptor_schnorr_extract", iters: 200000, run: func(n int) {
			for range n {
				if _, err := pre.Extract(sig); err != nil {
					panic(err)
				}
			}
		}},
		{name: "adaptor_ecdsa_encrypt", iters: 10000, run: func(n int) {
			for range n {
				if _, err := adaptor.ECDSAEncrypt(k, msg[:], T, aux); err != nil {
					panic(err)
				}
			}
		}},
		{name: "adaptor_ecdsa_verify", iters: 10000, run: func(n int) {
			for range n {
				if !adaptor.ECDSAVerify(pub, msg[:], T, enc) {
					panic("adaptor_ecdsa_verify: invalid")
				}
			}
		}},
		{name: "adaptor_ecdsa_decrypt", iters: 20000, run: func(n int) {
			for range n {
				if _, err := enc.Decrypt(t); err != nil {
					panic(err)
				}
			}
		}},
		{name: "adaptor_ecdsa_recover", iters: 20000, run: func(n int) {
			for range n {
				if _, err := enc.Recover(dec, T); err != nil {
					panic(err)
				}
			}
		}},
	}
}
