package ecdsa

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1"
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
