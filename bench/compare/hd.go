package main

import (
	"github.com/btcsuite/btcd/btcutil/hdkeychain"
	"github.com/btcsuite/btcd/chaincfg"
	"github.com/kestrel-crypto/secp256k1/bip32"
)

// BIP-32 in Kestrel's bip32 and btcd's btcutil/hdkeychain (v1.2.0, on
// btcec v2.5.1; in the btcec column). The rows derive from an account key
// m/84'/0'/0'/0 that Load makes, as a wallet deriving receive keys holds it,
// with its public key computed (both libraries cache it in the key).

// accountPath is the path of the account keys, BIP-84's first external
// chain.
var accountPath = []uint32{84 + bip32.HardenedKeyStart, bip32.HardenedKeyStart, bip32.HardenedKeyStart, 0}

// addHdkeychain adds hdkeychain's BIP-32 operations to l.
func addHdkeychain(l *Lib) {
	var accounts, xpubs []*hdkeychain.ExtendedKey
	load := l.Load
	l.Load = func(d *Dataset) {
		load(d)
		accounts, xpubs = nil, nil
		for _, seed := range d.Seckeys {
			a, x := hdkeychainAccount(seed)
			accounts, xpubs = append(accounts, a), append(xpubs, x)
		}
	}
	l.HDAccount = func(k int) (string, string) { return accounts[k].String(), xpubs[k].String() }
	l.HDDerivePriv = func(k int, i uint32) []byte {
		c, err := accounts[k].Derive(i)
		if err != nil {
			return nil
		}
		return hdkeychainPub(c)
	}
	l.HDDerivePub = func(k int, i uint32) []byte {
		c, err := xpubs[k].Derive(i)
		if err != nil {
			return nil
		}
		return hdkeychainPub(c)
	}
}

// hdkeychainAccount is kestrelAccount with hdkeychain.
func hdkeychainAccount(seed []byte) (account, xpub *hdkeychain.ExtendedKey) {
	k, err := hdkeychain.NewMaster(seed, &chaincfg.MainNetParams)
	must(err)
	for _, i := range accountPath {
		k, err = k.Derive(i)
		must(err)
	}
	xpub, err = k.Neuter() // computes and memoizes k's public key
	must(err)
	return k, xpub
}

// hdkeychainPub returns the compressed public key of k: hdkeychain's way to
// it is ECPubKey, which parses the key's serialized public key.
func hdkeychainPub(k *hdkeychain.ExtendedKey) []byte {
	pub, err := k.ECPubKey()
	if err != nil {
		return nil
	}
	return pub.SerializeCompressed()
}

// checkHD compares the libraries' account keys and children for case i:
// the same xprv and xpub strings, and the same child public key whether
// derived privately or publicly, by any library.
func (c *checker) checkHD(libs []*Lib, i int) {
	var xprvs, xpubs, children []value
	for _, l := range libs {
		if l.HDAccount != nil {
			xprv, xpub := l.HDAccount(i)
			xprvs = append(xprvs, value{l.Name, []byte(xprv)})
			xpubs = append(xpubs, value{l.Name, []byte(xpub)})
		}
		if l.HDDerivePriv != nil {
			children = append(children, value{l.Name + " private", l.HDDerivePriv(i, uint32(i))})
		}
		if l.HDDerivePub != nil {
			children = append(children, value{l.Name + " public", l.HDDerivePub(i, uint32(i))})
		}
	}
	c.agree("hd_account", i, "account xprv strings", xprvs)
	c.agree("hd_account", i, "account xpub strings", xpubs)
	c.agree("hd_derive", i, "child public keys", children)
}
