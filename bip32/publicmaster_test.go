package bip32

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestNewPublicMaster checks NewPublicMaster against BIP-328's vectors
// (testdata/bip-0328): the aggregate key with BIP-328's chain code
// SHA-256("MuSig2MuSig2MuSig2") serializes to the vector's xpub, which
// parses back to an equal key.
func TestNewPublicMaster(t *testing.T) {
	var vs []struct {
		AggregatePubkey string `json:"aggregate_pubkey"`
		Xpub            string
	}
	testref.JSON(t, "../testdata/bip-0328/vectors.json", &vs)
	if len(vs) != 3 {
		t.Fatalf("%d cases; the README says 3", len(vs))
	}
	cc, _ := hex.DecodeString("868087ca02a6f974c4598924c36b57762d32cb45717167e300622c7167e38965")
	for i, tv := range vs {
		b, _ := hex.DecodeString(tv.AggregatePubkey)
		pub, err := secp256k1.ParsePublicKey(b)
		if err != nil {
			t.Fatal(err)
		}
		k, err := NewPublicMaster(pub, [32]byte(cc), Mainnet)
		if err != nil {
			t.Fatal(err)
		}
		if got := k.Base58(); got != tv.Xpub {
			t.Errorf("case %d: %s, want %s", i, got, tv.Xpub)
		}
		x, err := ParseExtendedKey(tv.Xpub)
		if err != nil || !x.Equal(k) {
			t.Errorf("case %d: ParseExtendedKey of the xpub: %v", i, err)
		}
		if k.IsPrivate() || k.Depth() != 0 || k.ChildIndex() != 0 || k.ParentFingerprint() != 0 {
			t.Errorf("case %d: not a public key of depth 0", i)
		}
		if _, err := k.Derive(HardenedKeyStart); !errors.Is(err, ErrHardenedFromPublic) {
			t.Errorf("case %d: hardened child: %v", i, err)
		}
	}
	one, _ := secp256k1.NewPrivateKeyFromScalar(new(secp256k1.Scalar).SetUint64(1))
	pub := one.PublicKey()
	if _, err := NewPublicMaster(nil, [32]byte{}, Mainnet); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("nil key: %v", err)
	}
	if _, err := NewPublicMaster(new(secp256k1.PublicKey), [32]byte{}, Mainnet); !errors.Is(err, secp256k1.ErrUninitialized) {
		t.Errorf("zero key: %v", err)
	}
	if _, err := NewPublicMaster(pub, [32]byte{}, Network{}); !errors.Is(err, ErrNetwork) {
		t.Errorf("zero Network: %v", err)
	}
}
