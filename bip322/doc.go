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
