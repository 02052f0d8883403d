package btcaddr

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// WIF strings of known keys: the key 1 in each form (checked with an
// independent Python Base58Check), and the Bitcoin wiki's "Wallet import
// format" example key, uncompressed as the wiki gives it and compressed.
var wifVectors = []struct {
	wif, key   string
	compressed bool
	net        Network
}{
	{"KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn", "0000000000000000000000000000000000000000000000000000000000000001", true, Mainnet},
	{"5HpHagT65TZzG1PH3CSu63k8DbpvD8s5ip4nEB3kEsreAnchuDf", "0000000000000000000000000000000000000000000000000000000000000001", false, Mainnet},
	{"cMahea7zqjxrtgAbB7LSGbcQUr1uX1ojuat9jZodMN87JcbXMTcA", "0000000000000000000000000000000000000000000000000000000000000001", true, Testnet},
	{"91avARGdfge8E4tZfYLoxeJ5sGBdNJQH4kvjJoQFacbgwmaKkrx", "0000000000000000000000000000000000000000000000000000000000000001", false, Testnet},
	{"5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ", "0c28fca386c7a227600b2fe50b7cae11ec86d3bf1fbe471be89827e19d72aa1d", false, Mainnet},
	{"KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617", "0c28fca386c7a227600b2fe50b7cae11ec86d3bf1fbe471be89827e19d72aa1d", true, Mainnet},
	{"L5oLkpV3aqBjhki6LmvChTCV6odsp4SXM6FfU2Gppt5kFLaHLuZ9", "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140", true, Mainnet}, // n − 1
}

func TestWIFVectors(t *testing.T) {
	for _, v := range wifVectors {
		k, compressed, net, err := ParseWIF(v.wif)
		if err != nil {
			t.Errorf("ParseWIF(%s): %v", v.wif, err)
			continue
		}
		if got := hex.EncodeToString(k.Bytes()); got != v.key || compressed != v.compressed || net != v.net {
			t.Errorf("ParseWIF(%s) = %s, %t, %v; want %s, %t, %v", v.wif, got, compressed, net, v.key, v.compressed, v.net)
		}
		enc, err := EncodeWIF(k, v.compressed, v.net)
		if err != nil || enc != v.wif {
			t.Errorf("EncodeWIF(%s, %t, %v) = %q, %v; want %s", v.key, v.compressed, v.net, enc, err, v.wif)
		}
	}
	// Signet and Regtest share Testnet's version byte.
	k, _, _, _ := ParseWIF(wifVectors[0].wif)
	for _, net := range []Network{Signet, Regtest} {
		if enc, err := EncodeWIF(k, true, net); err != nil || enc != wifVectors[2].wif {
			t.Errorf("EncodeWIF(1, %v) = %q, %v; want %s", net, enc, err, wifVectors[2].wif)
		}
	}
}

// The WIF keys of BIP-322's single-key vectors and of Bitcoin Core's
// signmessagewithprivkey test have the addresses the vectors give.
func TestWIFAddresses(t *testing.T) {
	check := func(wif, typ, want string) {
		t.Helper()
		k, compressed, net, err := ParseWIF(wif)
		if err != nil {
			t.Fatalf("ParseWIF(%s): %v", wif, err)
		}
		pub := k.PublicKey()
		var a *Address
		switch typ {
		case "p2pkh":
			a, err = NewP2PKH(pub, compressed, net)
		case "p2wpkh":
			a, err = NewP2WPKH(pub, net)
		case "p2sh-p2wpkh":
			a, err = NewP2SHP2WPKH(pub, net)
		case "p2tr":
			a, err = NewP2TRBIP86(pub, net)
		}
		if err != nil || a.String() != want {
			t.Errorf("%s address of %s = %v, %v; want %s", typ, wif, a, err, want)
		}
	}
	check("cUeKHd5orzT3mz8P9pxyREHfsWtVfgsfDjiZZBcjUBAaGk1BTj7N", "p2pkh", "mpLQjfK79b7CCV4VMJWEWAj5Mpx8Up5zxB")
	n := 1
	for _, file := range []string{"basic", "generated"} {
		var f map[string][]struct {
			PrivateKeys []string `json:"private_keys"`
			Address     string   `json:"address"`
			Type        string   `json:"type"`
		}
		testref.JSON(t, "../testdata/bip-0322/"+file+"-test-vectors.json", &f)
		for _, section := range []string{"simple", "full"} {
			for _, v := range f[section] {
				switch v.Type {
				case "p2pkh", "p2wpkh", "p2sh-p2wpkh", "p2tr":
					check(v.PrivateKeys[0], v.Type, v.Address)
					n++
				}
			}
		}
	}
	if n < 10 {
		t.Errorf("%d keys checked", n)
	}
}

func TestWIFErrors(t *testing.T) {
	for _, c := range []struct {
		s, why string
		err    error
	}{
		{"", "empty", ErrWIF},
		{"KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWm", "checksum", ErrWIF},
		{"KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoW0", "0 is not Base58", ErrWIF},
		{"KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sfZr2ym", "suffix 0x02", ErrWIF},
		{"11111111111111111111111111111111W3xrUjb", "version 0x00, a 34-byte payload", ErrWIF},
		{"2SaK6n3GY7WKrHRSyvhrn1k6zdzeAMmNBXH5PtXqoENrdhfi68hfwW", "35 bytes", ErrWIF},
		{"1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", "an address", ErrWIF},
		{"KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73Nd2Mcv1", "the key 0", secp256k1.ErrPrivateKey},
		{"L5oLkpV3aqBjhki6LmvChTCV6odsp4SXM6FfU2Gppt5kFqRzExJJ", "the key n", secp256k1.ErrPrivateKey},
		{"xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi", "an xprv", ErrWIF},
	} {
		k, compressed, net, err := ParseWIF(c.s)
		if !errors.Is(err, c.err) || !errors.Is(err, ErrWIF) || k != nil || compressed || net != 0 {
			t.Errorf("ParseWIF(%q) (%s) = %v, %t, %v, %v; want %v", c.s, c.why, k, compressed, net, err, c.err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "btcaddr: invalid WIF private key: ") {
			t.Errorf("ParseWIF(%q): %q", c.s, err)
		}
	}
	one := make([]byte, 32)
	one[31] = 1
	k, _ := secp256k1.NewPrivateKey(one)
	for _, net := range []Network{0, 5} {
		if s, err := EncodeWIF(k, true, net); !errors.Is(err, ErrNetwork) || s != "" {
			t.Errorf("EncodeWIF(network %d) = %q, %v", net, s, err)
		}
	}
	for _, k := range []*secp256k1.PrivateKey{nil, new(secp256k1.PrivateKey)} {
		if s, err := EncodeWIF(k, true, Mainnet); !errors.Is(err, secp256k1.ErrUninitialized) || s != "" {
			t.Errorf("EncodeWIF(%#v) = %q, %v", k, s, err)
		}
	}
}
