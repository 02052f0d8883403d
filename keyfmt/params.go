package keyfmt

import (
	"encoding/asn1"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// The object identifiers of RFC 5480 and SEC 2.
var (
	// oidECPublicKey is id-ecPublicKey (RFC 5480 §2.1.1), the algorithm of
	// every EC key in PKCS #8 and SubjectPublicKeyInfo.
	oidECPublicKey = asn1.ObjectIdentifier{1, 2, 840, 10045, 2, 1}
	// oidSecp256k1 is the named curve secp256k1 (SEC 2 §A.2.1: certicom-arc
	// curve 10).
	oidSecp256k1 = asn1.ObjectIdentifier{1, 3, 132, 0, 10}
)

// curveNames names the curves a rejected key is most likely to be of, for
// error messages.
var curveNames = []struct {
	oid  asn1.ObjectIdentifier
	name string
}{
	{asn1.ObjectIdentifier{1, 2, 840, 10045, 3, 1, 7}, "P-256 (prime256v1)"},
	{asn1.ObjectIdentifier{1, 3, 132, 0, 34}, "P-384 (secp384r1)"},
	{asn1.ObjectIdentifier{1, 3, 132, 0, 35}, "P-521 (secp521r1)"},
	{asn1.ObjectIdentifier{1, 3, 132, 0, 33}, "P-224 (secp224r1)"},
	{asn1.ObjectIdentifier{1, 2, 840, 10045, 3, 1, 1}, "P-192 (prime192v1)"},
	{asn1.ObjectIdentifier{1, 3, 36, 3, 3, 2, 8, 1, 1, 7}, "brainpoolP256r1"},
	{asn1.ObjectIdentifier{1, 2, 156, 10197, 1, 301}, "SM2"},
}

func curveName(oid asn1.ObjectIdentifier) string {
	for _, c := range curveNames {
		if c.oid.Equal(oid) {
			return c.name
		}
	}
	return oid.String()
}

// algorithmIdentifier is RFC 5280's AlgorithmIdentifier as PKCS #8 and
// SubjectPublicKeyInfo use it. Extra catches an element after the
// parameters, which no algorithm of this package has (encoding/asn1 would
// otherwise ignore it).
type algorithmIdentifier struct {
	Algorithm  asn1.ObjectIdentifier
	Parameters asn1.RawValue `asn1:"optional"`
	Extra      asn1.RawValue `asn1:"optional"`
}

// ecAlgorithm is the AlgorithmIdentifier that Marshal functions write:
// id-ecPublicKey with the named curve secp256k1.
type ecAlgorithm struct {
	Algorithm asn1.ObjectIdentifier
	Curve     asn1.ObjectIdentifier
}

var secp256k1Algorithm = ecAlgorithm{oidECPublicKey, oidSecp256k1}

// checkAlgorithm checks that a is id-ecPublicKey with the named curve
// secp256k1.
func checkAlgorithm(a *algorithmIdentifier) error {
	if !a.Algorithm.Equal(oidECPublicKey) {
		return fmt.Errorf("%w: algorithm %s is not id-ecPublicKey", ErrAlgorithm, a.Algorithm)
	}
	if len(a.Extra.FullBytes) != 0 {
		return asn1Error("unexpected element in AlgorithmIdentifier", nil)
	}
	if len(a.Parameters.FullBytes) == 0 {
		return fmt.Errorf("%w: no curve parameters (RFC 5480 requires them)", ErrCurve)
	}
	return checkCurve(a.Parameters)
}

// checkCurve checks an ECParameters value (RFC 5480 §2.1.1: a CHOICE of
// namedCurve, implicitCurve NULL, or explicit specifiedCurve), parsed as one
// DER element: it must be the named curve secp256k1.
func checkCurve(params asn1.RawValue) error {
	if params.Class != asn1.ClassUniversal {
		return asn1Error("ECParameters is not an OID, NULL or SEQUENCE", nil)
	}
	switch {
	case params.Tag == asn1.TagOID && !params.IsCompound:
		var oid asn1.ObjectIdentifier
		if _, err := asn1.Unmarshal(params.FullBytes, &oid); err != nil {
			return asn1Error("ECParameters", err)
		}
		if !oid.Equal(oidSecp256k1) {
			return fmt.Errorf("%w: the named curve is %s", ErrCurve, curveName(oid))
		}
		return nil
	case params.Tag == asn1.TagSequence && params.IsCompound:
		// Explicit parameters could describe secp256k1 too, but RFC 5480
		// §2.1.1 forbids them in PKIX, and accepting them means comparing
		// every field (or trusting an attacker's curve).
		return fmt.Errorf("%w: explicit parameters are not supported, only the named curve secp256k1", ErrCurve)
	case params.Tag == asn1.TagNull:
		return fmt.Errorf("%w: implicitlyCA (NULL) parameters are not supported, only the named curve secp256k1", ErrCurve)
	}
	return asn1Error("ECParameters is not an OID, NULL or SEQUENCE", nil)
}

// parseECParameters parses one DER element, such as the content of SEC 1's
// [0] or of an "EC PARAMETERS" PEM block, and checks that it is the named
// curve secp256k1.
func parseECParameters(der []byte) error {
	var params asn1.RawValue
	rest, err := asn1.Unmarshal(der, &params)
	if err != nil {
		return asn1Error("ECParameters", err)
	}
	if len(rest) != 0 {
		return fmt.Errorf("%w: after ECParameters", ErrTrailingData)
	}
	return checkCurve(params)
}

// Point forms of SEC 1 §2.3.3, as the first byte of an encoding.
const (
	formCompressed   = 2 // 0x02 or 0x03, 33 bytes
	formUncompressed = 4 // 0x04, 65 bytes
)

// parsePoint parses the public key of a BIT STRING (SubjectPublicKeyInfo's
// subjectPublicKey, the publicKey of SEC 1 and of PKCS #8 v2), as RFC 5480
// §2.2 allows it: a whole number of bytes holding a compressed or
// uncompressed SEC 1 point. It returns the key and its form.
func parsePoint(bs asn1.BitString) (*secp256k1.PublicKey, int, error) {
	if bs.BitLength%8 != 0 {
		return nil, 0, fmt.Errorf("%w: the BIT STRING has unused bits", ErrPublicKey)
	}
	b := bs.Bytes
	var form int
	switch {
	case len(b) == 0:
		return nil, 0, fmt.Errorf("%w: empty", ErrPublicKey)
	case len(b) == 1 && b[0] == 0:
		return nil, 0, fmt.Errorf("%w: %w", ErrPublicKey, secp256k1.ErrIdentity)
	case b[0] == 6 || b[0] == 7:
		// ParsePublicKey accepts the hybrid form, as libsecp256k1 and
		// OpenSSL do; RFC 5480 §2.2 says that it MUST be rejected here.
		return nil, 0, fmt.Errorf("%w: the hybrid form (0x06, 0x07) is not allowed (RFC 5480 §2.2)", ErrPublicKey)
	case b[0] == 2 || b[0] == 3:
		form = formCompressed
	case b[0] == 4:
		form = formUncompressed
	default:
		return nil, 0, fmt.Errorf("%w: unknown SEC 1 prefix 0x%02x", ErrPublicKey, b[0])
	}
	p, err := secp256k1.ParsePublicKey(b)
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %w", ErrPublicKey, err)
	}
	return p, form, nil
}

// pointBitString returns the BIT STRING holding p in the given form.
func pointBitString(p *secp256k1.PublicKey, form int) asn1.BitString {
	var b []byte
	if form == formCompressed {
		b = p.BytesCompressed()
	} else {
		b = p.BytesUncompressed()
	}
	return asn1.BitString{Bytes: b, BitLength: 8 * len(b)}
}
