package frost

import (
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1"
)

// DeterministicSign is BIP-445's deterministic and stateless signing for a
// single signer, the last one to contribute a nonce: it derives its nonce
// from its secret share, its participant identifier id (as for Sign, not
// its index in the signer set), the signer set, the aggregate of all
// other signers' public nonces aggOtherNonce (NonceAgg of their nonces; it
// may come from an untrusted coordinator), the x-only threshold public key
// after the tweaks, and the message, and signs at once. It returns the
// signer's public nonce, which the coordinator needs for the aggregate
// nonce, and its partial signature. It needs neither randomness nor state,
// and is only safe for a signer that has seen every other signer's nonce.
//
// aggOtherNonce is nil for a sole signer (u = 1, a 1-of-n key): the session
// then uses the signer's own nonce as the aggregate. auxRand is optional
// auxiliary randomness, nil or 32 bytes, that masks the secret share in the
// nonce derivation (BIP-445's aux_rand). signers, tweaks, isXOnly and msg
// are as for NewSessionContext.
//
// Errors: an error wrapping secp256k1.ErrUninitialized for a nil or zero
// secshare or signers; ErrRand for an auxRand of another length; the tweak
// errors of NewSessionContext; an InvalidContributionError that blames the
// coordinator with ContribAggOtherNonce if aggOtherNonce is invalid (it
// must not contain infinity); and Sign's errors, ErrSignerNotInPubShares
// and ErrSignerNotInIDs in particular. Constant time in the secret share
// and the nonce.
func DeterministicSign(secshare *SecretShare, id int, aggOtherNonce *AggNonce, signers *SignersContext, tweaks [][]byte, isXOnly []bool, msg, auxRand []byte) (*PubNonce, *PartialSig, error) {
	if err := secshare.check(); err != nil {
		return nil, nil, err
	}
	if err := signers.check(); err != nil {
		return nil, nil, err
	}
	// secshare' = secshare ⊕ hash_BIP0445/aux(aux_rand) if aux_rand is
	// present, else secshare.
	var sp [32]byte
	switch {
	case auxRand == nil:
		b := secshare.d.Bytes()
		copy(sp[:], b)
		clear(b)
	case len(auxRand) == 32:
		maskSecretShare(&sp, secshare, (*[32]byte)(auxRand))
	default:
		return nil, nil, ErrRand
	}
	tc, err := signers.tweak.applyTweaks(tweaks, isXOnly)
	if err != nil {
		clear(sp[:])
		return nil, nil, err
	}

	var other []byte // aggothernonce', empty if absent
	if aggOtherNonce != nil {
		other = aggOtherNonce[:]
	}
	st := newSecNonceState()
	for i, k := range []*secp256k1.Scalar{&st.k1, &st.k2} {
		detNonceHash(k, &sp, id, signers.serIDs, other, tc.qc[1:], msg, byte(i))
	}
	clear(sp[:])
	if st.k1.IsZero()|st.k2.IsZero() == 1 {
		st.k1, st.k2 = secp256k1.Scalar{}, secp256k1.Scalar{}
		return nil, nil, ErrSign
	}
	pub := st.setPublicNonce()
	secnonce := &SecNonce{st: st}
	// Every way out erases the nonce; after a Sign that signed, it is used
	// already and Erase does nothing.
	defer secnonce.Erase()

	// aggnonce = NonceAgg((pubnonce, aggothernonce)), or pubnonce if
	// aggothernonce is absent; an invalid aggothernonce is the
	// coordinator's fault.
	aggNonce := AggNonce(*pub)
	if aggOtherNonce != nil {
		o := PubNonce(*aggOtherNonce)
		var R1, R2 secp256k1.Point
		if !o.decode(&R1, &R2) {
			return nil, nil, blame(Coordinator, ContribAggOtherNonce, ErrAggNonce)
		}
		agg, err := NonceAgg([]PubNonce{*pub, o})
		if err != nil { // unreachable: both nonces are valid
			return nil, nil, err
		}
		aggNonce = *agg
	}
	session, err := newSessionContext(signers, tc, &aggNonce, msg)
	if err != nil { // unreachable but for probability 2⁻²⁵⁶: aggNonce is valid
		return nil, nil, err
	}
	psig, err := Sign(secnonce, secshare, id, session)
	if err != nil {
		return nil, nil, err
	}
	return pub, psig, nil
}

// detNonceHash sets k to k_{i+1} = int(hash_BIP0445/deterministic/nonce(
// secshare' ‖ bytes(4, my_id) ‖ bytes(4, u) ‖ SerializeIds(id₁..u) ‖
// aggothernonce' ‖ tweaked_thresh_pk_xonly ‖ bytes(8, len(m)) ‖ m ‖
// bytes(1, i))) mod n, where serIDs is bytes(4, u) ‖ SerializeIds(id₁..u).
func detNonceHash(k *secp256k1.Scalar, sp *[32]byte, myID int, serIDs, other, threshPK, msg []byte, i byte) {
	h := tagDetNonce.New()
	h.Write(sp[:])
	h.Write(putUint32(nil, myID))
	h.Write(serIDs)
	h.Write(other)
	h.Write(threshPK)
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(msg)))
	h.Write(n[:])
	h.Write(msg)
	h.Write([]byte{i})
	var out [32]byte
	h.Sum(&out)
	k.SetReducedBytes(out[:])
	clear(out[:])
}
