package schnorr

import (
	"fmt"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// TestBatchVerifierLanes checks BatchVerifier against Verify of each
// signature, on every internal/field8 backend this machine can execute
// (Verify lifts the Rᵢ sixteen at a time on the IFMA lanes, one by one
// elsewhere): batches of sizes around multiples of sixteen, all valid or
// with one to three invalid signatures (an r that is no point's x, a wrong
// s, another key) at random places, inside the lane chunks and the
// remainder. Verify must answer as the single verifications do, and
// Invalid must name the same signatures.
func TestBatchVerifierLanes(t *testing.T) {
	r := testref.Rand(t)
	sigs := makeSigned(t, r, 70, 12)
	// An r below p that is the x of no point: ParsePublicKey lifts it.
	var offCurve [32]byte
	for v := byte(1); ; v++ {
		offCurve[31] = v
		if _, err := ParsePublicKey(offCurve[:]); err != nil {
			break
		}
	}
	sizes := []int{15, 16, 17, 31, 32, 33, 47, 48, 49, 70}
	for _, be := range field8.Backends() {
		t.Run("backend="+be, func(t *testing.T) {
			defer field8.SetBackend(be)()
			bv := NewBatchVerifier()
			for _, n := range sizes {
				for trial := range 6 {
					batch := slices.Clone(sigs[:n])
					for range trial % 4 {
						i := r.Intn(n)
						s := signed{batch[i].pub, batch[i].msg, slices.Clone(batch[i].sig)}
						switch r.Intn(3) {
						case 0:
							copy(s.sig[:32], offCurve[:])
						case 1:
							s.sig[63] ^= 1 // s stays below n but is wrong
						default:
							for _, o := range sigs {
								if !slices.Equal(SerializePublicKey(o.pub), SerializePublicKey(s.pub)) {
									s.pub = o.pub
									break
								}
							}
						}
						batch[i] = s
					}
					var want []int
					bv.Reset()
					for i, s := range batch {
						if err := bv.Add(s.pub, s.msg, s.sig); err != nil {
							t.Fatalf("n = %d: Add %d: %v", n, i, err)
						}
						if !Verify(s.pub, s.msg, s.sig) {
							want = append(want, i)
						}
					}
					name := fmt.Sprintf("n = %d, invalid %v", n, want)
					if got := bv.Verify(); got != (len(want) == 0) {
						t.Fatalf("%s: Verify = %v", name, got)
					}
					if got := bv.Invalid(); !slices.Equal(got, want) {
						t.Fatalf("%s: Invalid = %v", name, got)
					}
				}
			}
		})
	}
}
