package btcaddr

import "strconv"

// Network is a Bitcoin network: it fixes the human-readable part of segwit
// addresses and the version bytes of Base58Check ones. Testnet and Signet
// share every encoding, and Regtest shares the Base58Check version bytes of
// both, so a parsed address cannot always tell them apart (see
// Address.Network and Address.IsForNetwork). The zero value is no network.
type Network int

// The networks, with their segwit human-readable part and the version bytes
// of their P2PKH and P2SH addresses (Bitcoin Core's chainparams).
const (
	Mainnet Network = iota + 1 // "bc", 0x00, 0x05
	Testnet                    // testnet3 and testnet4: "tb", 0x6f, 0xc4
	Signet                     // "tb", 0x6f, 0xc4, as Testnet
	Regtest                    // "bcrt", 0x6f, 0xc4
)

// encoding is what a network's addresses look like.
type encoding struct {
	hrp         string // segwit human-readable part
	p2pkh, p2sh byte   // Base58Check version bytes
}

// encoding returns n's encoding, and false for a value that is not one of
// the constants.
func (n Network) encoding() (encoding, bool) {
	switch n {
	case Mainnet:
		return encoding{"bc", 0x00, 0x05}, true
	case Testnet, Signet:
		return encoding{"tb", 0x6f, 0xc4}, true
	case Regtest:
		return encoding{"bcrt", 0x6f, 0xc4}, true
	}
	return encoding{}, false
}

// String returns the network's name: "mainnet", "testnet", "signet" or
// "regtest", or "Network(n)" for another value.
func (n Network) String() string {
	switch n {
	case Mainnet:
		return "mainnet"
	case Testnet:
		return "testnet"
	case Signet:
		return "signet"
	case Regtest:
		return "regtest"
	}
	return "Network(" + strconv.Itoa(int(n)) + ")"
}

// Kind is the type of an address's scriptPubKey. The zero value is no kind.
type Kind int

// The kinds of address.
const (
	P2PKH          Kind = iota + 1 // pay to public key hash: OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG
	P2SH                           // pay to script hash (BIP-16): OP_HASH160 <20> OP_EQUAL
	P2WPKH                         // segwit v0 key hash (BIP-141): OP_0 <20>
	P2WSH                          // segwit v0 script hash (BIP-141): OP_0 <32>
	P2TR                           // segwit v1 taproot output key (BIP-341): OP_1 <32>
	WitnessUnknown                 // a segwit program of no defined meaning: v1 not 32 bytes, v2–v16
)

// String returns the kind's name as Bitcoin Core's descriptors and the
// BIP-322 vectors write it ("p2pkh", "p2sh", "p2wpkh", "p2wsh", "p2tr"),
// "witness_unknown", or "Kind(n)" for another value.
func (k Kind) String() string {
	switch k {
	case P2PKH:
		return "p2pkh"
	case P2SH:
		return "p2sh"
	case P2WPKH:
		return "p2wpkh"
	case P2WSH:
		return "p2wsh"
	case P2TR:
		return "p2tr"
	case WitnessUnknown:
		return "witness_unknown"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}
