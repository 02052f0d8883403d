package keyfmt

import (
	"bytes"
	"encoding/asn1"
	"math/big"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// DER builders for the tables below, on encoding/asn1's RawValue: each
// returns one encoded element.

func der(t testing.TB, v any) []byte {
	t.Helper()
	b, err := asn1.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func tlv(t testing.TB, class, tag int, compound bool, content ...[]byte) []byte {
	t.Helper()
	return der(t, asn1.RawValue{Class: class, Tag: tag, IsCompound: compound, Bytes: bytes.Join(content, nil)})
}

func seq(t testing.TB, elems ...[]byte) []byte {
	return tlv(t, asn1.ClassUniversal, asn1.TagSequence, true, elems...)
}
func explicit(t testing.TB, tag int, elems ...[]byte) []byte {
	return tlv(t, asn1.ClassContextSpecific, tag, true, elems...)
}
func octets(t testing.TB, b []byte) []byte { return der(t, b) }
func integer(t testing.TB, n int64) []byte { return der(t, n) }
func oid(t testing.TB, ids ...int) []byte  { return der(t, asn1.ObjectIdentifier(ids)) }
func null(t testing.TB) []byte             { return tlv(t, asn1.ClassUniversal, asn1.TagNull, false) }

// bits returns a BIT STRING of b whose last unused low bits are unused.
func bits(t testing.TB, b []byte, unused int) []byte {
	return der(t, asn1.BitString{Bytes: b, BitLength: 8*len(b) - unused})
}

var (
	oidSecp256k1Ints = []int{1, 3, 132, 0, 10}
	oidP256Ints      = []int{1, 2, 840, 10045, 3, 1, 7}
	oidECPubInts     = []int{1, 2, 840, 10045, 2, 1}
)

// explicitParams returns SEC 1 explicit ECParameters of secp256k1, as
// openssl -param_enc explicit writes them.
func explicitParams(t testing.TB) []byte {
	fieldID := seq(t, oid(t, 1, 2, 840, 10045, 1, 1), der(t, testref.P))
	a, b := make([]byte, 32), make([]byte, 32)
	b[31] = 7
	curve := seq(t, octets(t, a), octets(t, b))
	return seq(t, integer(t, 1), fieldID, curve,
		octets(t, testref.Uncompressed(testref.G)), der(t, testref.N), integer(t, 1))
}

// evenY returns the uncompressed encoding of p or −p, whichever has an
// even y: its last byte has a zero low bit, so that a BIT STRING can
// declare that bit unused and still be valid DER.
func evenY(p *secp256k1.PublicKey) []byte {
	if u := p.BytesUncompressed(); u[64]&1 == 0 {
		return u
	}
	return p.Negate().BytesUncompressed()
}

// pad32 returns x as 32 big-endian bytes.
func pad32(x *big.Int) []byte { return x.FillBytes(make([]byte, 32)) }

// badPoints are public key encodings, each paired with the errors it must
// give, that every format must reject.
func badPoints(t testing.TB, k *secp256k1.PrivateKey) []struct {
	name  string
	point []byte
	want  []error
} {
	u := k.PublicKey().BytesUncompressed()
	c := k.PublicKey().BytesCompressed()
	hybrid := append([]byte{6 | u[64]&1}, u[1:]...)
	xp := append(append([]byte{4}, pad32(testref.P)...), u[33:]...)                       // x = p
	offCurve := append(append([]byte{4}, u[1:33]...), pad32(new(big.Int).SetInt64(1))...) // y = 1
	noSqrt := append([]byte{2}, pad32(big.NewInt(5))...)                                  // 5³ + 7 = 132 is not a square mod p
	cxp := append([]byte{3}, pad32(new(big.Int).Add(testref.P, big.NewInt(1)))...)        // x = p + 1
	return []struct {
		name  string
		point []byte
		want  []error
	}{
		{"empty point", nil, []error{ErrPublicKey}},
		{"identity 0x00", []byte{0}, []error{ErrPublicKey, secp256k1.ErrIdentity}},
		{"hybrid 0x06/0x07", hybrid, []error{ErrPublicKey}},
		{"hybrid with the wrong parity", append([]byte{7 ^ u[64]&1}, u[1:]...), []error{ErrPublicKey}},
		{"unknown prefix 0x05", append([]byte{5}, u[1:]...), []error{ErrPublicKey}},
		{"uncompressed without prefix (64 bytes)", u[1:], []error{ErrPublicKey}},
		{"uncompressed with a 33-byte length", u[:33], []error{ErrPublicKey}},
		{"compressed with 65 bytes", append([]byte{2}, u[1:]...), []error{ErrPublicKey}},
		{"compressed truncated", c[:32], []error{ErrPublicKey}},
		{"x = p", xp, []error{ErrPublicKey, secp256k1.ErrPointEncoding}},
		{"compressed x = p + 1", cxp, []error{ErrPublicKey, secp256k1.ErrPointEncoding}},
		{"not on the curve", offCurve, []error{ErrPublicKey, secp256k1.ErrPointNotOnCurve}},
		{"compressed x with no y", noSqrt, []error{ErrPublicKey, secp256k1.ErrPointNotOnCurve}},
	}
}

// malformedCase is one input and the errors it must give.
type malformedCase struct {
	name string
	in   []byte
	want []error
}

// sec1Cases returns the accepted variants (want == nil) and the malformed
// SEC 1 encodings around the key k.
func sec1Cases(t testing.TB, k *secp256k1.PrivateKey) []malformedCase {
	kb := k.Bytes()
	u := k.PublicKey().BytesUncompressed()
	other := testKey(t, 2).PublicKey().BytesUncompressed()
	params := explicit(t, 0, oid(t, oidSecp256k1Ints...))
	pub := explicit(t, 1, bits(t, u, 0))
	build := func(fields ...[]byte) []byte { return seq(t, fields...) }
	good := build(integer(t, 1), octets(t, kb), params, pub)
	if good[1] >= 0x80 {
		t.Fatalf("the SEC 1 encoding is %d bytes: the length cases assume a short form", len(good))
	}
	privErr := []error{ErrPrivateKey, secp256k1.ErrPrivateKey}
	n := pad32(testref.N)
	nPlus1 := pad32(new(big.Int).Add(testref.N, big.NewInt(1)))

	cases := []malformedCase{
		{"canonical", good, nil},
		{"no publicKey", build(integer(t, 1), octets(t, kb), params), nil},
		{"compressed publicKey", build(integer(t, 1), octets(t, kb), params, explicit(t, 1, bits(t, k.PublicKey().BytesCompressed(), 0))), nil},
		{"privateKey with a leading zero byte (33 bytes)", build(integer(t, 1), octets(t, append([]byte{0}, kb...)), params, pub), nil},

		{"empty input", nil, []error{ErrASN1}},
		{"truncated", good[:len(good)-1], []error{ErrASN1}},
		{"only the header", good[:2], []error{ErrASN1}},
		{"trailing zero byte", append(bytes.Clone(good), 0), []error{ErrTrailingData}},
		{"trailing garbage", append(bytes.Clone(good), "garbage"...), []error{ErrTrailingData}},
		{"two keys", append(bytes.Clone(good), good...), []error{ErrTrailingData}},
		{"SET instead of SEQUENCE", tlv(t, 0, asn1.TagSet, true, integer(t, 1), octets(t, kb), params, pub), []error{ErrASN1}},
		{"version 0", build(integer(t, 0), octets(t, kb), params, pub), []error{ErrVersion}},
		{"version 2", build(integer(t, 2), octets(t, kb), params, pub), []error{ErrVersion}},
		{"version -1", build(integer(t, -1), octets(t, kb), params, pub), []error{ErrVersion}},
		{"version 2⁷⁰", build(der(t, new(big.Int).Lsh(big.NewInt(1), 70)), octets(t, kb), params, pub), []error{ErrASN1}},
		{"version not minimally encoded", build([]byte{2, 2, 0, 1}, octets(t, kb), params, pub), []error{ErrASN1}},
		{"no version", build(octets(t, kb), params, pub), []error{ErrASN1}},
		{"privateKey 0", build(integer(t, 1), octets(t, make([]byte, 32)), params), privErr},
		{"privateKey n", build(integer(t, 1), octets(t, n), params), privErr},
		{"privateKey n + 1", build(integer(t, 1), octets(t, nPlus1), params), privErr},
		{"privateKey 2²⁵⁶ − 1", build(integer(t, 1), octets(t, bytes.Repeat([]byte{0xff}, 32)), params), privErr},
		{"privateKey empty", build(integer(t, 1), octets(t, nil), params), privErr},
		{"privateKey 33 bytes, nonzero first", build(integer(t, 1), octets(t, append([]byte{1}, kb...)), params), privErr},
		{"privateKey as an INTEGER", build(integer(t, 1), der(t, new(big.Int).SetBytes(kb)), params, pub), []error{ErrASN1}},
		{"privateKey as a constructed OCTET STRING", build(integer(t, 1), tlv(t, 0, asn1.TagOctetString, true, octets(t, kb)), params, pub), []error{ErrASN1}},
		{"parameters missing", build(integer(t, 1), octets(t, kb), pub), []error{ErrCurve}},
		{"parameters P-256", build(integer(t, 1), octets(t, kb), explicit(t, 0, oid(t, oidP256Ints...)), pub), []error{ErrCurve}},
		{"parameters explicit", build(integer(t, 1), octets(t, kb), explicit(t, 0, explicitParams(t)), pub), []error{ErrCurve}},
		{"parameters NULL (implicitlyCA)", build(integer(t, 1), octets(t, kb), explicit(t, 0, null(t)), pub), []error{ErrCurve}},
		{"parameters an INTEGER", build(integer(t, 1), octets(t, kb), explicit(t, 0, integer(t, 10)), pub), []error{ErrASN1}},
		{"parameters [0] empty", build(integer(t, 1), octets(t, kb), explicit(t, 0), pub), []error{ErrASN1}},
		{"parameters [0] with two OIDs", build(integer(t, 1), octets(t, kb), explicit(t, 0, oid(t, oidSecp256k1Ints...), oid(t, oidSecp256k1Ints...)), pub), []error{ErrTrailingData}},
		{"parameters not explicitly tagged", build(integer(t, 1), octets(t, kb), oid(t, oidSecp256k1Ints...), pub), []error{ErrASN1}},
		{"parameters OID not minimally encoded", build(integer(t, 1), octets(t, kb), explicit(t, 0, []byte{6, 6, 0x2b, 0x81, 0x04, 0x00, 0x80, 0x0a}), pub), []error{ErrASN1}},
		{"publicKey of another key", build(integer(t, 1), octets(t, kb), params, explicit(t, 1, bits(t, other, 0))), []error{ErrKeyMismatch}},
		{"publicKey with unused bits", build(integer(t, 1), octets(t, kb), params, explicit(t, 1, bits(t, append(bytes.Clone(u), 0x80), 7))), []error{ErrPublicKey}},
		{"publicKey of 65 bytes with 1 unused bit", build(integer(t, 1), octets(t, kb), params, explicit(t, 1, bits(t, evenY(k.PublicKey()), 1))), []error{ErrPublicKey}},
		{"publicKey with nonzero padding bits", build(integer(t, 1), octets(t, kb), params, explicit(t, 1, append([]byte{3, 67, 1}, append(bytes.Clone(u), 1)...))), []error{ErrASN1}},
		{"publicKey an OCTET STRING", build(integer(t, 1), octets(t, kb), params, explicit(t, 1, octets(t, u))), []error{ErrASN1}},
		{"publicKey [1] with two BIT STRINGs", build(integer(t, 1), octets(t, kb), params, explicit(t, 1, bits(t, u, 0), bits(t, u, 0))), []error{ErrASN1}},
		{"[1] before [0]", build(integer(t, 1), octets(t, kb), pub, params), []error{ErrASN1}},
		{"[0] twice", build(integer(t, 1), octets(t, kb), params, params, pub), []error{ErrASN1}},
		{"element after publicKey", build(integer(t, 1), octets(t, kb), params, pub, null(t)), []error{ErrASN1}},
		{"[2] after publicKey", build(integer(t, 1), octets(t, kb), params, pub, explicit(t, 2, null(t))), []error{ErrASN1}},
		{"indefinite length", append(append([]byte{0x30, 0x80}, good[2:]...), 0, 0), []error{ErrASN1}},
		{"long-form length where short is required", append([]byte{0x30, 0x81, good[1]}, good[2:]...), []error{ErrASN1}},
		{"length with a leading zero byte", append([]byte{0x30, 0x82, 0, good[1]}, good[2:]...), []error{ErrASN1}},
		{"length longer than the input", append([]byte{0x30, good[1] + 1}, good[2:]...), []error{ErrASN1}},
	}
	for _, bp := range badPoints(t, k) {
		cases = append(cases, malformedCase{"publicKey " + bp.name,
			build(integer(t, 1), octets(t, kb), params, explicit(t, 1, bits(t, bp.point, 0))), bp.want})
	}
	return cases
}

// pkcs8Cases returns the accepted variants and the malformed PKCS #8
// encodings around the key k.
func pkcs8Cases(t testing.TB, k *secp256k1.PrivateKey) []malformedCase {
	kb := k.Bytes()
	u := k.PublicKey().BytesUncompressed()
	other := testKey(t, 2).PublicKey().BytesUncompressed()
	inner := func(fields ...[]byte) []byte {
		return octets(t, seq(t, append([][]byte{integer(t, 1), octets(t, kb)}, fields...)...))
	}
	pub := explicit(t, 1, bits(t, u, 0))
	alg := seq(t, oid(t, oidECPubInts...), oid(t, oidSecp256k1Ints...))
	build := func(fields ...[]byte) []byte { return seq(t, fields...) }
	good := build(integer(t, 0), alg, inner(pub))
	v2pub := tlv(t, asn1.ClassContextSpecific, 1, false, bits(t, u, 0)[2:]) // [1] IMPLICIT BIT STRING
	attrs := tlv(t, asn1.ClassContextSpecific, 0, true, seq(t, oid(t, 1, 2, 840, 113549, 1, 9, 20), tlv(t, 0, asn1.TagSet, true, der(t, "friendly"))))
	privErr := []error{ErrPrivateKey, secp256k1.ErrPrivateKey}

	cases := []malformedCase{
		{"canonical", good, nil},
		{"inner without publicKey", build(integer(t, 0), alg, inner()), nil},
		{"inner with the parameters too", build(integer(t, 0), alg, inner(explicit(t, 0, oid(t, oidSecp256k1Ints...)), pub)), nil},
		{"v2 with publicKey", build(integer(t, 1), alg, inner(pub), v2pub), nil},
		{"v2 without publicKey", build(integer(t, 1), alg, inner(pub)), nil},
		{"attributes", build(integer(t, 0), alg, inner(pub), attrs), nil},
		{"v2 with attributes and publicKey", build(integer(t, 1), alg, inner(pub), attrs, v2pub), nil},

		{"empty input", nil, []error{ErrASN1}},
		{"truncated", good[:len(good)-1], []error{ErrASN1}},
		{"trailing garbage", append(bytes.Clone(good), 0, 0), []error{ErrTrailingData}},
		{"version 2", build(integer(t, 2), alg, inner(pub)), []error{ErrVersion}},
		{"version -1", build(integer(t, -1), alg, inner(pub)), []error{ErrVersion}},
		{"v1 with publicKey", build(integer(t, 0), alg, inner(pub), v2pub), []error{ErrVersion}},
		{"v2 publicKey of another key", build(integer(t, 1), alg, inner(pub), tlv(t, asn1.ClassContextSpecific, 1, false, bits(t, other, 0)[2:])), []error{ErrKeyMismatch}},
		{"v2 publicKey hybrid", build(integer(t, 1), alg, inner(pub), tlv(t, asn1.ClassContextSpecific, 1, false, bits(t, append([]byte{6 | u[64]&1}, u[1:]...), 0)[2:])), []error{ErrPublicKey}},
		{"v2 publicKey constructed", build(integer(t, 1), alg, inner(pub), explicit(t, 1, bits(t, u, 0))), []error{ErrASN1}},
		{"attributes primitive", build(integer(t, 0), alg, inner(pub), tlv(t, asn1.ClassContextSpecific, 0, false, []byte{1})), []error{ErrASN1}},
		{"element after the fields", build(integer(t, 0), alg, inner(pub), null(t)), []error{ErrASN1}},
		{"[2] after the fields", build(integer(t, 1), alg, inner(pub), v2pub, explicit(t, 2, null(t))), []error{ErrASN1}},
		{"algorithm rsaEncryption", build(integer(t, 0), seq(t, oid(t, 1, 2, 840, 113549, 1, 1, 1), null(t)), inner(pub)), []error{ErrAlgorithm}},
		{"algorithm Ed25519", build(integer(t, 0), seq(t, oid(t, 1, 3, 101, 112)), inner(pub)), []error{ErrAlgorithm}},
		{"algorithm without parameters", build(integer(t, 0), seq(t, oid(t, oidECPubInts...)), inner(pub)), []error{ErrCurve}},
		{"algorithm with NULL parameters", build(integer(t, 0), seq(t, oid(t, oidECPubInts...), null(t)), inner(pub)), []error{ErrCurve}},
		{"algorithm with P-256", build(integer(t, 0), seq(t, oid(t, oidECPubInts...), oid(t, oidP256Ints...)), inner(pub)), []error{ErrCurve}},
		{"algorithm with explicit parameters", build(integer(t, 0), seq(t, oid(t, oidECPubInts...), explicitParams(t)), inner(pub)), []error{ErrCurve}},
		{"algorithm with an element after the parameters", build(integer(t, 0), seq(t, oid(t, oidECPubInts...), oid(t, oidSecp256k1Ints...), null(t)), inner(pub)), []error{ErrASN1}},
		{"inner parameters P-256", build(integer(t, 0), alg, inner(explicit(t, 0, oid(t, oidP256Ints...)), pub)), []error{ErrCurve}},
		{"inner parameters explicit", build(integer(t, 0), alg, inner(explicit(t, 0, explicitParams(t)), pub)), []error{ErrCurve}},
		{"inner publicKey of another key", build(integer(t, 0), alg, inner(explicit(t, 1, bits(t, other, 0)))), []error{ErrKeyMismatch}},
		{"inner version 0", build(integer(t, 0), alg, octets(t, seq(t, integer(t, 0), octets(t, kb), pub))), []error{ErrVersion}},
		{"inner privateKey 0", build(integer(t, 0), alg, octets(t, seq(t, integer(t, 1), octets(t, make([]byte, 32)), pub))), privErr},
		{"inner privateKey n", build(integer(t, 0), alg, octets(t, seq(t, integer(t, 1), octets(t, pad32(testref.N))))), privErr},
		{"inner with trailing data", build(integer(t, 0), alg, octets(t, append(seq(t, integer(t, 1), octets(t, kb), pub), 0))), []error{ErrTrailingData}},
		{"inner not DER", build(integer(t, 0), alg, octets(t, []byte("not DER"))), []error{ErrASN1}},
		{"inner empty", build(integer(t, 0), alg, octets(t, nil)), []error{ErrASN1}},
		{"inner is the raw scalar", build(integer(t, 0), alg, octets(t, kb)), []error{ErrASN1}},
		{"privateKey as a BIT STRING", build(integer(t, 0), alg, bits(t, seq(t, integer(t, 1), octets(t, kb)), 0)), []error{ErrASN1}},
		{"EncryptedPrivateKeyInfo", seq(t, seq(t, oid(t, 1, 2, 840, 113549, 1, 5, 13), seq(t)), octets(t, make([]byte, 48))), []error{ErrEncrypted}},
		{"indefinite length", append(append([]byte{0x30, 0x80}, good[3:]...), 0, 0), []error{ErrASN1}},
		{"two length bytes where one is required", append([]byte{0x30, 0x82, 0, good[2]}, good[3:]...), []error{ErrASN1}},
		{"inner indefinite length", build(integer(t, 0), append(append([]byte{0x30, 0x80}, alg[2:]...), 0, 0), inner(pub)), []error{ErrASN1}},
	}
	if good[1] != 0x81 {
		t.Fatalf("the PKCS #8 encoding is %d bytes: the length cases assume a one-byte long form", len(good))
	}
	return cases
}

// spkiCases returns the accepted variants and the malformed
// SubjectPublicKeyInfo encodings around the key k.
func spkiCases(t testing.TB, k *secp256k1.PrivateKey) []malformedCase {
	u := k.PublicKey().BytesUncompressed()
	alg := seq(t, oid(t, oidECPubInts...), oid(t, oidSecp256k1Ints...))
	build := func(fields ...[]byte) []byte { return seq(t, fields...) }
	good := build(alg, bits(t, u, 0))
	if good[1] >= 0x80 {
		t.Fatalf("the SPKI encoding is %d bytes: the length cases assume a short form", len(good))
	}
	cases := []malformedCase{
		{"canonical", good, nil},
		{"compressed", build(alg, bits(t, k.PublicKey().BytesCompressed(), 0)), nil},

		{"empty input", nil, []error{ErrASN1}},
		{"truncated", good[:len(good)-1], []error{ErrASN1}},
		{"trailing garbage", append(bytes.Clone(good), 0), []error{ErrTrailingData}},
		{"two keys", append(bytes.Clone(good), good...), []error{ErrTrailingData}},
		{"element after the key", build(alg, bits(t, u, 0), null(t)), []error{ErrASN1}},
		{"no key", build(alg), []error{ErrASN1}},
		{"key as an OCTET STRING", build(alg, octets(t, u)), []error{ErrASN1}},
		{"key with unused bits", build(alg, bits(t, append(bytes.Clone(u), 0x80), 7)), []error{ErrPublicKey}},
		{"key of 65 bytes with 1 unused bit", build(alg, bits(t, evenY(k.PublicKey()), 1)), []error{ErrPublicKey}},
		{"key with nonzero padding bits", build(alg, append([]byte{3, 67, 1}, append(bytes.Clone(u), 1)...)), []error{ErrASN1}},
		{"key BIT STRING empty", build(alg, []byte{3, 1, 0}), []error{ErrPublicKey}},
		{"key BIT STRING without the unused-bits byte", build(alg, []byte{3, 0}), []error{ErrASN1}},
		{"algorithm rsaEncryption", build(seq(t, oid(t, 1, 2, 840, 113549, 1, 1, 1), null(t)), bits(t, u, 0)), []error{ErrAlgorithm}},
		{"algorithm ecdsa-with-SHA256", build(seq(t, oid(t, 1, 2, 840, 10045, 4, 3, 2), oid(t, oidSecp256k1Ints...)), bits(t, u, 0)), []error{ErrAlgorithm}},
		{"algorithm X25519", build(seq(t, oid(t, 1, 3, 101, 110)), bits(t, u[1:33], 0)), []error{ErrAlgorithm}},
		{"algorithm OID not minimally encoded", build(seq(t, []byte{6, 8, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x80, 0x01}, oid(t, oidSecp256k1Ints...)), bits(t, u, 0)), []error{ErrASN1}},
		{"parameters missing", build(seq(t, oid(t, oidECPubInts...)), bits(t, u, 0)), []error{ErrCurve}},
		{"parameters NULL", build(seq(t, oid(t, oidECPubInts...), null(t)), bits(t, u, 0)), []error{ErrCurve}},
		{"parameters P-256", build(seq(t, oid(t, oidECPubInts...), oid(t, oidP256Ints...)), bits(t, u, 0)), []error{ErrCurve}},
		{"parameters 1.3.132.0.11 (another SEC 2 curve)", build(seq(t, oid(t, oidECPubInts...), oid(t, 1, 3, 132, 0, 11)), bits(t, u, 0)), []error{ErrCurve}},
		{"parameters explicit", build(seq(t, oid(t, oidECPubInts...), explicitParams(t)), bits(t, u, 0)), []error{ErrCurve}},
		{"parameters an OCTET STRING", build(seq(t, oid(t, oidECPubInts...), octets(t, []byte{1})), bits(t, u, 0)), []error{ErrASN1}},
		{"parameters context-specific", build(seq(t, oid(t, oidECPubInts...), explicit(t, 0, oid(t, oidSecp256k1Ints...))), bits(t, u, 0)), []error{ErrASN1}},
		{"algorithm with an element after the parameters", build(seq(t, oid(t, oidECPubInts...), oid(t, oidSecp256k1Ints...), null(t)), bits(t, u, 0)), []error{ErrASN1}},
		{"indefinite length", append(append([]byte{0x30, 0x80}, good[2:]...), 0, 0), []error{ErrASN1}},
		{"long-form length where short is required", append([]byte{0x30, 0x81, good[1]}, good[2:]...), []error{ErrASN1}},
		{"inner indefinite length", build(append(append([]byte{0x30, 0x80}, alg[2:]...), 0, 0), bits(t, u, 0)), []error{ErrASN1}},
	}
	for _, bp := range badPoints(t, k) {
		cases = append(cases, malformedCase{"key " + bp.name, build(alg, bits(t, bp.point, 0)), bp.want})
	}
	return cases
}

// testKey returns a fixed private key, SHA-256-like bytes that depend on i.
func testKey(t testing.TB, i byte) *secp256k1.PrivateKey {
	t.Helper()
	b := bytes.Repeat([]byte{0x5a ^ i}, 32)
	b[0], b[31] = 0x7f, i
	k, err := secp256k1.NewPrivateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestMalformed checks each format's table: the accepted variants parse to
// the key, and each malformed input gives the named errors, without a
// panic (a panic fails the test).
func TestMalformed(t *testing.T) {
	k := testKey(t, 1)
	pub := k.PublicKey()

	// The builders write what the Marshal functions write, so that each
	// case differs from a real encoding in what its name says.
	for name, c := range map[string]struct {
		built   []byte
		marshal func() ([]byte, error)
	}{
		"SEC 1":   {sec1Cases(t, k)[0].in, func() ([]byte, error) { return MarshalECPrivateKey(k) }},
		"PKCS #8": {pkcs8Cases(t, k)[0].in, func() ([]byte, error) { return MarshalPKCS8PrivateKey(k) }},
		"SPKI":    {spkiCases(t, k)[0].in, func() ([]byte, error) { return MarshalPKIXPublicKey(pub) }},
	} {
		if got, err := c.marshal(); err != nil || !bytes.Equal(got, c.built) {
			t.Fatalf("%s: the test's builder wrote %x, Marshal %x (%v)", name, c.built, got, err)
		}
	}

	for _, f := range []struct {
		name  string
		cases []malformedCase
		parse func([]byte) (equal func() bool, err error)
	}{
		{"ParseECPrivateKey", sec1Cases(t, k), func(b []byte) (func() bool, error) {
			got, err := ParseECPrivateKey(b)
			return func() bool { return got.Equal(k) }, err
		}},
		{"ParsePKCS8PrivateKey", pkcs8Cases(t, k), func(b []byte) (func() bool, error) {
			got, err := ParsePKCS8PrivateKey(b)
			return func() bool { return got.Equal(k) }, err
		}},
		{"ParsePKIXPublicKey", spkiCases(t, k), func(b []byte) (func() bool, error) {
			got, err := ParsePKIXPublicKey(b)
			return func() bool { return got.Equal(pub) }, err
		}},
	} {
		for _, c := range f.cases {
			name := f.name + ": " + c.name
			equal, err := f.parse(c.in)
			if c.want == nil {
				if err != nil {
					t.Errorf("%s: %v", name, err)
				} else if !equal() {
					t.Errorf("%s: parsed another key", name)
				}
				continue
			}
			checkErr(t, name, err, c.want...)
			if err != nil && !isNamed(err) {
				t.Errorf("%s: %v is not one of the package's errors", name, err)
			}
		}
	}
}

// TestExplicitParametersMessage checks that the error for explicit
// parameters says that they are not supported, as the package doc says.
func TestExplicitParametersMessage(t *testing.T) {
	k := testKey(t, 1)
	for _, c := range sec1Cases(t, k) {
		if c.name != "parameters explicit" {
			continue
		}
		_, err := ParseECPrivateKey(c.in)
		if err == nil || !strings.Contains(err.Error(), "explicit parameters are not supported") {
			t.Errorf("explicit parameters: %v", err)
		}
		return
	}
	t.Fatal("no explicit-parameters case")
}
