package halfagg_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/halfagg"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// nPlus returns the group order n plus d, big-endian.
func nPlus(d byte) []byte {
	b := testref.MustHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	b[31] += d
	return b
}

// pBytes is the field size p, big-endian: not an x coordinate.
var pBytes = testref.MustHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")

// offCurve is an x below p with x³ + 7 not a square (BIP-340's vector 5's
// key).
var offCurve = testref.MustHex("eefdea4cdb677750a420fee807eacf21eb9898ae79b9768766e4faa04a2d4a34")

// TestErrors checks the named errors of malformed input, zero values
// included, with the index of the culprit in the message, and that the
// first malformed entry names the error.
func TestErrors(t *testing.T) {
	r := testref.Rand(t)
	items := randomItems(t, r, 3, false)
	pairs := halfagg.Pairs(items)
	agg, err := halfagg.Aggregate(items)
	if err != nil {
		t.Fatal(err)
	}
	with := func(i int, f func(*halfagg.Item)) []halfagg.Item {
		c := append([]halfagg.Item(nil), items...)
		f(&c[i])
		return c
	}
	for _, c := range []struct {
		name  string
		items []halfagg.Item
		want  error
		index string
	}{
		{"zero item", with(1, func(it *halfagg.Item) { *it = halfagg.Item{} }), halfagg.ErrPublicKeyLength, "public key 1 "},
		{"short key", with(2, func(it *halfagg.Item) { it.PublicKey = it.PublicKey[:31] }), halfagg.ErrPublicKeyLength, "public key 2 "},
		{"33-byte key", with(0, func(it *halfagg.Item) { it.PublicKey = append([]byte{2}, it.PublicKey...) }), halfagg.ErrPublicKeyLength, "public key 0 "},
		{"nil message", with(1, func(it *halfagg.Item) { it.Message = nil }), halfagg.ErrMessageLength, "message 1 "},
		{"long message", with(1, func(it *halfagg.Item) { it.Message = make([]byte, 33) }), halfagg.ErrMessageLength, "message 1 "},
		{"nil signature", with(2, func(it *halfagg.Item) { it.Signature = nil }), halfagg.ErrSignatureLength, "signature 2 "},
		{"65-byte signature", with(0, func(it *halfagg.Item) { it.Signature = make([]byte, 65) }), halfagg.ErrSignatureLength, "signature 0 "},
	} {
		_, err := halfagg.Aggregate(c.items)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.index) || !strings.HasPrefix(err.Error(), "halfagg: ") {
			t.Errorf("Aggregate, %s: %v, want %v naming %q", c.name, err, c.want, c.index)
		}
		// The same entry as an already aggregated pair (if the pair is
		// what is wrong) and as a pair to verify.
		if c.want == halfagg.ErrSignatureLength {
			continue
		}
		bad := halfagg.Pairs(c.items)
		if _, err := halfagg.IncAggregate(agg, bad, nil); !errors.Is(err, c.want) {
			t.Errorf("IncAggregate, %s: %v", c.name, err)
		}
		if err := halfagg.VerifyAggregate(agg, bad); !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.index) {
			t.Errorf("VerifyAggregate, %s: %v", c.name, err)
		}
	}

	// Values: a key that is not an x coordinate (p, or off the curve) is
	// ErrPublicKey; an r that is not is ErrInvalid; a key is checked before
	// the r of its own pair, and pairs in order; s ≥ n is ErrInvalid.
	badKey := func(i int, k []byte) []halfagg.Pair {
		c := append([]halfagg.Pair(nil), pairs...)
		c[i].PublicKey = k
		return c
	}
	badR := func(i int, rx []byte) []byte {
		c := bytes.Clone(agg)
		copy(c[32*i:], rx)
		return c
	}
	for _, c := range []struct {
		name  string
		agg   []byte
		pairs []halfagg.Pair
		want  error
		index string
	}{
		{"key p", agg, badKey(1, pBytes), halfagg.ErrPublicKey, "public key 1"},
		{"key off the curve", agg, badKey(2, offCurve), halfagg.ErrPublicKey, "public key 2"},
		{"key zero", agg, badKey(0, make([]byte, 32)), halfagg.ErrPublicKey, "public key 0"},
		{"r p", badR(0, pBytes), pairs, halfagg.ErrInvalid, "signature 0"},
		{"r off the curve", badR(2, offCurve), pairs, halfagg.ErrInvalid, "signature 2"},
		{"key before its r", badR(1, offCurve), badKey(1, offCurve), halfagg.ErrPublicKey, "public key 1"},
		{"r before a later key", badR(0, offCurve), badKey(1, offCurve), halfagg.ErrInvalid, "signature 0"},
		{"s = n", badR(3, nPlus(0)), pairs, halfagg.ErrInvalid, "group order"},
		{"s = n + 1", badR(3, nPlus(1)), pairs, halfagg.ErrInvalid, "group order"},
		{"s all ones", badR(3, bytes.Repeat([]byte{0xff}, 32)), pairs, halfagg.ErrInvalid, "group order"},
		{"key off the curve before s ≥ n", badR(3, nPlus(0)), badKey(2, offCurve), halfagg.ErrPublicKey, "public key 2"},
		{"pairs swapped", agg, []halfagg.Pair{pairs[1], pairs[0], pairs[2]}, halfagg.ErrInvalid, ""},
		{"one pair fewer", agg[32:], pairs[1:], halfagg.ErrInvalid, ""},
	} {
		err := halfagg.VerifyAggregate(c.agg, c.pairs)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.index) {
			t.Errorf("%s: %v, want %v naming %q", c.name, err, c.want, c.index)
		}
		if ref := refVerifyErr(t, c.agg, c.pairs); ref != c.want {
			t.Errorf("%s: the reference says %v", c.name, ref)
		}
	}
	if err := halfagg.VerifyAggregate(agg, pairs); err != nil {
		t.Fatal(err)
	}
}

// TestEmpty checks the aggregate of no signature: only the 32 zero bytes
// verify (s·G must be the identity); IncAggregate keeps the s of an empty
// aggregate in the sum, as the draft does (secp256k1-zkp would start from
// 0), so that the result of a bad empty aggregate stays invalid.
func TestEmpty(t *testing.T) {
	r := testref.Rand(t)
	one := append(make([]byte, 31), 1)
	for _, s := range [][]byte{one, nPlus(0), nPlus(0xbe)} {
		if err := halfagg.VerifyAggregate(s, nil); !errors.Is(err, halfagg.ErrInvalid) {
			t.Errorf("empty aggregate with s = %x: %v", s, err)
		}
	}
	items := randomItems(t, r, 2, false)
	good, _ := halfagg.Aggregate(items)
	inc, err := halfagg.IncAggregate(one, nil, items)
	if err != nil {
		t.Fatal(err)
	}
	if want := refIncAggregate(t, one, nil, items); !bytes.Equal(inc, want) || bytes.Equal(inc, good) {
		t.Fatalf("IncAggregate onto s = 1: %x, draft %x (Aggregate %x)", inc, want, good)
	}
	if err := halfagg.VerifyAggregate(inc, halfagg.Pairs(items)); !errors.Is(err, halfagg.ErrInvalid) {
		t.Fatalf("IncAggregate onto s = 1 verifies: %v", err)
	}
}

// TestOne checks a single signature: its aggregate is r ‖ s, the signature
// itself (z₀ = 1).
func TestOne(t *testing.T) {
	r := testref.Rand(t)
	items := randomItems(t, r, 1, false)
	agg, err := halfagg.Aggregate(items)
	if err != nil || !bytes.Equal(agg, items[0].Signature) {
		t.Fatalf("Aggregate of one signature = %x, %v; want the signature %x", agg, err, items[0].Signature)
	}
	if err := halfagg.VerifyAggregate(agg, halfagg.Pairs(items)); err != nil {
		t.Fatal(err)
	}
}

// TestDuplicates checks aggregates where every signature is the same, or
// all share one key or one message: they verify, and break when one
// message changes.
func TestDuplicates(t *testing.T) {
	r := testref.Rand(t)
	s := newSigner(t, r)
	msg := testref.RandomBytes(r, 32)
	same := s.sign(t, r, msg)
	for name, items := range map[string][]halfagg.Item{
		"same item":    {same, same, same, same},
		"same key":     {same, s.sign(t, r, msg), s.sign(t, r, testref.RandomBytes(r, 32)), same},
		"same message": {same, newSigner(t, r).sign(t, r, msg), newSigner(t, r).sign(t, r, msg)},
	} {
		agg, err := halfagg.Aggregate(items)
		if err != nil {
			t.Fatal(err)
		}
		pairs := halfagg.Pairs(items)
		if err := halfagg.VerifyAggregate(agg, pairs); err != nil || !refVerify(t, agg, pairs) {
			t.Fatalf("%s: %v", name, err)
		}
		pairs[2].Message = testref.RandomBytes(r, 32)
		if err := halfagg.VerifyAggregate(agg, pairs); !errors.Is(err, halfagg.ErrInvalid) {
			t.Fatalf("%s, one message changed: %v", name, err)
		}
	}
}

// TestMaxSignatures aggregates and verifies MaxSignatures signatures (one
// signature again and again, so that only aggregation and verification
// cost), and checks that one more is refused.
func TestMaxSignatures(t *testing.T) {
	if testing.Short() {
		t.Skip("65535 signatures")
	}
	r := testref.Rand(t)
	it := randomItems(t, r, 1, false)[0]
	items := make([]halfagg.Item, halfagg.MaxSignatures)
	for i := range items {
		items[i] = it
	}
	agg, err := halfagg.Aggregate(items)
	if err != nil || len(agg) != 32*(halfagg.MaxSignatures+1) {
		t.Fatalf("%d bytes, %v", len(agg), err)
	}
	pairs := halfagg.Pairs(items)
	if err := halfagg.VerifyAggregate(agg, pairs); err != nil {
		t.Fatal(err)
	}
	agg[len(agg)-1] ^= 1
	if err := halfagg.VerifyAggregate(agg, pairs); !errors.Is(err, halfagg.ErrInvalid) {
		t.Fatal(err)
	}
	if _, err := halfagg.IncAggregate(agg, pairs, items[:1]); !errors.Is(err, halfagg.ErrTooMany) {
		t.Fatalf("one more: %v", err)
	}
}

// TestInputsUnchanged checks that IncAggregate and VerifyAggregate leave
// their arguments as they were.
func TestInputsUnchanged(t *testing.T) {
	r := testref.Rand(t)
	items := randomItems(t, r, 4, true)
	agg, _ := halfagg.Aggregate(items[:2])
	pairs := halfagg.Pairs(items)
	aggCopy := bytes.Clone(agg)
	var flat []byte
	for _, it := range items {
		flat = append(append(append(flat, it.PublicKey...), it.Message...), it.Signature...)
	}
	full, err := halfagg.IncAggregate(agg, pairs[:2], items[2:])
	if err != nil {
		t.Fatal(err)
	}
	if err := halfagg.VerifyAggregate(full, pairs); err != nil {
		t.Fatal(err)
	}
	var after []byte
	for _, it := range items {
		after = append(append(append(after, it.PublicKey...), it.Message...), it.Signature...)
	}
	if !bytes.Equal(agg, aggCopy) || !bytes.Equal(flat, after) {
		t.Fatal("inputs modified")
	}
}

// TestAllocations checks that Aggregate allocates only its result, and
// VerifyAggregate only its scratch slices and key map (not per signature:
// 50 signatures here).
func TestAllocations(t *testing.T) {
	race.SkipAllocs(t)
	r := testref.Rand(t)
	items := randomItems(t, r, 50, false)
	pairs := halfagg.Pairs(items)
	agg, _ := halfagg.Aggregate(items)
	if n := testing.AllocsPerRun(20, func() { halfagg.Aggregate(items) }); n != 1 {
		t.Errorf("Aggregate: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(5, func() { halfagg.VerifyAggregate(agg, pairs) }); n > 16 {
		t.Errorf("VerifyAggregate: %v allocations, want at most 16", n)
	}
}
