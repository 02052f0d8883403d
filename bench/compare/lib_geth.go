package main

import (
	"crypto/sha256"

	geth "github.com/ethereum/go-ethereum/crypto/secp256k1"
)

// go-ethereum's crypto/secp256k1 compiles the libsecp256k1 source it bundles
// (0.6.0 and later commits, the recovery module only) through cgo. It
// offers ECDSA with recovery and k·P on big.Int coordinates; no BIP-340 or
// ECDH function (crypto/ecies does ECDH as below).
func newGeth() *Lib {
	l := &Lib{
		Name:    "geth",
		Label:   "go-ethereum v1.17.10",
		About:   "github.com/ethereum/go-ethereum/crypto/secp256k1 v1.17.10, cgo with its bundled libsecp256k1 0.6",
		SignRSV: true,
	}
	var seckeys [][]byte
	l.Load = func(d *Dataset) { seckeys = d.Seckeys }
	// S256().ScalarBaseMult is ScalarMult(G): libsecp256k1's constant-time
	// ecmult_const, not its k·G tables. It is what crypto.ToECDSA uses.
	l.Keygen = func(sk []byte) []byte {
		x, y := geth.S256().ScalarBaseMult(sk)
		if x == nil {
			return nil
		}
		return geth.CompressPubkey(x, y)
	}
	l.ECDSASign = func(k int, msg []byte) []byte {
		sig, err := geth.Sign(msg, seckeys[k])
		if err != nil {
			return nil
		}
		return sig
	}
	l.ECDSAVerify = func(pub, _, compact, msg []byte) bool {
		return geth.VerifySignature(pub, msg, compact)
	}
	l.ECDSARecover = func(rsv, msg []byte) []byte { // 65-byte uncompressed key
		pk, err := geth.RecoverPubkey(msg, rsv)
		if err != nil {
			return nil
		}
		return pk
	}
	l.ECDH = func(k int, pub []byte) []byte {
		x, y := geth.DecompressPubkey(pub)
		if x == nil {
			return nil
		}
		sx, sy := geth.S256().ScalarMult(x, y, seckeys[k])
		if sx == nil {
			return nil
		}
		s := sha256.Sum256(geth.CompressPubkey(sx, sy))
		return s[:]
	}
	return l
}
