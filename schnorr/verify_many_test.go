package schnorr

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
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

// TestVerifyManyLanes checks the lane path (verifyLanes) against Verify
// item by item, with each field8 backend, for every n from 1 to 20 and
// mixes where none, some or all lanes are invalid (corrupted signatures,
// r ≥ p, nil or zero keys, short signatures); and VerifyMany itself,
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
				invalid := []float64{0, 0.3, 1}[n%3]
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
				got := verifyManyLanes(items)
				got2 := VerifyMany(items, 2)
				for i, it := range items {
					want := it.Pub != nil && Verify(it.Pub, it.Msg, it.Sig)
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
		sigs := makeSigned(b, r, n, n)
		items := make([]VerifyItem, n)
		for i, s := range sigs {
			items[i] = VerifyItem{s.pub, s.msg, s.sig}
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
				if !Verify(items[i].Pub, items[i].Msg, items[i].Sig) {
					b.Fatal("a valid signature failed")
				}
			}
		})
	}
}
