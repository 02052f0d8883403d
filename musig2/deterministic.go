package musig2

import (
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1"
)

// DeterministicSign is BIP-327's deterministic and stateless signing for a
// single signer, the last one to contribute a nonce: it derives its nonce
// from its secret key, the aggregate of all other signers' public nonces
// aggOtherNonce (NonceAgg of their nonces; it may come from an untrusted
// aggregator), the x-only aggregate public key (from pubkeys and the tweaks)
// and the message, and signs at once. It returns the signer's public nonce,
// which the others need for the aggregate nonce, and its partial signature.
// It needs neither randomness nor state, and is only safe for a signer that
// has seen every other signer's nonce.
//
// rand is optional auxiliary randomness, nil or 32 bytes, that masks the
// secret key in the nonce derivation (BIP-327's rand). pubkeys, tweaks,
// isXOnly and msg are as for NewSessionContext.
//
// Errors: an InvalidContributionError for a public key (as KeyAgg), or that
// blames the nonce aggregator (Aggregator) with ContribAggOtherNonce if
// aggOtherNonce is invalid (it must not contain infinity); ErrRand for a
// rand of another length; the tweak errors of NewSessionContext; and Sign's
// errors, ErrSignerNotInKeys in particular; an error wrapping
// secp256k1.ErrUninitialized for a nil or zero sk, before any computation.
// Constant time in sk and the nonce.
func DeterministicSign(sk *secp256k1.PrivateKey, aggOtherNonce *AggNonce, pubkeys, tweaks [][]byte, isXOnly []bool, msg, rand []byte) (*PubNonce, *PartialSig, error) {
	if err := checkSecretKey(sk); err != nil {
		return nil, nil, err
	}
	if aggOtherNonce == nil {
		return nil, nil, blame(Aggregator, ContribAggOtherNonce, ErrAggNonce)
	}
	// sk' = sk ⊕ hash_MuSig/aux(rand) if rand is present, else sk.
	var skp [32]byte
	switch {
	case rand == nil:
		b := sk.Bytes()
		copy(skp[:], b)
		clear(b)
	case len(rand) == 32:
		maskSecretKey(&skp, sk, (*[32]byte)(rand))
	default:
		return nil, nil, ErrRand
	}
	c, err := keyAggAndTweak(pubkeys, tweaks, isXOnly)
	if err != nil {
		clear(skp[:])
		return nil, nil, err
	}

	st := newSecNonceState()
	for i, k := range []*secp256k1.Scalar{&st.k1, &st.k2} {
		detNonceHash(k, &skp, aggOtherNonce, c.qc[1:], msg, byte(i))
	}
	clear(skp[:])
	if st.k1.IsZero()|st.k2.IsZero() == 1 {
		st.k1, st.k2 = secp256k1.Scalar{}, secp256k1.Scalar{}
		return nil, nil, ErrSign
	}
	pub := st.setPublicNonce()
	copy(st.pk[:], sk.PublicKey().BytesCompressed())
	secnonce := &SecNonce{st: st}
	// Every way out erases the nonce; after a Sign that signed, it is used
	// already and Erase does nothing.
	defer secnonce.Erase()

	// aggnonce = NonceAgg((pubnonce, aggothernonce)); an invalid
	// aggothernonce is the aggregator's fault.
	other := PubNonce(*aggOtherNonce)
	var R1, R2 secp256k1.Point
	if !other.decode(&R1, &R2) {
		return nil, nil, blame(Aggregator, ContribAggOtherNonce, ErrAggNonce)
	}
	aggNonce, err := NonceAgg([]PubNonce{*pub, other})
	if err != nil { // unreachable: both nonces are valid
		return nil, nil, err
	}
	session, err := c.NewSessionContext(aggNonce, msg)
	if err != nil { // unreachable: NonceAgg's output is valid
		return nil, nil, err
	}
	psig, err := Sign(secnonce, sk, session)
	if err != nil {
		return nil, nil, err
	}
	return pub, psig, nil
}

// detNonceHash sets k to k_{i+1} = int(hash_MuSig/deterministic/nonce(sk' ‖
// aggothernonce ‖ aggpk ‖ bytes(8, len(m)) ‖ m ‖ bytes(1, i))) mod n.
func detNonceHash(k *secp256k1.Scalar, skp *[32]byte, aggOtherNonce *AggNonce, aggpk, msg []byte, i byte) {
	h := tagDetNonce.New()
	h.Write(skp[:])
	h.Write(aggOtherNonce[:])
	h.Write(aggpk)
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
