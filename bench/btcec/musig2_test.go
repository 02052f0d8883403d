package btcec

import (
	"crypto/sha256"
	"testing"

	btcec "github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	bmusig2 "github.com/btcsuite/btcd/btcec/v2/schnorr/musig2"
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/musig2"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

var seeds = [2][32]byte{sha256.Sum256([]byte("signer 0")), sha256.Sum256([]byte("signer 1"))}

// kestrelSession runs a whole 2-of-2 session: key aggregation, a nonce per
// signer, nonce aggregation, two partial signatures (each checked by its
// signer, as both libraries do by default), and aggregation.
func kestrelSession(tb testing.TB, keys [2]*secp256k1.PrivateKey, pubkeys [][]byte, msg []byte) []byte {
	ka, err := musig2.KeyAgg(pubkeys)
	if err != nil {
		tb.Fatal(err)
	}
	var secs [2]*musig2.SecNonce
	pubnonces := make([]musig2.PubNonce, 2)
	for i := range secs {
		sec, pub, err := musig2.NonceGen(pubkeys[i], &musig2.NonceGenOptions{SecretKey: keys[i], AggPublicKey: ka.XOnlyPublicKey(), Msg: msg})
		if err != nil {
			tb.Fatal(err)
		}
		secs[i], pubnonces[i] = sec, *pub
	}
	agg, err := musig2.NonceAgg(pubnonces)
	if err != nil {
		tb.Fatal(err)
	}
	session, err := ka.NewSessionContext(agg, msg)
	if err != nil {
		tb.Fatal(err)
	}
	psigs := make([]musig2.PartialSig, 2)
	for i := range secs {
		p, err := musig2.Sign(secs[i], keys[i], session)
		if err != nil {
			tb.Fatal(err)
		}
		psigs[i] = *p
	}
	sig, err := musig2.PartialSigAgg(psigs, session)
	if err != nil {
		tb.Fatal(err)
	}
	return sig
}

// btcecSession is the same session with btcec's Context/Session API: two
// contexts (key aggregation each), two sessions (a nonce each), nonce
// exchange, two signatures (btcec verifies its own by default), and
// aggregation.
func btcecSession(tb testing.TB, keys [2]*btcec.PrivateKey, msg [32]byte) *bschnorr.Signature {
	signers := []*btcec.PublicKey{keys[0].PubKey(), keys[1].PubKey()}
	var sessions [2]*bmusig2.Session
	for i := range keys {
		ctx, err := bmusig2.NewContext(keys[i], true, bmusig2.WithKnownSigners(signers))
		if err != nil {
			tb.Fatal(err)
		}
		s, err := ctx.NewSession()
		if err != nil {
			tb.Fatal(err)
		}
		sessions[i] = s
	}
	pubNonces := [2][bmusig2.PubNonceSize]byte{sessions[0].PublicNonce(), sessions[1].PublicNonce()}
	for i := range sessions {
		if _, err := sessions[i].RegisterPubNonce(pubNonces[1-i]); err != nil {
			tb.Fatal(err)
		}
	}
	var psigs [2]*bmusig2.PartialSignature
	for i := range sessions {
		p, err := sessions[i].Sign(msg)
		if err != nil {
			tb.Fatal(err)
		}
		psigs[i] = p
	}
	if _, err := sessions[0].CombineSig(psigs[1]); err != nil {
		tb.Fatal(err)
	}
	return sessions[0].FinalSig()
}

func kestrelInputs(tb testing.TB) ([2]*secp256k1.PrivateKey, [][]byte) {
	var keys [2]*secp256k1.PrivateKey
	pubkeys := make([][]byte, 2)
	for i := range keys {
		k, err := secp256k1.NewPrivateKey(seeds[i][:])
		if err != nil {
			tb.Fatal(err)
		}
		keys[i], pubkeys[i] = k, k.PublicKey().BytesCompressed()
	}
	sorted := musig2.KeySort(pubkeys)
	if string(sorted[0]) != string(pubkeys[0]) {
		keys[0], keys[1] = keys[1], keys[0]
	}
	return keys, sorted
}

func btcecInputs() [2]*btcec.PrivateKey {
	var keys [2]*btcec.PrivateKey
	for i := range keys {
		keys[i], _ = btcec.PrivKeyFromBytes(seeds[i][:])
	}
	return keys
}

// TestSessionsAgree checks that both libraries produce a signature for the
// same aggregate key that the other library verifies.
func TestSessionsAgree(t *testing.T) {
	msg := sha256.Sum256([]byte("2-of-2"))
	keys, pubkeys := kestrelInputs(t)
	ksig := kestrelSession(t, keys, pubkeys, msg[:])
	bsig := btcecSession(t, btcecInputs(), msg)

	ka, _ := musig2.KeyAgg(pubkeys)
	kpub, _ := schnorr.ParsePublicKey(ka.XOnlyPublicKey())
	if !schnorr.Verify(kpub, msg[:], bsig.Serialize()) {
		t.Fatal("Kestrel rejects btcec's MuSig2 signature for the same keys")
	}
	bpub, err := bschnorr.ParsePubKey(ka.XOnlyPublicKey())
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := bschnorr.ParseSignature(ksig)
	if err != nil || !parsed.Verify(msg[:], bpub) {
		t.Fatal("btcec rejects Kestrel's MuSig2 signature")
	}
}

// BenchmarkMusigSession2of2 is a whole 2-of-2 session in each library.
func BenchmarkMusigSession2of2(b *testing.B) {
	msg := sha256.Sum256([]byte("2-of-2"))
	b.Run("lib=kestrel", func(b *testing.B) {
		keys, pubkeys := kestrelInputs(b)
		b.ReportAllocs()
		for b.Loop() {
			kestrelSession(b, keys, pubkeys, msg[:])
		}
	})
	b.Run("lib=btcec", func(b *testing.B) {
		keys := btcecInputs()
		b.ReportAllocs()
		for b.Loop() {
			btcecSession(b, keys, msg)
		}
	})
}
