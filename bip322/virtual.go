package bip322

import (
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// tagMessage is BIP-322's tag of the message hash.
var tagMessage = ksha256.NewTag("BIP0322-signed-message")

// MessageHash returns BIP-322's message_hash, the BIP-340 tagged hash
// SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ msg) with the tag
// "BIP0322-signed-message", of the message as is (no length prefix).
func MessageHash(msg []byte) [32]byte {
	return tagMessage.Sum(msg)
}

// opReturn is to_sign's output script.
var opReturn = []byte{0x6a}

// toSpend returns BIP-322's to_spend transaction for the message and the
// scriptPubKey being proven (message_challenge): version 0, lock time 0,
// one input spending 000…000:0xFFFFFFFF with sequence 0 and the scriptSig
// OP_0 PUSH32[message_hash], and one output of value 0 paying to
// scriptPubKey.
func toSpend(msg, scriptPubKey []byte) *tx {
	h := MessageHash(msg)
	return &tx{
		inputs: []txIn{{
			prevIndex: 0xffffffff,
			scriptSig: append([]byte{0x00, 0x20}, h[:]...),
		}},
		outputs: []txOut{{scriptPubKey: scriptPubKey}},
	}
}

// toSign returns BIP-322's unsigned to_sign transaction for spend: version
// 0, lock time 0, one input spending spend's output 0 with sequence 0 and
// an empty scriptSig and witness, and one output of value 0 paying to
// OP_RETURN.
func toSign(spend *tx) *tx {
	return &tx{
		inputs:  []txIn{{prevTxid: spend.txid()}},
		outputs: []txOut{{scriptPubKey: opReturn}},
	}
}
