package btcaddr

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/base58"
	"github.com/kestrel-crypto/secp256k1/internal/bech32"
)

var (
	// ErrAddress is returned by Parse for a string that is not an address:
	// neither Base58Check with a 21-byte payload nor a segwit address under
	// BIP-350's rules (checksum, case, witness version 0–16, program of
	// 2–40 bytes, 20 or 32 for version 0, bech32 for version 0 and bech32m
	// for the others, at most 90 characters). The error says which rule.
	ErrAddress = errors.New("btcaddr: invalid address")
	// ErrNetwork is returned for an address of no known network (another
	// human-readable part or version byte) and for a Network value that is
	// not one of the constants.
	ErrNetwork = errors.New("btcaddr: unknown network")
	// ErrScript is returned by FromScriptPubKey for a script that is not a
	// P2PKH, P2SH or segwit output script.
	ErrScript = errors.New("btcaddr: scriptPubKey has no address")
)

// maxSegwitLen is BIP-173's limit on the length of a segwit address.
const maxSegwitLen = 90

// Address is a Bitcoin address: the kind and the hash or witness program of
// a scriptPubKey, with the network it is for. Addresses are values:
// comparable with == (two that compare equal have the same string and
// network), and never changed once made. The zero value is not an address
// (see the package documentation).
type Address struct {
	kind    Kind
	net     Network
	version int8 // witness version 0–16; −1 for P2PKH and P2SH
	n       uint8
	program [40]byte // program[:n]: the 20-byte hash, or the witness program
}

// Parse decodes a P2PKH or P2SH address (Base58Check) or a segwit address
// of any version (bech32 or bech32m, upper or lower case but not mixed,
// following BIP-350). Its Network is the first network that the encoding
// names: Mainnet, Testnet for "tb" and for Base58Check testnet version bytes
// (which Signet and Regtest share), or Regtest for "bcrt"; IsForNetwork
// checks an address against an expected network. An error matches
// ErrAddress or ErrNetwork.
func Parse(s string) (*Address, error) {
	hrp, data, variant, err := bech32.Decode(s, maxSegwitLen)
	if err == nil {
		return parseSegwit(hrp, data, variant)
	}
	lower := strings.ToLower(s)
	for _, p := range []string{"bc1", "tb1", "bcrt1"} {
		if strings.HasPrefix(lower, p) {
			return nil, fmt.Errorf("%w: not bech32 or bech32m (a character, the case, the checksum or the length of at most %d is wrong)", ErrAddress, maxSegwitLen)
		}
	}
	return parseBase58(s)
}

// parseSegwit applies BIP-350's segwit rules to a decoded bech32 string.
func parseSegwit(hrp string, data []byte, variant bech32.Variant) (*Address, error) {
	var net Network
	switch hrp {
	case "bc":
		net = Mainnet
	case "tb":
		net = Testnet
	case "bcrt":
		net = Regtest
	default:
		return nil, fmt.Errorf("%w: human-readable part %q (want bc, tb or bcrt)", ErrNetwork, hrp)
	}
	if len(data) == 0 {
		return nil, fmt.Errorf("%w: no witness version", ErrAddress)
	}
	version := data[0]
	if version > 16 {
		return nil, fmt.Errorf("%w: witness version %d (want 0–16)", ErrAddress, version)
	}
	program, ok := bech32.ConvertBits(data[1:], 5, 8, false)
	if !ok {
		return nil, fmt.Errorf("%w: the witness program has more than 4 bits of padding, or padding bits that are not zero", ErrAddress)
	}
	switch {
	case len(program) < 2 || len(program) > 40:
		return nil, fmt.Errorf("%w: witness program length %d (want 2–40 bytes)", ErrAddress, len(program))
	case version == 0 && len(program) != 20 && len(program) != 32:
		return nil, fmt.Errorf("%w: version 0 witness program length %d (want 20 or 32 bytes)", ErrAddress, len(program))
	case version == 0 && variant != bech32.Bech32:
		return nil, fmt.Errorf("%w: a version 0 address has a bech32 checksum, not bech32m", ErrAddress)
	case version != 0 && variant != bech32.Bech32m:
		return nil, fmt.Errorf("%w: a version %d address has a bech32m checksum, not bech32", ErrAddress, version)
	}
	return newSegwit(int(version), program, net), nil
}

// parseBase58 decodes a Base58Check P2PKH or P2SH address.
func parseBase58(s string) (*Address, error) {
	payload, err := base58.CheckDecode(s)
	switch {
	case errors.Is(err, base58.ErrChecksum):
		return nil, fmt.Errorf("%w: Base58Check checksum mismatch", ErrAddress)
	case err != nil:
		return nil, fmt.Errorf("%w: neither Base58Check nor a segwit address", ErrAddress)
	case len(payload) != 21:
		return nil, fmt.Errorf("%w: Base58Check payload of %d bytes (want a version byte and a 20-byte hash)", ErrAddress, len(payload))
	}
	a := &Address{version: -1, n: 20}
	copy(a.program[:], payload[1:])
	switch payload[0] {
	case 0x00:
		a.kind, a.net = P2PKH, Mainnet
	case 0x05:
		a.kind, a.net = P2SH, Mainnet
	case 0x6f:
		a.kind, a.net = P2PKH, Testnet
	case 0xc4:
		a.kind, a.net = P2SH, Testnet
	default:
		return nil, fmt.Errorf("%w: Base58Check version byte 0x%02x (want 0x00, 0x05, 0x6f or 0xc4)", ErrNetwork, payload[0])
	}
	return a, nil
}

// newSegwit returns the segwit address of a valid witness program.
func newSegwit(version int, program []byte, net Network) *Address {
	a := &Address{net: net, version: int8(version), n: uint8(len(program))}
	copy(a.program[:], program)
	switch {
	case version == 0 && len(program) == 20:
		a.kind = P2WPKH
	case version == 0:
		a.kind = P2WSH
	case version == 1 && len(program) == 32:
		a.kind = P2TR
	default:
		a.kind = WitnessUnknown
	}
	return a
}

// Validate returns secp256k1.ErrUninitialized if a is nil or the zero
// Address, and nil otherwise.
func (a *Address) Validate() error {
	if a == nil || a.kind == 0 {
		return secp256k1.ErrUninitialized
	}
	return nil
}

// mustValid panics if a is the zero value: for the methods without an error
// result.
func (a *Address) mustValid() {
	if a == nil || a.kind == 0 {
		panic("btcaddr: use of an uninitialized Address")
	}
}

// Kind returns the type of a's scriptPubKey.
func (a *Address) Kind() Kind {
	a.mustValid()
	return a.kind
}

// Network returns the network a was made for, or for a parsed address the
// first network that its encoding names (see Parse).
func (a *Address) Network() Network {
	a.mustValid()
	return a.net
}

// IsForNetwork reports whether a's string is an address of the network n:
// a parsed "tb1…" address is for Testnet and Signet, and a parsed "m…",
// "n…" or "2…" one for Testnet, Signet and Regtest.
func (a *Address) IsForNetwork(n Network) bool {
	a.mustValid()
	want, ok := n.encoding()
	have, _ := a.net.encoding()
	switch {
	case !ok:
		return false
	case a.version < 0:
		return want.p2pkh == have.p2pkh
	}
	return want.hrp == have.hrp
}

// WitnessVersion returns the segwit version (0–16) of a segwit address,
// and −1 for P2PKH and P2SH.
func (a *Address) WitnessVersion() int {
	a.mustValid()
	return int(a.version)
}

// Program returns a copy of the 20-byte key or script hash of a P2PKH or
// P2SH address, or the witness program (2–40 bytes) of a segwit address:
// the x-only output key for P2TR.
func (a *Address) Program() []byte {
	a.mustValid()
	return append([]byte(nil), a.program[:a.n]...)
}

// ScriptPubKey returns the output script that a pays to.
func (a *Address) ScriptPubKey() []byte {
	a.mustValid()
	p := a.program[:a.n]
	switch a.kind {
	case P2PKH:
		return append(append([]byte{0x76, 0xa9, 20}, p...), 0x88, 0xac)
	case P2SH:
		return append(append([]byte{0xa9, 20}, p...), 0x87)
	}
	op := byte(0x00) // OP_0
	if a.version > 0 {
		op = 0x50 + byte(a.version) // OP_1 … OP_16
	}
	return append([]byte{op, a.n}, p...)
}

// String returns the address's encoding: Base58Check, or bech32 (version
// 0) or bech32m (later versions) in lower case. The zero Address gives
// "<uninitialized>".
func (a Address) String() string {
	if a.Validate() != nil {
		return "<uninitialized>"
	}
	enc, _ := a.net.encoding()
	p := a.program[:a.n]
	switch a.kind {
	case P2PKH:
		return base58.CheckEncode(append([]byte{enc.p2pkh}, p...))
	case P2SH:
		return base58.CheckEncode(append([]byte{enc.p2sh}, p...))
	}
	five, _ := bech32.ConvertBits(p, 8, 5, true)
	variant := bech32.Bech32m
	if a.version == 0 {
		variant = bech32.Bech32
	}
	return bech32.Encode(enc.hrp, append([]byte{byte(a.version)}, five...), variant)
}

// MarshalText returns String's encoding of a, or secp256k1.ErrUninitialized
// for the zero Address. encoding/json writes an Address as that string.
func (a Address) MarshalText() ([]byte, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	return []byte(a.String()), nil
}

// UnmarshalText sets a to the address that Parse decodes from text, and
// leaves a unchanged on error.
func (a *Address) UnmarshalText(text []byte) error {
	b, err := Parse(string(text))
	if err != nil {
		return err
	}
	*a = *b
	return nil
}
