package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/btcsuite/btcd/btcutil/hdkeychain"
	"github.com/btcsuite/btcd/chaincfg"
	"github.com/kestrel-crypto/secp256k1/bip32"
)

// TestHDAgreesWithHdkeychain derives keys along random paths from random
// seeds with Kestrel's bip32 and btcd's hdkeychain, on mainnet and testnet:
// the same xprv and xpub strings at every level, privately; the same xpub
// strings when the unhardened rest of a path is derived publicly from an
// xpub; and each library parses the other's strings back to its own.
func TestHDAgreesWithHdkeychain(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 0))
	n := 200
	if testing.Short() {
		n = 30
	}
	for c := range n {
		s := make([]byte, bip32.MinSeedBytes+r.IntN(bip32.MaxSeedBytes-bip32.MinSeedBytes+1))
		for i := range s {
			s[i] = byte(r.Uint32())
		}
		net, params := bip32.Mainnet, &chaincfg.MainNetParams
		if c%2 == 1 {
			net, params = bip32.Testnet, &chaincfg.TestNet3Params
		}
		k, err := bip32.NewMaster(s, net)
		if err != nil {
			t.Fatal(err)
		}
		h, err := hdkeychain.NewMaster(s, params)
		if err != nil {
			t.Fatal(err)
		}
		// A path of 1 to 6 levels, hardened ones only in its first part,
		// so that the rest can be derived publicly from the key above it.
		levels := 1 + r.IntN(6)
		pubFrom := r.IntN(levels + 1) // the levels from pubFrom on are unhardened
		var kpub *bip32.ExtendedKey
		var hpub *hdkeychain.ExtendedKey
		for level := range levels {
			i := r.Uint32N(bip32.HardenedKeyStart)
			if r.IntN(3) == 0 {
				i %= 10
			}
			if level < pubFrom && r.IntN(2) == 0 {
				i += bip32.HardenedKeyStart
			}
			if level == pubFrom {
				kpub, _ = k.Neuter()
				hpub, _ = h.Neuter()
			}
			if k, err = k.Derive(i); err != nil {
				t.Fatal(err)
			}
			if h, err = h.Derive(i); err != nil {
				t.Fatal(err)
			}
			kn, _ := k.Neuter()
			hn, _ := h.Neuter()
			if k.Base58() != h.String() || kn.Base58() != hn.String() {
				t.Fatalf("case %d, level %d, index %d: Kestrel %s %s, hdkeychain %s %s", c, level, i, k.Base58(), kn.Base58(), h.String(), hn.String())
			}
			if kpub != nil {
				if kpub, err = kpub.Derive(i); err != nil {
					t.Fatal(err)
				}
				if hpub, err = hpub.Derive(i); err != nil {
					t.Fatal(err)
				}
				if kpub.Base58() != hpub.String() || kpub.Base58() != kn.Base58() {
					t.Fatalf("case %d, level %d, index %d: public derivation: Kestrel %s, hdkeychain %s, private then neutered %s", c, level, i, kpub.Base58(), hpub.String(), kn.Base58())
				}
			}
			// Each parses the other's.
			for _, str := range []string{h.String(), hn.String()} {
				x, err := bip32.ParseExtendedKey(str)
				if err != nil || x.Base58() != str {
					t.Fatalf("Kestrel parses hdkeychain's %s: %v", str, err)
				}
			}
			for _, str := range []string{k.Base58(), kn.Base58()} {
				x, err := hdkeychain.NewKeyFromString(str)
				if err != nil || x.String() != str {
					t.Fatalf("hdkeychain parses Kestrel's %s: %v", str, err)
				}
			}
			kk, _ := k.PrivateKey()
			hk, _ := h.ECPrivKey()
			if !bytes.Equal(kk.Bytes(), hk.Serialize()) || k.Fingerprint() != fingerprint(t, h) {
				t.Fatalf("case %d, level %d: private keys or fingerprints differ", c, level)
			}
		}
	}
}

// fingerprint is hdkeychain's fingerprint of k: the parent fingerprint of
// a child.
func fingerprint(t *testing.T, k *hdkeychain.ExtendedKey) uint32 {
	c, err := k.Derive(0)
	if err != nil {
		t.Fatal(err)
	}
	return c.ParentFingerprint()
}

// The BIP-32 benchmarks, with the same work in both libraries: each
// operation derives one key (the child index i cycles through 0..999) and,
// in the out=pubkey sub-benchmarks, its 33-byte compressed public key,
// what a wallet needs for an address (hdkeychain's way to it is ECPubKey,
// which parses its serialized key); out=none derives only (a private child
// is then only HMAC-SHA512 and an addition in both libraries, which compute
// the child's public key lazily).
//
//   - BenchmarkHDDerivePathFromMaster: m/84'/0'/0'/0/i from the master key
//     each time, five derivations (the keys on the way compute their
//     public keys: four k·G, and the child's for out=pubkey).
//   - BenchmarkHDDeriveFromAccount: child i of the account key
//     m/84'/0'/0'/0, made beforehand with its public key computed.
//   - BenchmarkHDDerivePublic: public child i of the account xpub.
//
// Run them with
//
//	GOTOOLCHAIN=go1.26.10 go test -run '^$' -bench '^BenchmarkHD' -count 10 > hd.txt
//	benchstat -col /lib hd.txt

func BenchmarkHDDerivePathFromMaster(b *testing.B) {
	seed := bytes.Repeat([]byte{7}, 32)
	km, err := bip32.NewMaster(seed, bip32.Mainnet)
	if err != nil {
		b.Fatal(err)
	}
	hm, err := hdkeychain.NewMaster(seed, &chaincfg.MainNetParams)
	if err != nil {
		b.Fatal(err)
	}
	km.Fingerprint()
	hm.Neuter() // memoizes the master's public key, as Fingerprint does
	for _, out := range []string{"pubkey", "none"} {
		b.Run("lib=kestrel/out="+out, func(b *testing.B) {
			b.ReportAllocs()
			i := uint32(0)
			for b.Loop() {
				k := km
				for _, j := range append(accountPath[:4:4], i%1000) {
					if k, err = k.Derive(j); err != nil {
						b.Fatal(err)
					}
				}
				if out == "pubkey" {
					k.PublicKey().BytesCompressed()
				}
				i++
			}
		})
		b.Run("lib=hdkeychain/out="+out, func(b *testing.B) {
			b.ReportAllocs()
			i := uint32(0)
			for b.Loop() {
				k := hm
				for _, j := range append(accountPath[:4:4], i%1000) {
					if k, err = k.Derive(j); err != nil {
						b.Fatal(err)
					}
				}
				if out == "pubkey" && hdkeychainPub(k) == nil {
					b.Fatal("ECPubKey")
				}
				i++
			}
		})
	}
}

func BenchmarkHDDeriveFromAccount(b *testing.B) {
	seed := bytes.Repeat([]byte{7}, 32)
	ka, _ := kestrelAccount(seed)
	ha, _ := hdkeychainAccount(seed)
	for _, out := range []string{"pubkey", "none"} {
		b.Run("lib=kestrel/out="+out, func(b *testing.B) {
			b.ReportAllocs()
			i := uint32(0)
			for b.Loop() {
				k, err := ka.Derive(i % 1000)
				if err != nil {
					b.Fatal(err)
				}
				if out == "pubkey" {
					k.PublicKey().BytesCompressed()
				}
				i++
			}
		})
		b.Run("lib=hdkeychain/out="+out, func(b *testing.B) {
			b.ReportAllocs()
			i := uint32(0)
			for b.Loop() {
				k, err := ha.Derive(i % 1000)
				if err != nil {
					b.Fatal(err)
				}
				if out == "pubkey" && hdkeychainPub(k) == nil {
					b.Fatal("ECPubKey")
				}
				i++
			}
		})
	}
}

func BenchmarkHDDerivePublic(b *testing.B) {
	seed := bytes.Repeat([]byte{7}, 32)
	_, kx := kestrelAccount(seed)
	_, hx := hdkeychainAccount(seed)
	for _, out := range []string{"pubkey", "none"} {
		b.Run("lib=kestrel/out="+out, func(b *testing.B) {
			b.ReportAllocs()
			i := uint32(0)
			for b.Loop() {
				k, err := kx.Derive(i % 1000)
				if err != nil {
					b.Fatal(err)
				}
				if out == "pubkey" {
					k.PublicKey().BytesCompressed()
				}
				i++
			}
		})
		b.Run("lib=hdkeychain/out="+out, func(b *testing.B) {
			b.ReportAllocs()
			i := uint32(0)
			for b.Loop() {
				k, err := hx.Derive(i % 1000)
				if err != nil {
					b.Fatal(err)
				}
				if out == "pubkey" && hdkeychainPub(k) == nil {
					b.Fatal("ECPubKey")
				}
				i++
			}
		})
	}
}

// TestHDBenchmarksAgree checks that the two libraries' benchmark loops
// compute the same keys.
func TestHDBenchmarksAgree(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, 32)
	ka, kx := kestrelAccount(seed)
	ha, hx := hdkeychainAccount(seed)
	for _, i := range []uint32{0, 1, 999} {
		kc, _ := ka.Derive(i)
		hc, _ := ha.Derive(i)
		kp, _ := kx.Derive(i)
		hp, _ := hx.Derive(i)
		want := kc.PublicKey().BytesCompressed()
		for name, got := range map[string][]byte{"hdkeychain private": hdkeychainPub(hc), "Kestrel public": kp.PublicKey().BytesCompressed(), "hdkeychain public": hdkeychainPub(hp)} {
			if !bytes.Equal(got, want) {
				t.Errorf("child %d: %s %x, Kestrel private %x", i, name, got, want)
			}
		}
	}
	if fmt.Sprint(kx) != hx.String() {
		t.Errorf("account xpubs differ: %v, %s", kx, hx.String())
	}
}

// BenchmarkHDDeriveRange is the workload as one call: the 1000
// receive keys m/84'/0'/0'/0/0..999 from the account key, and the 1000
// public children of its xpub, each child's compressed public key
// computed; Kestrel's DeriveRange (one inversion for the range) against
// hdkeychain's Derive and ECPubKey in a loop. ns/op is per range; ns/key
// per child.
func BenchmarkHDDeriveRange(b *testing.B) {
	seed := bytes.Repeat([]byte{7}, 32)
	ka, kx := kestrelAccount(seed)
	ha, hx := hdkeychainAccount(seed)
	const n = 1000
	report := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/key")
	}
	for _, c := range []struct {
		name string
		k    *bip32.ExtendedKey
		h    *hdkeychain.ExtendedKey
	}{{"priv", ka, ha}, {"pub", kx, hx}} {
		b.Run("keys="+c.name+"/lib=kestrel", func(b *testing.B) {
			for b.Loop() {
				children, err := c.k.DeriveRange(0, n)
				if err != nil {
					b.Fatal(err)
				}
				for _, k := range children {
					k.PublicKey().BytesCompressed()
				}
			}
			report(b)
		})
		b.Run("keys="+c.name+"/lib=hdkeychain", func(b *testing.B) {
			for b.Loop() {
				for i := range uint32(n) {
					k, err := c.h.Derive(i)
					if err != nil {
						b.Fatal(err)
					}
					if hdkeychainPub(k) == nil {
						b.Fatal("ECPubKey")
					}
				}
			}
			report(b)
		})
	}
}
