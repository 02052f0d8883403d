package main

import (
	btcec "github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	bmusig2 "github.com/btcsuite/btcd/btcec/v2/schnorr/musig2"
)

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
