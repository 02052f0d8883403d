package secp256k1

import (
	"encoding/hex"
	"errors"

	"github.com/kestrel-crypto/secp256k1/internal/hexenc"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// A Scalar is an integer modulo the group order
//
//	n = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141.
//
// The zero value is 0. Every method is constant time unless its name starts
// with varTime. docs/scalar.md explains the representation and the reduction.
type Scalar struct {
	// val is the value, fully reduced (internal/scalar): every value has
	// exactly one representation and the zero value is 0.
	val scalar.Scalar
}

var (
	// ErrScalarLength is returned by the Scalar decoders when the input does
	// not have the required length.
	ErrScalarLength = errors.New("secp256k1: invalid scalar length")

	// ErrScalarOverflow is returned by SetCanonicalBytes when the encoded
	// value is not less than the group order n.
	ErrScalarOverflow = errors.New("secp256k1: scalar is not less than the group order")
)

// NewScalar returns a new Scalar set to 0.
func NewScalar() *Scalar {
	return &Scalar{}
}

// Set sets s = x, and returns s.
func (s *Scalar) Set(x *Scalar) *Scalar {
	s.val = x.val
	return s
}

// SetUint64 sets s = x, and returns s.
func (s *Scalar) SetUint64(x uint64) *Scalar {
	s.val.SetUint64(x)
	return s
}

// SetCanonicalBytes sets s = x, where x is a 32-byte big-endian encoding of
// a value less than n, and returns s. If b is not 32 bytes long or encodes a
// value not less than n, SetCanonicalBytes returns nil and an error, and the
// receiver is unchanged. The value of b is processed in constant time; only
// whether it is accepted can be observed.
func (s *Scalar) SetCanonicalBytes(b []byte) (*Scalar, error) {
	if len(b) != 32 {
		return nil, lengthError(ErrScalarLength, "32", len(b))
	}
	if _, err := s.val.SetCanonicalBytes((*[32]byte)(b)); err != nil {
		return nil, ErrScalarOverflow
	}
	return s, nil
}

// SetReducedBytes sets s = x mod n, where x is a 32-byte big-endian integer,
// and returns s. If b is not 32 bytes long, SetReducedBytes returns nil and an
// error, and the receiver is unchanged.
//
// SetReducedBytes is the conversion of a hash to a scalar (ECDSA's bits2int
// followed by the reduction of SEC 1 §4.1.3, and BIP-340's challenge). Its
// output is not uniform: values below 2²⁵⁶ − n are about twice as likely.
func (s *Scalar) SetReducedBytes(b []byte) (*Scalar, error) {
	if len(b) != 32 {
		return nil, lengthError(ErrScalarLength, "32", len(b))
	}
	s.val.SetReducedBytes((*[32]byte)(b))
	return s, nil
}

// SetUniformBytes sets s = x mod n, where x is a 64-byte big-endian integer,
// and returns s. If b is not 64 bytes long, SetUniformBytes returns nil and an
// error, and the receiver is unchanged.
//
// If b is uniformly random, s is uniform up to a statistical distance of less
// than 2⁻²⁵⁶. This is the conversion to use for a random or derived secret
// scalar (as hash_to_field of RFC 9380 with a 64-byte expansion).
func (s *Scalar) SetUniformBytes(b []byte) (*Scalar, error) {
	if len(b) != 64 {
		return nil, lengthError(ErrScalarLength, "64", len(b))
	}
	s.val.SetUniformBytes((*[64]byte)(b))
	return s, nil
}

// Bytes returns the 32-byte big-endian canonical encoding of s.
func (s *Scalar) Bytes() []byte {
	// Bytes is a wrapper so that it can be inlined and out, when it does not
	// escape, can live on the caller's stack.
	var out [32]byte
	s.val.PutBytes(&out)
	return out[:]
}

// Equal returns 1 if s and t are equal, and 0 otherwise.
func (s *Scalar) Equal(t *Scalar) int {
	return s.val.Equal(&t.val)
}

// IsZero returns 1 if s is 0, and 0 otherwise.
func (s *Scalar) IsZero() int {
	return s.val.IsZero()
}

// IsHigh returns 1 if s > (n − 1)/2, and 0 otherwise. An ECDSA signature is
// "low-S" when its s does not satisfy IsHigh.
func (s *Scalar) IsHigh() int {
	return s.val.IsHigh()
}

// Select sets s = a if cond == 1, and s = b if cond == 0, and returns s. The
// choice is made in constant time, in cond too. cond should be 0 or 1, as
// the results of the constant-time predicates; any other value counts as
// 1, so that no value of cond can mix a and b into an unreduced scalar.
func (s *Scalar) Select(a, b *Scalar, cond int) *Scalar {
	c := uint64(cond)
	s.val.Select(&a.val, &b.val, int((c|-c)>>63)) // 1 if cond ≠ 0
	return s
}

// Add sets s = x + y mod n, and returns s.
func (s *Scalar) Add(x, y *Scalar) *Scalar {
	s.val.Add(&x.val, &y.val)
	return s
}

// Subtract sets s = x − y mod n, and returns s.
func (s *Scalar) Subtract(x, y *Scalar) *Scalar {
	s.val.Subtract(&x.val, &y.val)
	return s
}

// Negate sets s = −x mod n, and returns s.
func (s *Scalar) Negate(x *Scalar) *Scalar {
	s.val.Negate(&x.val)
	return s
}

// Multiply sets s = x * y mod n, and returns s.
func (s *Scalar) Multiply(x, y *Scalar) *Scalar {
	s.val.Multiply(&x.val, &y.val)
	return s
}

// Square sets s = x * x mod n, and returns s.
func (s *Scalar) Square(x *Scalar) *Scalar {
	s.val.Square(&x.val)
	return s
}

// Invert sets s = 1/x mod n, and returns s. If x is 0, s is set to 0.
// Invert is constant time; varTimeInvert is faster for public inputs.
func (s *Scalar) Invert(x *Scalar) *Scalar {
	s.val.Invert(&x.val)
	return s
}

// VarTimeInvert sets s = 1/x mod n (0 maps to 0), and returns s. It is not
// constant time: use it only on public values, such as the s of a signature
// being verified.
func (s *Scalar) VarTimeInvert(x *Scalar) *Scalar {
	s.val.VarTimeInvert(&x.val)
	return s
}

// The encodings of Scalar for the standard library's interfaces
// (encoding.BinaryMarshaler, TextMarshaler and their inverses and Append
// forms; encoding/json writes a Scalar as a hex string) are for public
// scalars: tweaks, signature components, protocol messages. A Scalar that
// holds a secret is encoded only by an explicit call to Bytes. The Marshal
// and Append methods have value receivers, so that encoding/json finds them
// for fields of values that are not addressable (keys_encoding.go).

// MarshalBinary returns the 32-byte big-endian canonical encoding of s.
func (s Scalar) MarshalBinary() ([]byte, error) {
	return s.AppendBinary(make([]byte, 0, 32))
}

// AppendBinary appends the 32-byte big-endian canonical encoding of s to b.
func (s Scalar) AppendBinary(b []byte) ([]byte, error) {
	var out [32]byte
	s.val.PutBytes(&out)
	return append(b, out[:]...), nil
}

// UnmarshalBinary sets s to the value of the 32-byte canonical encoding b,
// as SetCanonicalBytes; it leaves s unchanged on error.
func (s *Scalar) UnmarshalBinary(b []byte) error {
	_, err := s.SetCanonicalBytes(b)
	return err
}

// MarshalText returns the canonical encoding of s in lower-case hex (64
// characters).
func (s Scalar) MarshalText() ([]byte, error) {
	return s.AppendText(make([]byte, 0, 64))
}

// AppendText appends the canonical encoding of s in lower-case hex to b.
func (s Scalar) AppendText(b []byte) ([]byte, error) {
	var out [32]byte
	s.val.PutBytes(&out)
	return hex.AppendEncode(b, out[:]), nil
}

// UnmarshalText sets s to the value of the 64 hex characters of text, a
// canonical encoding; it leaves s unchanged on error. Text that is not hex
// gives an error that matches ErrScalarLength.
func (s *Scalar) UnmarshalText(text []byte) error {
	var buf [32]byte
	b, err := hexenc.AppendDecode(buf[:0], text, len(buf), ErrScalarLength)
	if err != nil {
		return err
	}
	return s.UnmarshalBinary(b)
}
