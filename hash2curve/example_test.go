package hash2curve_test

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/hash2curve"
)

// Hash a message to a point with an application's own domain separation
// tag: here the tag of RFC 9380's test vectors, whose "abc" vector this is.
func Example() {
	dst := []byte("QUUX-V01-CS02-with-" + hash2curve.SuiteRO)
	p, err := hash2curve.HashToCurve([]byte("abc"), dst)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", p.BytesCompressed())
	// Output: 023377e01eab42db296b512293120c6cee72b6ecf9f9205760bd9ff11fb3cb2c4b
}

// A blinded evaluation, the core of an oblivious PRF such as 2HashDH: the
// client learns k·H(pw) without showing pw to the server, which keeps k.
// HashToCurve runs in constant time in pw.
func Example_blindEvaluation() {
	dst := []byte("EXAMPLE-OPRF-V01-with-" + hash2curve.SuiteRO)
	pw := []byte("correct horse battery staple")

	// Client: blind H(pw) with a random r.
	h, _ := hash2curve.HashToCurve(pw, dst)
	r := randomScalar()
	blinded := new(secp256k1.Point).ScalarMult(r, h)

	// Server: multiply by its key k.
	k := randomScalar()
	evaluated := new(secp256k1.Point).ScalarMult(k, blinded)

	// Client: unblind with 1/r.
	out := new(secp256k1.Point).ScalarMult(new(secp256k1.Scalar).Invert(r), evaluated)

	direct := new(secp256k1.Point).ScalarMult(k, h)
	fmt.Println(out.Equal(direct) == 1)
	// Output: true
}

func randomScalar() *secp256k1.Scalar {
	var b [64]byte
	rand.Read(b[:])
	s, _ := new(secp256k1.Scalar).SetUniformBytes(b[:])
	return s
}

// RFC 9591's FROST(secp256k1, SHA-256) defines H1, H2 and H3 as
// hash_to_field over the scalars: here H1, which derives a binding factor,
// on the input of participant 1 in the RFC's test vector.
func ExampleHashToScalar() {
	const contextString = "FROST-secp256k1-SHA256-v1"
	input, _ := hex.DecodeString("02f37c34b66ced1fb51c34a90bdae006901f10625cc06c4f64663b0eae87d87b4f" +
		"ff9b5210ffbb3c07a73a7c8935be4a8c62cf015f6cf7ade6efac09a6513540fc3f5a816aaebc2114a811a415d7a55db7c5cbc1cf27183e79dd9def941b5d4801" +
		"0000000000000000000000000000000000000000000000000000000000000001")
	rho, _ := hash2curve.HashToScalar(input, []byte(contextString+"rho"))
	fmt.Printf("%x\n", rho.Bytes())
	// Output: 3e08fe561e075c653cbfd46908a10e7637c70c74f0a77d5fd45d1a750c739ec6
}
