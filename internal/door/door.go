// Package door is the one place where the public values of package
// secp256k1 (Scalar, Point, PrivateKey, PublicKey) meet the engines'
// internal forms (internal/scalar's Scalar, internal/group's Jacobian and
// Affine). Protocol packages take public values from their callers, convert
// them here once, compute in the engine's types, and convert the results
// back here: no protocol encodes a value to bytes in order to parse it again.
//
// Each public type holds exactly the internal value and nothing else
// (Scalar a scalar.Scalar, PrivateKey a Scalar, Point a group.Jacobian,
// PublicKey the two coordinates of a group.Affine), so a conversion is a
// pointer conversion between types of the same memory layout (rule 1 of
// package unsafe), checked at compile time for the sizes and by
// TestLayout for every field's type and offset. The conversions copy: a
// caller's value is never written through a view.
//
// The zero-value rules of package secp256k1 hold here too: a nil or zero
// PrivateKey or PublicKey gives secp256k1.ErrUninitialized, a nil or zero
// Point panics as the root package's methods do.
package door

import (
	"unsafe"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/debug"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// The sizes agree, or this does not compile (a negative difference
// overflows uintptr, a positive one indexes past the array).
var (
	_ = [1]struct{}{}[unsafe.Sizeof(secp256k1.Scalar{})-unsafe.Sizeof(scalar.Scalar{})]
	_ = [1]struct{}{}[unsafe.Sizeof(secp256k1.PrivateKey{})-unsafe.Sizeof(scalar.Scalar{})]
	_ = [1]struct{}{}[unsafe.Sizeof(secp256k1.Point{})-unsafe.Sizeof(group.Jacobian{})]
	_ = [1]struct{}{}[unsafe.Sizeof(secp256k1.PublicKey{})-unsafe.Sizeof(group.Affine{})]
)

// Scalar returns the value of s. s must not be nil. Constant time.
func Scalar(s *secp256k1.Scalar) scalar.Scalar {
	return *(*scalar.Scalar)(unsafe.Pointer(s))
}

// SetScalar sets dst to t and returns dst. Constant time.
func SetScalar(dst *secp256k1.Scalar, t *scalar.Scalar) *secp256k1.Scalar {
	*(*scalar.Scalar)(unsafe.Pointer(dst)) = *t
	return dst
}

// NewScalar returns a new Scalar with value t. Constant time.
func NewScalar(t *scalar.Scalar) *secp256k1.Scalar {
	return SetScalar(new(secp256k1.Scalar), t)
}

// PrivateKey returns the value of k, in [1, n−1], or
// secp256k1.ErrUninitialized if k is nil or the zero value (which is not a
// secret: no key is 0). Constant time in the key's value.
func PrivateKey(k *secp256k1.PrivateKey) (scalar.Scalar, error) {
	if k == nil {
		return scalar.Scalar{}, secp256k1.ErrUninitialized
	}
	s := *(*scalar.Scalar)(unsafe.Pointer(k))
	if s.IsZero() == 1 {
		return scalar.Scalar{}, secp256k1.ErrUninitialized
	}
	return s, nil
}

// NewPrivateKey returns the private key with value t, or
// secp256k1.ErrPrivateKey if t is 0. Constant time in t's value.
func NewPrivateKey(t *scalar.Scalar) (*secp256k1.PrivateKey, error) {
	if t.IsZero() == 1 {
		return nil, secp256k1.ErrPrivateKey
	}
	k := new(secp256k1.PrivateKey)
	*(*scalar.Scalar)(unsafe.Pointer(k)) = *t
	return k, nil
}

// PublicKey returns the point of p, or secp256k1.ErrUninitialized if p is
// nil or the zero value.
func PublicKey(p *secp256k1.PublicKey) (group.Affine, error) {
	if p == nil {
		return group.Affine{}, secp256k1.ErrUninitialized
	}
	a := *(*group.Affine)(unsafe.Pointer(p))
	if a.Y.IsZero() == 1 {
		return group.Affine{}, secp256k1.ErrUninitialized
	}
	return a, nil
}

// MustPublicKey is PublicKey for a key its caller has already checked: a
// nil or zero p panics, as the root package's methods do, rather than
// giving a point to compute with.
func MustPublicKey(p *secp256k1.PublicKey) group.Affine {
	a, err := PublicKey(p)
	if err != nil {
		panic("secp256k1: use of an uninitialized PublicKey")
	}
	return a
}

// NewPublicKey returns the public key of the point a, which must be a valid
// point (as every Affine the engines return is; the zero Affine is not and
// panics), with its coordinates canonical as the root package keeps them.
// Constant time.
func NewPublicKey(a *group.Affine) *secp256k1.PublicKey {
	if a.Y.IsZero() == 1 {
		panic("door: NewPublicKey of the zero Affine")
	}
	if debug.Enabled {
		debug.Assert(a.IsOnCurve() == 1, "door: NewPublicKey of a point off the curve")
	}
	var c group.Affine
	c.X.Normalize(&a.X)
	c.Y.Normalize(&a.Y)
	p := new(secp256k1.PublicKey)
	*(*group.Affine)(unsafe.Pointer(p)) = c
	return p
}

// Point returns the Jacobian coordinates of p, with the identity as
// (0, 1, 0). It panics if p is nil or the zero value, as the root package's
// methods do.
func Point(p *secp256k1.Point) group.Jacobian {
	if p == nil {
		panic("secp256k1: use of an uninitialized Point")
	}
	j := *(*group.Jacobian)(unsafe.Pointer(p))
	if j.X.IsZero()&j.Y.IsZero()&j.Z.IsZero() == 1 {
		panic("secp256k1: use of an uninitialized Point")
	}
	return j
}

// SetPoint sets dst to j, with the identity normalised to (0, 1, 0) as the
// root package keeps it, and returns dst. Constant time.
func SetPoint(dst *secp256k1.Point, j *group.Jacobian) *secp256k1.Point {
	var zero, one field.Element
	one.One()
	inf := j.IsIdentity()
	var v group.Jacobian
	v.X.Select(&zero, &j.X, inf)
	v.Y.Select(&one, &j.Y, inf)
	v.Z = j.Z
	*(*group.Jacobian)(unsafe.Pointer(dst)) = v
	return dst
}

// NewPoint returns a new Point set to j. Constant time.
func NewPoint(j *group.Jacobian) *secp256k1.Point {
	return SetPoint(new(secp256k1.Point), j)
}

// NewAffinePoint returns a new Point set to the affine point a. Constant
// time.
func NewAffinePoint(a *group.Affine) *secp256k1.Point {
	var j group.Jacobian
	j.SetAffine(a)
	return SetPoint(new(secp256k1.Point), &j)
}
