package secp256k1

import (
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/hexenc"
)

var (
	// ErrPointEncoding is returned for a point encoding of the wrong length or
	// with an unknown prefix, or whose coordinates are not less than p.
	ErrPointEncoding = errors.New("secp256k1: invalid point encoding")
	// ErrPointNotOnCurve is returned for coordinates that do not satisfy
	// y² = x³ + 7 (or, for a hybrid encoding, whose y has the wrong parity).
	ErrPointNotOnCurve = errors.New("secp256k1: point is not on the curve")
	// ErrIdentity is returned where the identity cannot be represented or is
	// not allowed, such as the x coordinate of the identity or a public key.
	ErrIdentity = errors.New("secp256k1: point is the identity")
)

// SetBytes sets v to the point encoded in b and returns v. b is a SEC 1
// encoding: 33 bytes (0x02 or 0x03 prefix, compressed), 65 bytes (0x04
// prefix, uncompressed; or the hybrid 0x06/0x07 prefix whose parity must match
// y, accepted as libsecp256k1 does), or the single byte 0x00 for the identity.
// Coordinates must be less than p. On error v is unchanged; an error for a
// wrong length or prefix says which.
func (v *Point) SetBytes(b []byte) (*Point, error) {
	switch {
	case len(b) == 1 && b[0] == 0:
		v.p = group.Jacobian{}
		v.p.Y.One()
		return v, nil
	case len(b) == 1:
		return nil, fmt.Errorf("%w: 1 byte 0x%02x, want 0x00 (the identity)", ErrPointEncoding, b[0])
	case len(b) != 33 && len(b) != 65:
		return nil, lengthError(ErrPointEncoding, "1, 33 or 65", len(b))
	}
	var a group.Affine
	if err := decodeAffine(&a, b); err != nil {
		return nil, err
	}
	v.p.SetAffine(&a)
	if debug.Enabled {
		checkOnCurve(&v.p, "SetBytes")
	}
	return v, nil
}

// decodeAffine decodes a 33- or 65-byte SEC 1 encoding (not the identity)
// into a, canonical coordinates. It does not touch a on error. An error for
// a wrong length or prefix wraps ErrPointEncoding with what is wrong.
func decodeAffine(a *group.Affine, b []byte) error {
	switch {
	case len(b) == 33 && (b[0] == 2 || b[0] == 3):
		var x field.Element
		if _, err := x.SetCanonicalBytes((*[32]byte)(b[1:33])); err != nil {
			return ErrPointEncoding
		}
		var t group.Affine
		if t.LiftX(&x, int(b[0]&1)) == 0 {
			return ErrPointNotOnCurve
		}
		*a = t
		return nil
	case len(b) == 65 && (b[0] == 4 || b[0] == 6 || b[0] == 7):
		var t group.Affine
		if _, err := t.X.SetCanonicalBytes((*[32]byte)(b[1:33])); err != nil {
			return ErrPointEncoding
		}
		if _, err := t.Y.SetCanonicalBytes((*[32]byte)(b[33:65])); err != nil {
			return ErrPointEncoding
		}
		if t.IsOnCurve() == 0 {
			return ErrPointNotOnCurve
		}
		if b[0] != 4 && t.Y.IsOdd() != int(b[0]&1) {
			return ErrPointNotOnCurve
		}
		*a = t
		return nil
	case len(b) == 33:
		return fmt.Errorf("%w: prefix 0x%02x of 33 bytes, want 0x02 or 0x03", ErrPointEncoding, b[0])
	case len(b) == 65:
		return fmt.Errorf("%w: prefix 0x%02x of 65 bytes, want 0x04, 0x06 or 0x07", ErrPointEncoding, b[0])
	}
	return lengthError(ErrPointEncoding, "33 or 65", len(b))
}

// SetXOnlyBytes sets v to the point with x coordinate b and even y (BIP-340's
// lift_x) and returns v. b must be 32 bytes encoding x < p such that x³ + 7 is
// a square. On error v is unchanged.
func (v *Point) SetXOnlyBytes(b []byte) (*Point, error) {
	if len(b) != 32 {
		return nil, lengthError(ErrPointEncoding, "32", len(b))
	}
	var x field.Element
	if _, err := x.SetCanonicalBytes((*[32]byte)(b)); err != nil {
		return nil, ErrPointEncoding
	}
	var a group.Affine
	if a.LiftX(&x, 0) == 0 {
		return nil, ErrPointNotOnCurve
	}
	v.p.SetAffine(&a)
	if debug.Enabled {
		checkOnCurve(&v.p, "SetXOnlyBytes")
	}
	return v, nil
}

// Bytes returns the 65-byte uncompressed SEC 1 encoding of v (0x04 ‖ x ‖ y),
// or the single byte 0x00 if v is the identity.
func (v *Point) Bytes() []byte {
	var out [65]byte
	return v.bytes(&out)
}

func (v *Point) bytes(out *[65]byte) []byte {
	checkInitialized(v)
	x, y, ok := v.affine()
	if ok == 0 {
		out[0] = 0
		return out[:1]
	}
	out[0] = 4
	x.PutBytes((*[32]byte)(out[1:33]))
	y.PutBytes((*[32]byte)(out[33:65]))
	return out[:]
}

// BytesCompressed returns the 33-byte compressed SEC 1 encoding of v
// (0x02 or 0x03 by the parity of y, then x), or the single byte 0x00 if v is
// the identity.
func (v *Point) BytesCompressed() []byte {
	var out [33]byte
	return v.bytesCompressed(&out)
}

func (v *Point) bytesCompressed(out *[33]byte) []byte {
	checkInitialized(v)
	var a group.Affine
	_, ok := a.SetJacobian(&v.p)
	return compressed(out, &a, ok)
}

// compressed writes the compressed encoding of a (or of the identity if ok
// is 0) into out.
func compressed(out *[33]byte, a *group.Affine, ok int) []byte {
	if ok == 0 {
		out[0] = 0
		return out[:1]
	}
	out[0] = 2 | byte(a.Y.IsOdd())
	a.X.PutBytes((*[32]byte)(out[1:33]))
	return out[:]
}

// BytesX returns the 32-byte x coordinate of v, or ErrIdentity if v is the
// identity.
func (v *Point) BytesX() ([]byte, error) {
	var out [32]byte
	return v.bytesX(&out)
}

func (v *Point) bytesX(out *[32]byte) ([]byte, error) {
	checkInitialized(v)
	x, _, ok := v.affine()
	if ok == 0 {
		return nil, ErrIdentity
	}
	x.PutBytes(out)
	return out[:], nil
}

// VarTimeBytesCompressed is BytesCompressed with a variable-time inversion,
// for points that are public (such as the R of a signature being verified).
func (v *Point) VarTimeBytesCompressed() []byte {
	var out [33]byte
	return v.varTimeBytesCompressed(&out)
}

func (v *Point) varTimeBytesCompressed(out *[33]byte) []byte {
	checkInitialized(v)
	var a group.Affine
	_, ok := a.VarTimeSetJacobian(&v.p)
	return compressed(out, &a, ok)
}

// The encodings of Point for the standard library's interfaces
// (keys_encoding.go explains the value receivers). They use the compressed
// form, which is the single byte 0x00 for the identity; the zero Point,
// which is not a point, gives ErrUninitialized.

// MarshalBinary returns BytesCompressed of v, or ErrUninitialized for the
// zero Point.
func (v Point) MarshalBinary() ([]byte, error) {
	return v.AppendBinary(make([]byte, 0, 33))
}

// AppendBinary appends BytesCompressed of v to b, or returns
// ErrUninitialized for the zero Point.
func (v Point) AppendBinary(b []byte) ([]byte, error) {
	if v.p.X.IsZero()&v.p.Y.IsZero()&v.p.Z.IsZero() == 1 {
		return nil, ErrUninitialized
	}
	var out [33]byte
	return append(b, v.bytesCompressed(&out)...), nil
}

// UnmarshalBinary sets v to the point encoded in b, in any encoding that
// SetBytes accepts; it leaves v unchanged on error.
func (v *Point) UnmarshalBinary(b []byte) error {
	_, err := v.SetBytes(b)
	return err
}

// MarshalText returns BytesCompressed of v in lower-case hex, or
// ErrUninitialized for the zero Point.
func (v Point) MarshalText() ([]byte, error) {
	return v.AppendText(make([]byte, 0, 66))
}

// AppendText appends BytesCompressed of v in lower-case hex to b, or returns
// ErrUninitialized for the zero Point.
func (v Point) AppendText(b []byte) ([]byte, error) {
	if v.p.X.IsZero()&v.p.Y.IsZero()&v.p.Z.IsZero() == 1 {
		return nil, ErrUninitialized
	}
	var out [33]byte
	return hex.AppendEncode(b, v.bytesCompressed(&out)), nil
}

// UnmarshalText sets v to the point encoded in hex in text, in any encoding
// that SetBytes accepts; it leaves v unchanged on error. Text that is not
// hex gives an error that matches ErrPointEncoding.
func (v *Point) UnmarshalText(text []byte) error {
	var buf [65]byte
	b, err := hexenc.AppendDecode(buf[:0], text, len(buf), ErrPointEncoding)
	if err != nil {
		return err
	}
	return v.UnmarshalBinary(b)
}

// String returns BytesCompressed of v in lower-case hex, or
// "<uninitialized>" for the zero Point.
func (v Point) String() string {
	b, err := v.MarshalText()
	if err != nil {
		return "<uninitialized>"
	}
	return string(b)
}
