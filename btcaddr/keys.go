package btcaddr

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/ripemd160"
)

// The addresses of a single public key. Each returns
// secp256k1.ErrUninitialized for a nil or zero-value key and ErrNetwork for
// a Network that is not one of the constants.

// NewP2PKH returns the P2PKH address of pub: HASH160 of its compressed
// SEC 1 encoding if compressed is set, else of its uncompressed one (the
// two are different addresses of the same key).
func NewP2PKH(pub *secp256k1.PublicKey, compressed bool, net Network) (*Address, error) {
	if err := check(pub, net); err != nil {
		return nil, err
	}
	enc := pub.BytesUncompressed()
	if compressed {
		enc = pub.BytesCompressed()
	}
	h := ripemd160.Hash160(enc)
	return hashAddress(P2PKH, h[:], net), nil
}

// NewP2WPKH returns the P2WPKH address of pub, the witness program
// HASH160 of its compressed encoding (BIP-143 makes uncompressed keys in
// segwit v0 non-standard, so there is no uncompressed form).
func NewP2WPKH(pub *secp256k1.PublicKey, net Network) (*Address, error) {
	if err := check(pub, net); err != nil {
		return nil, err
	}
	h := ripemd160.Hash160(pub.BytesCompressed())
	return newSegwit(0, h[:], net), nil
}

// NewP2SHP2WPKH returns the P2SH-wrapped P2WPKH address of pub (BIP-141's
// "P2WPKH nested in BIP16 P2SH"): the P2SH address of the redeem script
// OP_0 <HASH160(compressed pub)>.
func NewP2SHP2WPKH(pub *secp256k1.PublicKey, net Network) (*Address, error) {
	if err := check(pub, net); err != nil {
		return nil, err
	}
	h := ripemd160.Hash160(pub.BytesCompressed())
	redeem := append([]byte{0x00, 20}, h[:]...) // pub's P2WPKH scriptPubKey
	h = ripemd160.Hash160(redeem)
	return hashAddress(P2SH, h[:], net), nil
}

// NewP2TR returns the P2TR address whose witness program is the x-only
// encoding of the taproot output key (its x coordinate; the parity of y is
// not part of the address). For a key-path-only output of an internal key
// use NewP2TRBIP86, which tweaks the key first.
func NewP2TR(outputKey *secp256k1.PublicKey, net Network) (*Address, error) {
	if err := check(outputKey, net); err != nil {
		return nil, err
	}
	return newSegwit(1, outputKey.BytesCompressed()[1:], net), nil
}

// NewP2TRBIP86 returns the P2TR address of BIP-86's key-path-only output
// for the internal key, as single-key taproot wallets make them: the output
// key is schnorr.TapTweak(internal, nil), BIP-341's tweak with no script
// tree.
func NewP2TRBIP86(internal *secp256k1.PublicKey, net Network) (*Address, error) {
	if err := check(internal, net); err != nil {
		return nil, err
	}
	// BIP-341's tweak, which schnorr.TapTweak computes too: it lives in
	// internal/bip340, so that btcaddr imports no other protocol package.
	p := door.MustPublicKey(internal)
	var q group.Affine
	if err := bip340.TapTweak(&q, &p, nil); err != nil {
		return nil, err // schnorr.ErrTweak, with negligible probability
	}
	var qx [32]byte
	q.X.PutBytes(&qx)
	return newSegwit(1, qx[:], net), nil
}

// FromScriptPubKey returns the address that pays to the output script spk:
// P2PKH, P2SH, or a witness program of BIP-141 (a version opcode OP_0 or
// OP_1–OP_16 and one direct push of 2–40 bytes, 20 or 32 for version 0).
// It returns ErrScript for any other script and ErrNetwork for an unknown
// net.
func FromScriptPubKey(spk []byte, net Network) (*Address, error) {
	if _, ok := net.encoding(); !ok {
		return nil, fmt.Errorf("%w: %v", ErrNetwork, net)
	}
	switch {
	case len(spk) == 25 && spk[0] == 0x76 && spk[1] == 0xa9 && spk[2] == 20 && spk[23] == 0x88 && spk[24] == 0xac:
		return hashAddress(P2PKH, spk[3:23], net), nil
	case len(spk) == 23 && spk[0] == 0xa9 && spk[1] == 20 && spk[22] == 0x87:
		return hashAddress(P2SH, spk[2:22], net), nil
	}
	if len(spk) < 4 || len(spk) > 42 || int(spk[1]) != len(spk)-2 {
		return nil, ErrScript
	}
	var version int
	switch op := spk[0]; {
	case op == 0x00:
		if len(spk) != 22 && len(spk) != 34 {
			return nil, ErrScript
		}
	case 0x51 <= op && op <= 0x60:
		version = int(op) - 0x50
	default:
		return nil, ErrScript
	}
	return newSegwit(version, spk[2:], net), nil
}

// hashAddress returns the P2PKH or P2SH address of a 20-byte hash.
func hashAddress(kind Kind, hash []byte, net Network) *Address {
	a := &Address{kind: kind, net: net, version: -1, n: 20}
	copy(a.program[:], hash)
	return a
}

// check returns the error for a key that is nil or the zero value, or a
// network that is not one of the constants.
func check(pub *secp256k1.PublicKey, net Network) error {
	if err := pub.Validate(); err != nil {
		return err
	}
	if _, ok := net.encoding(); !ok {
		return fmt.Errorf("%w: %v", ErrNetwork, net)
	}
	return nil
}
