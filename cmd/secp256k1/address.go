package main

import (
	"fmt"
	"io"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

// addresses is the output of address, and a field of hd's JSON: the
// Bitcoin addresses of one key, of every type or of the one asked for.
type addresses struct {
	P2PKH      string `json:"p2pkh,omitempty"`
	P2WPKH     string `json:"p2wpkh,omitempty"`
	P2SHP2WPKH string `json:"p2sh-p2wpkh,omitempty"`
	P2TR       string `json:"p2tr,omitempty"`

	one bool // as text, the address alone, without its type
}

// addressTypes are the types of address, as the address command and the
// JSON name them.
var addressTypes = []string{"p2pkh", "p2wpkh", "p2sh-p2wpkh", "p2tr"}

// keyAddresses returns the addresses of pub for net: of the type typ, or
// of every type for "". P2PKH hashes the compressed or the uncompressed
// encoding of pub, as compressed says.
func keyAddresses(pub *secp256k1.PublicKey, compressed bool, net btcaddr.Network, typ string) (*addresses, error) {
	a := &addresses{one: typ != ""}
	for _, t := range addressTypes {
		if typ != "" && t != typ {
			continue
		}
		var addr *btcaddr.Address
		var err error
		switch t {
		case "p2pkh":
			addr, err = btcaddr.NewP2PKH(pub, compressed, net)
		case "p2wpkh":
			addr, err = btcaddr.NewP2WPKH(pub, net)
		case "p2sh-p2wpkh":
			addr, err = btcaddr.NewP2SHP2WPKH(pub, net)
		case "p2tr":
			addr, err = btcaddr.NewP2TRBIP86(pub, net)
		}
		if err != nil {
			return nil, err
		}
		*a.field(t) = addr.String()
	}
	return a, nil
}

// field returns the field of the address of type t.
func (a *addresses) field(t string) *string {
	switch t {
	case "p2pkh":
		return &a.P2PKH
	case "p2wpkh":
		return &a.P2WPKH
	case "p2sh-p2wpkh":
		return &a.P2SHP2WPKH
	}
	return &a.P2TR
}

func (a *addresses) text(w io.Writer) {
	for _, t := range addressTypes {
		switch s := *a.field(t); {
		case s == "":
		case a.one:
			fprintf(w, "%s\n", s)
		default:
			fprintf(w, "%-11s %s\n", t, s)
		}
	}
}

// runAddress is the address command: the addresses of a public key, a
// private key or a WIF.
func runAddress(c *context) (output, error) {
	b, w := c.args[0], c.wifs[0]
	net := btcaddr.Mainnet
	if c.opts.testnet {
		net = btcaddr.Testnet
	}
	var pub *secp256k1.PublicKey
	compressed := true
	switch {
	case w != nil:
		if c.opts.testnet && w.net != btcaddr.Testnet {
			return nil, fmt.Errorf("-testnet: the WIF is a %v key, and its addresses are of its network", w.net)
		}
		net, compressed = w.net, w.compressed
		fallthrough
	case len(b) == 32:
		k, err := c.privateKey(0)
		if err != nil {
			return nil, err
		}
		pub = k.PublicKey()
	case len(b) == 33 || len(b) == 65:
		var err error
		if pub, err = c.publicKey(0); err != nil {
			return nil, err
		}
		compressed = len(b) == 33
	default:
		return nil, fmt.Errorf("%s: want a private key (32 bytes, or a WIF) or a public key (33 or 65 bytes), got %s", c.labels[0], byteCount(len(b)))
	}
	typ := ""
	if len(c.args) > 1 {
		typ = string(c.args[1])
	}
	return keyAddresses(pub, compressed, net, typ)
}
