package hash2curve

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The suite IDs of RFC 9380 §8.7, for building domain separation tags.
const (
	SuiteRO = "secp256k1_XMD:SHA-256_SSWU_RO_" // HashToCurve
	SuiteNU = "secp256k1_XMD:SHA-256_SSWU_NU_" // EncodeToCurve
)

// elementBytes is L, the number of bytes expand_message_xmd produces per
// field element or scalar: ceil((256 + k)/8) for the security level
// k = 128 (§5, §8.7).
const elementBytes = 48

// HashToCurve returns hash_to_curve(msg) of the suite
// secp256k1_XMD:SHA-256_SSWU_RO_ with domain separation tag dst: a point
// indistinguishable from uniformly random, for use as a random oracle. The
// only error is ErrEmptyDST. It runs in constant time in msg.
func HashToCurve(msg, dst []byte) (*secp256k1.Point, error) {
	var u [2]field.Element
	if err := hashToField(u[:], msg, dst); err != nil {
		return nil, err
	}
	return mapSum(&u), nil
}

// mapSum returns map_to_curve(u[0]) + map_to_curve(u[1]), by the complete
// constant-time addition (Q0 = Q1 and Q0 = −Q1 included).
func mapSum(u *[2]field.Element) *secp256k1.Point {
	var q0, q1 group.Jacobian
	q0.MapToCurve(&u[0])
	q1.MapToCurve(&u[1])
	q0.Add(&q0, &q1)
	return newPoint(&q0)
}

// EncodeToCurve returns encode_to_curve(msg) of the suite
// secp256k1_XMD:SHA-256_SSWU_NU_ with domain separation tag dst. Its output
// is not uniformly distributed (RFC 9380 §10.4): use HashToCurve unless the
// protocol says a non-uniform encoding is enough. The only error is
// ErrEmptyDST. It runs in constant time in msg.
func EncodeToCurve(msg, dst []byte) (*secp256k1.Point, error) {
	var u [1]field.Element
	if err := hashToField(u[:], msg, dst); err != nil {
		return nil, err
	}
	var q group.Jacobian
	q.MapToCurve(&u[0])
	return newPoint(&q), nil
}

// hashToField sets u to hash_to_field(msg, len(u)) over the base field
// (§5.2): each element is a 48-byte big-endian integer mod p. len(u) is 1
// or 2.
func hashToField(u []field.Element, msg, dst []byte) error {
	var d dstPrime
	if err := d.setDST(dst); err != nil {
		return err
	}
	var buf [2 * elementBytes]byte
	b := buf[:len(u)*elementBytes]
	expand(b, msg, d.bytes())
	for i := range u {
		setWideBytes(&u[i], (*[elementBytes]byte)(b[i*elementBytes:]))
	}
	return nil
}

// twoTo256 is 2²⁵⁶ mod p = 2³² + 977.
var twoTo256 = *new(field.Element).SetUint64(0x1000003D1)

// setWideBytes sets v = OS2IP(b) mod p for a 48-byte b, as hi·2²⁵⁶ + lo
// with hi the first 16 bytes and lo the last 32 (field.Element.SetBytes
// takes any 256-bit value).
func setWideBytes(v *field.Element, b *[elementBytes]byte) {
	var hi [32]byte
	copy(hi[16:], b[:16])
	var h, l field.Element
	h.SetBytes(&hi)
	l.SetBytes((*[32]byte)(b[16:]))
	h.Multiply(&h, &twoTo256)
	v.Add(&h, &l)
}

// newPoint returns p as a secp256k1.Point (the identity too, which
// hash_to_curve returns only when Q0 = −Q1: for no known message, finding
// one means inverting SHA-256). Constant time.
func newPoint(p *group.Jacobian) *secp256k1.Point {
	return door.NewPoint(p)
}
