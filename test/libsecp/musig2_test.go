package libsecp

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/musig2"
)

// TestMuSig2AggregateVerifiesInLibsecp runs random MuSig2 sessions (2 to 5
// signers, half of them with a BIP-86 tweak) with Kestrel and checks the
// aggregate signature with libsecp256k1's secp256k1_schnorrsig_verify.
func TestMuSig2AggregateVerifiesInLibsecp(t *testing.T) {
	n := diffN(t) / 50
	seed := diffSeed(t)
	t.Logf("DIFF_SEED=%d, %d sessions", seed, n)
	for i := range n {
		rng := caseRand(seed, i)
		u := 2 + rng.IntN(4)
		keys := make([]*secp256k1.PrivateKey, u)
		pubkeys := make([][]byte, u)
		for j := range keys {
			for keys[j] == nil {
				keys[j], _ = secp256k1.NewPrivateKey(testref.RandomBytes(rng, 32))
			}
			pubkeys[j] = keys[j].PublicKey().BytesCompressed()
		}
		ka, err := musig2.KeyAgg(pubkeys)
		if err != nil {
			t.Fatal(err)
		}
		if rng.IntN(2) == 0 {
			if ka, err = ka.ApplyBIP86Tweak(); err != nil {
				t.Fatal(err)
			}
		}
		msg := testref.RandomBytes(rng, 32)
		secs := make([]*musig2.SecNonce, u)
		pubnonces := make([]musig2.PubNonce, u)
		for j := range keys {
			sec, pub, err := musig2.NonceGen(pubkeys[j], &musig2.NonceGenOptions{SecretKey: keys[j], Msg: msg})
			if err != nil {
				t.Fatal(err)
			}
			secs[j], pubnonces[j] = sec, *pub
		}
		agg, err := musig2.NonceAgg(pubnonces)
		if err != nil {
			t.Fatal(err)
		}
		session, err := ka.NewSessionContext(agg, msg)
		if err != nil {
			t.Fatal(err)
		}
		psigs := make([]musig2.PartialSig, u)
		for j := range keys {
			p, err := musig2.Sign(secs[j], keys[j], session)
			if err != nil {
				t.Fatal(err)
			}
			psigs[j] = *p
		}
		sig, err := musig2.PartialSigAgg(psigs, session)
		if err != nil {
			t.Fatal(err)
		}
		if !SchnorrsigVerify(sig, msg, ka.XOnlyPublicKey()) {
			t.Fatalf("session %d (DIFF_SEED=%d): libsecp256k1 rejects the MuSig2 signature", i, seed)
		}
	}
}
