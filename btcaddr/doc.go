// Package btcaddr encodes and decodes the Bitcoin addresses of single keys
// and their scriptPubKeys: P2PKH and P2SH (Base58Check), P2WPKH and P2WSH
// (segwit version 0, bech32, BIP-173) and P2TR (segwit version 1, bech32m,
// BIP-350, BIP-341), with BIP-86's key-path-only taproot output, for
// mainnet, testnet, signet and regtest. It is what message signing (package
// bip322) needs to go from an address to a script and from a key to an
// address; it is not a wallet: it builds no multisig or script-tree
// addresses, though it parses every segwit address of BIP-350, versions 2
// to 16 included, as BIP-350 asks. ParseWIF and EncodeWIF read and write
// the Wallet Import Format, the text in which wallets export one private
// key, with the network and the compression flag that picks its P2PKH
// address.
//
// Addresses are public, and everything here is variable time: a WIF, which
// is not, is parsed and encoded only where a key is imported or exported on
// purpose.
//
// The zero value of Address is not an address: Validate and MarshalText
// return secp256k1.ErrUninitialized for it, String returns
// "<uninitialized>", and the other methods panic with a message naming the
// type. Parse and the constructors never return one.
package btcaddr
