package keyfmt

import (
	"encoding/asn1"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// subjectPublicKeyInfo is RFC 5280's SubjectPublicKeyInfo as this package
// reads it. Extra catches an element after subjectPublicKey, which the
// structure does not have (encoding/asn1 would otherwise ignore it).
type subjectPublicKeyInfo struct {
	Algorithm algorithmIdentifier
	PublicKey asn1.BitString
	Extra     asn1.RawValue `asn1:"optional"`
}

// subjectPublicKeyInfoOut is the structure the Marshal functions write.
type subjectPublicKeyInfoOut struct {
	Algorithm ecAlgorithm
	PublicKey asn1.BitString
}

// ParsePKIXPublicKey parses a SubjectPublicKeyInfo (RFC 5280 §4.1, RFC
// 5480 §2) in DER, the content of a "PUBLIC KEY" PEM block.
//
// The algorithm must be id-ecPublicKey with the named curve secp256k1 as
// its parameters, and the subjectPublicKey a BIT STRING without unused
// bits holding a compressed (33-byte) or uncompressed (65-byte) SEC 1
// point on the curve. The hybrid form and the identity are rejected, as
// RFC 5480 §2.2 requires, although secp256k1.ParsePublicKey and OpenSSL
// accept the hybrid form. No byte may follow the structure.
func ParsePKIXPublicKey(der []byte) (*secp256k1.PublicKey, error) {
	p, _, err := parsePKIXPublicKey(der)
	return p, err
}

// parsePKIXPublicKey returns the key and the form of its point.
func parsePKIXPublicKey(der []byte) (*secp256k1.PublicKey, int, error) {
	var s subjectPublicKeyInfo
	rest, err := asn1.Unmarshal(der, &s)
	if err != nil {
		return nil, 0, asn1Error("SubjectPublicKeyInfo", err)
	}
	if len(rest) != 0 {
		return nil, 0, fmt.Errorf("%w: after SubjectPublicKeyInfo", ErrTrailingData)
	}
	if len(s.Extra.FullBytes) != 0 {
		return nil, 0, asn1Error("unexpected element after the fields of SubjectPublicKeyInfo", nil)
	}
	if err := checkAlgorithm(&s.Algorithm); err != nil {
		return nil, 0, err
	}
	return parsePoint(s.PublicKey)
}

// MarshalPKIXPublicKey returns the SubjectPublicKeyInfo DER encoding of p
// with id-ecPublicKey, the named curve secp256k1 and the uncompressed
// point, as OpenSSL writes it by default. It returns
// secp256k1.ErrUninitialized if p is nil or the zero value.
func MarshalPKIXPublicKey(p *secp256k1.PublicKey) ([]byte, error) {
	return marshalPKIXPublicKey(p, formUncompressed)
}

// MarshalPKIXPublicKeyCompressed is MarshalPKIXPublicKey with the 33-byte
// compressed point, as openssl ec -pubout -conv_form compressed writes it.
// Some readers of SubjectPublicKeyInfo accept only the uncompressed form.
// It returns secp256k1.ErrUninitialized if p is nil or the zero value.
func MarshalPKIXPublicKeyCompressed(p *secp256k1.PublicKey) ([]byte, error) {
	return marshalPKIXPublicKey(p, formCompressed)
}

func marshalPKIXPublicKey(p *secp256k1.PublicKey, form int) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	der, err := asn1.Marshal(subjectPublicKeyInfoOut{secp256k1Algorithm, pointBitString(p, form)})
	if err != nil {
		return nil, fmt.Errorf("keyfmt: marshalling SubjectPublicKeyInfo: %w", err) // unreachable: every field is valid
	}
	return der, nil
}
