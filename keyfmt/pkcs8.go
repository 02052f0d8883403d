package keyfmt

import (
	"encoding/asn1"
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// pkcs8 is PKCS #8's PrivateKeyInfo (RFC 5208 §5) and its successor
// OneAsymmetricKey (RFC 5958 §2) as this package reads them. Attributes and
// PublicKey are implicitly tagged and kept raw; Extra catches an element
// after them, which neither version defines.
type pkcs8 struct {
	Version    int
	Algo       algorithmIdentifier
	PrivateKey []byte
	Attributes asn1.RawValue `asn1:"optional,tag:0"`
	PublicKey  asn1.RawValue `asn1:"optional,tag:1"`
	Extra      asn1.RawValue `asn1:"optional"`
}

// encryptedPrivateKeyInfo is PKCS #8's EncryptedPrivateKeyInfo (RFC 5208
// §6), recognised only to say that it is not supported.
type encryptedPrivateKeyInfo struct {
	Algorithm     algorithmIdentifier
	EncryptedData []byte
}

// pkcs8Out is the structure the Marshal functions write; an empty optional
// field is left out. Attributes, if set, is written verbatim.
type pkcs8Out struct {
	Version    int
	Algo       ecAlgorithm
	PrivateKey []byte
	Attributes asn1.RawValue  `asn1:"optional"`
	PublicKey  asn1.BitString `asn1:"optional,tag:1"`
}

// The versions of PKCS #8: v1 (RFC 5208, what OpenSSL and crypto/x509
// write) and v2 (RFC 5958, which adds publicKey).
const (
	pkcs8V1 = 0
	pkcs8V2 = 1
)

// pkcs8Form records the choices a PKCS #8 encoding made within what the
// parser accepts, so that marshalPKCS8PrivateKey can write it again byte
// for byte (the canonicity check of the fuzz tests).
type pkcs8Form struct {
	version    int
	attributes []byte // the [0] attributes element, verbatim, or nil
	point      int    // the form of the v2 [1] publicKey, or 0 if absent
	inner      sec1Form
}

// canonicalPKCS8 is the form MarshalPKCS8PrivateKey writes, as OpenSSL and
// crypto/x509 do: v1, and an inner ECPrivateKey without parameters (the
// algorithm names the curve) with the uncompressed public key.
var canonicalPKCS8 = pkcs8Form{
	version: pkcs8V1,
	inner:   sec1Form{scalarLen: 32, params: false, point: formUncompressed},
}

// ParsePKCS8PrivateKey parses a PKCS #8 private key in DER, the content of
// a "PRIVATE KEY" PEM block (RFC 5208 PrivateKeyInfo, or RFC 5958
// OneAsymmetricKey).
//
// The algorithm must be id-ecPublicKey with the named curve secp256k1 as
// its parameters, and the privateKey an ECPrivateKey as ParseECPrivateKey
// reads it, except that its own parameters may be left out (and, if
// present, must name secp256k1 too). The version must be 0 (v1) or 1 (v2).
// Attributes are skipped without being interpreted. The publicKey of v2,
// if present, must be a valid point equal to the private key's, as must
// the publicKey of the inner ECPrivateKey. No byte may follow the
// structure. An encrypted PKCS #8 key (EncryptedPrivateKeyInfo) gives
// ErrEncrypted.
func ParsePKCS8PrivateKey(der []byte) (*secp256k1.PrivateKey, error) {
	k, _, err := parsePKCS8PrivateKey(der)
	if err != nil && errors.Is(err, ErrASN1) {
		var e encryptedPrivateKeyInfo
		if rest, err2 := asn1.Unmarshal(der, &e); err2 == nil && len(rest) == 0 {
			return nil, fmt.Errorf("%w: the input is a PKCS #8 EncryptedPrivateKeyInfo", ErrEncrypted)
		}
		var s ecPrivateKey
		rest, err2 := asn1.Unmarshal(der, &s)
		clear(s.PrivateKey)
		if err2 == nil && len(rest) == 0 && s.Version == ecPrivateKeyVersion {
			return nil, fmt.Errorf("%w (the input is SEC 1: use ParseECPrivateKey)", err)
		}
	}
	return k, err
}

func parsePKCS8PrivateKey(der []byte) (*secp256k1.PrivateKey, pkcs8Form, error) {
	var s pkcs8
	rest, err := asn1.Unmarshal(der, &s)
	defer clear(s.PrivateKey) // encoding/asn1 copied the ECPrivateKey there
	if err != nil {
		return nil, pkcs8Form{}, asn1Error("PKCS #8 PrivateKeyInfo", err)
	}
	if len(rest) != 0 {
		return nil, pkcs8Form{}, fmt.Errorf("%w: after PKCS #8 PrivateKeyInfo", ErrTrailingData)
	}
	if len(s.Extra.FullBytes) != 0 {
		return nil, pkcs8Form{}, asn1Error("unexpected element after the fields of PKCS #8 PrivateKeyInfo", nil)
	}
	form := pkcs8Form{version: s.Version}
	switch s.Version {
	case pkcs8V1:
		if len(s.PublicKey.FullBytes) != 0 {
			return nil, pkcs8Form{}, fmt.Errorf("%w: a PKCS #8 publicKey needs version 1 (v2, RFC 5958), not 0", ErrVersion)
		}
	case pkcs8V2:
	default:
		return nil, pkcs8Form{}, fmt.Errorf("%w: PKCS #8 version %d, want 0 (v1) or 1 (v2)", ErrVersion, s.Version)
	}
	if err := checkAlgorithm(&s.Algo); err != nil {
		return nil, pkcs8Form{}, err
	}
	if len(s.Attributes.FullBytes) != 0 {
		if !s.Attributes.IsCompound {
			return nil, pkcs8Form{}, asn1Error("PKCS #8 attributes are not a constructed SET", nil)
		}
		if err := checkAttributes(s.Attributes.Bytes); err != nil {
			return nil, pkcs8Form{}, err
		}
		form.attributes = s.Attributes.FullBytes
	}
	var pub *secp256k1.PublicKey
	if len(s.PublicKey.FullBytes) != 0 {
		var bs asn1.BitString
		if _, err := asn1.UnmarshalWithParams(s.PublicKey.FullBytes, &bs, "tag:1"); err != nil {
			return nil, pkcs8Form{}, asn1Error("PKCS #8 publicKey", err)
		}
		if pub, form.point, err = parsePoint(bs); err != nil {
			return nil, pkcs8Form{}, err
		}
	}
	k, inner, err := parseECPrivateKey(s.PrivateKey, true)
	if err != nil {
		return nil, pkcs8Form{}, err
	}
	form.inner = inner
	if pub != nil && !pub.Equal(k.PublicKey()) {
		k.Zero()
		return nil, pkcs8Form{}, fmt.Errorf("%w: PKCS #8 publicKey", ErrKeyMismatch)
	}
	return k, form, nil
}

// MarshalPKCS8PrivateKey returns the PKCS #8 DER encoding of k as OpenSSL
// and crypto/x509 write it: a v1 PrivateKeyInfo with id-ecPublicKey and the
// named curve secp256k1, holding an ECPrivateKey with the 32-byte value and
// the uncompressed public key (and no parameters of its own). It returns
// secp256k1.ErrUninitialized if k is nil or the zero value.
func MarshalPKCS8PrivateKey(k *secp256k1.PrivateKey) ([]byte, error) {
	return marshalPKCS8PrivateKey(k, canonicalPKCS8)
}

// marshalPKCS8PrivateKey encodes k in the given form.
func marshalPKCS8PrivateKey(k *secp256k1.PrivateKey, form pkcs8Form) ([]byte, error) {
	inner, err := marshalECPrivateKey(k, form.inner)
	if err != nil {
		return nil, err
	}
	defer clear(inner)
	s := pkcs8Out{Version: form.version, Algo: secp256k1Algorithm, PrivateKey: inner}
	if form.attributes != nil {
		s.Attributes = asn1.RawValue{FullBytes: form.attributes}
	}
	if form.point != 0 {
		s.PublicKey = pointBitString(k.PublicKey(), form.point)
	}
	der, err := asn1.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("keyfmt: marshalling PKCS #8: %w", err) // unreachable: every field is valid
	}
	return der, nil
}

// pkcs8Attribute is RFC 5208's Attribute: SEQUENCE { type OBJECT
// IDENTIFIER, values SET OF ANY }.
type pkcs8Attribute struct {
	Type   asn1.ObjectIdentifier
	Values asn1.RawValue
}

// checkAttributes checks the content of PKCS #8's [0] IMPLICIT SET OF
// Attribute: a sequence of DER Attributes, each with a SET of values
// (whose contents are not interpreted).
func checkAttributes(b []byte) error {
	for len(b) > 0 {
		var a pkcs8Attribute
		rest, err := asn1.Unmarshal(b, &a)
		if err != nil {
			return asn1Error("PKCS #8 attribute", err)
		}
		if a.Values.Class != asn1.ClassUniversal || a.Values.Tag != asn1.TagSet || !a.Values.IsCompound {
			return asn1Error("PKCS #8 attribute values are not a SET", nil)
		}
		b = rest
	}
	return nil
}
