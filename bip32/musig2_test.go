package bip32

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
	"github.com/kestrel-crypto/secp256k1/musig2"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// The test vectors of testdata/bip-0328 (see its README), and the signing
// of children of a synthetic xpub.

type bip328Vector struct {
	Keys            []string
	AggregatePubkey string `json:"aggregate_pubkey"`
	Xpub            string
}

func loadBIP328(t *testing.T) []bip328Vector {
	t.Helper()
	var v []bip328Vector
	testref.JSON(t, "../testdata/bip-0328/vectors.json", &v)
	if len(v) != 3 {
		t.Fatalf("%d cases; the README says 3", len(v))
	}
	return v
}

func keyAgg(t *testing.T, keys []string) *musig2.KeyAggContext {
	t.Helper()
	var pks [][]byte
	for _, s := range keys {
		pks = append(pks, testref.Hex(t, s))
	}
	ctx, err := musig2.KeyAgg(pks)
	if err != nil {
		t.Fatal(err)
	}
	return ctx
}

func TestVectorsBIP328(t *testing.T) {
	for i, tv := range loadBIP328(t) {
		ctx := keyAgg(t, tv.Keys)
		if got := hex.EncodeToString(ctx.PlainPublicKey()); got != tv.AggregatePubkey {
			t.Fatalf("case %d: aggregate key %s, want %s", i, got, tv.AggregatePubkey)
		}
		k, err := MuSig2AggregateKey(ctx, Mainnet)
		if err != nil {
			t.Fatal(err)
		}
		if got := k.Base58(); got != tv.Xpub {
			t.Errorf("case %d: synthetic xpub %s, want %s", i, got, tv.Xpub)
		}
		x, err := ParseExtendedKey(tv.Xpub)
		if err != nil || !x.Equal(k) {
			t.Errorf("case %d: ParseExtendedKey of the xpub: %v", i, err)
		}
	}
}

// TestMuSig2Derive checks, for the BIP-328 vectors, that the context of
// MuSig2Derive has the public key of the synthetic xpub's child, and that
// its tweaks are the plain tweaks, one per level.
func TestMuSig2Derive(t *testing.T) {
	for _, tv := range loadBIP328(t) {
		ctx := keyAgg(t, tv.Keys)
		xpub, err := MuSig2AggregateKey(ctx, Mainnet)
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"m", "m/0", "0/5", "m/2147483647/1/2/3"} {
			child, err := xpub.DerivePath(path)
			if err != nil {
				t.Fatal(err)
			}
			dctx, err := MuSig2Derive(ctx, path)
			if err != nil {
				t.Fatalf("MuSig2Derive(%q): %v", path, err)
			}
			if !bytes.Equal(dctx.PlainPublicKey(), child.PublicKey().BytesCompressed()) {
				t.Errorf("MuSig2Derive(%q): the context's key is not the xpub child's", path)
			}
			p, _ := ParsePath(path)
			tweaks, xonly := dctx.Tweaks()
			if len(tweaks) != len(p) {
				t.Errorf("MuSig2Derive(%q): %d tweaks", path, len(tweaks))
			}
			for _, x := range xonly {
				if x {
					t.Errorf("MuSig2Derive(%q): an x-only tweak", path)
				}
			}
		}
	}
}

// TestMuSig2SignChild runs a 2-of-2 MuSig2 session for a child of the
// synthetic xpub; the signature verifies under the child's x-only key.
func TestMuSig2SignChild(t *testing.T) {
	r := testref.Rand(t)
	keys := []*secp256k1.PrivateKey{testkey.Random(t, r), testkey.Random(t, r)}
	pubkeys := [][]byte{keys[0].PublicKey().BytesCompressed(), keys[1].PublicKey().BytesCompressed()}
	ctx, err := musig2.KeyAgg(pubkeys)
	if err != nil {
		t.Fatal(err)
	}
	xpub, err := MuSig2AggregateKey(ctx, Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	// What a watch-only wallet derives from the shared xpub alone.
	child, err := xpub.DerivePath("0/7")
	if err != nil {
		t.Fatal(err)
	}
	// What the signers sign with.
	dctx, err := MuSig2Derive(ctx, "0/7")
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("spend from m/0/7")
	secs := make([]*musig2.SecNonce, 2)
	pubnonces := make([]musig2.PubNonce, 2)
	for i := range keys {
		sec, pub, err := musig2.NonceGen(pubkeys[i], &musig2.NonceGenOptions{SecretKey: keys[i], AggPublicKey: dctx.XOnlyPublicKey(), Msg: msg})
		if err != nil {
			t.Fatal(err)
		}
		secs[i], pubnonces[i] = sec, *pub
	}
	aggNonce, err := musig2.NonceAgg(pubnonces)
	if err != nil {
		t.Fatal(err)
	}
	session, err := dctx.NewSessionContext(aggNonce, msg)
	if err != nil {
		t.Fatal(err)
	}
	psigs := make([]musig2.PartialSig, 2)
	for i := range keys {
		p, err := musig2.Sign(secs[i], keys[i], session)
		if err != nil {
			t.Fatal(err)
		}
		psigs[i] = *p
	}
	sig, err := musig2.PartialSigAgg(psigs, session)
	if err != nil {
		t.Fatal(err)
	}
	if !schnorr.Verify(child.PublicKey(), msg, sig) {
		t.Fatal("the MuSig2 signature does not verify under the xpub child's key")
	}
	if schnorr.Verify(xpub.PublicKey(), msg, sig) {
		t.Fatal("the signature verifies under the aggregate key itself")
	}
}

func TestMuSig2Errors(t *testing.T) {
	ctx := keyAgg(t, loadBIP328(t)[0].Keys)
	for name, c := range map[string]*musig2.KeyAggContext{"nil": nil, "zero": new(musig2.KeyAggContext)} {
		if _, err := MuSig2AggregateKey(c, Mainnet); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("MuSig2AggregateKey(%s context): %v", name, err)
		}
		if _, err := MuSig2Derive(c, "0"); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("MuSig2Derive(%s context): %v", name, err)
		}
	}
	if _, err := MuSig2AggregateKey(ctx, Network{}); !errors.Is(err, ErrNetwork) {
		t.Errorf("MuSig2AggregateKey(zero Network): %v", err)
	}
	for path, want := range map[string]error{"0/1'": ErrHardenedFromPublic, "m/5h": ErrHardenedFromPublic, "m/": ErrPath, "": ErrPath} {
		if _, err := MuSig2Derive(ctx, path); !errors.Is(err, want) {
			t.Errorf("MuSig2Derive(%q): %v, want %v", path, err, want)
		}
	}
	// The synthetic xpub is public: no hardened child, no private key.
	xpub, _ := MuSig2AggregateKey(ctx, Testnet)
	if _, err := xpub.Derive(HardenedKeyStart); !errors.Is(err, ErrHardenedFromPublic) {
		t.Errorf("hardened child of the synthetic xpub: %v", err)
	}
	if xpub.IsPrivate() || xpub.Depth() != 0 || xpub.ChildIndex() != 0 || xpub.ParentFingerprint() != 0 || xpub.Version() != Testnet.Public {
		t.Error("the synthetic xpub is not a public key of depth 0 on Testnet")
	}
}
