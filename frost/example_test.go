package frost_test

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1/frost"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Example is a 2-of-3 signing session end to end: a trusted dealer deals
// the key, participants 1 and 2 sign through a coordinator, and the result
// is an ordinary BIP-340 signature under the taproot (BIP-86) output key.
//
// Two numbers name a signer: its participant identifier id (0..n−1, fixed
// for the key), which Sign takes, and its index i in this session's
// signers (0..u−1, the position of id in ids), which PartialSigVerify
// takes and the lists of nonces and partial signatures follow. Here
// participant 1 is at index 0 and participant 2 at index 1.
func Example() {
	// Key generation, once: the dealer sends each participant its secret
	// share privately, and publishes the rest. Each participant checks its
	// share against the dealer's commitment, for the threshold it agreed
	// to (2) and the threshold public key.
	keys, err := frost.TrustedDealerKeygen(3, 2, nil)
	if err != nil {
		panic(err)
	}
	for id, share := range keys.SecretShares {
		if err := frost.VerifySecretShare(share, id, 2, keys.Commitments, keys.ThreshPublicKey); err != nil {
			panic(err)
		}
	}

	// The coordinator picks the signers and builds the signers context;
	// everyone can, from public values.
	ids := []int{1, 2} // participant identifiers; ids[i] is the signer at index i
	signers, err := frost.NewSignersContext(3, 2, ids,
		[][]byte{keys.PubShares[1], keys.PubShares[2]}, keys.ThreshPublicKey)
	if err != nil {
		panic(err)
	}
	tweak, err := signers.TweakContext().ApplyBIP86Tweak()
	if err != nil {
		panic(err)
	}
	msg := []byte("2-of-3, participants 1 and 2")

	// Round one: each signer makes a nonce and sends the public half to the
	// coordinator, who aggregates them.
	secnonces := make([]*frost.SecNonce, len(ids))
	pubnonces := make([]frost.PubNonce, len(ids))
	for i, id := range ids {
		share := keys.SecretShares[id]
		sec, pub, err := frost.NonceGen(&frost.NonceGenOptions{
			SecretShare: share, PubShare: share.PubShare(),
			ThreshPublicKey: tweak.XOnlyPublicKey(), Msg: msg,
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

	// Round two: each signer signs (consuming its secret nonce); the
	// coordinator verifies each partial signature and aggregates them.
	session, err := tweak.NewSessionContext(signers, aggnonce, msg)
	if err != nil {
		panic(err)
	}
	// Participant 2 passing its index 1 to Sign is refused, and leaves its
	// nonce unused.
	_, err = frost.Sign(secnonces[1], keys.SecretShares[2], 1, session)
	fmt.Println(err)
	psigs := make([]frost.PartialSig, len(ids))
	for i, id := range ids {
		// Sign takes the participant identifier id.
		psig, err := frost.Sign(secnonces[i], keys.SecretShares[id], id, session)
		if err != nil {
			panic(err)
		}
		psigs[i] = *psig
	}
	for i := range psigs {
		// PartialSigVerify takes the signer's index i (signers.SignerIndex(id)).
		if err := session.PartialSigVerify(&psigs[i], &pubnonces[i], i); err != nil {
			panic(err) // names the malicious signer by its index
		}
	}
	sig, err := frost.PartialSigAgg(psigs, session)
	if err != nil {
		panic(err)
	}
	fmt.Println("signature length:", len(sig))
	fmt.Println("valid BIP-340 signature:", schnorr.Verify(tweak.PublicKey(), msg, sig))

	// Mixing the two up is refused: participant 2 passing its identifier 2
	// to PartialSigVerify (or its index to Sign, above).
	fmt.Println(session.PartialSigVerify(&psigs[1], &pubnonces[1], 2))

	// A secret nonce signs once.
	_, err = frost.Sign(secnonces[0], keys.SecretShares[1], 1, session)
	fmt.Println(err)
	// Output:
	// frost: the signer's public share is not the one listed for its identifier: 1 is the signer's index in the Signers Context, not its participant identifier 2
	// signature length: 64
	// valid BIP-340 signature: true
	// frost: signer index out of range or lists of different lengths: 2 is the participant identifier of the signer at index 1, not a signer index (0 ≤ index < 2)
	// frost: secret nonce already used
}
