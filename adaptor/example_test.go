package adaptor_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/adaptor"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/musig2"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// An atomic swap between a chain with BIP-340 signatures and one with ECDSA
// signatures. Alice pays Bob on the Schnorr chain, Bob pays Alice on the
// ECDSA chain, and one secret t, which only Alice knows, unlocks both: when
// Alice takes Bob's coins she reveals t, and Bob uses it to take hers.
func Example_atomicSwap() {
	alice, _ := secp256k1.GeneratePrivateKey() // signs on the Schnorr chain
	bob, _ := secp256k1.GeneratePrivateKey()   // signs on the ECDSA chain
	t, _ := secp256k1.GeneratePrivateKey()     // Alice's swap secret
	T := t.PublicKey()                         // sent to Bob

	txA := []byte("Schnorr chain: Alice pays Bob 1 coin")
	txB := sha256.Sum256([]byte("ECDSA chain: Bob pays Alice 100 coins"))

	// 1. Bob encrypts his signature of txB under T, Alice checks it: with
	// t she can decrypt it, and the decryption will reveal t to Bob.
	encB, _ := adaptor.ECDSAEncrypt(bob, txB[:], T, nil)
	fmt.Println("Alice: Bob's adaptor signature verifies:", adaptor.ECDSAVerify(bob.PublicKey(), txB[:], T, encB))

	// 2. Alice pre-signs txA for T, Bob checks it: t completes it.
	preA, _ := adaptor.SchnorrPreSign(alice, txA, T, nil)
	fmt.Println("Bob: Alice's pre-signature verifies:", adaptor.SchnorrPreVerify(alice.PublicKey(), txA, T, preA))

	// 3. Alice decrypts Bob's signature with t and publishes txB.
	sigB, _ := encB.Decrypt(t)
	fmt.Println("ECDSA chain accepts txB:", ecdsa.Verify(bob.PublicKey(), txB[:], sigB))

	// 4. Bob sees sigB on the ECDSA chain, recovers t, and completes
	// Alice's pre-signature.
	tBob, _ := encB.Recover(sigB, T)
	sigA, _ := preA.Adapt(tBob)
	fmt.Println("Schnorr chain accepts txA:", schnorr.Verify(alice.PublicKey(), txA, sigA))
	// Output:
	// Alice: Bob's adaptor signature verifies: true
	// Bob: Alice's pre-signature verifies: true
	// ECDSA chain accepts txB: true
	// Schnorr chain accepts txA: true
}

// A point time-locked contract (PTLC) hop over a MuSig2 output: Alice and
// Bob share a 2-of-2 key, and Alice pays Bob on the condition that he
// learns the secret t of the payment point T (for example from the next
// hop). They run an adaptor session for T; the aggregate is a
// pre-signature, which Bob completes with t to claim the payment, and the
// published signature reveals t to Alice, who claims her incoming payment
// with it in turn.
func Example_muSig2PTLC() {
	alice, _ := secp256k1.GeneratePrivateKey()
	bob, _ := secp256k1.GeneratePrivateKey()
	t, _ := secp256k1.GeneratePrivateKey() // the payment secret, Bob learns it later
	T := t.PublicKey()                     // the payment point, known to both

	pubkeys := musig2.KeySort([][]byte{alice.PublicKey().BytesCompressed(), bob.PublicKey().BytesCompressed()})
	ka, _ := musig2.KeyAgg(pubkeys)
	tx := []byte("channel: pay Bob 5 coins")

	// Round one: nonces.
	signers := []*secp256k1.PrivateKey{alice, bob}
	secnonces := make([]*musig2.SecNonce, 2)
	pubnonces := make([]musig2.PubNonce, 2)
	for i, sk := range signers {
		sec, pub, _ := musig2.NonceGen(sk.PublicKey().BytesCompressed(), &musig2.NonceGenOptions{SecretKey: sk, Msg: tx})
		secnonces[i], pubnonces[i] = sec, *pub
	}
	aggNonce, _ := musig2.NonceAgg(pubnonces)

	// Round two: the adaptor session for T; every partial signature is
	// verified, which extraction requires.
	session, _ := ka.NewAdaptorSessionContext(aggNonce, tx, T)
	psigs := make([]musig2.PartialSig, 2)
	for i, sk := range signers {
		psig, _ := musig2.Sign(secnonces[i], sk, session)
		psigs[i] = *psig
	}
	index := func(sk *secp256k1.PrivateKey) int {
		for i, pk := range ka.PublicKeys() {
			if string(pk) == string(sk.PublicKey().BytesCompressed()) {
				return i
			}
		}
		return -1
	}
	for i, sk := range signers {
		if err := session.PartialSigVerify(&psigs[i], &pubnonces[i], index(sk)); err != nil {
			fmt.Println(err)
		}
	}
	b, _ := musig2.PreSigAgg(psigs, session)
	pre, _ := adaptor.ParseSchnorrPreSignature(b)
	fmt.Println("pre-signature verifies:", adaptor.SchnorrPreVerify(ka.PublicKey(), tx, T, pre))
	fmt.Println("pre-signature is a signature:", schnorr.Verify(ka.PublicKey(), tx, pre.Bytes64()))

	// Bob learns t, completes the signature and publishes it.
	sig, _ := pre.Adapt(t)
	fmt.Println("signature verifies:", schnorr.Verify(ka.PublicKey(), tx, sig))

	// Alice extracts t from the published signature.
	got, _ := pre.Extract(sig)
	fmt.Println("Alice learns t:", got.Equal(t))
	// Output:
	// pre-signature verifies: true
	// pre-signature is a signature: false
	// signature verifies: true
	// Alice learns t: true
}
