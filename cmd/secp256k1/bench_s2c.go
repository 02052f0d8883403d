package main

import (
	"crypto/sha256"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/s2c"
)

// s2cRows are the rows of secp256k1-zkp's ecdsa_s2c module: sign-to-contract
// signing (ecdsa_sign with the nonce tweaked by a commitment: one more k·G)
// and the anti-exfil host's check of a device's signature (a commitment
// check and ecdsa_verify).
func s2cRows() []benchRow {
	h := sha256.Sum256([]byte("bench s2c key"))
	k, err := secp256k1.NewPrivateKey(h[:])
	if err != nil {
		panic(err)
	}
	pub := k.PublicKey()
	msg := sha256.Sum256([]byte("bench message"))
	rho := sha256.Sum256([]byte("bench host randomness"))
	hc, err := s2c.HostCommit(rho[:])
	if err != nil {
		panic(err)
	}
	op, err := s2c.SignerCommit(k, msg[:], hc)
	if err != nil {
		panic(err)
	}
	sig, err := s2c.AntiExfilSign(k, msg[:], rho[:])
	if err != nil {
		panic(err)
	}
	return []benchRow{
		{name: "ecdsa_s2c_sign", iters: 20000, run: func(n int) {
			for range n {
				if _, _, err := s2c.Sign(k, msg[:], rho[:]); err != nil {
					panic(err)
				}
			}
		}},
		{name: "ecdsa_anti_exfil_host_verify", iters: 10000, run: func(n int) {
			for range n {
				if err := s2c.HostVerify(sig, pub, msg[:], rho[:], op); err != nil {
					panic(err)
				}
			}
		}},
	}
}
