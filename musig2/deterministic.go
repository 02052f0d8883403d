package musig2

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
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
	if rand != nil && len(rand) != 32 {
		return nil, nil, ErrRand
	}
	c, err := keyAggAndTweak(pubkeys, tweaks, isXOnly)
	if err != nil {
		return nil, nil, err
	}
	d, _ := door.PrivateKey(sk) // checked above
	var skp [32]byte
	if rand == nil {
		d.PutBytes(&skp)
	} else {
		tags.Mask(&skp, &d, (*[32]byte)(rand))
	}
	d = scalar.Scalar{}
	st := newSecNonceState()
	pub := new(PubNonce)
	ok := tags.DetNonce(&st.SecNonce, (*[66]byte)(pub), msg, skp[:], aggOtherNonce[:], c.key.QC[1:])
	clear(skp[:])
	if !ok {
		return nil, nil, ErrSign
	}
	copy(st.pk[:], sk.PublicKey().BytesCompressed())
	secnonce := &SecNonce{st: st}
	// Every way out erases the nonce; after a Sign that signed, it is used
	// already and Erase does nothing.
	defer secnonce.Erase()

	// aggnonce = NonceAgg((pubnonce, aggothernonce)); an invalid
	// aggothernonce is the aggregator's fault.
	aggNonce, err := NonceAgg([]PubNonce{*pub, PubNonce(*aggOtherNonce)})
	if err != nil {
		return nil, nil, blame(Aggregator, ContribAggOtherNonce, ErrAggNonce)
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
