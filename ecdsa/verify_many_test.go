package ecdsa

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestVerifyMany checks VerifyMany against Verify item by item, on valid
// signatures, corrupted ones (another hash, another key, s + 1) and
// malformed items (nil or zero key, nil or zero signature), for several
// numbers of workers and sizes around the work split.
func TestVerifyMany(t *testing.T) {
	r := testref.Rand(t)
	for _, n := range []int{0, 1, 15, 100} {
		items := make([]VerifyItem, n)
		for i := range items {
			k := testkey.Random(t, r)
			hash := make([]byte, 32)
			r.Read(hash)
			sig, err := Sign(k, hash)
			if err != nil {
				t.Fatal(err)
			}
			items[i] = VerifyItem{k.PublicKey(), hash, sig}
			switch r.Intn(8) {
			case 0:
				items[i].Hash = append([]byte{1}, hash[1:]...)
			case 1:
				items[i].Pub = testkey.Random(t, r).PublicKey()
			case 2:
				s := sig.S()
				s.Add(s, new(secp256k1.Scalar).SetUint64(1))
				items[i].Sig = NewSignature(sig.R(), s)
			case 3:
				items[i].Pub = nil
			case 4:
				items[i].Pub = new(secp256k1.PublicKey)
			case 5:
				items[i].Sig = nil
			case 6:
				items[i].Sig = new(Signature)
			}
		}
		want := make([]bool, n)
		for i, it := range items {
			want[i] = it.Pub != nil && it.Sig != nil && Verify(it.Pub, it.Hash, it.Sig)
		}
		for _, w := range []int{1, 2, 3, secp256k1.UseGOMAXPROCS, 0} {
			got := VerifyMany(items, w)
			if len(got) != n {
				t.Fatalf("n = %d, workers %d: %d results", n, w, len(got))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("n = %d, workers %d: item %d: %v, Verify says %v", n, w, i, got[i], want[i])
				}
			}
		}
	}
}

// verifyManyLanes is VerifyMany's lane path, whatever the CPU: verifyLanes
// on chunks of eight items.
func verifyManyLanes(items []VerifyItem) []bool {
	out := make([]bool, len(items))
	for start := 0; start < len(items); start += lanes {
		end := min(len(items), start+lanes)
		verifyLanes(items[start:end], out[start:end])
	}
	return out
}

// laneTestItems returns n items for the lane differential tests: valid
// signatures and, with probability invalid, one of the ways a signature
// fails (another hash, another key, r or s changed, a high s, a hash
// shorter than 32 bytes, nil or zero key or signature, a key for which R
// is the identity).
func laneTestItems(t *testing.T, r *rand.Rand, n int, invalid float64) []VerifyItem {
	items := make([]VerifyItem, n)
	one := new(secp256k1.Scalar).SetUint64(1)
	for i := range items {
		k := testkey.Random(t, r)
		hash := make([]byte, 32)
		r.Read(hash)
		sig, err := Sign(k, hash)
		if err != nil {
			t.Fatal(err)
		}
		items[i] = VerifyItem{k.PublicKey(), hash, sig}
		if r.Float64() >= invalid {
			continue
		}
		switch r.Intn(11) {
		case 0:
			items[i].Hash = append([]byte{hash[0] ^ 1}, hash[1:]...)
		case 1:
			items[i].Pub = testkey.Random(t, r).PublicKey()
		case 2:
			items[i].Sig = NewSignature(new(secp256k1.Scalar).Add(sig.R(), one), sig.S())
		case 3:
			items[i].Sig = NewSignature(sig.R(), new(secp256k1.Scalar).Add(sig.S(), one))
		case 4: // high s: Verify rejects it
			items[i].Sig = NewSignature(sig.R(), new(secp256k1.Scalar).Negate(sig.S()))
		case 5: // a short hash, which Verify pads: valid for its own signature
			items[i].Hash = hash[:20]
			sig, _ = Sign(k, items[i].Hash)
			items[i].Sig = sig
		case 6:
			items[i].Pub = nil
		case 7:
			items[i].Pub = new(secp256k1.PublicKey)
		case 8:
			items[i].Sig = nil
		case 9:
			items[i].Sig = new(Signature)
		case 10:
			// d = −e/r: e/s·G + r/s·d·G is the identity, which matches no r.
			var e, d secp256k1.Scalar
			e.SetReducedBytes(hash)
			d.VarTimeInvert(sig.R())
			d.Multiply(&d, &e)
			d.Negate(&d)
			key, err := secp256k1.NewPrivateKeyFromScalar(&d)
			if err != nil {
				t.Fatal(err)
			}
			items[i].Pub = key.PublicKey()
		}
	}
	return items
}

// TestVerifyManyLanes checks the lane path (verifyLanes) against Verify
// item by item, with each field8 backend, for every n from 1 to 20 and
// mixes where none, some or all lanes are invalid; and VerifyMany itself,
// whichever path the CPU takes, with two workers.
func TestVerifyManyLanes(t *testing.T) {
	r := testref.Rand(t)
	for _, be := range field8.Backends() {
		t.Run(be, func(t *testing.T) {
			defer field8.SetBackend(be)()
			for n := 1; n <= 20; n++ {
				if be == "generic" && testing.Short() && n%4 != 1 {
					continue // about 4 ms per chunk of eight
				}
				items := laneTestItems(t, r, n, []float64{0, 0.3, 1}[n%3])
				got := verifyManyLanes(items)
				got2 := VerifyMany(items, 2)
				for i, it := range items {
					want := it.Pub != nil && it.Sig != nil && Verify(it.Pub, it.Hash, it.Sig)
					if got[i] != want || got2[i] != want {
						t.Fatalf("n = %d, item %d: lanes %v, VerifyMany %v, Verify %v", n, i, got[i], got2[i], want)
					}
				}
			}
		})
	}
}

// BenchmarkVerifyMany is VerifyMany on one goroutine, per signature
// (ns/sig), on n valid signatures under distinct keys: path=lanes is the
// eight-lane path (on an IFMA CPU), path=single VerifyMany with the
// generic field8 backend, which takes the single path as CPUs without
// IFMA do, and path=verify a loop of Verify over the same items.
func BenchmarkVerifyMany(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	for _, n := range []int{64, 1024} {
		items := make([]VerifyItem, n)
		for i := range items {
			k := testkey.Random(b, r)
			hash := make([]byte, 32)
			r.Read(hash)
			sig, _ := Sign(k, hash)
			items[i] = VerifyItem{k.PublicKey(), hash, sig}
		}
		run := func(name string, f func()) {
			b.Run(fmt.Sprintf("n=%d/path=%s", n, name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					f()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sig")
			})
		}
		check := func(out []bool) {
			for _, ok := range out {
				if !ok {
					b.Fatal("a valid signature failed")
				}
			}
		}
		if field8.IFMA() {
			run("lanes", func() { check(VerifyMany(items, 1)) })
		}
		run("single", func() {
			defer field8.SetBackend("generic")()
			check(VerifyMany(items, 1))
		})
		run("verify", func() {
			for i := range items {
				if !Verify(items[i].Pub, items[i].Hash, items[i].Sig) {
					b.Fatal("a valid signature failed")
				}
			}
		})
	}
}
