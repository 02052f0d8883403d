package halfagg_test

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/halfagg"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// sign returns an Item: a BIP-340 signature of the 32-byte hash of text by
// a new key.
func sign(text string) halfagg.Item {
	k, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		panic(err)
	}
	msg := sha256.Sum256([]byte(text))
	sig, err := schnorr.Sign(k, msg[:], nil)
	if err != nil {
		panic(err)
	}
	return halfagg.Item{PublicKey: schnorr.SerializePublicKey(k.PublicKey()), Message: msg[:], Signature: sig}
}

func Example() {
	// Three signers' signatures, 3 × 64 bytes; anyone can aggregate them.
	items := []halfagg.Item{sign("alice's gossip"), sign("bob's gossip"), sign("carol's gossip")}
	agg, err := halfagg.Aggregate(items)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(agg), "bytes")

	// The verifier has the keys and messages, in the same order.
	fmt.Println(halfagg.VerifyAggregate(agg, halfagg.Pairs(items)))

	// A wrong message fails.
	pairs := halfagg.Pairs(items)
	pairs[1].Message = make([]byte, 32)
	fmt.Println(errors.Is(halfagg.VerifyAggregate(agg, pairs), halfagg.ErrInvalid))
	// Output:
	// 128 bytes
	// <nil>
	// true
}

// ExampleIncAggregate adds signatures to an aggregate: it needs the pairs
// already in the aggregate, not their signatures.
func ExampleIncAggregate() {
	first := []halfagg.Item{sign("block 1"), sign("block 2")}
	agg, err := halfagg.Aggregate(first)
	if err != nil {
		panic(err)
	}
	more := []halfagg.Item{sign("block 3")}
	agg, err = halfagg.IncAggregate(agg, halfagg.Pairs(first), more)
	if err != nil {
		panic(err)
	}
	all := append(halfagg.Pairs(first), halfagg.Pairs(more)...)
	fmt.Println(len(agg), halfagg.VerifyAggregate(agg, all))
	// Output: 128 <nil>
}
