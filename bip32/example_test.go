package bip32_test

import (
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1/bip32"
	"github.com/kestrel-crypto/secp256k1/musig2"
)

// A wallet derives its keys from a seed (here BIP-32's test vector 1; a
// real seed comes from BIP-39 or crypto/rand, and is secret).
func Example() {
	seed, err := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	if err != nil {
		panic(err)
	}
	master, err := bip32.NewMaster(seed, bip32.Mainnet)
	if err != nil {
		panic(err) // a seed of the wrong length, or (2⁻¹²⁷) an unusable one
	}
	key, err := master.DerivePath("m/0'/1/2'")
	if err != nil {
		panic(err)
	}
	fmt.Println(key)          // fmt never prints a private key
	fmt.Println(key.Base58()) // the explicit export
	xpub, _ := key.Neuter()
	fmt.Println(xpub) // a public key prints as its xpub
	fmt.Printf("depth %d, child %d, parent %08x\n", key.Depth(), key.ChildIndex()-bip32.HardenedKeyStart, key.ParentFingerprint())
	// Output:
	// bip32.ExtendedKey(private, REDACTED)
	// xprv9z4pot5VBttmtdRTWfWQmoH1taj2axGVzFqSb8C9xaxKymcFzXBDptWmT7FwuEzG3ryjH4ktypQSAewRiNMjANTtpgP4mLTj34bhnZX7UiM
	// xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5
	// depth 3, child 2, parent bef5a2f9
}

// A watch-only wallet holds an account xpub (here m/0'/1 of BIP-32's test
// vector 1) and derives receive keys from it with a relative path, without
// any private key. (The printed keys were checked with an independent
// Python CKDpub.)
func ExampleExtendedKey_DerivePath() {
	account, err := bip32.ParseExtendedKey("xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ")
	if err != nil {
		panic(err)
	}
	for i := range 3 {
		child, err := account.DerivePath(fmt.Sprintf("0/%d", i))
		if errors.Is(err, bip32.ErrInvalidChild) {
			continue // probability 2⁻¹²⁷: BIP-32 says to use the next index
		}
		if err != nil {
			panic(err)
		}
		fmt.Printf("0/%d %x\n", i, child.PublicKey().BytesCompressed())
	}
	// A hardened child needs the private key.
	_, err = account.DerivePath("0'")
	fmt.Println(err)
	// Output:
	// 0/0 034b6c8648fd6e08f9cd1e663fe6f0e1fb65b06b18748b2c26bd23583d0bc9e01c
	// 0/1 02943c52f94ef55ae574df5dd0a66326f4ad18227e725438c44dd26edf3ebbb290
	// 0/2 0279c7bf42c4bdfdcd1366c832bea5a2f3f28afd0184369d77f79dff74841872ae
	// bip32: a hardened child cannot be derived from a public extended key
}

// ParseExtendedKey checks every rule of BIP-32, with an error for each.
func ExampleParseExtendedKey() {
	// From BIP-32's test vector 5: an xpub version with a private key.
	_, err := bip32.ParseExtendedKey("xpub661MyMwAqRbcEYS8w7XLSVeEsBXy79zSzH1J8vCdxAZningWLdN3zgtU6LBpB85b3D2yc8sfvZU521AAwdZafEz7mnzBBsz4wKY5fTtTQBm")
	fmt.Println(errors.Is(err, bip32.ErrVersionMismatch))
	// A zpub (SLIP-132) parses with its versions given.
	zNet := bip32.Network{Private: 0x04B2430C, Public: 0x04B24746}
	xpub, _ := bip32.ParseExtendedKey("xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8")
	zpub, _ := xpub.WithNetwork(zNet)
	k, err := bip32.ParseExtendedKey(zpub.Base58(), zNet)
	fmt.Println(zpub.Base58()[:4], err, k.Equal(zpub))
	// Output:
	// true
	// zpub <nil> true
}

// BIP-328: the aggregate key of a MuSig2 group as an xpub, from which any
// party derives the group's keys, and the context that signs for one.
func ExampleMuSig2AggregateKey() {
	var keys [][]byte
	for _, s := range []string{
		"03935F972DA013F80AE011890FA89B67A27B7BE6CCB24D3274D18B2D4067F261A9",
		"02F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9",
	} {
		k, err := hex.DecodeString(s)
		if err != nil {
			panic(err)
		}
		keys = append(keys, k)
	}
	ctx, err := musig2.KeyAgg(keys)
	if err != nil {
		panic(err)
	}
	xpub, err := bip32.MuSig2AggregateKey(ctx, bip32.Mainnet)
	if err != nil {
		panic(err)
	}
	fmt.Println(xpub)
	child, _ := xpub.DerivePath("m/0/3")
	// The signers apply the derivation's tweaks to their context, and sign
	// for the child with sessions started from it.
	signing, err := bip32.MuSig2Derive(ctx, "m/0/3")
	if err != nil {
		panic(err)
	}
	fmt.Println(hex.EncodeToString(signing.PlainPublicKey()) == hex.EncodeToString(child.PublicKey().BytesCompressed()))
	// Output:
	// xpub661MyMwAqRbcFt6tk3uaczE1y6EvM1TqXvawXcYmFEWijEM4PDBnuCXwwXEKGEouzXE6QLLRxjatMcLLzJ5LV5Nib1BN7vJg6yp45yHHRbm
	// true
}
