package main

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/ellswift"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

func newKestrel() *Lib {
	l := &Lib{
		Name:  "kestrel",
		Label: "Kestrel",
		About: "Kestrel (this repository), pure Go + amd64 assembly",
	}
	var (
		keys     []*secp256k1.PrivateKey
		pubs     []*secp256k1.PublicKey
		keypairs []*schnorr.Keypair
	)
	l.Load = func(d *Dataset) {
		keys, pubs, keypairs = nil, nil, nil
		for _, sk := range d.Seckeys {
			k, err := secp256k1.NewPrivateKey(sk)
			must(err)
			keys = append(keys, k)
			pubs = append(pubs, k.PublicKey())
			keypairs = append(keypairs, schnorr.NewKeypair(k))
		}
	}
	l.Keygen = func(sk []byte) []byte {
		k, err := secp256k1.NewPrivateKey(sk)
		if err != nil {
			return nil
		}
		return k.PublicKey().BytesCompressed()
	}
	l.ECDSASign = func(k int, msg []byte) []byte {
		sig, err := ecdsa.Sign(keys[k], msg)
		if err != nil {
			return nil
		}
		return sig.DER()
	}
	l.ECDSAVerify = func(pub, der, _, msg []byte) bool {
		pk, err := secp256k1.ParsePublicKey(pub)
		if err != nil {
			return false
		}
		sig, err := ecdsa.ParseDERSignature(der)
		return err == nil && ecdsa.Verify(pk, msg, sig)
	}
	l.ECDSARecover = func(rsv, msg []byte) []byte {
		pk, err := ecdsa.RecoverPublicKey(msg, rsv)
		if err != nil {
			return nil
		}
		return pk.BytesCompressed()
	}
	l.ECDH = func(k int, pub []byte) []byte {
		pk, err := secp256k1.ParsePublicKey(pub)
		if err != nil {
			return nil
		}
		return ecdh.SharedSecret(keys[k], pk)
	}
	l.SchnorrSign = func(k int, msg, aux []byte) []byte {
		sig, err := keypairs[k].Sign(msg, aux)
		if err != nil {
			return nil
		}
		return sig
	}
	l.SchnorrVerify = func(xonly, sig, msg []byte) bool {
		pk, err := schnorr.ParsePublicKey(xonly)
		return err == nil && schnorr.Verify(pk, msg, sig)
	}
	l.EllEncode = func(k int, rnd []byte) []byte {
		enc, err := ellswift.Encode(pubs[k], rnd)
		if err != nil {
			return nil
		}
		return enc
	}
	l.EllDecode = func(enc []byte) []byte {
		pk, err := ellswift.Decode(enc)
		if err != nil {
			return nil
		}
		return pk.BytesCompressed()
	}
	l.EllCreate = func(k int, aux []byte) []byte {
		enc, err := ellswift.Create(keys[k], aux)
		if err != nil {
			return nil
		}
		return enc
	}
	l.EllXDH = func(k int, ellA, ellB []byte, initiating bool) []byte {
		s, err := ellswift.XDH(ellA, ellB, keys[k], initiating)
		if err != nil {
			return nil
		}
		return s
	}
	l.MuSig2 = func(k0, k1 int, msg []byte) ([]byte, []byte) {
		agg, sig, err := kestrelMuSig2([2]*secp256k1.PrivateKey{keys[k0], keys[k1]}, msg)
		if err != nil {
			return nil, nil
		}
		return agg, sig
	}
	addKestrelHD(l)
	return l
}
