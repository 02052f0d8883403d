package keyfmt

import (
	"encoding/asn1"
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// ecPrivateKey is SEC 1's ECPrivateKey (SEC 1 v2 §C.4, RFC 5915 §3) as this
// package reads it. The explicitly tagged fields are raw so that their
// content can be checked to be exactly one element, and so that explicit
// parameters give ErrCurve rather than a type error. Extra catches an
// element after publicKey: the structure has no extension point, and
// encoding/asn1 would otherwise ignore it.
type ecPrivateKey struct {
	Version    int
	PrivateKey []byte
	Parameters asn1.RawValue `asn1:"optional,explicit,tag:0"`
	PublicKey  asn1.RawValue `asn1:"optional,explicit,tag:1"`
	Extra      asn1.RawValue `asn1:"optional"`
}

// ecPrivateKeyOut is ECPrivateKey as the Marshal functions write it; an
// empty optional field is left out.
type ecPrivateKeyOut struct {
	Version    int
	PrivateKey []byte
	Parameters asn1.ObjectIdentifier `asn1:"optional,explicit,tag:0"`
	PublicKey  asn1.BitString        `asn1:"optional,explicit,tag:1"`
}

// ecPrivateKeyVersion is ecPrivkeyVer1, the only version RFC 5915 defines.
const ecPrivateKeyVersion = 1

// sec1Form records the choices an ECPrivateKey encoding made within what
// the parser accepts, so that marshalECPrivateKey can write it again byte
// for byte (the canonicity check of the fuzz tests).
type sec1Form struct {
	scalarLen int  // length of privateKey: 32, or other lengths as crypto/x509 accepts them
	params    bool // [0] parameters present
	point     int  // the form of [1] publicKey: 0 (absent), formCompressed or formUncompressed
}

// canonicalSEC1 is the form MarshalECPrivateKey writes, as OpenSSL does.
var canonicalSEC1 = sec1Form{scalarLen: 32, params: true, point: formUncompressed}

// ParseECPrivateKey parses a SEC 1 / RFC 5915 ECPrivateKey in DER, the
// content of an "EC PRIVATE KEY" PEM block.
//
// The version must be 1 and the parameters must be present and be the
// named curve secp256k1 (RFC 5915 §3). The privateKey octet string should
// hold 32 bytes; as crypto/x509 does, a shorter one is taken as the value
// left-padded with zeros and a longer one is accepted if the extra leading
// bytes are zero. The value must be in [1, n−1]. If the optional publicKey
// is present it must be a compressed or uncompressed point on the curve
// and equal to the private key's, or ErrKeyMismatch is returned. No byte
// may follow the structure.
func ParseECPrivateKey(der []byte) (*secp256k1.PrivateKey, error) {
	k, _, err := parseECPrivateKey(der, false)
	if err != nil && errors.Is(err, ErrASN1) {
		var p pkcs8
		rest, err2 := asn1.Unmarshal(der, &p)
		clear(p.PrivateKey)
		if err2 == nil && len(rest) == 0 && p.Algo.Algorithm.Equal(oidECPublicKey) {
			return nil, fmt.Errorf("%w (the input is PKCS #8: use ParsePKCS8PrivateKey)", err)
		}
	}
	return k, err
}

// parseECPrivateKey parses an ECPrivateKey and returns the key and the form
// of its encoding. inPKCS8 says that the structure is the privateKey of a
// PKCS #8 key whose algorithm has named the curve already: the parameters
// may then be left out (OpenSSL and crypto/x509 leave them out there), and
// must agree if present.
func parseECPrivateKey(der []byte, inPKCS8 bool) (*secp256k1.PrivateKey, sec1Form, error) {
	var s ecPrivateKey
	rest, err := asn1.Unmarshal(der, &s)
	defer clear(s.PrivateKey) // encoding/asn1 copied the scalar there
	if err != nil {
		return nil, sec1Form{}, asn1Error("ECPrivateKey", err)
	}
	if len(rest) != 0 {
		return nil, sec1Form{}, fmt.Errorf("%w: after ECPrivateKey", ErrTrailingData)
	}
	if len(s.Extra.FullBytes) != 0 {
		return nil, sec1Form{}, asn1Error("unexpected element after the fields of ECPrivateKey", nil)
	}
	if s.Version != ecPrivateKeyVersion {
		return nil, sec1Form{}, fmt.Errorf("%w: ECPrivateKey version %d, want 1", ErrVersion, s.Version)
	}
	form := sec1Form{scalarLen: len(s.PrivateKey)}
	if len(s.Parameters.FullBytes) != 0 {
		if err := parseECParameters(s.Parameters.Bytes); err != nil {
			return nil, sec1Form{}, err
		}
		form.params = true
	} else if !inPKCS8 {
		return nil, sec1Form{}, fmt.Errorf("%w: the ECPrivateKey has no curve parameters (RFC 5915 §3 requires them)", ErrCurve)
	}
	var pub *secp256k1.PublicKey
	if len(s.PublicKey.FullBytes) != 0 {
		var bs asn1.BitString
		rest, err := asn1.Unmarshal(s.PublicKey.Bytes, &bs)
		if err != nil {
			return nil, sec1Form{}, asn1Error("ECPrivateKey publicKey", err)
		}
		if len(rest) != 0 {
			return nil, sec1Form{}, asn1Error("more than a BIT STRING in ECPrivateKey's [1]", nil)
		}
		if pub, form.point, err = parsePoint(bs); err != nil {
			return nil, sec1Form{}, err
		}
	}
	k, err := parseScalar(s.PrivateKey)
	if err != nil {
		return nil, sec1Form{}, err
	}
	if pub != nil && !pub.Equal(k.PublicKey()) {
		k.Zero()
		return nil, sec1Form{}, fmt.Errorf("%w: ECPrivateKey publicKey", ErrKeyMismatch)
	}
	return k, form, nil
}

// parseScalar returns the private key with the big-endian value b, which
// is left-padded with zeros to 32 bytes or, if longer, must start with zero
// bytes (crypto/x509's leniency for the privateKey of ECPrivateKey). Its
// time depends on len(b) only.
func parseScalar(b []byte) (*secp256k1.PrivateKey, error) {
	var buf [32]byte
	defer clear(buf[:])
	if len(b) > 32 {
		var or byte
		for _, c := range b[:len(b)-32] {
			or |= c
		}
		if or != 0 {
			return nil, privateKeyError(fmt.Sprintf("a %d-byte value, not less than n", len(b)))
		}
		b = b[len(b)-32:]
	}
	copy(buf[32-len(b):], b)
	k, err := secp256k1.NewPrivateKey(buf[:])
	if err != nil {
		return nil, privateKeyError("0 or not less than n")
	}
	return k, nil
}

// MarshalECPrivateKey returns the SEC 1 / RFC 5915 ECPrivateKey DER
// encoding of k as OpenSSL writes it: version 1, the 32-byte value, the
// named curve secp256k1 and the uncompressed public key. It returns
// secp256k1.ErrUninitialized if k is nil or the zero value.
func MarshalECPrivateKey(k *secp256k1.PrivateKey) ([]byte, error) {
	return marshalECPrivateKey(k, canonicalSEC1)
}

// marshalECPrivateKey encodes k in the given form. A scalarLen below 32
// drops leading bytes of the value, which must be zero for the result to
// parse as k; tests use such forms to re-encode what they parsed.
func marshalECPrivateKey(k *secp256k1.PrivateKey, form sec1Form) ([]byte, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	kb := k.Bytes()
	defer clear(kb)
	scalar := make([]byte, form.scalarLen)
	defer clear(scalar)
	if form.scalarLen >= 32 {
		copy(scalar[form.scalarLen-32:], kb)
	} else {
		copy(scalar, kb[32-form.scalarLen:])
	}
	s := ecPrivateKeyOut{Version: ecPrivateKeyVersion, PrivateKey: scalar}
	if form.params {
		s.Parameters = oidSecp256k1
	}
	if form.point != 0 {
		s.PublicKey = pointBitString(k.PublicKey(), form.point)
	}
	der, err := asn1.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("keyfmt: marshalling ECPrivateKey: %w", err) // unreachable: every field is valid
	}
	return der, nil
}
