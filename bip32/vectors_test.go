package bip32

import (
	"errors"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// The test vectors of testdata/bip-0032: BIP-32's vectors 1 to 5 (see its
// README).

type bip32Vectors struct {
	Valid []struct {
		Vector int
		Seed   string
		Chains []struct {
			Path, Xpub, Xprv string
		}
	}
	InvalidExtendedKeys []struct {
		Key, Reason string
	} `json:"invalid_extended_keys"`
}

func loadBIP32(t *testing.T) *bip32Vectors {
	t.Helper()
	var v bip32Vectors
	testref.JSON(t, "../testdata/bip-0032/bip32_test_vectors.json", &v)
	// The counts of the README, so that a truncated file fails.
	chains := 0
	for _, tv := range v.Valid {
		chains += len(tv.Chains)
	}
	if len(v.Valid) != 4 || chains != 17 || len(v.InvalidExtendedKeys) != 16 {
		t.Fatalf("%d seeds, %d keys, %d invalid keys; the README says 4, 17 and 16", len(v.Valid), chains, len(v.InvalidExtendedKeys))
	}
	return &v
}

// TestVectorsValid derives every key of vectors 1 to 4 three ways: along
// its path from the master key with DerivePath, one level after the other
// from the previous key of the chain with Derive, and (for the public key)
// publicly from the nearest xpub above it where the rest of the path is
// unhardened; and it parses and reserializes every xprv and xpub.
func TestVectorsValid(t *testing.T) {
	for _, tv := range loadBIP32(t).Valid {
		m, err := NewMaster(testref.Hex(t, tv.Seed), Mainnet)
		if err != nil {
			t.Fatalf("vector %d: NewMaster: %v", tv.Vector, err)
		}
		var prev, prevPub *ExtendedKey
		var prevPath Path
		for _, c := range tv.Chains {
			name := func(s string) string { return "vector " + string(rune('0'+tv.Vector)) + " " + c.Path + ": " + s }
			k, err := m.DerivePath(c.Path)
			if err != nil {
				t.Fatalf("%s: %v", name("DerivePath"), err)
			}
			if got := k.Base58(); got != c.Xprv {
				t.Errorf("%s = %s, want %s", name("xprv"), got, c.Xprv)
			}
			pub, err := k.Neuter()
			if err != nil {
				t.Fatal(err)
			}
			if got := pub.Base58(); got != c.Xpub {
				t.Errorf("%s = %s, want %s", name("xpub"), got, c.Xpub)
			}
			if got := pub.String(); got != c.Xpub {
				t.Errorf("%s = %s, want the xpub", name("String"), got)
			}
			p, err := ParsePath(c.Path)
			if err != nil {
				t.Fatal(err)
			}
			if p.String() != c.Path {
				t.Errorf("%s: ParsePath then String = %s", name("path"), p)
			}
			if len(p) != int(k.Depth()) {
				t.Errorf("%s = %d", name("Depth"), k.Depth())
			}
			// One level from the previous key of the chain.
			if prev != nil {
				if len(p) != len(prevPath)+1 {
					t.Fatalf("%s: not one level below the previous key", name("chain"))
				}
				i := p[len(p)-1]
				step, err := prev.Derive(i)
				if err != nil || !step.Equal(k) {
					t.Errorf("%s: Derive(%d) from the previous key differs (%v)", name("chain"), i, err)
				}
				if k.ParentFingerprint() != prev.Fingerprint() || k.ChildIndex() != i {
					t.Errorf("%s: parent fingerprint %08x, child %d; want %08x, %d", name("chain"), k.ParentFingerprint(), k.ChildIndex(), prev.Fingerprint(), i)
				}
				if i < HardenedKeyStart {
					pstep, err := prevPub.Derive(i)
					if err != nil || pstep.Base58() != c.Xpub {
						t.Errorf("%s: public Derive(%d) from the previous xpub = %v, %v", name("CKDpub"), i, pstep, err)
					}
				} else if _, err := prevPub.Derive(i); !errors.Is(err, ErrHardenedFromPublic) {
					t.Errorf("%s: hardened Derive from the previous xpub: %v", name("CKDpub"), err)
				}
			}
			// Parse and reserialize.
			for _, s := range []string{c.Xprv, c.Xpub} {
				x, err := ParseExtendedKey(s)
				if err != nil {
					t.Fatalf("%s: %v", name("ParseExtendedKey"), err)
				}
				if x.Base58() != s {
					t.Errorf("%s: reserialized as %s", name("ParseExtendedKey "+s[:4]), x.Base58())
				}
				want := k
				if s == c.Xpub {
					want = pub
				}
				if !x.Equal(want) {
					t.Errorf("%s: the parsed key is not the derived one", name("ParseExtendedKey "+s[:4]))
				}
			}
			prev, prevPub, prevPath = k, pub, p
		}
	}
}

// vector5Errors maps each reason of BIP-32's test vector 5 to the error
// that ParseExtendedKey returns for it.
var vector5Errors = map[string]error{
	"pubkey version / prvkey mismatch":                        ErrVersionMismatch,
	"prvkey version / pubkey mismatch":                        ErrVersionMismatch,
	"invalid pubkey prefix 04":                                ErrPublicKey,
	"invalid prvkey prefix 04":                                ErrPrivateKey,
	"invalid pubkey prefix 01":                                ErrPublicKey,
	"invalid prvkey prefix 01":                                ErrPrivateKey,
	"zero depth with non-zero parent fingerprint":             ErrZeroDepth,
	"zero depth with non-zero index":                          ErrZeroDepth,
	"unknown extended key version":                            ErrVersion,
	"private key 0 not in 1..n-1":                             ErrPrivateKey,
	"private key n not in 1..n-1":                             ErrPrivateKey,
	"invalid pubkey " + "02" + strings.Repeat("0", 62) + "07": ErrPublicKey,
	"invalid checksum":                                        ErrChecksum,
}

func TestVector5(t *testing.T) {
	seen := map[string]bool{}
	for _, tc := range loadBIP32(t).InvalidExtendedKeys {
		want, ok := vector5Errors[tc.Reason]
		if !ok {
			t.Errorf("%s: no error for the reason %q", tc.Key, tc.Reason)
			continue
		}
		seen[tc.Reason] = true
		k, err := ParseExtendedKey(tc.Key)
		if !errors.Is(err, want) || k != nil {
			t.Errorf("%q: ParseExtendedKey(%s) = %v, %v; want %v", tc.Reason, tc.Key, k, err, want)
		}
		// Every other pair of versions rejects it too.
		if _, err := ParseExtendedKey(tc.Key, Testnet, Mainnet, Network{Private: 1, Public: 2}); err == nil {
			t.Errorf("%q: accepted with more networks", tc.Reason)
		}
		var x ExtendedKey
		if err := x.UnmarshalText([]byte(tc.Key)); !errors.Is(err, want) || x.s != nil {
			t.Errorf("%q: UnmarshalText = %v", tc.Reason, err)
		}
	}
	if len(seen) != len(vector5Errors) {
		t.Errorf("the vectors have %d of the %d reasons", len(seen), len(vector5Errors))
	}
	// The invalid public key is not on the curve: the root's reason is
	// wrapped too.
	_, err := ParseExtendedKey("xpub661MyMwAqRbcEYS8w7XLSVeEsBXy79zSzH1J8vCdxAZningWLdN3zgtU6Q5JXayek4PRsn35jii4veMimro1xefsM58PgBMrvdYre8QyULY")
	if !errors.Is(err, secp256k1.ErrPointNotOnCurve) {
		t.Errorf("invalid pubkey 02…07: %v, want it to wrap secp256k1.ErrPointNotOnCurve", err)
	}
}
