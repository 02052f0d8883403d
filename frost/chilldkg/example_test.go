package chilldkg_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/frost"
	"github.com/kestrel-crypto/secp256k1/frost/chilldkg"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

func random32() []byte {
	b := make([]byte, 32)
	rand.Read(b)
	return b
}

// Example is a 2-of-3 key generated with ChillDKG through a coordinator, then
// used end to end: participants 0 and 2 sign with FROST (BIP-445) and the
// result is an ordinary BIP-340 signature under the threshold public key.
func Example() {
	const n, t = 3, 2

	// Setup, once: each participant makes a long-term host key and everyone
	// obtains the others' host public keys authentically (for example by
	// comparing ParamsHash out of band).
	hosts := make([]*chilldkg.HostSecretKey, n)
	params := &chilldkg.SessionParams{T: t}
	for i := range hosts {
		h, err := chilldkg.NewHostSecretKey(random32())
		if err != nil {
			panic(err)
		}
		pk, _ := h.PublicKey()
		hosts[i] = h
		params.HostPubkeys = append(params.HostPubkeys, pk)
	}

	// Round 1: each participant sends pmsg1 to the coordinator, who answers
	// every participant with the same cmsg1.
	st1 := make([]*chilldkg.ParticipantState1, n)
	pmsgs1 := make([][]byte, n)
	for i, h := range hosts {
		st, msg, err := chilldkg.ParticipantStep1(h, params, random32())
		if err != nil {
			panic(err)
		}
		st1[i], pmsgs1[i] = st, msg
	}
	cstate, cmsg1, err := chilldkg.CoordinatorStep1(pmsgs1, params)
	if err != nil {
		panic(err)
	}

	// Round 2: each participant checks its share and signs the transcript
	// (pmsg2); the coordinator collects the signatures into the success
	// certificate cmsg2.
	st2 := make([]*chilldkg.ParticipantState2, n)
	pmsgs2 := make([][]byte, n)
	for i, h := range hosts {
		st, msg, err := chilldkg.ParticipantStep2(h, st1[i], cmsg1, random32())
		if err != nil {
			panic(err) // names the faulty party; see ParticipantInvestigate
		}
		defer st.Erase() // wipes the share if Finalize fails; never the output's
		st2[i], pmsgs2[i] = st, msg
	}
	cmsg2, coordOut, recoveryData, err := chilldkg.CoordinatorFinalize(cstate, pmsgs2)
	if err != nil {
		panic(err)
	}
	outs := make([]*chilldkg.DKGOutput, n)
	for i := range hosts {
		out, rd, err := chilldkg.ParticipantFinalize(st2[i], cmsg2)
		if err != nil {
			panic(err)
		}
		outs[i] = out
		fmt.Printf("participant %d: same key %v, same recovery data %v\n", i,
			bytes.Equal(out.ThreshPubkey, coordOut.ThreshPubkey), bytes.Equal(rd, recoveryData))
	}

	// Signing with FROST: participants 0 and 2, through a coordinator. The
	// threshold public key is already Taproot-safe: pay to its x coordinate.
	ids := []int{0, 2}
	signers, err := frost.NewSignersContext(n, t, ids,
		[][]byte{coordOut.PubShares[0], coordOut.PubShares[2]}, coordOut.ThreshPubkey)
	if err != nil {
		panic(err)
	}
	tc := signers.TweakContext()
	msg := []byte("signed by a ChillDKG key")
	secnonces := make([]*frost.SecNonce, len(ids))
	pubnonces := make([]frost.PubNonce, len(ids))
	for i, id := range ids {
		share := outs[id].SecShare
		sec, pub, err := frost.NonceGen(&frost.NonceGenOptions{
			SecretShare: share, PubShare: share.PubShare(), ThreshPublicKey: tc.XOnlyPublicKey(), Msg: msg,
		})
		if err != nil {
			panic(err)
		}
		secnonces[i], pubnonces[i] = sec, *pub
	}
	aggnonce, err := frost.NonceAgg(pubnonces)
	if err != nil {
		panic(err)
	}
	session, err := tc.NewSessionContext(signers, aggnonce, msg)
	if err != nil {
		panic(err)
	}
	psigs := make([]frost.PartialSig, len(ids))
	for i, id := range ids {
		psig, err := frost.Sign(secnonces[i], outs[id].SecShare, id, session)
		if err != nil {
			panic(err)
		}
		psigs[i] = *psig
	}
	sig, err := frost.PartialSigAgg(psigs, session)
	if err != nil {
		panic(err)
	}
	threshPK, err := secp256k1.ParsePublicKey(coordOut.ThreshPubkey)
	if err != nil {
		panic(err)
	}
	fmt.Println("valid BIP-340 signature:", schnorr.Verify(threshPK, msg, sig))

	// Recovery: the host secret key and the (public) recovery data give a
	// participant's output back.
	rec, _, err := chilldkg.ParticipantRecover(hosts[1], recoveryData)
	if err != nil {
		panic(err)
	}
	fmt.Println("recovered share:", bytes.Equal(rec.SecShare.Bytes(), outs[1].SecShare.Bytes()))
	// Output:
	// participant 0: same key true, same recovery data true
	// participant 1: same key true, same recovery data true
	// participant 2: same key true, same recovery data true
	// valid BIP-340 signature: true
	// recovered share: true
}
