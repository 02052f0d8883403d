package secp256k1

import (
	"encoding/hex"

	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/hexenc"
)

// Encodings of public values for the standard library's interfaces:
// encoding.BinaryMarshaler and BinaryUnmarshaler, TextMarshaler and
// TextUnmarshaler (lower-case hex; encoding/json uses them, so a value
// becomes a JSON string), their Append forms, and fmt.Stringer.
//
// The Marshal and Append methods have value receivers, so that they are
// found for a value that is not addressable too (json.Marshal of a struct
// passed by value): with pointer receivers encoding/json would silently
// write such a field as {}. The Unmarshal methods leave the receiver
// unchanged on error.
//
// PrivateKey has none of them on purpose: a secret is encoded only by an
// explicit call to Bytes (see keys_secret.go).

// MarshalBinary returns the 33-byte compressed SEC 1 encoding of p, or
// ErrUninitialized for the zero PublicKey.
func (p PublicKey) MarshalBinary() ([]byte, error) {
	return p.AppendBinary(make([]byte, 0, 33))
}

// AppendBinary appends the 33-byte compressed SEC 1 encoding of p to b, or
// returns ErrUninitialized for the zero PublicKey.
func (p PublicKey) AppendBinary(b []byte) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	var out [33]byte
	return append(b, p.bytesCompressed(&out)...), nil
}

// UnmarshalBinary sets p to the public key encoded in b, in any encoding that
// ParsePublicKey accepts.
func (p *PublicKey) UnmarshalBinary(b []byte) error {
	var a group.Affine
	if err := decodeAffine(&a, b); err != nil {
		return err
	}
	p.x, p.y = a.X, a.Y
	return nil
}

// MarshalText returns the compressed SEC 1 encoding of p in lower-case hex
// (66 characters), or ErrUninitialized for the zero PublicKey.
func (p PublicKey) MarshalText() ([]byte, error) {
	return p.AppendText(make([]byte, 0, 66))
}

// AppendText appends the compressed SEC 1 encoding of p in lower-case hex to
// b, or returns ErrUninitialized for the zero PublicKey.
func (p PublicKey) AppendText(b []byte) ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	var out [33]byte
	return hex.AppendEncode(b, p.bytesCompressed(&out)), nil
}

// UnmarshalText sets p to the public key encoded in hex in text, in any
// encoding that ParsePublicKey accepts. Text that is not hex gives an error
// that matches ErrPointEncoding.
func (p *PublicKey) UnmarshalText(text []byte) error {
	var buf [65]byte
	b, err := hexenc.AppendDecode(buf[:0], text, len(buf), ErrPointEncoding)
	if err != nil {
		return err
	}
	return p.UnmarshalBinary(b)
}

// String returns the compressed SEC 1 encoding of p in lower-case hex, or
// "<uninitialized>" for the zero PublicKey.
func (p PublicKey) String() string {
	b, err := p.MarshalText()
	if err != nil {
		return "<uninitialized>"
	}
	return string(b)
}
