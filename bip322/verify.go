package bip322

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Verify checks the BIP-322 signature sig of msg for addr, and returns what
// the signature proves, with a nil error, only if it is valid. sig is a
// simple ("smp") or full ("ful") signature, or, without a prefix, a simple
// one (BIP-322's fallback for signatures made before the prefixes) or, for
// a P2PKH address, a legacy one (BIP-322 restricts legacy signatures to
// P2PKH; VerifyLegacy takes BIP-137's segwit headers too).
//
// The error matches ErrMalformed for a signature that cannot be decoded,
// ErrInvalid for one that does not prove control of addr for msg,
// ErrUnsupported where BIP-322's answer would be "inconclusive" (see the
// package documentation, and below), and secp256k1.ErrUninitialized for a
// nil or zero-value addr. Beyond the script types, a full signature whose
// to_sign has a version other than 0 or 2 is inconclusive, as BIP-322's
// "upgradeable rules" say.
func Verify(addr *btcaddr.Address, msg []byte, sig string) (*Result, error) {
	if err := addr.Validate(); err != nil {
		return nil, err
	}
	if sig == "" {
		return nil, fmt.Errorf("%w: signature too short (empty)", ErrMalformed)
	}
	prefix, text := splitPrefix(sig)
	raw, err := decodeBase64(text)
	if err != nil {
		return nil, err
	}
	spend := toSpend(msg, addr.ScriptPubKey())
	switch prefix {
	case prefixPoF:
		return nil, fmt.Errorf("%w: proof of funds (pof): needs a PSBT (BIP-174) decoder and the outputs the additional inputs spend", ErrUnsupported)
	case prefixFull:
		t, err := parseTx(raw)
		if err != nil {
			return nil, fmt.Errorf("%w: error parsing signature as full variant: %v", ErrMalformed, err)
		}
		if err := checkToSign(t, spend); err != nil {
			return nil, err
		}
		if err := verifyInput(addr, t, spend); err != nil {
			return nil, err
		}
		// BIP-322's upgradeable rules, checked after the required ones.
		if t.version != 0 && t.version != 2 {
			return nil, fmt.Errorf("%w: to_sign version %d (BIP-322 knows 0 and 2)", ErrUnsupported, t.version)
		}
		return &Result{Format: Full, LockTime: t.lockTime, Sequence: t.inputs[0].sequence}, nil
	case "":
		if addr.Kind() == btcaddr.P2PKH && len(raw) == legacyLen {
			if err := verifyLegacy(addr, LegacyMessageHash(msg), raw, false); err != nil {
				return nil, err
			}
			return &Result{Format: Legacy}, nil
		}
	}
	// A simple signature.
	stack, err := parseWitness(raw)
	if err != nil {
		if prefix == "" && len(raw) == legacyLen && 27 <= raw[0] && raw[0] <= 42 {
			return nil, fmt.Errorf("%w: a legacy signature, which BIP-322 allows for P2PKH addresses only (VerifyLegacy takes BIP-137's segwit headers)", ErrInvalid)
		}
		return nil, fmt.Errorf("%w: error parsing signature as simple variant (a witness stack): %v", ErrMalformed, err)
	}
	switch addr.Kind() {
	case btcaddr.P2PKH, btcaddr.P2SH:
		return nil, fmt.Errorf("%w: a simple signature is for native segwit addresses; a %v address needs a full one", ErrInvalid, addr.Kind())
	}
	t := toSign(spend)
	t.inputs[0].witness = stack
	if err := verifyInput(addr, t, spend); err != nil {
		return nil, err
	}
	return &Result{Format: Simple}, nil
}

// checkToSign checks the fields of a full signature's to_sign that BIP-322
// fixes: one input, which spends to_spend's output, and one output, of
// value 0 paying to OP_RETURN.
func checkToSign(t, spend *tx) error {
	switch {
	case len(t.inputs) != 1:
		return fmt.Errorf("%w: to_sign has %d inputs (want 1; a proof of funds uses the pof format)", ErrInvalid, len(t.inputs))
	case t.inputs[0].prevTxid != spend.txid() || t.inputs[0].prevIndex != 0:
		return fmt.Errorf("%w: to_sign's input does not spend to_spend's output (another message or address)", ErrInvalid)
	case len(t.outputs) != 1 || t.outputs[0].value != 0 || !bytes.Equal(t.outputs[0].scriptPubKey, opReturn):
		return fmt.Errorf("%w: to_sign must have one output, of value 0, paying to OP_RETURN", ErrInvalid)
	}
	return nil
}

// verifyInput checks that t's first input spends spend's output, whose
// scriptPubKey is addr's, by the template of addr's type.
func verifyInput(addr *btcaddr.Address, t, spend *tx) error {
	in := &t.inputs[0]
	program := addr.Program()
	kind := addr.Kind()
	if addr.WitnessVersion() >= 0 && len(in.scriptSig) != 0 {
		return fmt.Errorf("%w: a native segwit (%v) input has an empty scriptSig", ErrInvalid, kind)
	}
	switch kind {
	case btcaddr.P2PKH:
		return verifyP2PKH(t, program, spend.outputs[0].scriptPubKey)
	case btcaddr.P2SH:
		return verifyP2SH(t, program)
	case btcaddr.P2WPKH:
		return verifyP2WPKH(t, program)
	case btcaddr.P2WSH:
		return checkP2WSH(in.witness, program, "p2wsh")
	case btcaddr.P2TR:
		return verifyP2TR(t, program, spend.outputs[0])
	}
	return fmt.Errorf("%w: segwit version %d with a %d-byte program: BIP-322 forbids versions above 1, and v1 programs other than 32 bytes have no meaning yet", ErrUnsupported, addr.WitnessVersion(), len(program))
}

// verifyP2PKH checks a full signature's P2PKH spend: a witness-less input
// whose scriptSig pushes a signature and a public key whose HASH160 is the
// address's, the signature checked with the pre-segwit signature hash.
func verifyP2PKH(t *tx, keyHash, scriptPubKey []byte) error {
	in := &t.inputs[0]
	if len(in.witness) != 0 {
		return fmt.Errorf("%w: a P2PKH input has no witness", ErrInvalid)
	}
	items, pushOnly, err := pushes(in.scriptSig)
	switch {
	case err != nil:
		return err
	case !pushOnly:
		return fmt.Errorf("%w: p2pkh with a scriptSig that is not push-only: needs a script interpreter", ErrUnsupported)
	case len(items) != 2:
		return fmt.Errorf("%w: a P2PKH scriptSig pushes a signature and a public key, not %d items", ErrInvalid, len(items))
	}
	pub, err := parseKey(items[1], keyHash)
	if err != nil {
		return err
	}
	return verifyECDSA(pub, items[0], legacySighash(t, 0, scriptPubKey))
}

// verifyP2WPKH checks the spend of a P2WPKH program keyHash by t's first
// input, native or nested in P2SH: a witness of a signature and a public
// key whose HASH160 is keyHash, the signature checked with BIP-143's
// signature hash of the amount 0 that to_spend pays.
func verifyP2WPKH(t *tx, keyHash []byte) error {
	w := t.inputs[0].witness
	if len(w) != 2 {
		return fmt.Errorf("%w: a P2WPKH witness is a signature and a public key, not %d items", ErrInvalid, len(w))
	}
	pub, err := parseKey(w[1], keyHash)
	if err != nil {
		return err
	}
	return verifyECDSA(pub, w[0], witnessV0Sighash(t, 0, p2pkhScript(keyHash), 0))
}

// verifyP2SH checks a full signature's P2SH spend: a push-only scriptSig
// whose last push is a redeem script with the address's HASH160. Only a
// P2WPKH redeem script is verified; P2SH-P2WSH is checked as far as its
// commitments go, and any other script is inconclusive.
func verifyP2SH(t *tx, scriptHash []byte) error {
	in := &t.inputs[0]
	items, pushOnly, err := pushes(in.scriptSig)
	switch {
	case err != nil:
		return err
	case !pushOnly:
		return fmt.Errorf("%w: a P2SH scriptSig is push-only (BIP-16)", ErrInvalid)
	case len(items) == 0:
		return fmt.Errorf("%w: a P2SH scriptSig pushes the redeem script", ErrInvalid)
	}
	redeem := items[len(items)-1]
	if !bytes.Equal(hash160(redeem), scriptHash) {
		return fmt.Errorf("%w: the redeem script's HASH160 is not the address's (another address)", ErrInvalid)
	}
	if v := witnessProgramVersion(redeem); v >= 0 {
		// BIP-141: a nested witness program's scriptSig is exactly its push.
		if len(items) != 1 || len(in.scriptSig) != 1+len(redeem) {
			return fmt.Errorf("%w: the scriptSig of a P2SH-wrapped witness program is its push alone", ErrInvalid)
		}
		switch {
		case v == 0 && len(redeem) == 22:
			return verifyP2WPKH(t, redeem[2:])
		case v == 0 && len(redeem) == 34:
			return checkP2WSH(in.witness, redeem[2:], "p2sh-p2wsh")
		case v == 0:
			// SCRIPT_ERR_WITNESS_PROGRAM_WRONG_LENGTH, whatever the witness.
			return fmt.Errorf("%w: a version 0 witness program of %d bytes fails consensus", ErrInvalid, len(redeem)-2)
		}
		return fmt.Errorf("%w: p2sh-wrapped segwit version %d: BIP-322 forbids versions above 1, and v1 has no P2SH-wrapped form", ErrUnsupported, v)
	}
	if len(in.witness) != 0 {
		return fmt.Errorf("%w: a P2SH input without a witness program has no witness", ErrInvalid)
	}
	return fmt.Errorf("%w: p2sh (redeem script %x…): needs a script interpreter", ErrUnsupported, redeem[:min(len(redeem), 8)])
}

// witnessProgramVersion returns the version of the witness program script
// (BIP-141: OP_0 or OP_1–OP_16, then one direct push of 2–40 bytes), or −1.
func witnessProgramVersion(script []byte) int {
	if len(script) < 4 || len(script) > 42 || int(script[1]) != len(script)-2 {
		return -1
	}
	switch op := script[0]; {
	case op == 0x00:
		return 0 // of any length: one other than 20 or 32 bytes fails consensus
	case 0x51 <= op && op <= 0x60:
		return int(op) - 0x50
	}
	return -1
}

// checkP2WSH checks the commitment of a P2WSH spend, that the last witness
// item (the witness script) has the SHA-256 program, and reports the spend
// as inconclusive if it holds: the script needs an interpreter.
func checkP2WSH(witness [][]byte, program []byte, kind string) error {
	if len(witness) == 0 {
		return fmt.Errorf("%w: a %s witness ends with the witness script", ErrInvalid, kind)
	}
	if h := sha256.Sum256(witness[len(witness)-1]); !bytes.Equal(h[:], program) {
		return fmt.Errorf("%w: the witness script's SHA-256 is not the address's program (another address)", ErrInvalid)
	}
	return fmt.Errorf("%w: %s: needs a script interpreter", ErrUnsupported, kind)
}

// verifyP2TR checks a taproot spend of t's first input: a key-path spend
// with a BIP-340 signature of the BIP-341 signature hash (SIGHASH_DEFAULT
// for 64 bytes, SIGHASH_ALL for 65 ending in 0x01), with or without an
// annex. A script-path spend's control block is checked against the output
// key; if it commits to the script, the spend is inconclusive.
func verifyP2TR(t *tx, outputKey []byte, prevout txOut) error {
	stack := t.inputs[0].witness
	var annex []byte
	if n := len(stack); n >= 2 && len(stack[n-1]) > 0 && stack[n-1][0] == 0x50 {
		annex, stack = stack[n-1], stack[:n-1]
	}
	switch len(stack) {
	case 0:
		return fmt.Errorf("%w: an empty P2TR witness", ErrInvalid)
	case 1:
	default:
		return checkScriptPath(stack, outputKey)
	}
	sig := stack[0]
	hashType := byte(sighashDefault)
	switch {
	case len(sig) == 65 && sig[64] == sighashAll:
		hashType = sighashAll
	case len(sig) == 65:
		return fmt.Errorf("%w: hash type 0x%02x (BIP-322 allows SIGHASH_DEFAULT and SIGHASH_ALL)", ErrInvalid, sig[64])
	case len(sig) != 64:
		return fmt.Errorf("%w: a %d-byte taproot signature (want 64, or 65 with a hash type)", ErrInvalid, len(sig))
	}
	pub, err := schnorr.ParsePublicKey(outputKey)
	if err != nil {
		return fmt.Errorf("%w: the address's output key is not on the curve", ErrInvalid)
	}
	h := taprootSighash(t, 0, []txOut{prevout}, hashType, annex)
	if !schnorr.Verify(pub, h[:], sig[:64]) {
		return fmt.Errorf("%w: the BIP-340 signature does not verify (another key, message or address)", ErrInvalid)
	}
	return nil
}

// checkScriptPath checks BIP-341's commitment of a script-path spend (its
// control block: leaf version and parity, internal key, merkle path) to the
// output key, and reports the spend as inconclusive if it holds.
func checkScriptPath(stack [][]byte, outputKey []byte) error {
	cb, script := stack[len(stack)-1], stack[len(stack)-2]
	if len(cb) < 33 || (len(cb)-33)%32 != 0 || (len(cb)-33)/32 > 128 {
		return fmt.Errorf("%w: a %d-byte taproot control block (want 33 + 32m, m ≤ 128)", ErrInvalid, len(cb))
	}
	internal, err := schnorr.ParsePublicKey(cb[1:33])
	if err != nil {
		return fmt.Errorf("%w: the control block's internal key is not on the curve", ErrInvalid)
	}
	k := schnorr.TapLeafHash(cb[0]&0xfe, script)
	for i := 33; i < len(cb); i += 32 {
		k = schnorr.TapBranchHash(k, [32]byte(cb[i:i+32]))
	}
	tweak, err := schnorr.TapTweakHash(internal, k[:])
	if err != nil || !schnorr.XOnlyTweakAddCheck(outputKey, int(cb[0]&1), internal, tweak[:]) {
		return fmt.Errorf("%w: the control block does not commit the script to the address's output key (another address)", ErrInvalid)
	}
	return fmt.Errorf("%w: p2tr script path (leaf version 0x%02x): needs a tapscript interpreter", ErrUnsupported, cb[0]&0xfe)
}

// parseKey parses a public key pushed in a scriptSig or witness, which
// must be a 33-byte compressed or 65-byte uncompressed SEC 1 key
// (STRICTENC: no hybrid keys) whose HASH160 is keyHash.
func parseKey(b, keyHash []byte) (*secp256k1.PublicKey, error) {
	if !bytes.Equal(hash160(b), keyHash) {
		return nil, fmt.Errorf("%w: the public key's HASH160 is not the address's (another key or address)", ErrInvalid)
	}
	if !(len(b) == 33 && (b[0] == 2 || b[0] == 3)) && !(len(b) == 65 && b[0] == 4) {
		return nil, fmt.Errorf("%w: the public key is not a compressed or uncompressed SEC 1 key (STRICTENC)", ErrInvalid)
	}
	pub, err := secp256k1.ParsePublicKey(b)
	if err != nil {
		return nil, fmt.Errorf("%w: the public key is not on the curve", ErrInvalid)
	}
	return pub, nil
}

// verifyECDSA checks an ECDSA script signature: strict DER (BIP-66) and a
// SIGHASH_ALL byte, as BIP-322 requires, and low S (Verify rejects high S,
// as LOW_S does), of hash by pub.
func verifyECDSA(pub *secp256k1.PublicKey, sig []byte, hash [32]byte) error {
	if len(sig) == 0 {
		return fmt.Errorf("%w: an empty ECDSA signature", ErrInvalid)
	}
	if ht := sig[len(sig)-1]; ht != sighashAll {
		return fmt.Errorf("%w: hash type 0x%02x (BIP-322 requires SIGHASH_ALL)", ErrInvalid, ht)
	}
	s, err := ecdsa.ParseDERSignature(sig[:len(sig)-1])
	if err != nil {
		return fmt.Errorf("%w: the ECDSA signature is not strict DER (BIP-66)", ErrInvalid)
	}
	if !s.IsLowS() {
		return fmt.Errorf("%w: the ECDSA signature is high-S (LOW_S)", ErrInvalid)
	}
	if !ecdsa.Verify(pub, hash[:], s) {
		return fmt.Errorf("%w: the ECDSA signature does not verify (another key, message or address)", ErrInvalid)
	}
	return nil
}
