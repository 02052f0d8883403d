package halfagg_test

import (
	"bytes"
	"errors"
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/halfagg"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// The draft's tests, from testdata/halfagg/tests.rs (see its README).

type vector struct {
	pairs  []halfagg.Pair
	aggSig []byte
}

// readVectors parses the vectors_raw of test_verify_vectors from tests.rs:
// its lines (vec![("pk", "msg"), …], "aggsig"),.
func readVectors(t *testing.T) []vector {
	src, err := os.ReadFile("../testdata/halfagg/tests.rs")
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^\s*\(vec!\[(.*)\], "([0-9a-f]*)"\),$`)
	pair := regexp.MustCompile(`\("([0-9a-f]{64})", "([0-9a-f]{64})"\)`)
	var out []vector
	for _, m := range line.FindAllSubmatch(src, -1) {
		v := vector{aggSig: testref.Hex(t, string(m[2]))}
		for _, p := range pair.FindAllSubmatch(m[1], -1) {
			v.pairs = append(v.pairs, halfagg.Pair{PublicKey: testref.Hex(t, string(p[1])), Message: testref.Hex(t, string(p[2]))})
		}
		out = append(out, v)
	}
	if len(out) != 3 {
		t.Fatalf("%d vectors in tests.rs, want 3", len(out))
	}
	for i, v := range out {
		if len(v.pairs) != i {
			t.Fatalf("vector %d has %d pairs", i, len(v.pairs))
		}
	}
	return out
}

// TestVerifyVectors is test_verify_vectors: every vector verifies, and
// with any bit of its aggregate flipped it does not.
func TestVerifyVectors(t *testing.T) {
	for i, v := range readVectors(t) {
		if err := halfagg.VerifyAggregate(v.aggSig, v.pairs); err != nil {
			t.Errorf("vector %d: %v", i, err)
		}
		for bit := range 8 * len(v.aggSig) {
			bad := bytes.Clone(v.aggSig)
			bad[bit/8] ^= 1 << (bit % 8)
			if err := halfagg.VerifyAggregate(bad, v.pairs); !errors.Is(err, halfagg.ErrInvalid) {
				t.Fatalf("vector %d, bit %d flipped: %v", i, bit, err)
			}
		}
	}
}

// fixed returns 32 bytes of b.
func fixed(b byte) []byte { return bytes.Repeat([]byte{b}, 32) }

// specItem signs as the hacspec tests do: key [sk; 32], message [m; 32],
// aux [aux; 32].
func specItem(t *testing.T, sk, m, aux byte) halfagg.Item { return specItemF(t, sk, m, aux) }

func specItemF(t testing.TB, sk, m, aux byte) halfagg.Item {
	k, err := secp256k1.NewPrivateKey(fixed(sk))
	if err != nil {
		t.Fatal(err)
	}
	sig, err := schnorr.Sign(k, fixed(m), fixed(aux))
	if err != nil {
		t.Fatal(err)
	}
	return halfagg.Item{PublicKey: schnorr.SerializePublicKey(k.PublicKey()), Message: fixed(m), Signature: sig}
}

// TestAggregateVectors is test_verify_vectors_gen: signing the vectors'
// inputs and aggregating gives the vectors byte for byte.
func TestAggregateVectors(t *testing.T) {
	skm := []halfagg.Item{specItem(t, 1, 2, 3), specItem(t, 4, 5, 6)}
	for i, v := range readVectors(t) {
		agg, err := halfagg.Aggregate(skm[:i])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(agg, v.aggSig) {
			t.Errorf("vector %d: Aggregate\n %x, want\n %x", i, agg, v.aggSig)
		}
		for j, p := range halfagg.Pairs(skm[:i]) {
			if !bytes.Equal(p.PublicKey, v.pairs[j].PublicKey) || !bytes.Equal(p.Message, v.pairs[j].Message) {
				t.Errorf("vector %d, pair %d: %x, want %x", i, j, p, v.pairs[j])
			}
		}
	}
}

// TestAggregateVerify is test_aggregate_verify: for three signatures, each
// prefix's aggregate verifies, and aggregating the rest of the prefix
// incrementally onto any shorter prefix's aggregate verifies too.
func TestAggregateVerify(t *testing.T) {
	var items []halfagg.Item
	var aggs [][]byte
	for i := range 3 {
		items = append(items, specItem(t, byte(i+1), byte(i+2), byte(i+3)))
		agg, err := halfagg.Aggregate(items)
		if err != nil {
			t.Fatal(err)
		}
		aggs = append(aggs, agg)
		pairs := halfagg.Pairs(items)
		if err := halfagg.VerifyAggregate(agg, pairs); err != nil {
			t.Fatalf("%d signatures: %v", i+1, err)
		}
		for j := range i {
			inc, err := halfagg.IncAggregate(aggs[j], pairs[:j+1], items[j+1:])
			if err != nil {
				t.Fatal(err)
			}
			if err := halfagg.VerifyAggregate(inc, pairs); err != nil {
				t.Fatalf("%d signatures onto %d: %v", i-j, j+1, err)
			}
			if !bytes.Equal(inc, agg) {
				t.Fatalf("%d signatures onto %d: %x, Aggregate %x", i-j, j+1, inc, agg)
			}
		}
	}
}

// TestAggregateVerifyStrange is test_aggregate_verify_strange: two invalid
// signatures whose aggregate is valid (why Aggregate does not prove the
// inputs valid). With s₁ random and s₀ = s − z₁s₁ (z₀ = 1), both
// signatures are invalid but aggregate to the valid aggregate.
func TestAggregateVerifyStrange(t *testing.T) {
	r := testref.Rand(t)
	items := []halfagg.Item{specItem(t, 1, 2, 3), specItem(t, 2, 3, 4)}
	agg, err := halfagg.Aggregate(items)
	if err != nil {
		t.Fatal(err)
	}
	pairs := halfagg.Pairs(items)
	z1 := refZ(t, [][3][]byte{
		{items[0].Signature[:32], items[0].PublicKey, items[0].Message},
		{items[1].Signature[:32], items[1].PublicKey, items[1].Message},
	})
	s, _ := secp256k1.NewScalar().SetCanonicalBytes(agg[64:])
	s1, _ := secp256k1.NewScalar().SetReducedBytes(testref.RandomBytes(r, 32))
	s0 := secp256k1.NewScalar().Multiply(z1, s1)
	s0.Subtract(s, s0)
	strange := slices.Clone(items)
	strange[0].Signature = append(bytes.Clone(items[0].Signature[:32]), s0.Bytes()...)
	strange[1].Signature = append(bytes.Clone(items[1].Signature[:32]), s1.Bytes()...)
	for i, it := range strange {
		pub, err := schnorr.ParsePublicKey(it.PublicKey)
		if err != nil {
			t.Fatal(err)
		}
		if schnorr.Verify(pub, it.Message, it.Signature) {
			t.Fatalf("signature %d is valid", i)
		}
	}
	agg2, err := halfagg.Aggregate(strange)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(agg2, agg) {
		t.Fatalf("aggregate of the invalid signatures %x, want %x", agg2, agg)
	}
	if err := halfagg.VerifyAggregate(agg2, pairs); err != nil {
		t.Fatal(err)
	}
}

// TestEdgeCases is test_edge_cases: the empty aggregate (32 zero bytes)
// and incremental aggregation of nothing onto it verify; a 0-byte
// aggregate is refused by IncAggregate and VerifyAggregate (the draft's
// MalformedSignature and InvalidSignature: here ErrAggregateLength); and
// 2¹⁶ signatures, in any of the arguments, are refused (AggSigTooBig:
// ErrTooMany), before any length of theirs is looked at.
func TestEdgeCases(t *testing.T) {
	agg, err := halfagg.Aggregate(nil)
	if err != nil || !bytes.Equal(agg, make([]byte, 32)) {
		t.Fatalf("Aggregate(nil) = %x, %v", agg, err)
	}
	for _, a := range [][]byte{agg, make([]byte, 32)} {
		inc, err := halfagg.IncAggregate(a, nil, nil)
		if err != nil || !bytes.Equal(inc, a) {
			t.Fatalf("IncAggregate onto the empty aggregate: %x, %v", inc, err)
		}
		if err := halfagg.VerifyAggregate(a, nil); err != nil {
			t.Fatal(err)
		}
		if err := halfagg.VerifyAggregate(inc, []halfagg.Pair{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range [][]byte{nil, {}} {
		if _, err := halfagg.IncAggregate(a, nil, nil); !errors.Is(err, halfagg.ErrAggregateLength) {
			t.Errorf("IncAggregate of %d bytes: %v", len(a), err)
		}
		if err := halfagg.VerifyAggregate(a, nil); !errors.Is(err, halfagg.ErrAggregateLength) {
			t.Errorf("VerifyAggregate of %d bytes: %v", len(a), err)
		}
	}
	big := make([]halfagg.Item, halfagg.MaxSignatures+1)
	bigPairs := make([]halfagg.Pair, halfagg.MaxSignatures+1)
	if _, err := halfagg.Aggregate(big); !errors.Is(err, halfagg.ErrTooMany) {
		t.Errorf("Aggregate of 2¹⁶: %v", err)
	}
	if _, err := halfagg.IncAggregate(make([]byte, 32), bigPairs, nil); !errors.Is(err, halfagg.ErrTooMany) {
		t.Errorf("IncAggregate onto 2¹⁶: %v", err)
	}
	if _, err := halfagg.IncAggregate(make([]byte, 32), nil, big); !errors.Is(err, halfagg.ErrTooMany) {
		t.Errorf("IncAggregate of 2¹⁶: %v", err)
	}
	if _, err := halfagg.IncAggregate(make([]byte, 32), bigPairs[:1], big[:halfagg.MaxSignatures]); !errors.Is(err, halfagg.ErrTooMany) {
		t.Errorf("IncAggregate of 1 + 2¹⁶ − 1: %v", err)
	}
	if err := halfagg.VerifyAggregate(make([]byte, 32), bigPairs); !errors.Is(err, halfagg.ErrTooMany) {
		t.Errorf("VerifyAggregate of 2¹⁶: %v", err)
	}
}
