package bip322

import (
	"bytes"
	"encoding/base64"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/compactsize"
)

// The legacy format (Bitcoin Core's signmessage and verifymessage): a
// 65-byte compact recoverable ECDSA signature, header ‖ r ‖ s, in base64.
// The verifier recovers the key and compares its address. The header is
// 27 + the recovery id, plus a number that says which address of the key
// was signed for:
//
//	27–30  P2PKH, uncompressed key   (Bitcoin Core)
//	31–34  P2PKH, compressed key     (Bitcoin Core)
//	35–38  P2SH-P2WPKH               (BIP-137)
//	39–42  P2WPKH                    (BIP-137)
//
// As we read their sources (no vectors of theirs are tested here): Trezor
// signs segwit addresses with BIP-137's headers, and Sparrow offers them
// as its "BIP137" format; Electrum signs every address of a compressed key
// with 31–34 and, verifying, tries each address type of the recovered key.
// Bitcoin Core signs and verifies P2PKH addresses only, and BIP-322 allows
// the legacy format for P2PKH only (Verify); SignLegacy and VerifyLegacy
// also serve the segwit v0 key addresses, for those wallets. The header is
// not signed, so anyone can swap one accepted header for another: taking
// both conventions for a segwit address makes no signature valid for
// another key or address.

// legacyMagic is the prefix of the legacy message hash: the length 24,
// then Bitcoin Core's MESSAGE_MAGIC.
const legacyMagic = "\x18Bitcoin Signed Message:\n"

// LegacyMessageHash returns the message hash of the legacy format:
// SHA-256(SHA-256("\x18Bitcoin Signed Message:\n" ‖ CompactSize(len(msg)) ‖
// msg)), Bitcoin Core's MessageHash.
func LegacyMessageHash(msg []byte) [32]byte {
	b := compactsize.Append([]byte(legacyMagic), uint64(len(msg)))
	return sha256d(append(b, msg...))
}

// The first header of each address type.
const (
	headerP2PKHUncompressed = 27
	headerP2PKH             = 31
	headerP2SHP2WPKH        = 35
	headerP2WPKH            = 39
	headerEnd               = 43
)

// SignLegacy returns the legacy signature of msg by k for addr: a P2PKH
// address of k's compressed or uncompressed key (headers 31–34 or 27–30,
// as Bitcoin Core's signmessage), or, with BIP-137's headers, k's P2WPKH
// (39–42) or P2SH-P2WPKH (35–38) address. The signature is deterministic
// (RFC 6979). It returns ErrKeyMismatch if addr is not one of these
// addresses of k, ErrUnsupported for P2WSH, P2TR and other segwit
// addresses (which have no legacy format), and
// secp256k1.ErrUninitialized for a nil or zero-value k or addr.
func SignLegacy(k *secp256k1.PrivateKey, addr *btcaddr.Address, msg []byte) (string, error) {
	if err := k.Validate(); err != nil {
		return "", err
	}
	if err := addr.Validate(); err != nil {
		return "", err
	}
	pub := k.PublicKey()
	var header byte
	switch addr.Kind() {
	case btcaddr.P2PKH:
		switch program := addr.Program(); {
		case bytes.Equal(program, hash160(pub.BytesCompressed())):
			header = headerP2PKH
		case bytes.Equal(program, hash160(pub.BytesUncompressed())):
			header = headerP2PKHUncompressed
		}
	case btcaddr.P2WPKH:
		if bytes.Equal(addr.Program(), hash160(pub.BytesCompressed())) {
			header = headerP2WPKH
		}
	case btcaddr.P2SH:
		if bytes.Equal(addr.Program(), hash160(p2wpkhProgram(pub))) {
			header = headerP2SHP2WPKH
		}
	default:
		return "", fmt.Errorf("%w: a %v address has no legacy signature (legacy signatures are for P2PKH, P2WPKH and P2SH-P2WPKH)", ErrUnsupported, addr.Kind())
	}
	if header == 0 {
		return "", fmt.Errorf("%w: not a %v address of the key", ErrKeyMismatch, addr.Kind())
	}
	h := LegacyMessageHash(msg)
	sig, err := ecdsa.SignCompact(k, h[:], header != headerP2PKHUncompressed)
	if err != nil {
		return "", err
	}
	sig[0] = header + (sig[0]-headerP2PKHUncompressed)&3 // the recovery id
	return base64.StdEncoding.EncodeToString(sig), nil
}

// VerifyLegacy checks the legacy signature sig of msg for addr, and returns
// nil only if it is valid: the key recovered from it has addr as the
// address its header names (above). For a P2WPKH or P2SH-P2WPKH address it
// also takes the header 31–34 of a compressed P2PKH key, as Electrum signs
// them. High-S signatures are accepted, as Bitcoin Core's verifymessage
// accepts them.
//
// The error matches ErrMalformed for text that is not the base64 of 65
// bytes or a header outside 27–42, ErrInvalid for a signature from which
// no key or another key is recovered or whose header names another type of
// address, ErrUnsupported for P2WSH, P2TR and other segwit addresses, and
// secp256k1.ErrUninitialized for a nil or zero-value addr.
func VerifyLegacy(addr *btcaddr.Address, msg []byte, sig string) error {
	if err := addr.Validate(); err != nil {
		return err
	}
	raw, err := decodeBase64(sig)
	if err != nil {
		return err
	}
	if len(raw) != legacyLen {
		return fmt.Errorf("%w: a legacy signature is 65 bytes, not %d", ErrMalformed, len(raw))
	}
	return verifyLegacy(addr, LegacyMessageHash(msg), raw, true)
}

// verifyLegacy checks the 65-byte legacy signature raw of hash for addr,
// with BIP-137's segwit addresses if segwit is set (VerifyLegacy) and for
// P2PKH addresses only otherwise (Verify).
func verifyLegacy(addr *btcaddr.Address, hash [32]byte, raw []byte, segwit bool) error {
	header := raw[0]
	if header < headerP2PKHUncompressed || header >= headerEnd {
		return fmt.Errorf("%w: legacy header %d (want 27–42)", ErrMalformed, header)
	}
	kind := addr.Kind()
	switch {
	case kind == btcaddr.P2PKH:
	case !segwit:
		return fmt.Errorf("%w: BIP-322 allows legacy signatures for P2PKH addresses only", ErrInvalid)
	case kind != btcaddr.P2WPKH && kind != btcaddr.P2SH:
		return fmt.Errorf("%w: a %v address has no legacy signature (legacy signatures are for P2PKH, P2WPKH and P2SH-P2WPKH)", ErrUnsupported, kind)
	}
	// ecdsa.RecoverCompact takes Bitcoin Core's headers 27–34.
	compact := [legacyLen]byte(raw)
	recid := (header - headerP2PKHUncompressed) & 3
	compact[0] = headerP2PKH + recid
	if header < headerP2PKH {
		compact[0] = headerP2PKHUncompressed + recid
	}
	pub, _, err := ecdsa.RecoverCompact(hash[:], compact[:])
	if err != nil {
		return fmt.Errorf("%w: no public key recovers from the signature", ErrInvalid)
	}
	var program []byte
	switch {
	case header < headerP2PKH:
		program = hash160(pub.BytesUncompressed())
		if kind != btcaddr.P2PKH {
			return fmt.Errorf("%w: header %d is for a P2PKH address of an uncompressed key, not %v", ErrInvalid, header, kind)
		}
	case header < headerP2SHP2WPKH: // any address of a compressed key
		program = hash160(pub.BytesCompressed())
		if kind == btcaddr.P2SH {
			program = hash160(p2wpkhProgram(pub))
		}
	case header < headerP2WPKH:
		if kind != btcaddr.P2SH {
			return fmt.Errorf("%w: header %d is for a P2SH-P2WPKH address (BIP-137), not %v", ErrInvalid, header, kind)
		}
		program = hash160(p2wpkhProgram(pub))
	default:
		if kind != btcaddr.P2WPKH {
			return fmt.Errorf("%w: header %d is for a P2WPKH address (BIP-137), not %v", ErrInvalid, header, kind)
		}
		program = hash160(pub.BytesCompressed())
	}
	if !bytes.Equal(program, addr.Program()) {
		return fmt.Errorf("%w: the recovered key's %v address is not the address (another key, message or address)", ErrInvalid, kind)
	}
	return nil
}

// p2wpkhProgram returns OP_0 <HASH160(compressed pub)>, pub's P2WPKH
// scriptPubKey and the redeem script of its P2SH-P2WPKH address.
func p2wpkhProgram(pub *secp256k1.PublicKey) []byte {
	return append([]byte{0x00, 20}, hash160(pub.BytesCompressed())...)
}
