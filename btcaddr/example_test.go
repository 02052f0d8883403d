package btcaddr_test

import (
	"encoding/hex"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

func Example() {
	// The addresses of one key (here the key 1, whose public key is G).
	one := make([]byte, 32)
	one[31] = 1
	k, err := secp256k1.NewPrivateKey(one)
	if err != nil {
		panic(err)
	}
	pub := k.PublicKey()

	p2pkh, _ := btcaddr.NewP2PKH(pub, true, btcaddr.Mainnet)
	p2wpkh, _ := btcaddr.NewP2WPKH(pub, btcaddr.Mainnet)
	nested, _ := btcaddr.NewP2SHP2WPKH(pub, btcaddr.Mainnet)
	p2tr, _ := btcaddr.NewP2TRBIP86(pub, btcaddr.Mainnet)
	regtest, _ := btcaddr.NewP2WPKH(pub, btcaddr.Regtest)
	for _, a := range []*btcaddr.Address{p2pkh, p2wpkh, nested, p2tr, regtest} {
		fmt.Println(a.Kind(), a)
	}
	// Output:
	// p2pkh 1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH
	// p2wpkh bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4
	// p2sh 3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN
	// p2tr bc1pmfr3p9j00pfxjh0zmgp99y8zftmd3s5pmedqhyptwy6lm87hf5sspknck9
	// p2wpkh bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080
}

func ExampleParse() {
	a, err := btcaddr.Parse("tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c")
	if err != nil {
		panic(err)
	}
	fmt.Println(a.Kind(), a.WitnessVersion(), a.IsForNetwork(btcaddr.Signet), a.IsForNetwork(btcaddr.Mainnet))
	fmt.Println(hex.EncodeToString(a.ScriptPubKey()))

	_, err = btcaddr.Parse("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh") // a bech32m checksum
	fmt.Println(err)
	// Output:
	// p2tr 1 true false
	// 5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433
	// btcaddr: invalid address: a version 0 address has a bech32 checksum, not bech32m
}

func ExampleParseWIF() {
	// A wallet's WIF export of the key 1: compressed, mainnet.
	k, compressed, net, err := btcaddr.ParseWIF("KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn")
	if err != nil {
		panic(err)
	}
	a, _ := btcaddr.NewP2PKH(k.PublicKey(), compressed, net)
	fmt.Println(compressed, net, a)

	testnet, _ := btcaddr.EncodeWIF(k, compressed, btcaddr.Testnet)
	fmt.Println(testnet)
	// Output:
	// true mainnet 1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH
	// cMahea7zqjxrtgAbB7LSGbcQUr1uX1ojuat9jZodMN87JcbXMTcA
}
