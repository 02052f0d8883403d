package musig2

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/bip32"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
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

func keyAggHex(t *testing.T, keys []string) *KeyAggContext {
	t.Helper()
	var pks [][]byte
	for _, s := range keys {
		pks = append(pks, testref.Hex(t, s))
	}
	ctx, err := KeyAgg(pks)
	if err != nil {
		t.Fatal(err)
	}
	return ctx
}

func TestVectorsBIP328(t *testing.T) {
	for i, tv := range loadBIP328(t) {
		ctx := keyAggHex(t, tv.Keys)
		if got := hex.EncodeToString(ctx.PlainPublicKey()); got != tv.AggregatePubkey {
			t.Fatalf("case %d: aggregate key %s, want %s", i, got, tv.AggregatePubkey)
		}
		k, err := ctx.ExtendedPublicKey(bip32.Mainnet)
		if err != nil {
			t.Fatal(err)
		}
		if got := k.Base58(); got != tv.Xpub {
			t.Errorf("case %d: synthetic xpub %s, want %s", i, got, tv.Xpub)
		}
		x, err := bip32.ParseExtendedKey(tv.Xpub)
		if err != nil || !x.Equal(k) {
			t.Errorf("case %d: ParseExtendedKey of the xpub: %v", i, err)
		}
	}
}

// TestDerivePath checks, for the BIP-328 vectors, that the context of
// DerivePath has the public key of the synthetic xpub's child (bip32's
// derivation), and that its tweaks are the plain tweaks, one per level.
func TestDerivePath(t *testing.T) {
	for _, tv := range loadBIP328(t) {
		ctx := keyAggHex(t, tv.Keys)
		xpub, err := ctx.ExtendedPublicKey(bip32.Mainnet)
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{"m", "m/0", "0/5", "m/2147483647/1/2/3"} {
			child, err := xpub.DerivePath(path)
			if err != nil {
				t.Fatal(err)
			}
			dctx, err := ctx.DerivePath(path)
			if err != nil {
				t.Fatalf("DerivePath(%q): %v", path, err)
			}
			if !bytes.Equal(dctx.PlainPublicKey(), child.PublicKey().BytesCompressed()) {
				t.Errorf("DerivePath(%q): the context's key is not the xpub child's", path)
			}
			p, _ := bip32.ParsePath(path)
			tweaks, xonly := dctx.Tweaks()
			if len(tweaks) != len(p) {
				t.Errorf("DerivePath(%q): %d tweaks", path, len(tweaks))
			}
			for _, x := range xonly {
				if x {
					t.Errorf("DerivePath(%q): an x-only tweak", path)
				}
			}
		}
	}
}

// TestBIP328SignChild runs a 2-of-2 MuSig2 session for a child of the
// synthetic xpub; the signature verifies under the child's x-only key.
func TestBIP328SignChild(t *testing.T) {
	r := testref.Rand(t)
	keys := []*secp256k1.PrivateKey{testkey.Random(t, r), testkey.Random(t, r)}
	pubkeys := [][]byte{keys[0].PublicKey().BytesCompressed(), keys[1].PublicKey().BytesCompressed()}
	ctx, err := KeyAgg(pubkeys)
	if err != nil {
		t.Fatal(err)
	}
	xpub, err := ctx.ExtendedPublicKey(bip32.Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	// What a watch-only wallet derives from the shared xpub alone.
	child, err := xpub.DerivePath("0/7")
	if err != nil {
		t.Fatal(err)
	}
	// What the signers sign with.
	dctx, err := ctx.DerivePath("0/7")
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("spend from m/0/7")
	secs := make([]*SecNonce, 2)
	pubnonces := make([]PubNonce, 2)
	for i := range keys {
		sec, pub, err := NonceGen(pubkeys[i], &NonceGenOptions{SecretKey: keys[i], AggPublicKey: dctx.XOnlyPublicKey(), Msg: msg})
		if err != nil {
			t.Fatal(err)
		}
		secs[i], pubnonces[i] = sec, *pub
	}
	aggNonce, err := NonceAgg(pubnonces)
	if err != nil {
		t.Fatal(err)
	}
	session, err := dctx.NewSessionContext(aggNonce, msg)
	if err != nil {
		t.Fatal(err)
	}
	psigs := make([]PartialSig, 2)
	for i := range keys {
		p, err := Sign(secs[i], keys[i], session)
		if err != nil {
			t.Fatal(err)
		}
		psigs[i] = *p
	}
	sig, err := PartialSigAgg(psigs, session)
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

func TestBIP328Errors(t *testing.T) {
	ctx := keyAggHex(t, loadBIP328(t)[0].Keys)
	for name, c := range map[string]*KeyAggContext{"nil": nil, "zero": new(KeyAggContext)} {
		if _, err := c.ExtendedPublicKey(bip32.Mainnet); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("ExtendedPublicKey(%s context): %v", name, err)
		}
		if _, err := c.DerivePath("0"); !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("DerivePath(%s context): %v", name, err)
		}
	}
	if _, err := ctx.ExtendedPublicKey(bip32.Network{}); !errors.Is(err, bip32.ErrNetwork) {
		t.Errorf("ExtendedPublicKey(zero Network): %v", err)
	}
	for path, want := range map[string]error{"0/1'": bip32.ErrHardenedFromPublic, "m/5h": bip32.ErrHardenedFromPublic, "m/": bip32.ErrPath, "": bip32.ErrPath} {
		if _, err := ctx.DerivePath(path); !errors.Is(err, want) {
			t.Errorf("DerivePath(%q): %v, want %v", path, err, want)
		}
	}
	// The synthetic xpub is public: no hardened child, no private key.
	xpub, _ := ctx.ExtendedPublicKey(bip32.Testnet)
	if _, err := xpub.Derive(bip32.HardenedKeyStart); !errors.Is(err, bip32.ErrHardenedFromPublic) {
		t.Errorf("hardened child of the synthetic xpub: %v", err)
	}
	if xpub.IsPrivate() || xpub.Depth() != 0 || xpub.ChildIndex() != 0 || xpub.ParentFingerprint() != 0 || xpub.Version() != bip32.Testnet.Public {
		t.Error("the synthetic xpub is not a public key of depth 0 on Testnet")
	}
}
