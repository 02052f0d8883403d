package rfc9591

import (
	"bytes"

	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// ScalarSize is the length of an encoded scalar (SerializeScalar): an
// identifier, a secret share or a signature share.
const ScalarSize = 32

// Identifier is a participant identifier: a nonzero scalar, encoded as 32
// big-endian bytes (the RFC's SerializeScalar). The RFC's participants
// use 1..n. The zero value is not an identifier; the functions that take
// one return ErrIdentifier for it.
type Identifier struct {
	b [ScalarSize]byte // canonical encoding, value < n; all zero in the zero value
}

// NewIdentifier returns the identifier with the integer value i, or
// ErrIdentifier if i is zero.
func NewIdentifier(i uint64) (Identifier, error) {
	if i == 0 {
		return Identifier{}, ErrIdentifier
	}
	var s scalar.Scalar
	s.SetUint64(i)
	var id Identifier
	s.PutBytes(&id.b)
	return id, nil
}

// ParseIdentifier returns the identifier encoded in b, or ErrIdentifier if
// b is not 32 bytes of a nonzero scalar less than n.
func ParseIdentifier(b []byte) (Identifier, error) {
	if len(b) != ScalarSize {
		return Identifier{}, ErrIdentifier
	}
	id := Identifier{b: [ScalarSize]byte(b)}
	if _, ok := id.scalar(); !ok {
		return Identifier{}, ErrIdentifier
	}
	return id, nil
}

// Bytes returns the 32-byte encoding of id.
func (id Identifier) Bytes() []byte {
	out := id.b
	return out[:]
}

// Compare returns −1, 0 or +1 as id is less than, equal to or greater
// than other as integers: the order of a commitment list.
func (id Identifier) Compare(other Identifier) int {
	return bytes.Compare(id.b[:], other.b[:])
}

// scalar returns id as a scalar, and false if it is zero or not less
// than n.
func (id *Identifier) scalar() (scalar.Scalar, bool) {
	var s scalar.Scalar
	if _, err := s.SetCanonicalBytes(&id.b); err != nil || s.IsZero() == 1 {
		return scalar.Scalar{}, false
	}
	return s, true
}
