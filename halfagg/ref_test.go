package halfagg_test

import (
	"bytes"
	"errors"
	"math/rand"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/halfagg"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// The reference: the draft's pseudocode written out with the root
// package's Scalar and Point, one term at a time, and crypto/sha256's
// tagged hash of the whole prefix for every zᵢ (the hacspec's quadratic
// randomizer), independent of the package's running hash, lifts and
// multi-scalar multiplication.

// refZ returns zᵢ for the entries (r, pk, m) of prefix, zᵢ of its last.
func refZ(t testing.TB, prefix [][3][]byte) *secp256k1.Scalar {
	if len(prefix) == 1 {
		return secp256k1.NewScalar().SetUint64(1)
	}
	var parts [][]byte
	for _, e := range prefix {
		parts = append(parts, e[0], e[1], e[2])
	}
	h := testref.TaggedHash("HalfAgg/randomizer", parts...)
	z, err := secp256k1.NewScalar().SetReducedBytes(h[:])
	if err != nil {
		t.Fatal(err)
	}
	return z
}

// refIncAggregate is the draft's IncAggregate for well-formed lengths.
func refIncAggregate(t testing.TB, aggSig []byte, done []halfagg.Pair, items []halfagg.Item) []byte {
	v := len(done)
	var prefix [][3][]byte
	out := append([]byte(nil), aggSig[:32*v]...)
	for i, p := range done {
		prefix = append(prefix, [3][]byte{aggSig[32*i : 32*i+32], p.PublicKey, p.Message})
	}
	s, _ := secp256k1.NewScalar().SetReducedBytes(aggSig[32*v:])
	for _, it := range items {
		prefix = append(prefix, [3][]byte{it.Signature[:32], it.PublicKey, it.Message})
		si, _ := secp256k1.NewScalar().SetReducedBytes(it.Signature[32:])
		s.Add(s, si.Multiply(si, refZ(t, prefix)))
		out = append(out, it.Signature[:32]...)
	}
	return append(out, s.Bytes()...)
}

// refVerify is the draft's VerifyAggregate for well-formed lengths:
// whether s·G = Σ zᵢ·(Rᵢ + eᵢ·Pᵢ), each term on its own.
func refVerify(t testing.TB, aggSig []byte, pairs []halfagg.Pair) bool {
	return refVerifyErr(t, aggSig, pairs) == nil
}

// refVerifyErr is refVerify with the draft's failure: ErrPublicKey for the
// first pair whose key does not lift (InvalidPublicKey), or ErrInvalid
// (InvalidSignature).
func refVerifyErr(t testing.TB, aggSig []byte, pairs []halfagg.Pair) error {
	u := len(pairs)
	rhs := secp256k1.NewIdentityPoint()
	var prefix [][3][]byte
	for i, p := range pairs {
		P, err := new(secp256k1.Point).SetXOnlyBytes(p.PublicKey)
		if err != nil {
			return halfagg.ErrPublicKey
		}
		r := aggSig[32*i : 32*i+32]
		R, err := new(secp256k1.Point).SetXOnlyBytes(r)
		if err != nil {
			return halfagg.ErrInvalid
		}
		h := testref.TaggedHash("BIP0340/challenge", r, p.PublicKey, p.Message)
		e, _ := secp256k1.NewScalar().SetReducedBytes(h[:])
		prefix = append(prefix, [3][]byte{r, p.PublicKey, p.Message})
		z := refZ(t, prefix)
		T := new(secp256k1.Point).ScalarMult(e, P)
		T.Add(T, R)
		rhs.Add(rhs, T.ScalarMult(z, T))
	}
	s, err := secp256k1.NewScalar().SetCanonicalBytes(aggSig[32*u:])
	if err != nil || new(secp256k1.Point).ScalarBaseMult(s).Equal(rhs) == 0 {
		return halfagg.ErrInvalid
	}
	return nil
}

// signer is a key that signs the random items.
type signer struct {
	k  *secp256k1.PrivateKey
	pk []byte
}

func newSigner(t testing.TB, r *rand.Rand) signer {
	for {
		k, err := secp256k1.NewPrivateKey(testref.RandomBytes(r, 32))
		if err == nil {
			return signer{k, schnorr.SerializePublicKey(k.PublicKey())}
		}
	}
}

func (s signer) sign(t testing.TB, r *rand.Rand, msg []byte) halfagg.Item {
	sig, err := schnorr.Sign(s.k, msg, testref.RandomBytes(r, 32))
	if err != nil {
		t.Fatal(err)
	}
	return halfagg.Item{PublicKey: s.pk, Message: msg, Signature: sig}
}

// randomItems returns n valid items; with dup, some share keys and
// messages, or are the same item again.
func randomItems(t testing.TB, r *rand.Rand, n int, dup bool) []halfagg.Item {
	items := make([]halfagg.Item, n)
	var signers []signer
	for i := range items {
		if dup && i > 0 && r.Intn(4) == 0 {
			items[i] = items[r.Intn(i)]
			continue
		}
		var s signer
		if dup && len(signers) > 0 && r.Intn(2) == 0 {
			s = signers[r.Intn(len(signers))]
		} else {
			s = newSigner(t, r)
			signers = append(signers, s)
		}
		msg := testref.RandomBytes(r, 32)
		if dup && i > 0 && r.Intn(3) == 0 {
			msg = items[r.Intn(i)].Message
		}
		items[i] = s.sign(t, r, msg)
	}
	return items
}

// TestReference checks Aggregate, IncAggregate and VerifyAggregate against
// the reference on random sets, with duplicates, valid and tampered.
func TestReference(t *testing.T) {
	r := testref.Rand(t)
	count := 60
	if testing.Short() {
		count = 15
	}
	for range count {
		n := r.Intn(20)
		items := randomItems(t, r, n, r.Intn(2) == 0)
		pairs := halfagg.Pairs(items)
		agg, err := halfagg.Aggregate(items)
		if err != nil {
			t.Fatal(err)
		}
		if want := refIncAggregate(t, make([]byte, 32), nil, items); !bytes.Equal(agg, want) {
			t.Fatalf("n = %d: Aggregate %x, reference %x", n, agg, want)
		}
		if !refVerify(t, agg, pairs) {
			t.Fatalf("n = %d: the reference rejects the aggregate", n)
		}
		if err := halfagg.VerifyAggregate(agg, pairs); err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		v := r.Intn(n + 1)
		if _, err := halfagg.IncAggregate(agg[:32*v], pairs[:v], items[v:]); !errors.Is(err, halfagg.ErrAggregateLength) {
			t.Fatalf("IncAggregate of a truncated aggregate: %v", err)
		}
		first, _ := halfagg.Aggregate(items[:v])
		if inc, err := halfagg.IncAggregate(first, pairs[:v], items[v:]); err != nil || !bytes.Equal(inc, agg) {
			t.Fatalf("n = %d, v = %d: IncAggregate %x, %v; Aggregate %x", n, v, inc, err, agg)
		}

		// Tamper: one byte of the aggregate, a message, or a signature
		// before aggregating. Both verifiers must agree (and reject, but
		// for an s changed to itself mod n: only bytes ≥ n would be).
		bad := append([]byte(nil), agg...)
		badPairs := slices.Clone(pairs)
		switch k := r.Intn(3); {
		case k == 0 || n == 0:
			bad[r.Intn(len(bad))] ^= 1 << r.Intn(8)
		case k == 1:
			i := r.Intn(n)
			m := append([]byte(nil), pairs[i].Message...)
			m[r.Intn(32)] ^= 1 << r.Intn(8)
			badPairs[i].Message = m
		default:
			i := r.Intn(n)
			badItems := slices.Clone(items)
			sig := append([]byte(nil), items[i].Signature...)
			sig[32+r.Intn(32)] ^= 1 << r.Intn(8)
			badItems[i].Signature = sig
			bad, _ = halfagg.Aggregate(badItems)
			if want := refIncAggregate(t, make([]byte, 32), nil, badItems); !bytes.Equal(bad, want) {
				t.Fatalf("Aggregate of a bad signature %x, reference %x", bad, want)
			}
		}
		err = halfagg.VerifyAggregate(bad, badPairs)
		if ref := refVerify(t, bad, badPairs); ref != (err == nil) || ref {
			t.Fatalf("n = %d: tampered: VerifyAggregate %v, reference %v", n, err, ref)
		}
	}
}
