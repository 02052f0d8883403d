// The fields X, Y and D of crypto/ecdsa's keys are deprecated since Go 1.26,
// but they are the only representation crypto/ecdsa has for a key on a
// custom curve, and what go-ethereum's code reads and writes.
//
//lint:file-ignore SA1019 X, Y and D are the whole of a crypto/ecdsa key on a custom curve

package stdecdsa

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"errors"
	"math/big"
	"reflect"

	"github.com/kestrel-crypto/secp256k1"
)

var (
	// ErrIncompleteKey is returned for a nil *ecdsa.PrivateKey or
	// *ecdsa.PublicKey, or one whose Curve, X, Y or D is nil (the zero
	// value of either type among them).
	ErrIncompleteKey = errors.New("stdecdsa: key is nil or has a nil Curve, X, Y or D")

	// ErrCurve is returned for a key on a curve other than secp256k1, such
	// as elliptic.P256().
	ErrCurve = errors.New("stdecdsa: curve is not secp256k1")

	// ErrKeyMismatch is returned for an *ecdsa.PrivateKey whose public key
	// (X, Y) is not D·G.
	ErrKeyMismatch = errors.New("stdecdsa: public key does not match the private key")
)

// ToECDSA returns k as a crypto/ecdsa private key on S256(), such as
// go-ethereum's crypto.ToECDSA returns, or secp256k1.ErrUninitialized if k is
// nil or the zero value of PrivateKey. The result shares no memory with k.
//
// go-ethereum's crypto.Sign, when built without cgo, compares the key's Curve
// with its own crypto.S256() and rejects S256(); so does the parameter lookup
// of its crypto/ecies. Setting the result's Curve to crypto.S256() makes the
// key theirs: X, Y and D do not depend on which of the two curves is named.
func ToECDSA(k *secp256k1.PrivateKey) (*ecdsa.PrivateKey, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	pub, err := ToECDSAPublicKey(k.PublicKey())
	if err != nil {
		return nil, err
	}
	d := k.Bytes()
	defer clear(d)
	return &ecdsa.PrivateKey{PublicKey: *pub, D: new(big.Int).SetBytes(d)}, nil
}

// ToECDSAPublicKey returns p as a crypto/ecdsa public key on S256(), or
// secp256k1.ErrUninitialized if p is nil or the zero value of PublicKey.
func ToECDSAPublicKey(p *secp256k1.PublicKey) (*ecdsa.PublicKey, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	b := p.BytesUncompressed()
	return &ecdsa.PublicKey{
		Curve: theCurve,
		X:     new(big.Int).SetBytes(b[1:33]),
		Y:     new(big.Int).SetBytes(b[33:65]),
	}, nil
}

// FromECDSA returns the Kestrel private key of k, a crypto/ecdsa private key
// on secp256k1, after checking all of it: its Curve must be secp256k1 (see
// FromECDSAPublicKey), D must be in [1, n−1], and (X, Y) must be D·G. It
// never panics; the errors are ErrIncompleteKey, ErrCurve,
// secp256k1.ErrPrivateKey for D out of range, FromECDSAPublicKey's errors
// for (X, Y), and ErrKeyMismatch. The result shares no memory with k.
//
// D goes through math/big, which is not constant time; the rest of the
// conversion is.
func FromECDSA(k *ecdsa.PrivateKey) (*secp256k1.PrivateKey, error) {
	if k == nil || k.D == nil {
		return nil, ErrIncompleteKey
	}
	pub, err := FromECDSAPublicKey(&k.PublicKey)
	if err != nil {
		return nil, err
	}
	d := k.D
	if d.Sign() <= 0 || d.Cmp(paramN) >= 0 {
		return nil, secp256k1.ErrPrivateKey
	}
	var b [32]byte
	defer clear(b[:])
	d.FillBytes(b[:])
	priv, err := secp256k1.NewPrivateKey(b[:])
	if err != nil {
		return nil, err // unreachable: 0 < D < n
	}
	if !priv.PublicKey().Equal(pub) {
		priv.Zero()
		return nil, ErrKeyMismatch
	}
	return priv, nil
}

// FromECDSAPublicKey returns the Kestrel public key of p, a crypto/ecdsa
// public key on secp256k1. It never panics; the errors are
// ErrIncompleteKey, ErrCurve, secp256k1.ErrPointEncoding for a coordinate
// that is negative or not less than p, secp256k1.ErrPointNotOnCurve, and
// secp256k1.ErrIdentity for (0, 0), the point at infinity of elliptic.Curve.
//
// A Curve is secp256k1 if it is S256(), or if its Params have secp256k1's
// P, N, B, Gx, Gy and a BitSize of 256 (the Name is not compared): so
// go-ethereum's crypto.S256(), with or without cgo, and decred's S256() are
// accepted. Only the Curve's Params method is called; the key is checked
// with Kestrel's arithmetic, never the Curve's.
func FromECDSAPublicKey(p *ecdsa.PublicKey) (*secp256k1.PublicKey, error) {
	if p == nil || isNil(p.Curve) || p.X == nil || p.Y == nil {
		return nil, ErrIncompleteKey
	}
	if !isSecp256k1(p.Curve) {
		return nil, ErrCurve
	}
	pt, err := pointFromAffine(p.X, p.Y)
	if err != nil {
		return nil, err
	}
	return secp256k1.NewPublicKey(pt) // ErrIdentity for (0, 0)
}

// isNil reports whether c is nil or holds a nil pointer (or other nil
// value), on which its Params method could panic.
func isNil(c elliptic.Curve) bool {
	if c == nil {
		return true
	}
	switch v := reflect.ValueOf(c); v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return v.IsNil()
	}
	return false
}

// isSecp256k1 reports whether c is S256() or has its parameters.
func isSecp256k1(c elliptic.Curve) bool {
	if c == elliptic.Curve(theCurve) {
		return true
	}
	p := c.Params()
	return p != nil && p.BitSize == 256 &&
		bigEqual(p.P, paramP) && bigEqual(p.N, paramN) && bigEqual(p.B, paramB) &&
		bigEqual(p.Gx, paramGx) && bigEqual(p.Gy, paramGy)
}

// bigEqual reports whether a is not nil and equals b.
func bigEqual(a, b *big.Int) bool {
	return a != nil && a.Cmp(b) == 0
}
