package keyfmt

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/kestrel-crypto/secp256k1"
)

// The JWK member values of a secp256k1 key (RFC 7518 §6.2, RFC 8812 §3).
const (
	jwkKty = "EC"
	jwkCrv = "secp256k1"
	jwkAlg = "ES256K"
)

// ParsePublicJWK parses a public key from a JSON Web Key (RFC 7517) of an
// EC key on secp256k1 (RFC 7518 §6.2.1, RFC 8812 §3.1).
//
// The JWK must be one JSON object, with no duplicate member names, with
// "kty" "EC", "crv" "secp256k1" (ErrCurve otherwise, also for the
// pre-RFC 8812 name "P-256K"), and "x" and "y" each exactly 32 bytes
// in base64url without padding, written as plain JSON strings (no escape
// sequences, no line breaks), and the coordinates of a point on the curve
// (ErrPublicKey otherwise). "alg", if present, must be "ES256K". A JWK with "d" (a private key) is
// rejected, so that a secret is not handled as a public key by mistake. Any
// other member ("use", "key_ops", "kid", ...) is ignored, as RFC 7517 §4
// requires of members an implementation does not use. Only white space may
// follow the object.
func ParsePublicJWK(data []byte) (*secp256k1.PublicKey, error) {
	m, err := parseJWKMembers(data)
	defer wipeMembers(m)
	if err != nil {
		return nil, err
	}
	if _, ok := m["d"]; ok {
		return nil, fmt.Errorf("%w: the JWK holds a private key (\"d\") where a public key is expected", ErrJWK)
	}
	return jwkPublicKey(m)
}

// ParsePrivateJWK parses a private key from a JSON Web Key (RFC 7517) of
// an EC key on secp256k1 (RFC 7518 §6.2.2, RFC 8812 §3.1). The rules of
// ParsePublicJWK apply, except that "d" must be present: exactly 32 bytes
// in base64url without padding (RFC 7518 §6.2.2.1), a value in [1, n−1]
// (ErrPrivateKey otherwise). "x" and "y" must be present too, and be the
// public key of d (ErrKeyMismatch otherwise).
func ParsePrivateJWK(data []byte) (*secp256k1.PrivateKey, error) {
	m, err := parseJWKMembers(data)
	defer wipeMembers(m)
	if err != nil {
		return nil, err
	}
	if _, ok := m["d"]; !ok {
		return nil, fmt.Errorf("%w: no \"d\": not a private key", ErrJWK)
	}
	pub, err := jwkPublicKey(m)
	if err != nil {
		return nil, err
	}
	d, err := jwkBytes(m, "d")
	defer clear(d)
	if err != nil {
		return nil, err
	}
	k, err := secp256k1.NewPrivateKey(d)
	if err != nil {
		return nil, privateKeyError("\"d\" is 0 or not less than n")
	}
	if !pub.Equal(k.PublicKey()) {
		k.Zero()
		return nil, fmt.Errorf("%w: the JWK's \"x\" and \"y\"", ErrKeyMismatch)
	}
	return k, nil
}

// parseJWKMembers returns the members of the JSON object data, which must
// be the whole input (but for white space), rejecting duplicate names. RFC
// 7517 §4 lets a parser either reject duplicates or take the last one, as
// encoding/json does; rejecting them avoids reading a key differently from
// a parser that takes the first. Names are compared after unescaping and
// case-sensitively (encoding/json would match struct fields regardless of
// case).
func parseJWKMembers(data []byte) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("%w: not a JSON object", ErrJWK)
	}
	m := make(map[string]json.RawMessage)
	for dec.More() {
		tok, err := dec.Token()
		name, ok := tok.(string)
		if err != nil || !ok {
			return m, fmt.Errorf("%w: malformed JSON", ErrJWK)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return m, fmt.Errorf("%w: malformed JSON", ErrJWK)
		}
		if _, dup := m[name]; dup {
			clear(v)
			return m, fmt.Errorf("%w: duplicate member %q", ErrJWK, name)
		}
		m[name] = v
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('}') {
		return m, fmt.Errorf("%w: malformed JSON", ErrJWK)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return m, fmt.Errorf("%w: after the JWK's JSON object", ErrTrailingData)
	}
	return m, nil
}

// wipeMembers overwrites the raw member values, one of which may be "d".
func wipeMembers(m map[string]json.RawMessage) {
	for _, v := range m {
		clear(v)
	}
}

// jwkPublicKey checks "kty", "crv" and "alg" and returns the public key of
// "x" and "y".
func jwkPublicKey(m map[string]json.RawMessage) (*secp256k1.PublicKey, error) {
	kty, err := jwkString(m, "kty", true)
	if err != nil {
		return nil, err
	}
	if kty != jwkKty {
		return nil, fmt.Errorf("%w: \"kty\" is %q, not %q", ErrJWK, kty, jwkKty)
	}
	crv, err := jwkString(m, "crv", true)
	if err != nil {
		return nil, err
	}
	if crv != jwkCrv {
		return nil, fmt.Errorf("%w: the JWK's \"crv\" is %q, not %q", ErrCurve, crv, jwkCrv)
	}
	if _, ok := m["alg"]; ok {
		alg, err := jwkString(m, "alg", false)
		if err != nil {
			return nil, err
		}
		if alg != jwkAlg {
			return nil, fmt.Errorf("%w: \"alg\" is %q, not %q", ErrJWK, alg, jwkAlg)
		}
	}
	x, err := jwkBytes(m, "x")
	if err != nil {
		return nil, err
	}
	y, err := jwkBytes(m, "y")
	if err != nil {
		return nil, err
	}
	var u [65]byte
	u[0] = formUncompressed
	copy(u[1:33], x)
	copy(u[33:], y)
	p, err := secp256k1.ParsePublicKey(u[:])
	if err != nil {
		return nil, fmt.Errorf("%w: the JWK's \"x\" and \"y\": %w", ErrPublicKey, err)
	}
	return p, nil
}

// jwkString returns the string value of the member name, which must be
// present if required.
func jwkString(m map[string]json.RawMessage, name string, required bool) (string, error) {
	raw, ok := m[name]
	if !ok {
		if required {
			return "", fmt.Errorf("%w: no %q", ErrJWK, name)
		}
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("%w: %q is not a string", ErrJWK, name)
	}
	return s, nil
}

// jwkBytes returns the 32 bytes of the member name, which must be present
// and a plain JSON string of exactly 43 base64url characters (32 bytes
// without padding, the unused low bits zero): the only encoding of the
// value, so that no two JWKs of different text hold the same coordinate.
//
// It decodes the raw JSON text between the quotes, so that the value is
// never an immutable string (for "d"). Escape sequences are rejected, as
// their backslash is not base64url. encoding/base64 skips line breaks, but
// one in 43 characters leaves 42 of base64url, which decode to fewer than
// 32 bytes, and JSON does not allow them raw in a string anyway.
func jwkBytes(m map[string]json.RawMessage, name string) ([]byte, error) {
	raw, ok := m[name]
	if !ok {
		return nil, fmt.Errorf("%w: no %q", ErrJWK, name)
	}
	enc := base64.RawURLEncoding.Strict()
	if len(raw) != 2+enc.EncodedLen(32) || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return nil, fmt.Errorf("%w: %q is not a string of 43 base64url characters (32 bytes)", ErrJWK, name)
	}
	b := make([]byte, 32)
	if n, err := enc.Decode(b, raw[1:len(raw)-1]); err != nil || n != 32 {
		clear(b)
		return nil, fmt.Errorf("%w: %q is not canonical base64url without padding", ErrJWK, name)
	}
	return b, nil
}

// MarshalPublicJWK returns the JWK of p: the members "crv", "kty", "x" and
// "y", in this order and without white space, which is also the input of
// p's RFC 7638 JWK thumbprint. It returns secp256k1.ErrUninitialized if p
// is nil or the zero value.
func MarshalPublicJWK(p *secp256k1.PublicKey) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return marshalJWK(p, nil), nil
}

// MarshalPrivateJWK returns the JWK of k: the members "crv", "d", "kty",
// "x" and "y", in this order and without white space. It returns
// secp256k1.ErrUninitialized if k is nil or the zero value.
func MarshalPrivateJWK(k *secp256k1.PrivateKey) ([]byte, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	d := k.Bytes()
	defer clear(d)
	return marshalJWK(k.PublicKey(), d), nil
}

// marshalJWK returns the JWK of p, with "d" if d is not nil. The output is
// allocated once at its final size, so that no partial copy of d is left
// behind in a discarded buffer. Every value is base64url or a fixed name:
// nothing needs escaping.
func marshalJWK(p *secp256k1.PublicKey, d []byte) []byte {
	enc := base64.RawURLEncoding
	u := p.BytesUncompressed()
	size := len(`{"crv":"","kty":"","x":"","y":""}`) + len(jwkCrv) + len(jwkKty) + 2*enc.EncodedLen(32)
	if d != nil {
		size += len(`"d":"",`) + enc.EncodedLen(len(d))
	}
	out := make([]byte, 0, size)
	out = append(out, `{"crv":"`+jwkCrv+`",`...)
	if d != nil {
		out = append(out, `"d":"`...)
		out = enc.AppendEncode(out, d)
		out = append(out, `",`...)
	}
	out = append(out, `"kty":"`+jwkKty+`","x":"`...)
	out = enc.AppendEncode(out, u[1:33])
	out = append(out, `","y":"`...)
	out = enc.AppendEncode(out, u[33:65])
	out = append(out, `"}`...)
	return out
}
