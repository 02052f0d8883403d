package btcaddr

import (
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/base58"
)

// ErrWIF is returned by ParseWIF for a string that is not a WIF private
// key: not Base58Check, a payload other than a version byte, the 32-byte
// key and an optional 0x01, or a version byte other than 0x80 and 0xef.
// For a key of 0 or not less than n the error also matches
// secp256k1.ErrPrivateKey.
var ErrWIF = errors.New("btcaddr: invalid WIF private key")

// The version bytes of WIF private keys (Bitcoin Core's chainparams).
const (
	wifMainnet = 0x80
	wifTestnet = 0xef // testnet, signet and regtest
)

// ParseWIF decodes a private key in Wallet Import Format: the Base58Check
// string of a version byte (0x80 for Mainnet, 0xef for the test networks),
// the 32-byte big-endian key, and a 0x01 byte if the key's addresses are
// made from its compressed public key (the only form of a WIF that starts
// with K, L or c; an uncompressed one starts with 5 or 9). It returns the
// key, that flag, and the network: Mainnet, or Testnet for 0xef, which
// Signet and Regtest share. An error matches ErrWIF.
//
// Parsing is not constant time (Base58's conversion), and s, a Go string,
// cannot be wiped: parse a WIF only where a key is imported on purpose.
func ParseWIF(s string) (k *secp256k1.PrivateKey, compressed bool, net Network, err error) {
	payload, err := base58.CheckDecode(s)
	switch {
	case errors.Is(err, base58.ErrChecksum):
		return nil, false, 0, fmt.Errorf("%w: Base58Check checksum mismatch", ErrWIF)
	case err != nil:
		return nil, false, 0, fmt.Errorf("%w: not a Base58 string", ErrWIF)
	}
	defer clear(payload)
	switch {
	case len(payload) == 34 && payload[33] == 0x01:
		compressed = true
	case len(payload) == 34:
		return nil, false, 0, fmt.Errorf("%w: the byte after the key is 0x%02x (want 0x01, for a compressed public key)", ErrWIF, payload[33])
	case len(payload) != 33:
		return nil, false, 0, fmt.Errorf("%w: Base58Check payload of %d bytes (want a version byte, 32 key bytes and an optional 0x01)", ErrWIF, len(payload))
	}
	switch payload[0] {
	case wifMainnet:
		net = Mainnet
	case wifTestnet:
		net = Testnet
	default:
		return nil, false, 0, fmt.Errorf("%w: version byte 0x%02x (want 0x80 or 0xef)", ErrWIF, payload[0])
	}
	k, err = secp256k1.NewPrivateKey(payload[1:33])
	if err != nil {
		return nil, false, 0, fmt.Errorf("%w: %w", ErrWIF, err)
	}
	return k, compressed, net, nil
}

// EncodeWIF returns the Wallet Import Format string of k for the network
// net (version byte 0x80 for Mainnet, 0xef for the others), with the 0x01
// byte of a compressed public key if compressed is set: the form that
// ParseWIF decodes, and wallets import. It returns
// secp256k1.ErrUninitialized for a nil or zero-value key and ErrNetwork for
// a Network that is not one of the constants.
//
// This is the explicit way to export a private key as text; like ParseWIF
// it is not constant time.
func EncodeWIF(k *secp256k1.PrivateKey, compressed bool, net Network) (string, error) {
	if err := k.Validate(); err != nil {
		return "", err
	}
	version := byte(wifTestnet)
	switch net {
	case Mainnet:
		version = wifMainnet
	case Testnet, Signet, Regtest:
	default:
		return "", fmt.Errorf("%w: %v", ErrNetwork, net)
	}
	var buf [34]byte
	buf[0] = version
	key := k.Bytes()
	copy(buf[1:33], key)
	clear(key)
	payload := buf[:33]
	if compressed {
		buf[33] = 0x01
		payload = buf[:34]
	}
	s := base58.CheckEncode(payload)
	clear(buf[:])
	return s, nil
}
