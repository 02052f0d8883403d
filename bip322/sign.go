package bip322

import (
	"bytes"
	"encoding/base64"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Sign returns a signature of msg by k for addr in the format its type
// calls for: BIP-322 simple for P2WPKH and P2TR, BIP-322 full for
// P2SH-P2WPKH (simple signatures are for native segwit addresses), and
// legacy for P2PKH, which every verifier of P2PKH messages reads
// (SignLegacy; SignFull makes BIP-322's format for P2PKH). For P2TR, addr's
// output key must be k's BIP-86 key-path output (btcaddr.NewP2TRBIP86) or
// k's own x-only key (an output key whose tweaked private key the caller
// holds).
//
// ECDSA signatures are deterministic (RFC 6979, low R as Bitcoin Core
// grinds them); BIP-340 ones use fresh randomness from crypto/rand and
// SIGHASH_DEFAULT. It returns ErrKeyMismatch if addr is not an address of
// k, ErrUnsupported for P2WSH and other segwit versions, and
// secp256k1.ErrUninitialized for a nil or zero-value k or addr.
func Sign(k *secp256k1.PrivateKey, addr *btcaddr.Address, msg []byte) (string, error) {
	if err := k.Validate(); err != nil {
		return "", err
	}
	if err := addr.Validate(); err != nil {
		return "", err
	}
	switch addr.Kind() {
	case btcaddr.P2PKH:
		return SignLegacy(k, addr, msg)
	case btcaddr.P2SH:
		return SignFull(k, addr, msg)
	}
	t, err := signToSign(k, addr, msg)
	if err != nil {
		return "", err
	}
	return prefixSimple + base64.StdEncoding.EncodeToString(appendWitness(nil, t.inputs[0].witness)), nil
}

// SignFull returns BIP-322's full signature ("ful") of msg by k for addr:
// the signed to_sign transaction, with version, lock time and sequence 0.
// It serves P2PKH (of k's compressed or uncompressed key), P2WPKH,
// P2SH-P2WPKH and P2TR, as Sign does, with Sign's errors.
func SignFull(k *secp256k1.PrivateKey, addr *btcaddr.Address, msg []byte) (string, error) {
	t, err := signToSign(k, addr, msg)
	if err != nil {
		return "", err
	}
	return prefixFull + base64.StdEncoding.EncodeToString(t.serialize(true)), nil
}

// signToSign returns to_sign for msg and addr, with its input's scriptSig
// and witness signed by k.
func signToSign(k *secp256k1.PrivateKey, addr *btcaddr.Address, msg []byte) (*tx, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	if err := addr.Validate(); err != nil {
		return nil, err
	}
	spend := toSpend(msg, addr.ScriptPubKey())
	t := toSign(spend)
	in := &t.inputs[0]
	pub := k.PublicKey()
	program, kind := addr.Program(), addr.Kind()
	switch kind {
	case btcaddr.P2PKH:
		key := pub.BytesCompressed()
		if !bytes.Equal(program, hash160(key)) {
			key = pub.BytesUncompressed()
		}
		if !bytes.Equal(program, hash160(key)) {
			return nil, fmt.Errorf("%w: not a P2PKH address of the key", ErrKeyMismatch)
		}
		sig, err := signECDSA(k, legacySighash(t, 0, spend.outputs[0].scriptPubKey))
		if err != nil {
			return nil, err
		}
		in.scriptSig = appendPush(appendPush(nil, sig), key)
	case btcaddr.P2WPKH, btcaddr.P2SH:
		redeem := p2wpkhProgram(pub)
		if kind == btcaddr.P2SH {
			if !bytes.Equal(program, hash160(redeem)) {
				return nil, fmt.Errorf("%w: not the P2SH-P2WPKH address of the key (other P2SH scripts are not supported)", ErrKeyMismatch)
			}
			in.scriptSig = appendPush(nil, redeem)
		} else if !bytes.Equal(program, redeem[2:]) {
			return nil, fmt.Errorf("%w: not the P2WPKH address of the key", ErrKeyMismatch)
		}
		sig, err := signECDSA(k, witnessV0Sighash(t, 0, p2pkhScript(redeem[2:]), 0))
		if err != nil {
			return nil, err
		}
		in.witness = [][]byte{sig, pub.BytesCompressed()}
	case btcaddr.P2TR:
		kp, err := taprootKeypair(k, program)
		if err != nil {
			return nil, err
		}
		defer kp.Zero()
		h := taprootSighash(t, 0, spend.outputs, sighashDefault, nil)
		sig, err := kp.Sign(h[:], nil)
		if err != nil {
			return nil, err
		}
		in.witness = [][]byte{sig}
	default:
		return nil, fmt.Errorf("%w: signing for a %v address: needs a script (only single-key addresses are supported)", ErrUnsupported, kind)
	}
	return t, nil
}

// taprootKeypair returns the key pair of k that signs for the x-only
// output key: k tweaked by BIP-86's TapTweak with no script tree, or k
// itself.
func taprootKeypair(k *secp256k1.PrivateKey, outputKey []byte) (*schnorr.Keypair, error) {
	kp := schnorr.NewKeypair(k)
	if bytes.Equal(kp.XOnlyPublicKey(), outputKey) {
		return kp, nil
	}
	tweaked, err := kp.TapTweak(nil)
	kp.Zero()
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(tweaked.XOnlyPublicKey(), outputKey) {
		tweaked.Zero()
		return nil, fmt.Errorf("%w: the output key is neither the key's BIP-86 output key nor its own x-only key", ErrKeyMismatch)
	}
	return tweaked, nil
}

// signECDSA returns the DER ECDSA signature of hash by k with a
// SIGHASH_ALL byte, as a script carries it.
func signECDSA(k *secp256k1.PrivateKey, hash [32]byte) ([]byte, error) {
	sig, err := ecdsa.SignWithOptions(k, hash[:], &ecdsa.SignOptions{LowR: true})
	if err != nil {
		return nil, err
	}
	return append(sig.DER(), sighashAll), nil
}
