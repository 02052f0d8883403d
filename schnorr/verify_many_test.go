package schnorr

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/manytest"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestVerifyMany checks VerifyMany against Verify item by item, on valid
// and corrupted signatures and malformed items (nil or zero key, a
// signature of another length), for several numbers of workers.
func TestVerifyMany(t *testing.T) {
	r := testref.Rand(t)
	for _, n := range []int{0, 1, 15, 100} {
		sigs := makeSigned(t, r, n, max(1, n/3))
		items := make([]VerifyItem, n)
		for i, s := range sigs {
			items[i] = VerifyItem{s.pub, s.msg, s.sig}
			switch r.Intn(6) {
			case 0:
				c := corrupt(r, s, sigs)
				items[i] = VerifyItem{c.pub, c.msg, c.sig}
			case 1:
				items[i].Pub = nil
			case 2:
				items[i].Pub = new(secp256k1.PublicKey)
			case 3:
				items[i].Sig = s.sig[:63]
			}
		}
		want := make([]bool, n)
		for i, it := range items {
			want[i] = it.Pub != nil && Verify(it.Pub, it.Msg, it.Sig)
		}
		for _, w := range []int{1, 2, 3, secp256k1.UseGOMAXPROCS, -4} {
			got := VerifyMany(items, w)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("n = %d, workers %d: item %d: %v, Verify says %v", n, w, i, got[i], want[i])
				}
			}
		}
	}
}

// TestVerifyManyLanes checks the lane path (verifyLanes, on chunks of
// eight whatever the CPU) against Verify item by item, with each field8
// backend, for every n from 1 to 20 and
// mixes where none, some or all lanes are invalid (corrupted signatures,
// r ≥ p, nil or zero keys, short signatures); and VerifyMany itself,
// whichever path the CPU takes, with two workers.
func TestVerifyManyLanes(t *testing.T) {
	r := testref.Rand(t)
	manytest.Sizes(t, func(t *testing.T, n int, invalid float64) {
		sigs := makeSigned(t, r, n, max(1, n/2))
		items := make([]VerifyItem, n)
		for i, s := range sigs {
			items[i] = VerifyItem{s.pub, s.msg, s.sig}
			if r.Float64() >= invalid {
				continue
			}
			switch r.Intn(5) {
			case 0, 1:
				c := corrupt(r, s, sigs)
				items[i] = VerifyItem{c.pub, c.msg, c.sig}
			case 2:
				items[i].Sig = append(bytes.Repeat([]byte{0xff}, 32), s.sig[32:]...) // r ≥ p
			case 3:
				items[i].Pub = new(secp256k1.PublicKey)
			case 4:
				items[i].Sig = s.sig[:63]
			}
		}
		got := manytest.Chunks(items, verifyLanes)
		got2 := VerifyMany(items, 2)
		for i, it := range items {
			want := it.Pub != nil && Verify(it.Pub, it.Msg, it.Sig)
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
		sigs := makeSigned(b, r, n, n)
		items := make([]VerifyItem, n)
		for i, s := range sigs {
			items[i] = VerifyItem{s.pub, s.msg, s.sig}
		}
		manytest.Bench(b, n, func() []bool { return VerifyMany(items, 1) }, func(i int) bool {
			return Verify(items[i].Pub, items[i].Msg, items[i].Sig)
		})
	}
}

// TestVerifyManyAllocs checks that VerifyMany on one worker allocates only
// its results, on both paths.
func TestVerifyManyAllocs(t *testing.T) {
	r := testref.Rand(t)
	sigs := makeSigned(t, r, 40, 20)
	items := make([]VerifyItem, len(sigs))
	for i, s := range sigs {
		items[i] = VerifyItem{s.pub, s.msg, s.sig}
	}
	items[3].Sig = items[3].Sig[:63]
	items[7].Pub = new(secp256k1.PublicKey)
	manytest.Allocs(t, func() []bool { return VerifyMany(items, 1) })
}
