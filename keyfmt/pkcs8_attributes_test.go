package keyfmt

import (
	"encoding/asn1"
	"errors"
	"testing"
)

// TestPKCS8AttributesContent checks that the content of PKCS #8's
// attributes, [0] IMPLICIT SET OF Attribute (RFC 5208 §5, RFC 5958 §2),
// is parsed as DER Attributes: content that is not DER, not an Attribute,
// or BER with an indefinite length is ErrASN1.
func TestPKCS8AttributesContent(t *testing.T) {
	k := testKey(t, 1)
	kb := k.Bytes()
	u := k.PublicKey().BytesUncompressed()
	inner := octets(t, seq(t, integer(t, 1), octets(t, kb), explicit(t, 1, bits(t, u, 0))))
	alg := seq(t, oid(t, oidECPubInts...), oid(t, oidSecp256k1Ints...))
	for _, c := range []struct {
		name    string
		content []byte
	}{
		{"not ASN.1 (ff ff ff)", []byte{0xff, 0xff, 0xff}},
		{"an INTEGER, not an Attribute", integer(t, 5)},
		{"an indefinite-length (BER) SEQUENCE", []byte{0x30, 0x80, 0x00, 0x00}},
	} {
		der := seq(t, integer(t, 0), alg, inner, tlv(t, asn1.ClassContextSpecific, 0, true, c.content))
		if _, err := ParsePKCS8PrivateKey(der); !errors.Is(err, ErrASN1) {
			t.Errorf("attributes %s: ParsePKCS8PrivateKey = %v, want ErrASN1", c.name, err)
		}
	}
}
