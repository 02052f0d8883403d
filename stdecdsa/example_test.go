//lint:file-ignore SA1019 these tests exercise crypto/elliptic's and crypto/ecdsa's deprecated API for custom curves, the package's subject

package stdecdsa_test

import (
	cryptoecdsa "crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/stdecdsa"
)

// A function of go-ethereum-style code gets an *ecdsa.PrivateKey and moves
// to Kestrel: it converts the key once, signs with Kestrel, and the old code
// around it keeps its key.
func Example() {
	// What go-ethereum's crypto.ToECDSA(seckey) builds, with S256() (or
	// go-ethereum's own crypto.S256(), which FromECDSA accepts as well).
	seckey := sha256.Sum256([]byte("an example key"))
	old := &cryptoecdsa.PrivateKey{D: new(big.Int).SetBytes(seckey[:])}
	old.Curve = stdecdsa.S256()
	old.X, old.Y = old.Curve.ScalarBaseMult(seckey[:])

	k, err := stdecdsa.FromECDSA(old) // checks D, the curve and (X, Y)
	if err != nil {
		panic(err)
	}
	hash := sha256.Sum256([]byte("a message")) // go-ethereum: Keccak-256
	sig, err := ecdsa.SignEthereum(k, hash[:]) // crypto.Sign(hash, old): r ‖ s ‖ v
	if err != nil {
		panic(err)
	}
	pub, err := ecdsa.RecoverEthereum(hash[:], sig) // crypto.SigToPub(hash, sig)
	fmt.Println(err == nil && pub.Equal(k.PublicKey()))
	// Output: true
}

// crypto/ecdsa signs with a Kestrel key through ToECDSA; Kestrel verifies
// its signature once normalized to low S.
func ExampleToECDSA() {
	k, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		panic(err)
	}
	e, err := stdecdsa.ToECDSA(k)
	if err != nil {
		panic(err)
	}
	hash := sha256.Sum256([]byte("signed by crypto/ecdsa"))
	der, err := cryptoecdsa.SignASN1(rand.Reader, e, hash[:])
	if err != nil {
		panic(err)
	}

	sig, err := ecdsa.ParseDERSignature(der)
	if err != nil {
		panic(err)
	}
	// crypto/ecdsa's S may be high, which ecdsa.Verify rejects.
	fmt.Println(ecdsa.Verify(k.PublicKey(), hash[:], sig.Normalize()))
	// Output: true
}

// A public key from 65 bytes, as go-ethereum's crypto.UnmarshalPubkey reads
// it, to Kestrel.
func ExampleFromECDSAPublicKey() {
	b, _ := hex.DecodeString("04" +
		"79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798" +
		"483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8")
	x, y := elliptic.Unmarshal(stdecdsa.S256(), b) // nil unless a point of the curve
	pub, err := stdecdsa.FromECDSAPublicKey(&cryptoecdsa.PublicKey{Curve: stdecdsa.S256(), X: x, Y: y})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", pub.BytesCompressed())
	// Output: 0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798
}

// The curve's methods follow crypto/elliptic's conventions: (0, 0) is the
// point at infinity, and scalars are reduced mod n.
func ExampleS256() {
	c := stdecdsa.S256()
	x, y := c.ScalarBaseMult(c.Params().N.Bytes()) // n·G
	fmt.Println(x, y, c.IsOnCurve(x, y))
	gx, gy := c.ScalarBaseMult([]byte{1})
	fmt.Println(c.IsOnCurve(gx, gy), gx.Cmp(c.Params().Gx) == 0)
	// Output:
	// 0 0 false
	// true true
}
