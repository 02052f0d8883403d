package silentpayments

import (
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/bech32"
)

// Human-readable parts of silent payment addresses (BIP-352 "Address
// encoding").
const (
	MainnetHRP = "sp"  // mainnet
	TestnetHRP = "tsp" // testnets (testnet, signet)
)

// maxAddressLength is the longest address ParseAddress reads: silent payment
// addresses are bech32m (BIP-350) strings without BIP-173's 90-character
// limit; BIP-352 recommends 1023, which keeps bech32's error-detection
// guarantees meaningful for future versions.
const maxAddressLength = 1023

// ErrAddress is returned for a string that is not a silent payment address
// this package can pay: not bech32m, version 31, a version 0 payload that is
// not exactly 66 bytes (or a later version's shorter than 66 bytes), or keys
// that are not valid compressed points.
var ErrAddress = errors.New("silentpayments: invalid silent payment address")

// Address is a silent payment address: the receiver's scan key B_scan and
// spend key B_m (B_spend, or B_spend + label·G for a labeled address), with
// the human-readable part that names the network. The zero value, whose keys
// are nil, is not an address, and neither is one with a nil or zero key:
// String panics for it, and CreateOutputs returns an error wrapping
// secp256k1.ErrUninitialized.
type Address struct {
	HRP   string // MainnetHRP or TestnetHRP; "" encodes as MainnetHRP
	Scan  *secp256k1.PublicKey
	Spend *secp256k1.PublicKey
}

// ParseAddress decodes a silent payment address (case-insensitive, at most
// 1023 characters). It applies BIP-352's rules for a version 0 sender: a
// version 0 address must carry exactly 66 bytes; versions 1 to 30 carry at
// least 66, of which the first 66 are read and the rest ignored; version 31
// is rejected. Any human-readable part is accepted and returned in HRP; the
// caller checks that it names the expected network.
func ParseAddress(s string) (*Address, error) {
	hrp, data, variant, err := bech32.Decode(s, maxAddressLength)
	if err != nil || variant != bech32.Bech32m || len(data) < 1 {
		return nil, ErrAddress
	}
	version := data[0]
	payload, ok := bech32.ConvertBits(data[1:], 5, 8, false)
	switch {
	case !ok, version == 31, len(payload) < 66, version == 0 && len(payload) != 66:
		return nil, ErrAddress
	}
	scan, err1 := secp256k1.ParsePublicKey(payload[:33])
	spend, err2 := secp256k1.ParsePublicKey(payload[33:66])
	if err1 != nil || err2 != nil {
		return nil, ErrAddress
	}
	return &Address{HRP: hrp, Scan: scan, Spend: spend}, nil
}

// String returns the bech32m encoding of a as a version 0 address
// ("sp1q…"): ser_P(B_scan) ‖ ser_P(B_m). It returns "" if HRP is not a valid
// lower-case human-readable part (1–83 printable ASCII characters), and
// panics if a key is nil or the zero PublicKey.
func (a *Address) String() string {
	if !a.valid() {
		panic("silentpayments: use of an uninitialized Address")
	}
	hrp := a.HRP
	if hrp == "" {
		hrp = MainnetHRP
	}
	if !bech32.ValidHRP(hrp) {
		return ""
	}
	var payload [66]byte
	copy(payload[:33], a.Scan.BytesCompressed())
	copy(payload[33:], a.Spend.BytesCompressed())
	five, _ := bech32.ConvertBits(payload[:], 8, 5, true)
	return bech32.Encode(hrp, append([]byte{0}, five...), bech32.Bech32m)
}

// MarshalText returns String's encoding of a, so that encoding/json writes
// an Address as its "sp1q…" string. It returns an error wrapping
// secp256k1.ErrUninitialized if a key is nil or the zero PublicKey, and
// ErrAddress for an invalid HRP, where String panics or returns "".
func (a Address) MarshalText() ([]byte, error) {
	if !a.valid() {
		return nil, fmt.Errorf("silentpayments: address with a nil or zero key: %w", secp256k1.ErrUninitialized)
	}
	s := a.String()
	if s == "" {
		return nil, fmt.Errorf("%w: human-readable part %q", ErrAddress, a.HRP)
	}
	return []byte(s), nil
}

// UnmarshalText sets a to the address that ParseAddress decodes from text,
// and leaves a unchanged on error.
func (a *Address) UnmarshalText(text []byte) error {
	b, err := ParseAddress(string(text))
	if err != nil {
		return err
	}
	*a = *b
	return nil
}
