package secp256k1_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// fixedKey returns the private key SHA-256(label), a fixed key so that the
// examples print the same output on every run; real code uses
// GeneratePrivateKey.
func fixedKey(label string) *secp256k1.PrivateKey {
	h := sha256.Sum256([]byte(label))
	k, err := secp256k1.NewPrivateKey(h[:])
	if err != nil {
		panic(err)
	}
	return k
}

func Example() {
	key, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		panic(err)
	}
	pub := key.PublicKey()

	// Send the 33-byte compressed key; the receiver parses (and so checks) it.
	wire := pub.BytesCompressed()
	received, err := secp256k1.ParsePublicKey(wire)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(wire), received.Equal(pub))
	// Output: 33 true
}

func ExampleNewPrivateKey() {
	// The private key 1 and its public key, the generator G.
	one := make([]byte, 32)
	one[31] = 1
	k, err := secp256k1.NewPrivateKey(one)
	if err != nil {
		panic(err)
	}
	fmt.Println(k.PublicKey())

	// 0 and values ≥ n are not keys.
	_, err = secp256k1.NewPrivateKey(make([]byte, 32))
	fmt.Println(err)
	// Output:
	// 0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798
	// secp256k1: invalid private key
}

func ExamplePublicKey_MarshalText() {
	// Public keys are hex strings in JSON; secret keys refuse to be written.
	type account struct {
		Name string
		Key  *secp256k1.PublicKey
	}
	k := fixedKey("example")
	data, _ := json.Marshal(account{"alice", k.PublicKey()})
	fmt.Println(string(data))

	var back account
	if err := json.Unmarshal(data, &back); err != nil {
		panic(err)
	}
	fmt.Println(back.Key.Equal(k.PublicKey()))

	_, err := json.Marshal(k)
	fmt.Println(err != nil)
	// Output:
	// {"Name":"alice","Key":"024033389cf6632a172546748fda79e7fbabce944b552db5dba81b16c01fec377b"}
	// true
	// true
}

func ExamplePrivateKey_TweakAdd() {
	// Additive tweaking (as BIP-32 derivation and pay-to-contract do): the
	// tweaked private key's public key is the tweaked public key.
	k := fixedKey("parent")
	tweak := sha256.Sum256([]byte("tweak"))

	child, err := k.TweakAdd(tweak[:])
	if err != nil {
		panic(err)
	}
	childPub, err := k.PublicKey().TweakAdd(tweak[:])
	if err != nil {
		panic(err)
	}
	fmt.Println(child.PublicKey().Equal(childPub))
	// Output: true
}

func ExampleCombinePublicKeys() {
	// The sum of public keys is the public key of the sum of private keys.
	a, b := fixedKey("a"), fixedKey("b")
	sum, err := secp256k1.CombinePublicKeys(a.PublicKey(), b.PublicKey())
	if err != nil {
		panic(err)
	}
	s := new(secp256k1.Scalar).Add(a.Scalar(), b.Scalar())
	k, err := secp256k1.NewPrivateKeyFromScalar(s)
	if err != nil {
		panic(err)
	}
	fmt.Println(sum.Equal(k.PublicKey()))
	// Output: true
}

func ExampleScalar() {
	// Arithmetic modulo the group order n: 3 · 5 − 15 = 0, and 1/x · x = 1.
	x := new(secp256k1.Scalar).SetUint64(3)
	y := new(secp256k1.Scalar).SetUint64(5)
	z := new(secp256k1.Scalar).Multiply(x, y)
	z.Subtract(z, new(secp256k1.Scalar).SetUint64(15))
	fmt.Println(z.IsZero())

	inv := new(secp256k1.Scalar).Invert(x)
	one := new(secp256k1.Scalar).Multiply(inv, x)
	fmt.Println(one.Equal(new(secp256k1.Scalar).SetUint64(1)))

	// −1 mod n, in hex.
	minusOne := new(secp256k1.Scalar).Negate(new(secp256k1.Scalar).SetUint64(1))
	fmt.Println(hex.EncodeToString(minusOne.Bytes()))
	// Output:
	// 1
	// 1
	// fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140
}

func ExamplePoint() {
	// 2·G + 3·G = 5·G, computed three ways.
	G := secp256k1.NewGeneratorPoint()
	two := new(secp256k1.Scalar).SetUint64(2)
	three := new(secp256k1.Scalar).SetUint64(3)
	five := new(secp256k1.Scalar).SetUint64(5)

	sum := new(secp256k1.Point).Add(new(secp256k1.Point).ScalarMult(two, G), new(secp256k1.Point).ScalarMult(three, G))
	direct := new(secp256k1.Point).ScalarBaseMult(five)
	combined := new(secp256k1.Point).VarTimeDoubleScalarBaseMult(two, G, three) // 2·G + 3·G
	fmt.Println(sum.Equal(direct), combined.Equal(direct))

	// The identity: 5·G − 5·G.
	zero := new(secp256k1.Point).Subtract(direct, direct)
	fmt.Println(zero.IsIdentity(), hex.EncodeToString(zero.BytesCompressed()))
	// Output:
	// 1 1
	// 1 00
}

func ExamplePoint_VarTimeMultiScalarMult() {
	// A multi-scalar multiplication Σ sᵢ·Pᵢ, checked against the sum of
	// the single products. With public inputs only: it is variable time.
	var scalars []*secp256k1.Scalar
	var points []*secp256k1.Point
	want := secp256k1.NewIdentityPoint()
	for i := range 100 {
		h := sha256.Sum256([]byte{byte(i)})
		s, err := new(secp256k1.Scalar).SetReducedBytes(h[:])
		if err != nil {
			panic(err)
		}
		P := fixedKey(fmt.Sprint(i)).PublicKey().Point()
		scalars, points = append(scalars, s), append(points, P)
		want.Add(want, new(secp256k1.Point).ScalarMult(s, P))
	}
	got := new(secp256k1.Point).VarTimeMultiScalarMult(scalars, points)
	fmt.Println(bytes.Equal(got.BytesCompressed(), want.BytesCompressed()))
	// Output: true
}

func ExampleScalarBaseMultMany() {
	// The public keys of many private keys at once: the k·G together (eight
	// at a time on CPUs with AVX-512 IFMA), then one inversion for all.
	var scalars []*secp256k1.Scalar
	for _, name := range []string{"a", "b", "c"} {
		scalars = append(scalars, fixedKey(name).Scalar())
	}
	pubs, err := secp256k1.NewPublicKeys(secp256k1.ScalarBaseMultMany(scalars))
	if err != nil {
		panic(err)
	}
	fmt.Println(pubs[1].Equal(fixedKey("b").PublicKey()))
	// Output: true
}
