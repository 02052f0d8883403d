package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"slices"
	"testing"

	btcec "github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	bmusig2 "github.com/btcsuite/btcd/btcec/v2/schnorr/musig2"
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/musig2"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

var musigSeeds = [2][32]byte{sha256.Sum256([]byte("signer 0")), sha256.Sum256([]byte("signer 1"))}

func musigKeys(tb testing.TB) ([2]*secp256k1.PrivateKey, [2]*btcec.PrivateKey) {
	var ks [2]*secp256k1.PrivateKey
	var bs [2]*btcec.PrivateKey
	for i := range ks {
		k, err := secp256k1.NewPrivateKey(musigSeeds[i][:])
		if err != nil {
			tb.Fatal(err)
		}
		ks[i] = k
		bs[i], _ = btcec.PrivKeyFromBytes(musigSeeds[i][:])
	}
	return ks, bs
}

// TestSessionsAgree checks that both libraries aggregate the same key and
// produce signatures that the other library verifies.
func TestSessionsAgree(t *testing.T) {
	msg := sha256.Sum256([]byte("2-of-2"))
	ks, bs := musigKeys(t)
	kagg, ksig, err := kestrelMuSig2(ks, msg[:])
	if err != nil {
		t.Fatal(err)
	}
	bagg, bsig, err := btcecMuSig2(bs, msg[:])
	if err != nil {
		t.Fatal(err)
	}
	if string(kagg) != string(bagg) {
		t.Fatalf("aggregate keys differ: %x vs %x", kagg, bagg)
	}
	kpub, err := schnorr.ParsePublicKey(kagg)
	if err != nil {
		t.Fatal(err)
	}
	if !schnorr.Verify(kpub, msg[:], bsig) {
		t.Fatal("Kestrel rejects btcec's MuSig2 signature for the same keys")
	}
	bpub, err := bschnorr.ParsePubKey(bagg)
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
	ks, bs := musigKeys(b)
	b.Run("lib=kestrel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := kestrelMuSig2(ks, msg[:]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("lib=btcec", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := btcecMuSig2(bs, msg[:]); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// mixedTweak is a tweak of the aggregate key in both libraries' terms.
type mixedTweak struct {
	name    string
	kestrel func(*musig2.KeyAggContext) (*musig2.KeyAggContext, error)
	btcec   []bmusig2.ContextOption
}

var (
	mixedTweak32 = sha256.Sum256([]byte("mixed tweak"))
	mixedRoot    = sha256.Sum256([]byte("mixed script root"))
	mixedTweaks  = []mixedTweak{
		{"untweaked", func(c *musig2.KeyAggContext) (*musig2.KeyAggContext, error) { return c, nil }, nil},
		mixedTweakBy(false),
		mixedTweakBy(true),
		{"BIP-86", (*musig2.KeyAggContext).ApplyBIP86Tweak, []bmusig2.ContextOption{bmusig2.WithBip86TweakCtx()}},
		{"taproot", func(c *musig2.KeyAggContext) (*musig2.KeyAggContext, error) { return c.ApplyTapTweak(mixedRoot[:]) },
			[]bmusig2.ContextOption{bmusig2.WithTaprootTweakCtx(mixedRoot[:])}},
	}
)

// mixedTweakBy is the plain or x-only tweak by mixedTweak32.
func mixedTweakBy(xonly bool) mixedTweak {
	name := map[bool]string{false: "plain", true: "x-only"}[xonly]
	return mixedTweak{
		name: name,
		kestrel: func(c *musig2.KeyAggContext) (*musig2.KeyAggContext, error) {
			return c.ApplyTweak(mixedTweak32[:], xonly)
		},
		btcec: []bmusig2.ContextOption{bmusig2.WithTweakedContext(bmusig2.KeyTweakDesc{Tweak: mixedTweak32, IsXOnly: xonly})},
	}
}

// TestMixedSessions runs 2-of-2 sessions in which one signer uses Kestrel's
// musig2.Session and the other btcec's musig2.Session, with either library
// holding either key, every tweak kind, and Kestrel's nonce from crypto/rand
// or from a NonceCounter (a counter nonce). Everything crosses between the
// libraries as bytes. Each side verifies the other's partial signature
// (Kestrel's Session always does; btcec's CombineSig verifies only the final
// signature) and aggregates; both final signatures must be equal and verify
// in both libraries.
func TestMixedSessions(t *testing.T) {
	ks, bs := musigKeys(t)
	msg := sha256.Sum256([]byte("mixed 2-of-2"))
	counter := musig2.NewNonceCounter(1<<40, nil)
	for kIdx := range 2 { // Kestrel holds key kIdx, btcec the other
		bIdx := 1 - kIdx
		for _, tw := range mixedTweaks {
			for _, useCounter := range []bool{false, true} {
				name := fmt.Sprintf("kestrel key %d, %s, counter nonce %v", kIdx, tw.name, useCounter)
				t.Run(name, func(t *testing.T) {
					pubkeys := [][]byte{ks[0].PublicKey().BytesCompressed(), ks[1].PublicKey().BytesCompressed()}
					ka, err := musig2.KeyAgg(musig2.KeySort(pubkeys))
					if err != nil {
						t.Fatal(err)
					}
					if ka, err = tw.kestrel(ka); err != nil {
						t.Fatal(err)
					}
					var opts *musig2.SessionOptions
					if useCounter {
						opts = &musig2.SessionOptions{Counter: counter}
					}
					ksess, err := musig2.NewSession(ks[kIdx], ka, opts)
					if err != nil {
						t.Fatal(err)
					}
					bctx, err := bmusig2.NewContext(bs[bIdx], true, append([]bmusig2.ContextOption{
						bmusig2.WithKnownSigners([]*btcec.PublicKey{bs[0].PubKey(), bs[1].PubKey()})}, tw.btcec...)...)
					if err != nil {
						t.Fatal(err)
					}
					bsess, err := bctx.NewSession()
					if err != nil {
						t.Fatal(err)
					}
					bKey, err := bctx.CombinedKey()
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(bschnorr.SerializePubKey(bKey), ka.XOnlyPublicKey()) {
						t.Fatal("the libraries' (tweaked) aggregate keys differ")
					}
					// The btcec signer's index in Kestrel's (sorted) key list.
					bIndex := slices.IndexFunc(ka.PublicKeys(), func(pk []byte) bool {
						return bytes.Equal(pk, bs[bIdx].PubKey().SerializeCompressed())
					})

					// Round 1: nonces, as bytes.
					bNonce := bsess.PublicNonce()
					kNonce, err := musig2.ParsePubNonce(bNonce[:])
					if err != nil {
						t.Fatal(err)
					}
					if haveAll, err := ksess.RegisterPubNonce(bIndex, kNonce); !haveAll || err != nil {
						t.Fatalf("Kestrel RegisterPubNonce: %v, %v", haveAll, err)
					}
					if haveAll, err := bsess.RegisterPubNonce([musig2.PubNonceSize]byte(ksess.PublicNonce().Bytes())); !haveAll || err != nil {
						t.Fatalf("btcec RegisterPubNonce: %v, %v", haveAll, err)
					}
					kAgg, err := ksess.AggNonce()
					if err != nil {
						t.Fatal(err)
					}
					if bAgg, err := bsess.CombinedNonce(); err != nil || bAgg != *kAgg {
						t.Fatalf("the aggregate nonces differ (%v)", err)
					}

					// Round 2: partial signatures, as bytes.
					kPsig, err := ksess.Sign(msg[:])
					if err != nil {
						t.Fatal(err)
					}
					bPsig, err := bsess.Sign(msg)
					if err != nil {
						t.Fatal(err)
					}
					var buf bytes.Buffer
					if err := bPsig.Encode(&buf); err != nil {
						t.Fatal(err)
					}
					fromB, err := musig2.ParsePartialSig(buf.Bytes())
					if err != nil {
						t.Fatal(err)
					}
					if haveAll, err := ksess.RegisterPartialSig(bIndex, fromB); !haveAll || err != nil {
						t.Fatalf("Kestrel RegisterPartialSig of btcec's partial signature: %v, %v", haveAll, err)
					}
					var fromK bmusig2.PartialSignature
					if err := fromK.Decode(bytes.NewReader(kPsig.Bytes())); err != nil {
						t.Fatal(err)
					}
					if haveAll, err := bsess.CombineSig(&fromK); !haveAll || err != nil {
						t.Fatalf("btcec CombineSig of Kestrel's partial signature: %v, %v", haveAll, err)
					}

					kSig, err := ksess.FinalSig()
					if err != nil {
						t.Fatal(err)
					}
					bSig := bsess.FinalSig().Serialize()
					if !bytes.Equal(kSig, bSig) {
						t.Fatalf("final signatures differ:\n%x\n%x", kSig, bSig)
					}
					if !schnorr.Verify(ka.PublicKey(), msg[:], bSig) {
						t.Error("Kestrel rejects the signature")
					}
					parsed, err := bschnorr.ParseSignature(kSig)
					if err != nil || !parsed.Verify(msg[:], bKey) {
						t.Error("btcec rejects the signature")
					}
				})
			}
		}
	}
}

// TestMixedNonceGenCounter runs the package functions' 2-of-2 flow with
// Kestrel's NonceGenCounter nonce for one signer and btcec's GenNonces for
// the other (btcec's musig2.Sign as that signer), checking that btcec
// verifies the Kestrel signer's partial signature and the final signature.
func TestMixedNonceGenCounter(t *testing.T) {
	ks, bs := musigKeys(t)
	msg := sha256.Sum256([]byte("counter nonce"))
	signers := []*btcec.PublicKey{bs[0].PubKey(), bs[1].PubKey()}
	for kIdx := range 2 {
		bIdx := 1 - kIdx
		pubkeys := [][]byte{ks[0].PublicKey().BytesCompressed(), ks[1].PublicKey().BytesCompressed()}
		ka, err := musig2.KeyAgg(musig2.KeySort(pubkeys))
		if err != nil {
			t.Fatal(err)
		}
		ksec, kpub, err := musig2.NonceGenCounter(ks[kIdx], uint64(kIdx), &musig2.NonceGenOptions{AggPublicKey: ka.XOnlyPublicKey(), Msg: msg[:]})
		if err != nil {
			t.Fatal(err)
		}
		bNonces, err := bmusig2.GenNonces(bmusig2.WithPublicKey(bs[bIdx].PubKey()), bmusig2.WithNonceSecretKeyAux(bs[bIdx]))
		if err != nil {
			t.Fatal(err)
		}
		bAgg, err := bmusig2.AggregateNonces([][bmusig2.PubNonceSize]byte{bNonces.PubNonce, *kpub})
		if err != nil {
			t.Fatal(err)
		}
		kBpub := musig2.PubNonce(bNonces.PubNonce)
		kAgg, err := musig2.NonceAgg([]musig2.PubNonce{*kpub, kBpub})
		if err != nil || *kAgg != bAgg {
			t.Fatalf("the aggregate nonces differ (%v)", err)
		}
		ctx, err := ka.NewSessionContext(kAgg, msg[:])
		if err != nil {
			t.Fatal(err)
		}
		kPsig, err := musig2.Sign(ksec, ks[kIdx], ctx)
		if err != nil {
			t.Fatal(err)
		}
		bPsig, err := bmusig2.Sign(bNonces.SecNonce, bs[bIdx], bAgg, signers, msg, bmusig2.WithSortedKeys())
		if err != nil {
			t.Fatal(err)
		}
		var fromK bmusig2.PartialSignature
		if err := fromK.Decode(bytes.NewReader(kPsig.Bytes())); err != nil {
			t.Fatal(err)
		}
		kPub, _ := btcec.ParsePubKey(ks[kIdx].PublicKey().BytesCompressed())
		if !fromK.Verify(*kpub, bAgg, signers, kPub, msg, bmusig2.WithSortedKeys()) {
			t.Fatalf("btcec rejects Kestrel's counter-nonce partial signature (Kestrel key %d)", kIdx)
		}
		final := bmusig2.CombineSigs(bPsig.R, []*bmusig2.PartialSignature{bPsig, &fromK})
		bKey, _, _, err := bmusig2.AggregateKeys(signers, true)
		if err != nil {
			t.Fatal(err)
		}
		if !final.Verify(msg[:], bKey.FinalKey) || !schnorr.Verify(ka.PublicKey(), msg[:], final.Serialize()) {
			t.Fatalf("the final signature does not verify (Kestrel key %d)", kIdx)
		}
	}
}
