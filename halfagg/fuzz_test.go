package halfagg_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1/halfagg"
)

// Fuzz targets for the aggregate's parser and verifier and for incremental
// aggregation: no panic, only the named errors, and the same answer (the
// same error, in the draft's order) as the reference of ref_test.go.

// splitPairs takes n pairs of 64 bytes (key ‖ message) from the front of
// data, zero-padded, and returns them with the rest of data.
func splitPairs(data []byte, n int) ([]halfagg.Pair, []byte) {
	pairs := make([]halfagg.Pair, n)
	for i := range pairs {
		var b [64]byte
		data = data[copy(b[:], data):]
		pairs[i] = halfagg.Pair{PublicKey: bytes.Clone(b[:32]), Message: bytes.Clone(b[32:])}
	}
	return pairs, data
}

// fuzzSeeds adds the test vectors and a tampered aggregate of two valid
// signatures under one key, in the targets' input format.
func fuzzSeeds(f *testing.F) {
	add := func(pairs []halfagg.Pair, agg []byte) {
		var in []byte
		for _, p := range pairs {
			in = append(append(in, p.PublicKey...), p.Message...)
		}
		f.Add(uint8(len(pairs)), append(in, agg...))
	}
	add(nil, make([]byte, 32))
	add(nil, nil)
	k := specItemF(f, 7, 8, 9)
	k2 := specItemF(f, 7, 10, 11)
	items := []halfagg.Item{k, k2, k}
	agg, _ := halfagg.Aggregate(items)
	add(halfagg.Pairs(items), agg)
	bad := bytes.Clone(agg)
	bad[len(bad)-1] ^= 1
	add(halfagg.Pairs(items), bad)
	add(halfagg.Pairs(items), agg[:len(agg)-1])
}

func FuzzVerifyAggregate(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, n uint8, data []byte) {
		pairs, agg := splitPairs(data, int(n%8))
		if len(data) > 0 && data[0]&1 == 1 && len(pairs) > 0 {
			// Odd lengths of a key or a message now and then.
			pairs[0].Message = pairs[0].Message[:int(data[0])%33]
		}
		err := halfagg.VerifyAggregate(agg, pairs)
		if len(agg) != 32*(len(pairs)+1) {
			if !errors.Is(err, halfagg.ErrAggregateLength) {
				t.Fatalf("%d bytes for %d pairs: %v", len(agg), len(pairs), err)
			}
			return
		}
		if len(pairs) > 0 && len(pairs[0].Message) != 32 {
			if !errors.Is(err, halfagg.ErrMessageLength) {
				t.Fatalf("message of %d bytes: %v", len(pairs[0].Message), err)
			}
			return
		}
		want := refVerifyErr(t, agg, pairs)
		if (want == nil) != (err == nil) || (want != nil && !errors.Is(err, want)) {
			t.Fatalf("VerifyAggregate: %v, reference %v", err, want)
		}
	})
}

func FuzzIncAggregate(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, n uint8, data []byte) {
		v, u := int(n%4), int(n/4%4)
		done, data := splitPairs(data, v)
		newPairs, data := splitPairs(data, u)
		items := make([]halfagg.Item, u)
		for i := range items {
			var sig [64]byte
			data = data[copy(sig[:], data):]
			items[i] = halfagg.Item{PublicKey: newPairs[i].PublicKey, Message: newPairs[i].Message, Signature: sig[:]}
		}
		if u > 0 && n >= 128 {
			items[0].Signature = items[0].Signature[:int(n)%64]
		}
		agg := data
		out, err := halfagg.IncAggregate(agg, done, items)
		switch {
		case len(agg) != 32*(v+1):
			if !errors.Is(err, halfagg.ErrAggregateLength) {
				t.Fatalf("%d bytes for %d pairs: %v", len(agg), v, err)
			}
		case u > 0 && len(items[0].Signature) != 64:
			if !errors.Is(err, halfagg.ErrSignatureLength) {
				t.Fatalf("signature of %d bytes: %v", len(items[0].Signature), err)
			}
		case err != nil:
			t.Fatal(err)
		default:
			if want := refIncAggregate(t, agg, done, items); !bytes.Equal(out, want) {
				t.Fatalf("IncAggregate %x, reference %x", out, want)
			}
		}
	})
}
