// Package hook lets the module's protocol packages call engines of the root
// package that its public API does not export: the root package sets these
// variables in its init, which runs before any package that imports it, so
// they are never nil for such a package. Scalars cross as 32-byte big-endian
// encodings below n, since this package cannot name the root package's
// types; arguments and results pass by value, because pointers passed to a
// function variable escape to the heap.
package hook

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

var (
	// XOnlyScalarMult returns the x coordinate of k·P for either point P
	// with x coordinate xP, in constant time, without lifting xP to a point
	// (no square root). xP must be the x coordinate of a point, and k a
	// canonical nonzero scalar.
	XOnlyScalarMult func(xP field.Element, k [32]byte) field.Element

	// ScalarBaseMult returns k·G in constant time, in Jacobian coordinates
	// (no inversion), for a canonical scalar k.
	ScalarBaseMult func(k [32]byte) group.Jacobian
)
