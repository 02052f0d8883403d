package bip32

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
)

// TestDeriveRange checks DeriveRange against Derive child by child
// (serialization, public key, and a grandchild each, so that the public
// key DeriveRange sets is the one further derivation uses) for a private
// key, across the hardened boundary, and for its public key; and its
// errors.
func TestDeriveRange(t *testing.T) {
	m, err := NewMaster(make([]byte, 32), Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	account, err := m.DerivePath("m/84'/0'/0'")
	if err != nil {
		t.Fatal(err)
	}
	xpub, err := account.Neuter()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		k     *ExtendedKey
		start uint32
		n     int
	}{
		{"private", account, 0, 40},
		{"private, hardened boundary", account, HardenedKeyStart - 3, 6},
		{"private, last indices", account, 1<<32 - 2, 2},
		{"public", xpub, 5, 40},
	} {
		got, err := c.k.DeriveRange(c.start, c.n)
		if err != nil || len(got) != c.n {
			t.Fatalf("%s: %d children, %v", c.name, len(got), err)
		}
		for j, child := range got {
			want, err := c.k.Derive(c.start + uint32(j))
			if err != nil {
				t.Fatal(err)
			}
			if child.Base58() != want.Base58() {
				t.Fatalf("%s: child %d: %s, Derive gives %s", c.name, j, child.Base58(), want.Base58())
			}
			if !child.PublicKey().Equal(want.PublicKey()) {
				t.Fatalf("%s: child %d: public keys differ", c.name, j)
			}
			g1, err1 := child.Derive(7)
			g2, err2 := want.Derive(7)
			if err1 != nil || err2 != nil || g1.Base58() != g2.Base58() {
				t.Fatalf("%s: child %d: grandchildren differ (%v, %v)", c.name, j, err1, err2)
			}
		}
	}
	for name, tc := range map[string]struct {
		k     *ExtendedKey
		start uint32
		n     int
		want  error
	}{
		"past 2³² − 1":         {account, 1<<32 - 2, 3, ErrRange},
		"negative":             {account, 0, -1, ErrRange},
		"hardened from public": {xpub, HardenedKeyStart - 1, 2, ErrHardenedFromPublic},
		"zero key":             {new(ExtendedKey), 0, 1, secp256k1.ErrUninitialized},
	} {
		if got, err := tc.k.DeriveRange(tc.start, tc.n); !errors.Is(err, tc.want) || got != nil {
			t.Errorf("%s: %d children, %v; want %v", name, len(got), err, tc.want)
		}
	}
	if got, err := account.DeriveRange(0, 0); err != nil || len(got) != 0 {
		t.Errorf("empty range: %v, %v", got, err)
	}
}

// TestDeriveRangeBackends checks that DeriveRange gives the same children,
// byte for byte (serialization and uncompressed public key), whether its
// k·G run on internal/field8's IFMA lanes (eight at a time, the rest one
// by one) or all one by one (the generic backend, as on CPUs without IFMA).
func TestDeriveRangeBackends(t *testing.T) {
	backends := field8.Backends()
	if len(backends) < 2 {
		t.Skip("one field8 backend on this CPU and build: nothing to compare")
	}
	m, err := NewMaster(make([]byte, 32), Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	xpub, err := m.Neuter()
	if err != nil {
		t.Fatal(err)
	}
	for name, k := range map[string]*ExtendedKey{"private": m, "public": xpub} {
		for _, n := range []int{1, 8, 37} {
			var outs [][]byte
			for _, be := range backends {
				restore := field8.SetBackend(be)
				children, err := k.DeriveRange(3, n)
				restore()
				if err != nil {
					t.Fatal(err)
				}
				var out []byte
				for _, c := range children {
					out = append(out, c.Base58()...)
					out = append(out, c.PublicKey().BytesUncompressed()...)
				}
				outs = append(outs, out)
			}
			for i := 1; i < len(outs); i++ {
				if !bytes.Equal(outs[i], outs[0]) {
					t.Fatalf("%s, n=%d: backend %s differs from %s", name, n, backends[i], backends[0])
				}
			}
		}
	}
}
