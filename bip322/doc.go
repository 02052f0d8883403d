// Package bip322 signs and verifies messages for Bitcoin addresses: BIP-322's
// generic signed messages (version 2.0.0) in its "simple" and "full"
// formats, and the legacy "signmessage" format of Bitcoin Core, with the
// BIP-137 headers for segwit addresses that hardware wallets use.
//
// BIP-322 proves control of an address by spending a virtual output:
// to_spend, a transaction that pays to the address's scriptPubKey and
// commits to the message hash, and to_sign, which spends it to OP_RETURN.
// A simple signature ("smp" prefix) is to_sign's witness stack; a full one
// ("ful") is the whole to_sign transaction, which may also carry a
// scriptSig, a version, a lock time and a sequence; both are base64.
//
// This package has no script interpreter. It signs and verifies the
// single-key address types by their templates, with the consensus and
// BIP-322 rules that apply to them:
//
//   - P2WPKH: simple and full (ECDSA, BIP-143 signature hash);
//   - P2TR key-path spends: simple and full (BIP-340, BIP-341 signature
//     hash with SIGHASH_DEFAULT or SIGHASH_ALL);
//   - P2SH-P2WPKH: full (simple signatures are for native segwit
//     addresses only);
//   - P2PKH: legacy, and full (ECDSA, the pre-segwit signature hash).
//
// Everything else is inconclusive in BIP-322's terms and returns
// ErrUnsupported: P2WSH and P2SH scripts other than P2SH-P2WPKH, taproot
// script-path spends, segwit versions above 1, and proofs of funds ("pof",
// a PSBT with additional inputs). Where a consensus commitment decides
// without running the script (the witness script's SHA-256 for P2WSH, the
// redeem script's HASH160 for P2SH, the control block's commitment for a
// taproot script path), a signature that breaks it is ErrInvalid instead.
//
// Signing is constant time in the private key (ecdsa and schnorr sign);
// parsing and verification handle public values and are variable time.
// A nil key or the zero value of secp256k1.PrivateKey or btcaddr.Address
// gives secp256k1.ErrUninitialized, and no verifier ever says "valid" for
// one.
package bip322

import (
	"errors"
	"strconv"
)

var (
	// ErrInvalid is returned for a signature that does not prove control
	// of the address for the message: a wrong key, message or address, a
	// failed signature check, or a rule of BIP-322 or of consensus that
	// the signature breaks. The error says which.
	ErrInvalid = errors.New("bip322: invalid signature")
	// ErrMalformed is returned for a signature that cannot be decoded:
	// empty, not base64, an unknown prefix that is not base64 either, or
	// bytes that are not a witness stack, a transaction or a 65-byte
	// legacy signature. It is invalid too, in BIP-322's terms.
	ErrMalformed = errors.New("bip322: malformed signature")
	// ErrUnsupported is returned for what this package cannot sign or
	// verify without a script interpreter or a PSBT decoder (BIP-322's
	// "inconclusive"): the error names the script type or format.
	ErrUnsupported = errors.New("bip322: unsupported address type or signature format")
	// ErrKeyMismatch is returned by the signing functions when the private
	// key is not the key of the address.
	ErrKeyMismatch = errors.New("bip322: the private key does not belong to the address")
)

// Format is the format of a signature. The zero value is no format.
type Format int

// The formats of BIP-322 that this package reads and writes.
const (
	// Legacy is Bitcoin Core's signmessage format: the base64 of a 65-byte
	// compact recoverable ECDSA signature of LegacyMessageHash.
	Legacy Format = iota + 1
	// Simple is BIP-322's "smp" format: the witness stack that spends
	// to_spend.
	Simple
	// Full is BIP-322's "ful" format: the signed to_sign transaction.
	Full
)

// String returns "legacy", "simple" or "full", or "Format(n)" for another
// value.
func (f Format) String() string {
	switch f {
	case Legacy:
		return "legacy"
	case Simple:
		return "simple"
	case Full:
		return "full"
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// Result is what Verify learned from a valid signature: its format, and
// BIP-322's "valid at time T and age S", the lock time and sequence of
// to_sign, which only a full signature can set. The signature proves
// control of the address only from time T and age S on (BIP-68, BIP-113
// semantics); whether they have come is for the caller to judge. Both are
// 0 for simple and legacy signatures.
type Result struct {
	Format   Format
	LockTime uint32 // T: to_sign's nLockTime
	Sequence uint32 // S: the nSequence of to_sign's input
}
