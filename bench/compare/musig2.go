package main

import (
	btcec "github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	bmusig2 "github.com/btcsuite/btcd/btcec/v2/schnorr/musig2"
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/musig2"
)

// kestrelMuSig2 runs a whole 2-of-2 BIP-327 session: key sorting and
// aggregation, a nonce per signer, nonce aggregation, two partial signatures
// (each checked by its signer, as both libraries do by default), and
// aggregation. It returns the x-only aggregate key and the signature.
func kestrelMuSig2(keys [2]*secp256k1.PrivateKey, msg []byte) (agg, sig []byte, err error) {
	pubkeys := [][]byte{keys[0].PublicKey().BytesCompressed(), keys[1].PublicKey().BytesCompressed()}
	if string(pubkeys[0]) > string(pubkeys[1]) { // KeySort, keeping keys in step
		keys[0], keys[1] = keys[1], keys[0]
		pubkeys[0], pubkeys[1] = pubkeys[1], pubkeys[0]
	}
	ka, err := musig2.KeyAgg(pubkeys)
	if err != nil {
		return nil, nil, err
	}
	var secs [2]*musig2.SecNonce
	pubnonces := make([]musig2.PubNonce, 2)
	for i := range secs {
		sec, pub, err := musig2.NonceGen(pubkeys[i], &musig2.NonceGenOptions{SecretKey: keys[i], AggPublicKey: ka.XOnlyPublicKey(), Msg: msg})
		if err != nil {
			return nil, nil, err
		}
		secs[i], pubnonces[i] = sec, *pub
	}
	aggNonce, err := musig2.NonceAgg(pubnonces)
	if err != nil {
		return nil, nil, err
	}
	session, err := ka.NewSessionContext(aggNonce, msg)
	if err != nil {
		return nil, nil, err
	}
	psigs := make([]musig2.PartialSig, 2)
	for i := range secs {
		p, err := musig2.Sign(secs[i], keys[i], session)
		if err != nil {
			return nil, nil, err
		}
		psigs[i] = *p
	}
	sig, err = musig2.PartialSigAgg(psigs, session)
	if err != nil {
		return nil, nil, err
	}
	return ka.XOnlyPublicKey(), sig, nil
}

// btcecMuSig2 is the same session with btcec's Context/Session API: two
// contexts (key aggregation each, keys sorted), two sessions (a nonce each),
// nonce exchange, two signatures (btcec verifies its own by default), and
// aggregation. msg must be 32 bytes.
func btcecMuSig2(keys [2]*btcec.PrivateKey, msg []byte) (agg, sig []byte, err error) {
	signers := []*btcec.PublicKey{keys[0].PubKey(), keys[1].PubKey()}
	var sessions [2]*bmusig2.Session
	var ctx *bmusig2.Context
	for i := range keys {
		ctx, err = bmusig2.NewContext(keys[i], true, bmusig2.WithKnownSigners(signers))
		if err != nil {
			return nil, nil, err
		}
		s, err := ctx.NewSession()
		if err != nil {
			return nil, nil, err
		}
		sessions[i] = s
	}
	pubNonces := [2][bmusig2.PubNonceSize]byte{sessions[0].PublicNonce(), sessions[1].PublicNonce()}
	for i := range sessions {
		if _, err := sessions[i].RegisterPubNonce(pubNonces[1-i]); err != nil {
			return nil, nil, err
		}
	}
	var psigs [2]*bmusig2.PartialSignature
	for i := range sessions {
		p, err := sessions[i].Sign([32]byte(msg))
		if err != nil {
			return nil, nil, err
		}
		psigs[i] = p
	}
	if _, err := sessions[0].CombineSig(psigs[1]); err != nil {
		return nil, nil, err
	}
	aggKey, err := ctx.CombinedKey()
	if err != nil {
		return nil, nil, err
	}
	return bschnorr.SerializePubKey(aggKey), sessions[0].FinalSig().Serialize(), nil
}
