// Package keyfmt encodes and parses secp256k1 keys in the container formats
// that OpenSSL, HSMs and cloud KMSs exchange: SEC 1 ECPrivateKey, PKCS #8
// and SubjectPublicKeyInfo, in DER and in PEM. Go's crypto/x509 cannot be
// used for these keys: it knows only the NIST curves and rejects the
// secp256k1 OID as an unknown curve. The names here mirror crypto/x509's.
//
// The parsers accept DER only (as encoding/asn1 reads it), with no byte
// after the structure, and only the named curve secp256k1: other curves and
// explicit parameters are rejected. Public keys are compressed or
// uncompressed SEC 1 points on the curve (RFC 5480 §2.2 forbids the hybrid
// form). A public key stored beside a private key must be the private
// key's. The PEM parsers take one key block, and the "EC PARAMETERS" block
// of openssl ecparam -genkey; they do not decrypt encrypted keys. Every
// function's comment states its rules in full. No parser panics on any
// input, and errors work with errors.Is.
package keyfmt
