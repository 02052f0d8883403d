package mpsig

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// testNonce returns an unused nonce with k₁ = 3, k₂ = 5.
func testNonce(t *testing.T) (*SecNonce, [66]byte) {
	n := NewSecNonce()
	n.K1.SetUint64(3)
	n.K2.SetUint64(5)
	var pub [66]byte
	if !n.Finish(&pub) {
		t.Fatal("Finish refused nonzero scalars")
	}
	return n, pub
}

// TestSecNonceSingleUse checks the single-use rule that both protocols'
// SecNonce types rely on: of many concurrent Takes exactly one gets the
// scalars, the nonce's own copy is zeroed, Erase consumes, and Check
// reports the state.
func TestSecNonceSingleUse(t *testing.T) {
	errZero, errUsed := errors.New("zero"), errors.New("used")
	var nilNonce *SecNonce
	if err := nilNonce.Check(errZero, errUsed); err != errZero {
		t.Fatalf("Check of nil: %v", err)
	}
	n, _ := testNonce(t)
	if err := n.Check(errZero, errUsed); err != nil {
		t.Fatalf("Check of an unused nonce: %v", err)
	}
	var wins atomic.Int32
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			k1, k2, ok := n.Take()
			if ok {
				wins.Add(1)
				if k1.Equal(new(scalar.Scalar).SetUint64(3)) != 1 || k2.Equal(new(scalar.Scalar).SetUint64(5)) != 1 {
					t.Error("Take returned other scalars")
				}
			} else if k1.IsZero()&k2.IsZero() != 1 {
				t.Error("a refused Take returned scalars")
			}
		})
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Fatalf("%d Takes succeeded", wins.Load())
	}
	if n.K1.IsZero()&n.K2.IsZero() != 1 || !n.Used() || n.Check(errZero, errUsed) != errUsed {
		t.Fatal("a taken nonce is not zeroed and used")
	}
	m, _ := testNonce(t)
	m.Erase()
	if _, _, ok := m.Take(); ok || m.K1.IsZero() != 1 {
		t.Fatal("Erase did not consume the nonce")
	}
	z := NewSecNonce()
	var pub [66]byte
	z.K1.SetUint64(1)
	if z.Finish(&pub) || z.K1.IsZero() != 1 || pub != [66]byte{} {
		t.Fatal("Finish accepted a zero k₂")
	}
}

// TestSecNonceRedacted checks that a protocol SecNonce value, which holds
// a pointer to a SecNonce, never prints k₁ and k₂: fmt shows the
// scalars' address only.
func TestSecNonceRedacted(t *testing.T) {
	n := NewSecNonce()
	n.K1.SetUint64(0xdeadbeef)
	type wrapper struct{ st *SecNonce }
	for _, verb := range []string{"%v", "%+v", "%s", "%x", "%d"} {
		s := fmt.Sprintf(verb, wrapper{n})
		for _, secret := range []string{"deadbeef", "3735928559"} {
			if strings.Contains(s, secret) {
				t.Errorf("%s prints %q", verb, s)
			}
		}
	}
}

// TestPublicNonce checks Finish's public nonce against k·G, and
// NonceAgg against the sum of the points, blaming an invalid nonce by
// index in the BIPs' order.
func TestPublicNonce(t *testing.T) {
	_, pub := testNonce(t)
	for j, k := range []uint64{3, 5} {
		var want group.Jacobian
		ecmult.ScalarBaseMult(&want, new(scalar.Scalar).SetUint64(k))
		if !want.VarTimeEqualCompressed((*[33]byte)(pub[33*j:])) {
			t.Fatalf("half %d is not %d·G", j, k)
		}
	}
	var agg [66]byte
	if i := NonceAgg(&agg, [][66]byte{pub, pub}, nil); i != -1 {
		t.Fatalf("NonceAgg blamed %d", i)
	}
	for j, k := range []uint64{6, 10} {
		var want group.Jacobian
		ecmult.ScalarBaseMult(&want, new(scalar.Scalar).SetUint64(k))
		if !want.VarTimeEqualCompressed((*[33]byte)(agg[33*j:])) {
			t.Fatalf("aggregate half %d is not %d·G", j, k)
		}
	}
	bad := pub
	bad[33] = 5 // second half invalid
	bad2 := pub
	bad2[0] = 5 // first half invalid
	if i := NonceAgg(&agg, [][66]byte{pub, bad, bad2}, nil); i != 2 {
		t.Fatalf("NonceAgg blamed %d, want 2 (first halves first)", i)
	}
}
