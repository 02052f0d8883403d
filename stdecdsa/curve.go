package stdecdsa

import (
	"crypto/elliptic"
	"math/big"

	"github.com/kestrel-crypto/secp256k1"
)

// secp256k1's parameters (SEC 2, §2.4.1). The CurveParams that Params
// returns is shared with every caller, as crypto/elliptic's are; these
// private copies are what isSecp256k1 compares foreign curves with, so that
// a caller writing to that CurveParams cannot change which curves are
// recognised.
var (
	paramP  = bigFromHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F")
	paramN  = bigFromHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")
	paramB  = big.NewInt(7)
	paramGx = bigFromHex("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798")
	paramGy = bigFromHex("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8")
)

func bigFromHex(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("stdecdsa: internal error: invalid constant")
	}
	return x
}

// curve is the elliptic.Curve of secp256k1. Its only value is theCurve, so
// that Curve values compare equal with ==, as crypto/ecdsa's
// PublicKey.Equal requires.
type curve struct {
	params *elliptic.CurveParams
}

var theCurve = &curve{params: &elliptic.CurveParams{
	P:       new(big.Int).Set(paramP),
	N:       new(big.Int).Set(paramN),
	B:       new(big.Int).Set(paramB),
	Gx:      new(big.Int).Set(paramGx),
	Gy:      new(big.Int).Set(paramGy),
	BitSize: 256,
	Name:    "secp256k1",
}}

// S256 returns the secp256k1 curve as an elliptic.Curve, a compatibility shim
// for code written for crypto/ecdsa and go-ethereum's crypto.S256(). Every
// call returns the same value, so it can be compared with ==.
//
// Its arithmetic is Kestrel's: Add, Double, ScalarMult and ScalarBaseMult
// call Point's constant-time methods (no VarTime path), but the conversions
// from and to big.Int, and crypto/ecdsa's code for custom curves around them,
// are not constant time. Its invalid-input behaviour is crypto/elliptic's
// for P-256 (its nistec-backed curves):
//
//   - (0, 0) stands for the point at infinity: Add, Double and ScalarMult
//     accept it and return it, and IsOnCurve reports false for it.
//   - IsOnCurve reports false for nil, negative or oversized coordinates,
//     coordinates not less than p, and points not on the curve.
//   - Add, Double and ScalarMult panic if given such a point (the
//     elliptic.Curve interface has no error result; its documentation
//     leaves the behaviour undefined, and a panic is what crypto/elliptic's
//     own curves do). go-ethereum's crypto.S256() does not check, and
//     computes a meaningless result instead. Validate untrusted points with
//     IsOnCurve, FromECDSAPublicKey or secp256k1.ParsePublicKey first.
//   - A scalar of up to 32 bytes is taken modulo n; a longer one is first
//     reduced modulo n, as crypto/elliptic does. A multiple of n gives
//     (0, 0). (go-ethereum's cgo build returns (nil, nil) for 0 or a scalar
//     ≥ n and panics for one longer than 32 bytes.)
//   - Every result is a new pair of big.Ints, never an input.
//
// The value also has the methods Unmarshal and UnmarshalCompressed, which
// crypto/elliptic's Unmarshal and UnmarshalCompressed use instead of their
// generic code (whose UnmarshalCompressed computes y for a = −3 and fails
// for secp256k1): they accept exactly the 65-byte 0x04 and the 33-byte
// 0x02/0x03 SEC 1 encodings of points on the curve, and return (nil, nil)
// for anything else, the point at infinity included. With its method
// Marshal, which is elliptic.Marshal (it panics for a point not on the
// curve other than (0, 0)), it satisfies go-ethereum's crypto.EllipticCurve
// interface.
//
// Params returns secp256k1's parameters, with the Name "secp256k1". The
// methods of that *elliptic.CurveParams are crypto/elliptic's generic
// arithmetic for a = −3 curves, wrong for secp256k1 (a = 0): call the methods
// of S256(), never those of S256().Params().
//
// Go deprecates custom elliptic.Curve implementations, and crypto/ecdsa
// handles them with legacy math/big code (see the package documentation):
// new code should use Kestrel's keys and its ecdsa package directly.
func S256() elliptic.Curve {
	return theCurve
}

// Params returns secp256k1's parameters.
func (c *curve) Params() *elliptic.CurveParams {
	return c.params
}

// IsOnCurve reports whether (x, y) is a point of secp256k1, with coordinates
// in [0, p). The point at infinity (0, 0) is not on the curve.
func (c *curve) IsOnCurve(x, y *big.Int) bool {
	if x == nil || y == nil || x.Sign() == 0 && y.Sign() == 0 {
		return false
	}
	_, err := pointFromAffine(x, y)
	return err == nil
}

// Add returns the sum of (x1, y1) and (x2, y2). It panics if either is not
// on the curve and not (0, 0).
func (c *curve) Add(x1, y1, x2, y2 *big.Int) (x, y *big.Int) {
	p, err := pointFromAffine(x1, y1)
	if err != nil {
		panic("stdecdsa: Add was called on an invalid point")
	}
	q, err := pointFromAffine(x2, y2)
	if err != nil {
		panic("stdecdsa: Add was called on an invalid point")
	}
	return pointToAffine(p.Add(p, q))
}

// Double returns 2·(x1, y1). It panics if (x1, y1) is not on the curve and
// not (0, 0).
func (c *curve) Double(x1, y1 *big.Int) (x, y *big.Int) {
	p, err := pointFromAffine(x1, y1)
	if err != nil {
		panic("stdecdsa: Double was called on an invalid point")
	}
	return pointToAffine(p.Double(p))
}

// ScalarMult returns k·(x1, y1), where k is a big-endian integer of any
// length. It panics if (x1, y1) is not on the curve and not (0, 0).
func (c *curve) ScalarMult(x1, y1 *big.Int, k []byte) (x, y *big.Int) {
	p, err := pointFromAffine(x1, y1)
	if err != nil {
		panic("stdecdsa: ScalarMult was called on an invalid point")
	}
	s := reduceScalar(k)
	return pointToAffine(p.ScalarMult(s, p))
}

// ScalarBaseMult returns k·G, where k is a big-endian integer of any length.
func (c *curve) ScalarBaseMult(k []byte) (x, y *big.Int) {
	s := reduceScalar(k)
	return pointToAffine(new(secp256k1.Point).ScalarBaseMult(s))
}

// Marshal returns the 65-byte uncompressed SEC 1 encoding of (x, y), as
// elliptic.Marshal does: it panics if the point is not on the curve and not
// (0, 0), which it encodes as 0x04 and 64 zero bytes.
func (c *curve) Marshal(x, y *big.Int) []byte {
	if x == nil || y == nil || !(x.Sign() == 0 && y.Sign() == 0) && !c.IsOnCurve(x, y) {
		panic("stdecdsa: Marshal was called on an invalid point")
	}
	out := make([]byte, 65)
	out[0] = 4
	x.FillBytes(out[1:33])
	y.FillBytes(out[33:65])
	return out
}

// Unmarshal returns the point of a 65-byte uncompressed SEC 1 encoding
// (prefix 0x04) of a point on the curve, and (nil, nil) for any other input.
func (c *curve) Unmarshal(data []byte) (x, y *big.Int) {
	if len(data) != 65 || data[0] != 4 {
		return nil, nil
	}
	if _, err := new(secp256k1.Point).SetBytes(data); err != nil {
		return nil, nil
	}
	return new(big.Int).SetBytes(data[1:33]), new(big.Int).SetBytes(data[33:65])
}

// UnmarshalCompressed returns the point of a 33-byte compressed SEC 1
// encoding (prefix 0x02 or 0x03) of a point on the curve, and (nil, nil) for
// any other input.
func (c *curve) UnmarshalCompressed(data []byte) (x, y *big.Int) {
	if len(data) != 33 || data[0] != 2 && data[0] != 3 {
		return nil, nil
	}
	p, err := new(secp256k1.Point).SetBytes(data)
	if err != nil {
		return nil, nil
	}
	return pointToAffine(p)
}

// pointFromAffine returns the Point (x, y): the identity for (0, 0), as
// crypto/elliptic's convention has it. The error is
// secp256k1.ErrPointEncoding for a coordinate that is nil, negative, or not
// less than p, and secp256k1.ErrPointNotOnCurve for a point not on the curve.
func pointFromAffine(x, y *big.Int) (*secp256k1.Point, error) {
	if x == nil || y == nil || x.Sign() < 0 || y.Sign() < 0 || x.BitLen() > 256 || y.BitLen() > 256 {
		return nil, secp256k1.ErrPointEncoding
	}
	if x.Sign() == 0 && y.Sign() == 0 {
		return secp256k1.NewIdentityPoint(), nil
	}
	var enc [65]byte
	enc[0] = 4
	x.FillBytes(enc[1:33])
	y.FillBytes(enc[33:65])
	return new(secp256k1.Point).SetBytes(enc[:])
}

// pointToAffine returns p's affine coordinates as new big.Ints, and (0, 0)
// for the identity.
func pointToAffine(p *secp256k1.Point) (x, y *big.Int) {
	b := p.Bytes()
	if len(b) == 1 {
		return new(big.Int), new(big.Int)
	}
	return new(big.Int).SetBytes(b[1:33]), new(big.Int).SetBytes(b[33:65])
}

// reduceScalar returns k mod n for the big-endian integer k. Up to 32 bytes,
// the reduction is constant time in k's value (its length shows).
func reduceScalar(k []byte) *secp256k1.Scalar {
	var b [32]byte
	defer clear(b[:])
	if len(k) > 32 {
		r := new(big.Int).SetBytes(k)
		r.Mod(r, paramN)
		r.FillBytes(b[:])
	} else {
		copy(b[32-len(k):], k)
	}
	s, _ := new(secp256k1.Scalar).SetReducedBytes(b[:]) // 32 bytes: no error
	return s
}
