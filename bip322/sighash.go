package bip322

import (
	"crypto/sha256"
	"encoding/binary"

	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// The three signature hashes that BIP-322 needs, for SIGHASH_ALL (and
// taproot's SIGHASH_DEFAULT) only, which is all that BIP-322 allows ("All
// signatures MUST use the SIGHASH_ALL flag, unless the output type supports
// SIGHASH_DEFAULT"). They cover transactions of any number of inputs and
// outputs; BIP-322's to_sign has one of each.

// The hash types.
const (
	sighashDefault = 0x00 // BIP-341: as SIGHASH_ALL, with a 64-byte signature
	sighashAll     = 0x01
)

// tagTapSighash is BIP-341's tag of the signature hash.
var tagTapSighash = ksha256.NewTag("TapSighash")

// legacySighash returns the pre-segwit SIGHASH_ALL signature hash of input
// in of t (Bitcoin Core's SignatureHash with SigVersion::BASE): SHA-256d of
// t serialized without witnesses, every scriptSig emptied but input in's
// set to scriptCode, followed by the hash type as 4 little-endian bytes.
// scriptCode must hold no OP_CODESEPARATOR and no copy of the signature
// (FindAndDelete), which BIP-322 forbids and a P2PKH scriptPubKey does not
// have.
func legacySighash(t *tx, in int, scriptCode []byte) [32]byte {
	c := *t
	c.inputs = make([]txIn, len(t.inputs))
	for i, txin := range t.inputs {
		txin.scriptSig, txin.witness = nil, nil
		c.inputs[i] = txin
	}
	c.inputs[in].scriptSig = scriptCode
	b := binary.LittleEndian.AppendUint32(c.serialize(false), sighashAll)
	return sha256d(b)
}

// witnessV0Sighash returns BIP-143's SIGHASH_ALL signature hash of input in
// of t, which spends amount satoshis with scriptCode (for P2WPKH the P2PKH
// script of the key hash).
func witnessV0Sighash(t *tx, in int, scriptCode []byte, amount uint64) [32]byte {
	var prevouts, sequences, outputs []byte
	for _, txin := range t.inputs {
		prevouts = appendOutpoint(prevouts, &txin)
		sequences = binary.LittleEndian.AppendUint32(sequences, txin.sequence)
	}
	for _, out := range t.outputs {
		outputs = out.append(outputs)
	}
	hashPrevouts, hashSequence, hashOutputs := sha256d(prevouts), sha256d(sequences), sha256d(outputs)

	b := binary.LittleEndian.AppendUint32(nil, t.version)
	b = append(b, hashPrevouts[:]...)
	b = append(b, hashSequence[:]...)
	b = appendOutpoint(b, &t.inputs[in])
	b = appendBytes(b, scriptCode)
	b = binary.LittleEndian.AppendUint64(b, amount)
	b = binary.LittleEndian.AppendUint32(b, t.inputs[in].sequence)
	b = append(b, hashOutputs[:]...)
	b = binary.LittleEndian.AppendUint32(b, t.lockTime)
	b = binary.LittleEndian.AppendUint32(b, sighashAll)
	return sha256d(b)
}

// appendOutpoint appends the outpoint that txin spends.
func appendOutpoint(b []byte, txin *txIn) []byte {
	b = append(b, txin.prevTxid[:]...)
	return binary.LittleEndian.AppendUint32(b, txin.prevIndex)
}

// taprootSigMsg returns BIP-341's 0x00 ‖ SigMsg(hashType, 0) for a
// key-path spend of input in of t, whose inputs spend prevouts (one per
// input, in order), with hashType sighashDefault or sighashAll and the
// annex (nil for none; else the last witness item, 0x50 included).
func taprootSigMsg(t *tx, in int, prevouts []txOut, hashType byte, annex []byte) []byte {
	hp, ha, hs, hq, ho := sha256.New(), sha256.New(), sha256.New(), sha256.New(), sha256.New()
	var buf []byte
	for i := range t.inputs {
		hp.Write(appendOutpoint(buf[:0], &t.inputs[i]))
		ha.Write(binary.LittleEndian.AppendUint64(buf[:0], prevouts[i].value))
		hs.Write(appendBytes(buf[:0], prevouts[i].scriptPubKey))
		hq.Write(binary.LittleEndian.AppendUint32(buf[:0], t.inputs[i].sequence))
	}
	for _, out := range t.outputs {
		ho.Write(out.append(buf[:0]))
	}

	b := []byte{0x00, hashType} // the epoch, then SigMsg
	b = binary.LittleEndian.AppendUint32(b, t.version)
	b = binary.LittleEndian.AppendUint32(b, t.lockTime)
	b = hp.Sum(b)        // sha_prevouts
	b = ha.Sum(b)        // sha_amounts
	b = hs.Sum(b)        // sha_scriptpubkeys
	b = hq.Sum(b)        // sha_sequences
	b = ho.Sum(b)        // sha_outputs
	spendType := byte(0) // ext_flag 0: a key-path spend
	if annex != nil {
		spendType |= 1
	}
	b = append(b, spendType)
	b = binary.LittleEndian.AppendUint32(b, uint32(in))
	if annex != nil {
		h := sha256.Sum256(appendBytes(nil, annex))
		b = append(b, h[:]...)
	}
	return b
}

// taprootSighash returns hash_TapSighash of taprootSigMsg.
func taprootSighash(t *tx, in int, prevouts []txOut, hashType byte, annex []byte) [32]byte {
	return tagTapSighash.Sum(taprootSigMsg(t, in, prevouts, hashType, annex))
}
