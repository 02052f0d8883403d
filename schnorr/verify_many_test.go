package schnorr

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1"
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
