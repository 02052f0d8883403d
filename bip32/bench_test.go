package bip32

import (
	"testing"
)

// Benchmarks of derivation from an account key m/84'/0'/0'/0 (its public
// key cached), as a wallet derives receive keys, and of the whole path from
// the master key. Each child's compressed public key is computed, which is
// what a wallet needs from it (an address), and which a private child only
// computes when asked.

func benchAccount(b *testing.B) (m, account, xpub *ExtendedKey) {
	seed := make([]byte, 32)
	m, err := NewMaster(seed, Mainnet)
	if err != nil {
		b.Fatal(err)
	}
	if account, err = m.DerivePath("m/84'/0'/0'/0"); err != nil {
		b.Fatal(err)
	}
	if xpub, err = account.Neuter(); err != nil {
		b.Fatal(err)
	}
	account.Fingerprint()
	xpub.Fingerprint()
	return m, account, xpub
}

// BenchmarkDerivePrivate is one private child of a cached parent and its
// public key: HMAC-SHA512, a scalar addition and k·G.
func BenchmarkDerivePrivate(b *testing.B) {
	_, account, _ := benchAccount(b)
	b.ReportAllocs()
	i := uint32(0)
	for b.Loop() {
		c, err := account.Derive(i % 1000)
		if err != nil {
			b.Fatal(err)
		}
		c.PublicKey().BytesCompressed()
		i++
	}
}

// BenchmarkDerivePrivateKeyOnly is one private child of a cached parent
// without its public key: HMAC-SHA512 and a scalar addition.
func BenchmarkDerivePrivateKeyOnly(b *testing.B) {
	_, account, _ := benchAccount(b)
	b.ReportAllocs()
	i := uint32(0)
	for b.Loop() {
		if _, err := account.Derive(i % 1000); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkDerivePublic is one public child of a cached xpub and its public
// key: HMAC-SHA512, k·G and a point addition.
func BenchmarkDerivePublic(b *testing.B) {
	_, _, xpub := benchAccount(b)
	b.ReportAllocs()
	i := uint32(0)
	for b.Loop() {
		c, err := xpub.Derive(i % 1000)
		if err != nil {
			b.Fatal(err)
		}
		c.PublicKey().BytesCompressed()
		i++
	}
}

// BenchmarkDerivePathFromMaster is m/84'/0'/0'/0/i from the master key and
// the child's public key: five derivations and five k·G.
func BenchmarkDerivePathFromMaster(b *testing.B) {
	m, _, _ := benchAccount(b)
	b.ReportAllocs()
	i := uint32(0)
	for b.Loop() {
		c, err := m.Derive(84 + HardenedKeyStart)
		for _, j := range []uint32{HardenedKeyStart, HardenedKeyStart, 0, i % 1000} {
			if err != nil {
				b.Fatal(err)
			}
			c, err = c.Derive(j)
		}
		if err != nil {
			b.Fatal(err)
		}
		c.PublicKey().BytesCompressed()
		i++
	}
}

func BenchmarkNewMaster(b *testing.B) {
	seed := make([]byte, 64)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewMaster(seed, Mainnet); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseExtendedKey(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseExtendedKey(vector1Xpub); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBase58(b *testing.B) {
	_, _, xpub := benchAccount(b)
	b.ReportAllocs()
	for b.Loop() {
		xpub.Base58()
	}
}

// BenchmarkDeriveRange is 1000 private children of the account key, and
// 1000 public children of its xpub, with DeriveRange, each child's
// compressed public key computed.
func BenchmarkDeriveRange(b *testing.B) {
	_, account, xpub := benchAccount(b)
	for name, k := range map[string]*ExtendedKey{"priv": account, "pub": xpub} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				children, err := k.DeriveRange(0, 1000)
				if err != nil {
					b.Fatal(err)
				}
				for _, c := range children {
					c.PublicKey().BytesCompressed()
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1000), "ns/key")
		})
	}
}
