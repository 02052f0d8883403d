package keyfmt_test

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/keyfmt"
)

// A key as `openssl ecparam -name secp256k1 -genkey -noout` writes it (a
// test key: testdata/key3_ecparam_noout.pem).
const opensslKey = `-----BEGIN EC PRIVATE KEY-----
MHQCAQEEIGSLStmL+Z8VB8ti0aE6Wxz45eWRhN6uaN8qJOomSB7joAcGBSuBBAAK
oUQDQgAETVW3++DyUVg9Ut7dFlprKRIOWdLaA772klvZdoXeI0dcGt1W92AU0JPg
YVlXsptRRUiR/KsnZk8sFwePY9qvXw==
-----END EC PRIVATE KEY-----
`

// Read a key that OpenSSL made, sign with it, and hand its public key to
// OpenSSL (or anything else that reads a "PUBLIC KEY" PEM block).
func Example() {
	key, err := keyfmt.ParsePrivateKeyPEM([]byte(opensslKey))
	if err != nil {
		panic(err)
	}
	hash := sha256.Sum256([]byte("hello, OpenSSL"))
	sig, err := ecdsa.Sign(key, hash[:])
	if err != nil {
		panic(err)
	}
	pubPEM, err := keyfmt.MarshalPublicKeyPEM(key.PublicKey())
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s", pubPEM)

	// The verifier (this package, or openssl dgst -sha256 -verify pub.pem
	// -signature sig.der) reads the PEM block and the DER signature.
	pub, err := keyfmt.ParsePublicKeyPEM(pubPEM)
	if err != nil {
		panic(err)
	}
	parsed, err := ecdsa.ParseDERSignature(sig.DER())
	if err != nil {
		panic(err)
	}
	fmt.Println(ecdsa.Verify(pub, hash[:], parsed))
	// Output:
	// -----BEGIN PUBLIC KEY-----
	// MFYwEAYHKoZIzj0CAQYFK4EEAAoDQgAETVW3++DyUVg9Ut7dFlprKRIOWdLaA772
	// klvZdoXeI0dcGt1W92AU0JPgYVlXsptRRUiR/KsnZk8sFwePY9qvXw==
	// -----END PUBLIC KEY-----
	// true
}

// Convert a SEC 1 key to PKCS #8, the format of openssl genpkey and of
// most software that takes a "PRIVATE KEY".
func ExampleMarshalPKCS8PrivateKeyPEM() {
	key, err := keyfmt.ParsePrivateKeyPEM([]byte(opensslKey))
	if err != nil {
		panic(err)
	}
	out, err := keyfmt.MarshalPKCS8PrivateKeyPEM(key)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s", out)
	// Output:
	// -----BEGIN PRIVATE KEY-----
	// MIGEAgEAMBAGByqGSM49AgEGBSuBBAAKBG0wawIBAQQgZItK2Yv5nxUHy2LRoTpb
	// HPjl5ZGE3q5o3yok6iZIHuOhRANCAARNVbf74PJRWD1S3t0WWmspEg5Z0toDvvaS
	// W9l2hd4jR1wa3Vb3YBTQk+BhWVeym1FFSJH8qydmTywXB49j2q9f
	// -----END PRIVATE KEY-----
}

// Publish a public key as a JWK (RFC 8812's "secp256k1" curve), and read
// one.
func ExampleMarshalPublicJWK() {
	key, err := keyfmt.ParsePrivateKeyPEM([]byte(opensslKey))
	if err != nil {
		panic(err)
	}
	jwk, err := keyfmt.MarshalPublicJWK(key.PublicKey())
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", jwk)

	pub, err := keyfmt.ParsePublicJWK(jwk)
	fmt.Println(err == nil && pub.Equal(key.PublicKey()))
	// Output:
	// {"crv":"secp256k1","kty":"EC","x":"TVW3--DyUVg9Ut7dFlprKRIOWdLaA772klvZdoXeI0c","y":"XBrdVvdgFNCT4GFZV7KbUUVIkfyrJ2ZPLBcHj2Par18"}
	// true
}

// Keys of other curves, and explicit curve parameters, are rejected with
// ErrCurve.
func ExampleParsePublicKeyPEM() {
	// openssl ecparam -name prime256v1 -genkey -noout | openssl pkey -pubout
	// (testdata/p256_spki.pem)
	const p256 = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEC+o9YXJSeVkDMnaPInkctmcKh54a
3injd3vzOBTNdzYBw9Abuo5DyebOMv3jsmHisy4wGygVa+tVjfIc2pk93g==
-----END PUBLIC KEY-----
`
	_, err := keyfmt.ParsePublicKeyPEM([]byte(p256))
	fmt.Println(errors.Is(err, keyfmt.ErrCurve))
	fmt.Println(err)
	// Output:
	// true
	// keyfmt: not a secp256k1 key: the named curve is P-256 (prime256v1)
}
