package frost

import (
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
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
	if auxRand != nil && len(auxRand) != 32 {
		return nil, nil, ErrRand
	}
	tc, err := signers.tweak.applyTweaks(tweaks, isXOnly)
	if err != nil {
		return nil, nil, err
	}
	var sp [32]byte
	if auxRand == nil {
		secshare.d.PutBytes(&sp)
	} else {
		tags.Mask(&sp, &secshare.d, (*[32]byte)(auxRand))
	}
	var other []byte // aggothernonce', empty if absent
	if aggOtherNonce != nil {
		other = aggOtherNonce[:]
	}
	st := mpsig.NewSecNonce()
	pub := new(PubNonce)
	ok := tags.DetNonce(st, (*[66]byte)(pub), msg, sp[:], putUint32(nil, id), signers.serIDs, other, tc.key.QC[1:])
	clear(sp[:])
	if !ok {
		return nil, nil, ErrSign
	}
	secnonce := &SecNonce{st: st}
	// Every way out erases the nonce; after a Sign that signed, it is used
	// already and Erase does nothing.
	defer secnonce.Erase()

	// aggnonce = NonceAgg((pubnonce, aggothernonce)), or pubnonce if
	// aggothernonce is absent; an invalid aggothernonce is the
	// coordinator's fault.
	aggNonce := AggNonce(*pub)
	if aggOtherNonce != nil {
		agg, err := NonceAgg([]PubNonce{*pub, PubNonce(*aggOtherNonce)})
		if err != nil {
			return nil, nil, blame(Coordinator, ContribAggOtherNonce, ErrAggNonce)
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
