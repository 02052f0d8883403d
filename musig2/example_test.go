package musig2_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/bip32"
	"github.com/kestrel-crypto/secp256k1/musig2"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Example runs a 2-of-2 MuSig2 session between Alice and Bob. Everything
// that crosses the network is bytes: public keys (33), public nonces (66)
// and partial signatures (32); the receiver parses them.
func Example() {
	alice, _ := secp256k1.GeneratePrivateKey()
	bob, _ := secp256k1.GeneratePrivateKey()
	alicePub := alice.PublicKey().BytesCompressed()
	bobPub := bob.PublicKey().BytesCompressed()

	// Key setup: both compute the same aggregate key from the sorted keys.
	pubkeys := musig2.KeySort([][]byte{alicePub, bobPub})
	ka, err := musig2.KeyAgg(pubkeys)
	if err != nil {
		panic(err)
	}
	aliceIdx, bobIdx := 0, 1
	if !bytes.Equal(pubkeys[0], alicePub) {
		aliceIdx, bobIdx = 1, 0
	}

	msg := sha256.Sum256([]byte("pay 1 BTC to Carol"))

	// Round 1: nonces. Each signer gives NonceGen what it already knows.
	aliceSec, alicePubNonce, err := musig2.NonceGen(alicePub, &musig2.NonceGenOptions{
		SecretKey: alice, AggPublicKey: ka.XOnlyPublicKey(), Msg: msg[:],
	})
	if err != nil {
		panic(err)
	}
	bobSec, bobPubNonce, err := musig2.NonceGen(bobPub, &musig2.NonceGenOptions{
		SecretKey: bob, AggPublicKey: ka.XOnlyPublicKey(), Msg: msg[:],
	})
	if err != nil {
		panic(err)
	}
	// They exchange public nonces and each parses the other's.
	fromBob, err := musig2.ParsePubNonce(bobPubNonce.Bytes())
	if err != nil {
		panic(err) // Bob sent garbage: abort and blame Bob
	}
	fromAlice, err := musig2.ParsePubNonce(alicePubNonce.Bytes())
	if err != nil {
		panic(err)
	}
	pubnonces := make([]musig2.PubNonce, 2) // in the order of pubkeys
	pubnonces[aliceIdx], pubnonces[bobIdx] = *fromAlice, *fromBob
	aggNonce, err := musig2.NonceAgg(pubnonces)
	if err != nil {
		panic(err) // the error names the culprit
	}

	// Round 2: both build the session and sign; Sign consumes the nonce.
	session, err := ka.NewSessionContext(aggNonce, msg[:])
	if err != nil {
		panic(err)
	}
	alicePsig, err := musig2.Sign(aliceSec, alice, session)
	if err != nil {
		panic(err)
	}
	bobPsig, err := musig2.Sign(bobSec, bob, session)
	if err != nil {
		panic(err)
	}
	_, err = musig2.Sign(aliceSec, alice, session)
	fmt.Println("signing again with the same nonce:", err)

	// Whoever aggregates checks the partial signatures it received.
	psigs := make([]musig2.PartialSig, 2)
	psigs[aliceIdx], psigs[bobIdx] = *alicePsig, *bobPsig
	for i := range psigs {
		if err := session.PartialSigVerify(&psigs[i], &pubnonces[i], i); err != nil {
			panic(err) // names signer i
		}
	}
	sig, err := musig2.PartialSigAgg(psigs, session)
	if err != nil {
		panic(err)
	}

	// The result is an ordinary BIP-340 signature under the aggregate key.
	aggKey, _ := schnorr.ParsePublicKey(ka.XOnlyPublicKey())
	fmt.Println("signature valid:", schnorr.Verify(aggKey, msg[:], sig))
	// Output:
	// signing again with the same nonce: musig2: secret nonce already used
	// signature valid: true
}

// Example_fiveOfFive runs a 5-of-5 session with a coordinator that collects
// the nonces and the partial signatures, verifies each partial signature
// and aggregates them.
func Example_fiveOfFive() {
	const u = 5
	keys := make([]*secp256k1.PrivateKey, u)
	pubkeys := make([][]byte, u)
	for i := range keys {
		keys[i], _ = secp256k1.GeneratePrivateKey()
		pubkeys[i] = keys[i].PublicKey().BytesCompressed()
	}
	ka, err := musig2.KeyAgg(pubkeys) // the signers agreed on this order
	if err != nil {
		panic(err)
	}
	msg := []byte("a message of any length")

	secnonces := make([]*musig2.SecNonce, u)
	pubnonces := make([]musig2.PubNonce, u)
	for i := range keys {
		sec, pub, err := musig2.NonceGen(pubkeys[i], &musig2.NonceGenOptions{
			SecretKey: keys[i], AggPublicKey: ka.XOnlyPublicKey(), Msg: msg,
		})
		if err != nil {
			panic(err)
		}
		secnonces[i], pubnonces[i] = sec, *pub
	}

	// The coordinator aggregates the nonces and sends aggNonce back.
	aggNonce, err := musig2.NonceAgg(pubnonces)
	if err != nil {
		panic(err)
	}

	// Each signer signs; the coordinator verifies and aggregates.
	session, err := ka.NewSessionContext(aggNonce, msg)
	if err != nil {
		panic(err)
	}
	psigs := make([]musig2.PartialSig, u)
	for i := range keys {
		psig, err := musig2.Sign(secnonces[i], keys[i], session)
		if err != nil {
			panic(err)
		}
		psigs[i] = *psig
	}
	for i := range psigs {
		if err := session.PartialSigVerify(&psigs[i], &pubnonces[i], i); err != nil {
			panic(err)
		}
	}
	sig, err := musig2.PartialSigAgg(psigs, session)
	if err != nil {
		panic(err)
	}
	fmt.Println("signature valid:", schnorr.Verify(ka.PublicKey(), msg, sig))

	// A disruptive signer is identified.
	psigs[3][0] ^= 0x80
	err = session.PartialSigVerify(&psigs[3], &pubnonces[3], 3)
	fmt.Println(err)
	// Output:
	// signature valid: true
	// musig2: invalid psig from signer 3
}

// ExampleKeyAggContext_ApplyTapTweak creates a taproot output whose key path
// is a 2-of-2 MuSig2 key and whose script path commits to a tapscript
// (BIP-341), and spends it through the key path: the signers sign with the
// tweaked context, and the result verifies under the output key.
func ExampleKeyAggContext_ApplyTapTweak() {
	k1, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{1}, 32))
	k2, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{2}, 32))
	keys := []*secp256k1.PrivateKey{k1, k2}
	pubkeys := [][]byte{k1.PublicKey().BytesCompressed(), k2.PublicKey().BytesCompressed()}

	internal, err := musig2.KeyAgg(pubkeys)
	if err != nil {
		panic(err)
	}
	// A script tree with a single leaf: <k1> OP_CHECKSIG.
	script := append(append([]byte{0x20}, schnorr.SerializePublicKey(k1.PublicKey())...), 0xac)
	root := schnorr.TapLeafHash(schnorr.TapscriptLeafVersion, script)
	output, err := internal.ApplyTapTweak(root[:]) // BIP-86 (no scripts): ApplyBIP86Tweak()
	if err != nil {
		panic(err)
	}
	fmt.Printf("scriptPubKey: 5120%x\n", output.XOnlyPublicKey())
	fmt.Println("control block parity:", output.PlainPublicKey()[0]&1)

	// Key-path spend: sign the BIP-341 signature hash with the tweaked context.
	sigHash := sha256.Sum256([]byte("BIP-341 signature hash of the spending transaction"))
	secnonces := make([]*musig2.SecNonce, 2)
	pubnonces := make([]musig2.PubNonce, 2)
	for i := range keys {
		sec, pub, err := musig2.NonceGen(pubkeys[i], &musig2.NonceGenOptions{
			SecretKey: keys[i], AggPublicKey: output.XOnlyPublicKey(), Msg: sigHash[:],
		})
		if err != nil {
			panic(err)
		}
		secnonces[i], pubnonces[i] = sec, *pub
	}
	aggNonce, err := musig2.NonceAgg(pubnonces)
	if err != nil {
		panic(err)
	}
	session, err := output.NewSessionContext(aggNonce, sigHash[:])
	if err != nil {
		panic(err)
	}
	psigs := make([]musig2.PartialSig, 2)
	for i := range keys {
		psig, err := musig2.Sign(secnonces[i], keys[i], session)
		if err != nil {
			panic(err)
		}
		psigs[i] = *psig
	}
	sig, err := musig2.PartialSigAgg(psigs, session)
	if err != nil {
		panic(err)
	}

	// A verifier knows only the output key from the scriptPubKey.
	outputKey, _ := schnorr.ParsePublicKey(output.XOnlyPublicKey())
	fmt.Println("key-path signature valid:", schnorr.Verify(outputKey, sigHash[:], sig))
	// The output key is the BIP-341 tweak of the internal key.
	want, _ := schnorr.TapTweak(internal.PublicKey(), root[:])
	fmt.Println("matches schnorr.TapTweak:", bytes.Equal(want.BytesCompressed(), output.PlainPublicKey()))
	// Output:
	// scriptPubKey: 51209b732a4c32241de2c859fd2d57c21c6068fc8918396a98e1d4c786aa1eb9a0f9
	// control block parity: 1
	// key-path signature valid: true
	// matches schnorr.TapTweak: true
}

// ExampleSession runs a 2-of-2 session for a BIP-86 taproot output with one
// Session per signer. Each side keeps its state in its Session: it sends
// its public nonce, registers the other's, signs once, registers and
// verifies the other's partial signature, and gets the verified final
// signature. Signers are named by their index in the key list.
func ExampleSession() {
	alice, _ := secp256k1.GeneratePrivateKey()
	bob, _ := secp256k1.GeneratePrivateKey()
	pubkeys := musig2.KeySort([][]byte{alice.PublicKey().BytesCompressed(), bob.PublicKey().BytesCompressed()})
	internal, err := musig2.KeyAgg(pubkeys)
	if err != nil {
		panic(err)
	}
	output, err := internal.ApplyBIP86Tweak()
	if err != nil {
		panic(err)
	}
	sigHash := sha256.Sum256([]byte("BIP-341 signature hash"))

	// Each signer starts its session; the message is known already, so it
	// goes into the nonce.
	aliceSession, err := musig2.NewSession(alice, output, &musig2.SessionOptions{Msg: sigHash[:]})
	if err != nil {
		panic(err)
	}
	bobSession, err := musig2.NewSession(bob, output, &musig2.SessionOptions{Msg: sigHash[:]})
	if err != nil {
		panic(err)
	}

	// Round 1: exchange public nonces (66 bytes on the wire).
	fromBob, err := musig2.ParsePubNonce(bobSession.PublicNonce().Bytes())
	if err != nil {
		panic(err)
	}
	haveAll, err := aliceSession.RegisterPubNonce(bobSession.Index(), fromBob)
	if err != nil {
		panic(err) // names Bob's index if his nonce is invalid
	}
	fmt.Println("Alice has every nonce:", haveAll)
	if _, err := bobSession.RegisterPubNonce(aliceSession.Index(), aliceSession.PublicNonce()); err != nil {
		panic(err)
	}

	// Round 2: sign once, exchange partial signatures (32 bytes).
	alicePsig, err := aliceSession.Sign(sigHash[:])
	if err != nil {
		panic(err)
	}
	_, err = aliceSession.Sign(sigHash[:])
	fmt.Println("signing twice:", err)
	bobPsig, err := bobSession.Sign(sigHash[:])
	if err != nil {
		panic(err)
	}
	if _, err := bobSession.RegisterPartialSig(aliceSession.Index(), alicePsig); err != nil {
		panic(err)
	}
	haveAll, err = aliceSession.RegisterPartialSig(bobSession.Index(), bobPsig)
	if err != nil {
		panic(err) // Bob's partial signature does not verify: blame him
	}
	fmt.Println("Alice has every partial signature:", haveAll)

	sig, err := aliceSession.FinalSig()
	if err != nil {
		panic(err)
	}
	outputKey, _ := schnorr.ParsePublicKey(output.XOnlyPublicKey())
	fmt.Println("key-path signature valid:", schnorr.Verify(outputKey, sigHash[:], sig))
	// Output:
	// Alice has every nonce: true
	// signing twice: musig2: secret nonce already used
	// Alice has every partial signature: true
	// key-path signature valid: true
}

// ExampleNonceCounter generates counter nonces, libsecp256k1's
// secp256k1_musig_nonce_gen_counter, from a counter that survives restarts:
// save records the next starting value before a value is used, and a
// restarted process resumes from the record.
func ExampleNonceCounter() {
	sk, _ := secp256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	var record uint64 // stands for a file written and synced by save

	start := func() *musig2.NonceCounter {
		return musig2.NewNonceCounter(record, func(next uint64) error {
			record = next // a real save must make this durable before returning
			return nil
		})
	}
	c := start()
	_, pub1, err := c.NonceGen(sk, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("record after one nonce:", record)

	c = start() // a restart
	_, pub2, err := c.NonceGen(sk, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("record after the restart:", record)
	fmt.Println("nonces differ:", *pub1 != *pub2)
	// Output:
	// record after one nonce: 1
	// record after the restart: 2
	// nonces differ: true
}

// BIP-328: the aggregate key of a MuSig2 group as an xpub, from which any
// party derives the group's keys, and the context that signs for one.
func ExampleKeyAggContext_ExtendedPublicKey() {
	keys := [][]byte{
		hexBytes("03935F972DA013F80AE011890FA89B67A27B7BE6CCB24D3274D18B2D4067F261A9"),
		hexBytes("02F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9"),
	}
	ctx, err := musig2.KeyAgg(keys)
	if err != nil {
		panic(err)
	}
	xpub, err := ctx.ExtendedPublicKey(bip32.Mainnet)
	if err != nil {
		panic(err)
	}
	fmt.Println(xpub)
	child, _ := xpub.DerivePath("m/0/3")
	// The signers apply the derivation's tweaks to their context, and sign
	// for the child with sessions started from it.
	signing, err := ctx.DerivePath("m/0/3")
	if err != nil {
		panic(err)
	}
	fmt.Println(hex.EncodeToString(signing.PlainPublicKey()) == hex.EncodeToString(child.PublicKey().BytesCompressed()))
	// Output:
	// xpub661MyMwAqRbcFt6tk3uaczE1y6EvM1TqXvawXcYmFEWijEM4PDBnuCXwwXEKGEouzXE6QLLRxjatMcLLzJ5LV5Nib1BN7vJg6yp45yHHRbm
	// true
}

// hexBytes decodes the hex string s, which must be valid.
func hexBytes(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}
