package secp256k1

import (
	"crypto"
	"crypto/rand"
	"errors"
	"fmt"
	"io"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

var (
	// ErrPrivateKey is returned for a private key encoding that is not 32
	// bytes or whose value is 0 or not less than n.
	ErrPrivateKey = errors.New("secp256k1: invalid private key")

	// ErrUninitialized is returned, by every function with an error result,
	// for the zero value of a key type (a new(PrivateKey), an unset field, a
	// wiped key): it is not a key, and nothing computes with it as if it
	// were 0 or the point (0, 0). Functions without an error result panic
	// instead, with a message naming the type. The Marshal methods of Point
	// return it for the zero Point too.
	ErrUninitialized = errors.New("secp256k1: uninitialized key (the zero value of its type)")
)

// PrivateKey is a secp256k1 private key: a scalar in [1, n−1]. The zero value
// is not a valid key; use GeneratePrivateKey or NewPrivateKey. Functions
// given a zero PrivateKey return ErrUninitialized or, without an error
// result, panic. Formatting one with fmt prints no secret material.
type PrivateKey struct {
	s Scalar // in [1, n−1]; 0 only in the zero value (or after Zero)
}

// PublicKey is a secp256k1 public key: a point that is never the identity.
// The zero value is not a valid key; use ParsePublicKey or
// PrivateKey.PublicKey. Functions given a zero PublicKey return
// ErrUninitialized or, without an error result, panic.
type PublicKey struct {
	// x and y are the canonical affine coordinates. y ≠ 0 for every key
	// (secp256k1 has no point of order 2), so y = 0 marks the zero value.
	x, y field.Element
}

// Validate returns ErrUninitialized if k is nil or the zero value of
// PrivateKey, and nil otherwise: every other PrivateKey holds a valid key. Whether a key
// is the zero value is not a secret (no valid key is), so Validate and the
// checks of the other methods branch on it.
func (k *PrivateKey) Validate() error {
	if k == nil || k.s.IsZero() == 1 {
		return ErrUninitialized
	}
	return nil
}

// mustValid panics if k is the zero value: for the methods without an error
// result.
func (k *PrivateKey) mustValid() {
	if k == nil || k.s.IsZero() == 1 {
		panic("secp256k1: use of an uninitialized PrivateKey")
	}
}

// Validate returns ErrUninitialized if p is nil or the zero value of
// PublicKey, and nil otherwise: every other PublicKey holds a valid key.
func (p *PublicKey) Validate() error {
	if p == nil || p.y.IsZero() == 1 {
		return ErrUninitialized
	}
	return nil
}

// mustValid panics if p is the zero value: for the methods without an error
// result.
func (p *PublicKey) mustValid() {
	if p == nil || p.y.IsZero() == 1 {
		panic("secp256k1: use of an uninitialized PublicKey")
	}
}

// GeneratePrivateKey returns a new private key drawn uniformly from
// [1, n−1] with crypto/rand (rejection sampling).
func GeneratePrivateKey() (*PrivateKey, error) {
	return generatePrivateKey(rand.Reader)
}

func generatePrivateKey(r io.Reader) (*PrivateKey, error) {
	var b [32]byte
	for {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, err
		}
		if k, err := NewPrivateKey(b[:]); err == nil {
			clear(b[:])
			return k, nil
		}
	}
}

// NewPrivateKey returns the private key with the 32-byte big-endian value b,
// or ErrPrivateKey if b is not 32 bytes (wrapped with both lengths) or its
// value is 0 or ≥ n. It takes time independent of the value of b.
func NewPrivateKey(b []byte) (*PrivateKey, error) {
	if len(b) != 32 {
		return nil, lengthError(ErrPrivateKey, "32", len(b))
	}
	k := new(PrivateKey)
	if _, err := k.s.SetCanonicalBytes(b); err != nil || k.s.IsZero() == 1 {
		return nil, ErrPrivateKey
	}
	return k, nil
}

// NewPrivateKeyFromScalar returns the private key with value s, or
// ErrPrivateKey if s is 0 or nil.
func NewPrivateKeyFromScalar(s *Scalar) (*PrivateKey, error) {
	if s == nil || s.IsZero() == 1 {
		return nil, ErrPrivateKey
	}
	k := new(PrivateKey)
	k.s.Set(s)
	return k, nil
}

// Bytes returns the 32-byte big-endian encoding of k.
func (k *PrivateKey) Bytes() []byte {
	// A wrapper, so that it can be inlined and out, when it does not
	// escape, can live on the caller's stack.
	var out [32]byte
	return k.bytes(&out)
}

func (k *PrivateKey) bytes(out *[32]byte) []byte {
	k.mustValid()
	k.s.val.PutBytes(out)
	return out[:]
}

// Scalar returns a copy of k's value.
func (k *PrivateKey) Scalar() *Scalar {
	// A wrapper, so that it can be inlined and the copy, when it does not
	// escape, can live on the caller's stack.
	s := new(Scalar)
	k.scalar(s)
	return s
}

func (k *PrivateKey) scalar(s *Scalar) {
	k.mustValid()
	s.Set(&k.s)
}

// Equal reports whether k and x are the same key, in constant time: x must
// be a *PrivateKey (any other type is not equal), as for the private keys of
// crypto/ecdsa and crypto/ed25519. It panics if k or x is the zero
// PrivateKey.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	k.mustValid()
	j, ok := x.(*PrivateKey)
	if !ok {
		return false
	}
	j.mustValid()
	return k.s.Equal(&j.s) == 1
}

// Public returns k's public key as a crypto.PublicKey (a *PublicKey), as
// crypto.Signer and the standard library's private keys do.
func (k *PrivateKey) Public() crypto.PublicKey {
	return k.PublicKey()
}

// PublicKey returns the public key k·G.
func (k *PrivateKey) PublicKey() *PublicKey {
	k.mustValid()
	var p Point
	p.ScalarBaseMult(&k.s)
	pub := new(PublicKey)
	pub.x, pub.y, _ = p.affine() // k ≠ 0 mod n, so k·G is not the identity
	return pub
}

// ParsePublicKey parses a SEC 1 public key: 33 bytes (compressed) or 65
// bytes (uncompressed, or hybrid 0x06/0x07 accepted as libsecp256k1 does).
// The identity is not a public key. An encoding of another length or with
// another prefix gives an error wrapping ErrPointEncoding that says which
// ("want 33 or 65 bytes, got 2"); coordinates not less than p give
// ErrPointEncoding, and a point off the curve ErrPointNotOnCurve.
func ParsePublicKey(b []byte) (*PublicKey, error) {
	var a group.Affine
	if err := decodeAffine(&a, b); err != nil {
		return nil, err
	}
	return &PublicKey{x: a.X, y: a.Y}, nil
}

// NewPublicKey returns the public key for the point p, or ErrIdentity if p is
// the identity.
func NewPublicKey(p *Point) (*PublicKey, error) {
	checkInitialized(p)
	x, y, ok := p.affine()
	if ok == 0 {
		return nil, ErrIdentity
	}
	return &PublicKey{x: x, y: y}, nil
}

// NewPublicKeys returns the public keys for the points, as NewPublicKey
// does one by one, with one field inversion for all of them (Montgomery's
// trick: three multiplications per point instead of an inversion each),
// for code that makes many keys at once (BIP-32 derivation of a range of
// children, key generation in bulk). It returns an error wrapping
// ErrIdentity, naming its index, if a point is the identity. Constant time
// in the points' coordinates: the points may come from secret scalars.
func NewPublicKeys(points []*Point) ([]*PublicKey, error) {
	checkInitialized(points...)
	n := len(points)
	for i, p := range points {
		if p.p.IsIdentity() == 1 {
			return nil, fmt.Errorf("%w: point %d", ErrIdentity, i)
		}
	}
	in := make([]group.Jacobian, n)
	out := make([]group.Affine, n)
	scratch := make([]field.Element, n)
	for i, p := range points {
		in[i] = p.p
	}
	group.BatchSetJacobian(out, in, scratch)
	keys := make([]PublicKey, n)
	ptrs := make([]*PublicKey, n)
	for i := range keys {
		keys[i].x.Normalize(&out[i].X)
		keys[i].y.Normalize(&out[i].Y)
		ptrs[i] = &keys[i]
	}
	clear(in)
	clear(scratch)
	return ptrs, nil
}

// BytesCompressed returns the 33-byte compressed SEC 1 encoding of p.
func (p *PublicKey) BytesCompressed() []byte {
	var out [33]byte
	return p.bytesCompressed(&out)
}

func (p *PublicKey) bytesCompressed(out *[33]byte) []byte {
	p.mustValid()
	out[0] = 2 | byte(p.y.IsOdd())
	p.x.PutBytes((*[32]byte)(out[1:33]))
	return out[:]
}

// BytesUncompressed returns the 65-byte uncompressed SEC 1 encoding of p.
func (p *PublicKey) BytesUncompressed() []byte {
	var out [65]byte
	return p.bytesUncompressed(&out)
}

func (p *PublicKey) bytesUncompressed(out *[65]byte) []byte {
	p.mustValid()
	out[0] = 4
	p.x.PutBytes((*[32]byte)(out[1:33]))
	p.y.PutBytes((*[32]byte)(out[33:65]))
	return out[:]
}

// Point returns a copy of p as a Point.
func (p *PublicKey) Point() *Point {
	// A wrapper, so that it can be inlined and v, when it does not escape,
	// can live on the caller's stack.
	v := new(Point)
	p.point(v)
	return v
}

func (p *PublicKey) point(v *Point) {
	p.mustValid()
	v.p.SetAffine(&group.Affine{X: p.x, Y: p.y})
}

// Equal reports whether p and x are the same key: x must be a *PublicKey
// (any other type is not equal), as for the public keys of crypto/ecdsa,
// crypto/ed25519 and crypto/ecdh. It panics if p or x is the zero
// PublicKey.
func (p *PublicKey) Equal(x crypto.PublicKey) bool {
	p.mustValid()
	q, ok := x.(*PublicKey)
	if !ok {
		return false
	}
	q.mustValid()
	return p.x.Equal(&q.x)&p.y.Equal(&q.y) == 1
}
