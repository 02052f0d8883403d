package rfc9591_test

import (
	"fmt"
	"log"

	"github.com/kestrel-crypto/secp256k1/frost/rfc9591"
)

// A 2-of-3 key from a trusted dealer; participants 1 and 3 sign.
func Example() {
	dealt, err := rfc9591.TrustedDealerKeygen(3, 2, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, kp := range dealt.KeyPackages { // each participant, on receipt
		if err := rfc9591.VerifyVSS(kp, dealt.VSSCommitment); err != nil {
			log.Fatal(err)
		}
	}
	signers := []*rfc9591.KeyPackage{dealt.KeyPackages[0], dealt.KeyPackages[2]}
	msg := []byte("hello, FROST")

	// Round one: each signer commits; the coordinator sorts the list.
	var nonces []*rfc9591.SecretNonces
	var commitments []rfc9591.Commitment
	for _, kp := range signers {
		n, c, err := rfc9591.Commit(kp, nil)
		if err != nil {
			log.Fatal(err)
		}
		nonces = append(nonces, n)
		commitments = append(commitments, *c)
	}
	rfc9591.SortCommitments(commitments)

	// Round two: each signer signs; the coordinator checks and aggregates.
	var shares []rfc9591.SignatureShare
	for i, kp := range signers {
		z, err := rfc9591.Sign(nonces[i], kp, msg, commitments)
		if err != nil {
			log.Fatal(err)
		}
		if err := rfc9591.VerifySignatureShare(kp.Identifier(), kp.PublicShare(), z, commitments, dealt.GroupPublicKey, msg); err != nil {
			log.Fatal(err)
		}
		shares = append(shares, *z)
	}
	sig, err := rfc9591.Aggregate(commitments, msg, dealt.GroupPublicKey, shares)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(sig), rfc9591.Verify(dealt.GroupPublicKey, msg, sig))

	// A nonce signs once.
	_, err = rfc9591.Sign(nonces[0], signers[0], msg, commitments)
	fmt.Println(err)
	// Output:
	// 65 true
	// rfc9591: secret nonces already used
}
