package ecdsa

import (
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/manytest"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref/testkey"
)

// TestVerifyMany checks VerifyMany against Verify item by item, on valid
// signatures, corrupted and malformed ones (laneTestItems), for several
// numbers of workers and sizes around the work split.
func TestVerifyMany(t *testing.T) {
	r := testref.Rand(t)
	for _, n := range []int{0, 1, 15, 100} {
		items := laneTestItems(t, r, n, 0.875)
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

// laneTestItems returns n items for the lane differential tests: valid
// signatures and, with probability invalid, one of the ways a signature
// fails (another hash, another key, r or s changed, a high s, a hash
// shorter than 32 bytes, nil or zero key or signature, a key for which R
// is the identity).
func laneTestItems(t testing.TB, r *rand.Rand, n int, invalid float64) []VerifyItem {
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

// TestVerifyManyLanes checks the lane path (verifyLanes, on chunks of
// eight whatever the CPU) against Verify item by item, with each field8
// backend, for every n from 1 to 20 and
// mixes where none, some or all lanes are invalid; and VerifyMany itself,
// whichever path the CPU takes, with two workers.
func TestVerifyManyLanes(t *testing.T) {
	r := testref.Rand(t)
	manytest.Sizes(t, func(t *testing.T, n int, invalid float64) {
		items := laneTestItems(t, r, n, invalid)
		got := manytest.Chunks(items, verifyLanes)
		got2 := VerifyMany(items, 2)
		for i, it := range items {
			want := it.Pub != nil && it.Sig != nil && Verify(it.Pub, it.Hash, it.Sig)
			if got[i] != want || got2[i] != want {
				t.Fatalf("n = %d, item %d: lanes %v, VerifyMany %v, Verify %v", n, i, got[i], got2[i], want)
			}
		}
	})
}

// BenchmarkVerifyMany is VerifyMany on one goroutine per signature, on n
// valid signatures under distinct keys, against the single path and a loop
// of Verify (manytest.Bench).
func BenchmarkVerifyMany(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	for _, n := range []int{64, 1024} {
		items := laneTestItems(b, r, n, 0)
		manytest.Bench(b, n, func() []bool { return VerifyMany(items, 1) }, func(i int) bool {
			return Verify(items[i].Pub, items[i].Hash, items[i].Sig)
		})
	}
}

// TestVerifyManyAllocs checks that VerifyMany on one worker allocates only
// its results, on both paths.
func TestVerifyManyAllocs(t *testing.T) {
	r := testref.Rand(t)
	items := laneTestItems(t, r, 40, 0.3)
	manytest.Allocs(t, func() []bool { return VerifyMany(items, 1) })
}
