// Package keyfmt encodes and parses secp256k1 keys in the container formats
// that OpenSSL, HSMs, JOSE/JWT libraries and cloud KMSs exchange: SEC 1
// ECPrivateKey, PKCS #8, SubjectPublicKeyInfo, their PEM forms, and JSON
// Web Keys. Go's crypto/x509 cannot be used for these keys: it knows only
// the NIST curves and rejects the secp256k1 OID as an unknown curve. The
// names here mirror crypto/x509's.
//
// # Formats
//
//   - SEC 1 / RFC 5915 ECPrivateKey, PEM type "EC PRIVATE KEY" (openssl ec,
//     openssl ecparam -genkey): ParseECPrivateKey, MarshalECPrivateKey,
//     MarshalECPrivateKeyPEM.
//   - PKCS #8 (RFC 5208 v1, RFC 5958 v2), PEM type "PRIVATE KEY" (openssl
//     pkey, openssl genpkey, and most other software today):
//     ParsePKCS8PrivateKey, MarshalPKCS8PrivateKey, MarshalPKCS8PrivateKeyPEM.
//   - SubjectPublicKeyInfo (RFC 5280, RFC 5480), PEM type "PUBLIC KEY":
//     ParsePKIXPublicKey, MarshalPKIXPublicKey (uncompressed point),
//     MarshalPKIXPublicKeyCompressed, MarshalPublicKeyPEM.
//   - PEM (RFC 7468): ParsePrivateKeyPEM reads either private key format,
//     ParsePublicKeyPEM the public one.
//   - JWK (RFC 7517, RFC 7518 §6.2, RFC 8812 §3: "kty" "EC", "crv"
//     "secp256k1"): ParsePublicJWK, ParsePrivateJWK, MarshalPublicJWK,
//     MarshalPrivateJWK.
//
// The DER and PEM Marshal functions write what OpenSSL 3 writes for the
// same key, byte for byte (openssl ec, openssl pkey, openssl ec -pubout,
// and -conv_form compressed for MarshalPKIXPublicKeyCompressed). Every
// Marshal function returns secp256k1.ErrUninitialized for a nil key or the
// zero value of a key type.
//
// # What is accepted
//
// The parsers are strict where a lax reading could let two programs see
// different keys in the same bytes, and lenient only where common software
// writes something else:
//
//   - DER only, as encoding/asn1 reads it: no indefinite or non-minimal
//     lengths, no constructed strings. No byte may follow a structure
//     (ErrTrailingData), and an element after the last field of a
//     structure is rejected (ErrASN1; encoding/asn1 alone would ignore it).
//   - The curve must be the named curve secp256k1 (OID 1.3.132.0.10), given
//     where each format requires it (ErrCurve otherwise): other curves,
//     explicit parameters (openssl -param_enc explicit, and the legacy DER
//     keys of Bitcoin Core's wallet), implicitlyCA and missing parameters
//     are rejected. Explicit parameters could describe secp256k1, but RFC
//     5480 forbids them and checking them means comparing every field.
//   - Public keys are 33-byte compressed or 65-byte uncompressed SEC 1
//     points on the curve. The hybrid form (0x06, 0x07) is rejected, as RFC
//     5480 §2.2 requires, although OpenSSL and secp256k1.ParsePublicKey
//     accept it; so are the identity and a BIT STRING with unused bits.
//   - A private key must be in [1, n−1] (ErrPrivateKey, which then also
//     matches secp256k1.ErrPrivateKey). SEC 1's privateKey octet string
//     may be shorter than 32 bytes or longer with leading zeros, as
//     crypto/x509 accepts; JWK's "d" must be exactly 32 bytes.
//   - A public key stored beside a private key (SEC 1's and PKCS #8 v2's
//     publicKey, a private JWK's x and y) must be the private key's
//     (ErrKeyMismatch): a reader that used one and ignored the other could
//     otherwise be fooled.
//   - PKCS #8 v1 and v2 are accepted; attributes are skipped. Encrypted keys
//     (PKCS #8 EncryptedPrivateKeyInfo, legacy Proc-Type PEM) are not
//     decrypted: ErrEncrypted.
//   - JWK member values have exactly one accepted encoding (base64url
//     without padding, the full 32 bytes), duplicate members are rejected,
//     and members other than "kty", "crv", "x", "y", "d" and "alg" (which
//     must be "ES256K" if present) are ignored and not kept.
//
// Every function's comment states its rules in full. No parser panics on
// any input, and errors work with errors.Is; messages start with "keyfmt: ".
//
// The accepted variants re-encode to different bytes (the Marshal functions
// write one form); otherwise a successful DER parse implies that the input
// is the one encoding of its key in the form it chose, which the fuzz tests
// check.
//
// # Secrets
//
// Buffers of this package that hold a private key (decoded DER and PEM
// content, the scalar, JWK members, intermediate encodings) are
// overwritten before the functions return, and a key whose parse fails
// after it was built is wiped with Zero. This is best effort: the caller's
// input and the results are the caller's to wipe, and copies made inside
// the standard library (encoding/pem's copies of the base64 text and its
// output buffer, encoding/json's read buffer) are left to the garbage
// collector. Parsing and encoding are not constant
// time in the key's bytes: encoding/asn1, encoding/base64 and encoding/pem
// index tables and branch on the data, as they do in every Go program that
// reads a PEM key. Keep key files out of reach of attackers who can time
// the parse.
package keyfmt
