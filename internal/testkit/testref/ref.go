// Package testref is an independent, deliberately naive reference
// implementation of secp256k1 in math/big, for tests only: textbook affine
// formulas with an explicit identity, nothing shared with the code under
// test. It is slow and not constant time; never use it outside tests.
//
// It also holds the test inputs and helpers that the tests of several
// packages share: scalar edge values and the GLV split's edge cases
// (scalar.go), fuzz seeds (edges.go), seeded quick.Check configurations and
// aliasing properties (quick.go), seeded generators and random bytes
// (rand.go), and the decoding of hex, CSV and JSON test data (hex.go,
// csv.go, json.go).
package testref

import "math/big"

var (
	// P is the field prime 2²⁵⁶ − 2³² − 977.
	P, _ = new(big.Int).SetString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", 16)
	// N is the group order.
	N, _ = new(big.Int).SetString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16)
	// G is the generator.
	G = Point{
		X: BigHex("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798"),
		Y: BigHex("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8"),
	}
)

// Point is an affine point, or the identity when Inf is set.
type Point struct {
	X, Y *big.Int
	Inf  bool
}

// Identity returns the identity.
func Identity() Point { return Point{Inf: true} }

func mod(x *big.Int) *big.Int { return x.Mod(x, P) }

// IsOnCurve reports whether p is the identity or satisfies y² = x³ + 7.
func IsOnCurve(p Point) bool {
	if p.Inf {
		return true
	}
	y2 := mod(new(big.Int).Mul(p.Y, p.Y))
	x3 := new(big.Int).Mul(p.X, p.X)
	x3.Mul(x3, p.X)
	x3.Add(x3, big.NewInt(7))
	return y2.Cmp(mod(x3)) == 0
}

// Equal reports whether p and q are the same point.
func Equal(p, q Point) bool {
	if p.Inf || q.Inf {
		return p.Inf == q.Inf
	}
	return p.X.Cmp(q.X) == 0 && p.Y.Cmp(q.Y) == 0
}

// Neg returns −p.
func Neg(p Point) Point {
	if p.Inf {
		return p
	}
	return Point{X: new(big.Int).Set(p.X), Y: mod(new(big.Int).Neg(p.Y))}
}

// Add returns p + q by the textbook chord-and-tangent rule.
func Add(p, q Point) Point {
	switch {
	case p.Inf:
		return q
	case q.Inf:
		return p
	}
	var lambda *big.Int
	if p.X.Cmp(q.X) == 0 {
		if mod(new(big.Int).Add(p.Y, q.Y)).Sign() == 0 {
			return Identity()
		}
		// Tangent: λ = 3x² / 2y.
		num := new(big.Int).Mul(p.X, p.X)
		num.Mul(num, big.NewInt(3))
		den := new(big.Int).Lsh(p.Y, 1)
		lambda = mod(num.Mul(num, new(big.Int).ModInverse(mod(den), P)))
	} else {
		num := new(big.Int).Sub(q.Y, p.Y)
		den := mod(new(big.Int).Sub(q.X, p.X))
		lambda = mod(num.Mul(num, new(big.Int).ModInverse(den, P)))
	}
	x := new(big.Int).Mul(lambda, lambda)
	x.Sub(x, p.X)
	x.Sub(x, q.X)
	mod(x)
	y := new(big.Int).Sub(p.X, x)
	y.Mul(y, lambda)
	y.Sub(y, p.Y)
	return Point{X: x, Y: mod(y)}
}

// Double returns 2·p.
func Double(p Point) Point { return Add(p, p) }

// ScalarMult returns k·p for any integer k (reduced mod N first), by
// double-and-add.
func ScalarMult(k *big.Int, p Point) Point {
	e := new(big.Int).Mod(k, N)
	r := Identity()
	for i := e.BitLen() - 1; i >= 0; i-- {
		r = Double(r)
		if e.Bit(i) == 1 {
			r = Add(r, p)
		}
	}
	return r
}

// Lift returns the point with x coordinate x and the y of parity odd (0 or
// 1), or false if there is none (x ≥ P or x³ + 7 not a square).
func Lift(x *big.Int, odd uint) (Point, bool) {
	if x.Sign() < 0 || x.Cmp(P) >= 0 {
		return Point{}, false
	}
	rhs := new(big.Int).Mul(x, x)
	rhs.Mul(rhs, x)
	rhs.Add(rhs, big.NewInt(7))
	mod(rhs)
	y := new(big.Int).ModSqrt(rhs, P)
	if y == nil {
		return Point{}, false
	}
	if y.Bit(0) != odd {
		y.Sub(P, y)
	}
	return Point{X: new(big.Int).Set(x), Y: y}, true
}

// Decompress returns the point whose 33-byte compressed SEC 1 encoding is
// b, or false if b is not one (wrong length, a prefix other than 0x02 or
// 0x03, x ≥ P, or no point with that x).
func Decompress(b []byte) (Point, bool) {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return Point{}, false
	}
	return Lift(new(big.Int).SetBytes(b[1:]), uint(b[0]&1))
}

// Compressed returns the 33-byte SEC 1 encoding of p (or {0} for the identity).
func Compressed(p Point) []byte {
	if p.Inf {
		return []byte{0}
	}
	out := make([]byte, 33)
	out[0] = 2 | byte(p.Y.Bit(0))
	p.X.FillBytes(out[1:])
	return out
}

// Uncompressed returns the 65-byte SEC 1 encoding of p (or {0} for the
// identity).
func Uncompressed(p Point) []byte {
	if p.Inf {
		return []byte{0}
	}
	out := make([]byte, 65)
	out[0] = 4
	p.X.FillBytes(out[1:33])
	p.Y.FillBytes(out[33:])
	return out
}
