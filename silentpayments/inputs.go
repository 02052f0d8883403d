package silentpayments

import (
	"bytes"
	"errors"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ripemd160"
)

// BIP-352 "Inputs For Shared Secret Derivation": which inputs count, and
// where the receiver finds their public keys. Only P2TR, P2WPKH,
// P2SH-P2WPKH and P2PKH inputs with compressed (or x-only) keys count; the
// rules below follow the BIP text and its reference implementation
// (bip-0352/reference.py, get_pubkey_from_input), and assume the input is
// valid by consensus (as inputs of a mined transaction are).

var (
	// ErrInputNotEligible is returned by InputPublicKey for an input that
	// does not count for shared secret derivation: another script type,
	// an uncompressed key, a taproot script-path spend with the NUMS
	// internal key H, or a script without the expected public key. The
	// input is skipped; the transaction may still be eligible.
	ErrInputNotEligible = errors.New("silentpayments: input not eligible for shared secret derivation")
	// ErrUnknownWitnessVersion is returned for an input that spends a
	// segwit output of version 2 or higher: a transaction with such an
	// input must not be scanned at all (BIP-352 "Scanning silent payment
	// eligible transactions").
	ErrUnknownWitnessVersion = errors.New("silentpayments: input spends a segwit output of version > 1")
)

// numsH is the x coordinate of BIP-341's NUMS point H = lift_x(SHA-256 of
// the uncompressed encoding of G), the taproot internal key with no known
// discrete logarithm.
var numsH = [32]byte{
	0x50, 0x92, 0x9b, 0x74, 0xc1, 0xa0, 0x49, 0x54, 0xb7, 0x8b, 0x4b, 0x60, 0x35, 0xe9, 0x7a, 0x5e,
	0x07, 0x8a, 0x5a, 0x0f, 0x28, 0xec, 0x96, 0xd5, 0x47, 0xbf, 0xee, 0x9a, 0xce, 0x80, 0x3a, 0xc0,
}

// InputPublicKey returns the public key that an input contributes to the
// shared secret, given the scriptPubKey of the output it spends, its
// scriptSig and its witness stack. For a P2TR input the key is the output
// key lifted to even y (BIP-340's lift_x), ready to be summed.
//
//   - P2TR (OP_1 <32 bytes>): the output key, for key-path and script-path
//     spends alike, except a script-path spend whose control block names H
//     as the internal key (an annex, a last witness item starting with 0x50,
//     is ignored first).
//   - P2WPKH (OP_0 <20 bytes>): the last witness item.
//   - P2SH-P2WPKH (a P2SH output whose scriptSig is exactly the push of a
//     P2WPKH program): the last witness item.
//   - P2PKH: the compressed key in the scriptSig whose HASH160 is the
//     output's key hash, searched from the end of the scriptSig at every
//     byte offset, so that it is found even in a malleated scriptSig that
//     does not follow the template.
//
// Keys must be compressed (33 bytes, 0x02/0x03) and on the curve. An input
// that does not count returns ErrInputNotEligible; one that spends a segwit
// version 2–16 output returns ErrUnknownWitnessVersion. It never panics.
func InputPublicKey(scriptPubKey, scriptSig []byte, witness [][]byte) (*secp256k1.PublicKey, error) {
	spk := scriptPubKey
	switch {
	case isP2PKH(spk):
		return p2pkhPublicKey(spk[3:23], scriptSig)
	case isP2SH(spk):
		// BIP-141: a nested witness program's scriptSig is exactly one
		// minimal push of the program.
		if len(scriptSig) == 23 && scriptSig[0] == 22 && isP2WPKH(scriptSig[1:]) {
			return lastWitnessKey(witness)
		}
	case isP2WPKH(spk):
		return lastWitnessKey(witness)
	case isP2TR(spk):
		return taprootPublicKey(spk[2:], witness)
	case witnessVersion(spk) > 1:
		return nil, ErrUnknownWitnessVersion
	}
	return nil, ErrInputNotEligible
}

// isP2PKH reports whether spk is OP_DUP OP_HASH160 <20> OP_EQUALVERIFY
// OP_CHECKSIG.
func isP2PKH(spk []byte) bool {
	return len(spk) == 25 && spk[0] == 0x76 && spk[1] == 0xa9 && spk[2] == 0x14 &&
		spk[23] == 0x88 && spk[24] == 0xac
}

// isP2SH reports whether spk is OP_HASH160 <20> OP_EQUAL.
func isP2SH(spk []byte) bool {
	return len(spk) == 23 && spk[0] == 0xa9 && spk[1] == 0x14 && spk[22] == 0x87
}

// isP2WPKH reports whether spk is OP_0 <20>.
func isP2WPKH(spk []byte) bool {
	return len(spk) == 22 && spk[0] == 0x00 && spk[1] == 0x14
}

// isP2TR reports whether spk is OP_1 <32>.
func isP2TR(spk []byte) bool {
	return len(spk) == 34 && spk[0] == 0x51 && spk[1] == 0x20
}

// witnessVersion returns the version of a witness program (BIP-141: a
// version opcode OP_0 or OP_1–OP_16, then one direct push of 2–40 bytes that
// ends the script), or −1 if spk is not one.
func witnessVersion(spk []byte) int {
	if len(spk) < 4 || len(spk) > 42 || int(spk[1]) != len(spk)-2 {
		return -1
	}
	switch {
	case spk[0] == 0x00:
		return 0
	case 0x51 <= spk[0] && spk[0] <= 0x60:
		return int(spk[0]) - 0x50
	}
	return -1
}

// parseCompressed parses a 33-byte compressed key, rejecting every other
// length (uncompressed and hybrid keys do not count).
func parseCompressed(b []byte) (*secp256k1.PublicKey, error) {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return nil, ErrInputNotEligible
	}
	pub, err := secp256k1.ParsePublicKey(b)
	if err != nil {
		return nil, ErrInputNotEligible
	}
	return pub, nil
}

// lastWitnessKey returns the compressed key that is the last witness item.
func lastWitnessKey(witness [][]byte) (*secp256k1.PublicKey, error) {
	if len(witness) == 0 {
		return nil, ErrInputNotEligible
	}
	return parseCompressed(witness[len(witness)-1])
}

// p2pkhPublicKey slides a 33-byte window from the end of scriptSig towards
// its start and returns the first window that is a compressed key whose
// HASH160 is keyHash, as the reference implementation does. Checking the
// 0x02/0x03 prefix first skips almost every HASH160.
func p2pkhPublicKey(keyHash, scriptSig []byte) (*secp256k1.PublicKey, error) {
	for i := len(scriptSig); i >= 33; i-- {
		w := scriptSig[i-33 : i]
		if w[0] != 2 && w[0] != 3 {
			continue
		}
		if h := ripemd160.Hash160(w); !bytes.Equal(h[:], keyHash) {
			continue
		}
		if pub, err := parseCompressed(w); err == nil {
			return pub, nil
		}
	}
	return nil, ErrInputNotEligible
}

// taprootPublicKey returns lift_x of the output key, unless the witness is a
// script-path spend with internal key H. A key-path spend has one witness
// item (after removing an annex); a script-path spend ends with the control
// block, whose bytes 1–32 are the internal key.
func taprootPublicKey(outputKey []byte, witness [][]byte) (*secp256k1.PublicKey, error) {
	if len(witness) == 0 {
		return nil, ErrInputNotEligible
	}
	stack := witness
	if last := stack[len(stack)-1]; len(stack) > 1 && len(last) > 0 && last[0] == 0x50 {
		stack = stack[:len(stack)-1] // the annex
	}
	if len(stack) > 1 {
		cb := stack[len(stack)-1]
		if len(cb) >= 33 && bytes.Equal(cb[1:33], numsH[:]) {
			return nil, ErrInputNotEligible
		}
	}
	var p secp256k1.Point
	if _, err := p.SetXOnlyBytes(outputKey); err != nil {
		return nil, ErrInputNotEligible
	}
	return secp256k1.NewPublicKey(&p)
}
