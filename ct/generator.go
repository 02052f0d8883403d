package ct

import (
	"crypto/subtle"
	"encoding/hex"
	"fmt"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// GeneratorSize is the length of an encoded Generator.
const GeneratorSize = 33

// Generator is an asset generator: a curve point other than the identity,
// zkp's secp256k1_generator. The zero value is not valid: every function
// that takes one returns ErrZeroGenerator (VerifyTally and the surjection
// verifier report false). A Generator is immutable once made.
type Generator struct {
	p  group.Affine
	ok bool
}

// generatorH is zkp's secp256k1_generator_h: the point whose x is the
// SHA-256 of the uncompressed encoding of G, with the y that is not a
// square (sage's lift_x choice).
var generatorH = Generator{
	p: group.Affine{
		X: mustElement("50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0"),
		Y: mustElement("31d3c6863973926e049e637cb1b5f40a36dac28af1766968c30c2313f3a38904"),
	},
	ok: true,
}

// GeneratorH returns zkp's secp256k1_generator_h, the value generator of
// Pedersen commitments to amounts of a single asset: lift_x(SHA-256(04 ‖ Gx
// ‖ Gy)), with the root y that is not a square. Its encoding is
// 0b50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0.
func GeneratorH() *Generator {
	h := generatorH
	return &h
}

// ParseGenerator decodes zkp's 33-byte generator encoding
// (secp256k1_generator_parse): 0x0a ‖ x for the point whose y is a square
// mod p, 0x0b ‖ x for its negation. It returns ErrGeneratorEncoding for any
// other input.
func ParseGenerator(b []byte) (*Generator, error) {
	var p group.Affine
	if !parseSquareY(&p, b, 0x0a) {
		return nil, ErrGeneratorEncoding
	}
	return &Generator{p: p, ok: true}, nil
}

// parseSquareY decodes prefix|parity ‖ x, zkp's encoding of generators
// (prefix 0x0a) and commitments (0x08), into the point with x and the y
// that is a square (parity 0) or its negation (parity 1). Variable time:
// encodings are public.
func parseSquareY(p *group.Affine, b []byte, prefix byte) bool {
	if len(b) != 33 || b[0]&^1 != prefix {
		return false
	}
	var x field.Element
	if _, err := x.SetCanonicalBytes((*[32]byte)(b[1:])); err != nil {
		return false
	}
	var rhs, y field.Element
	group.CurveRHS(&rhs, &x)
	// y = rhs^((p+1)/4) is a square whenever rhs is: (p+1)/4 is even.
	if _, ok := y.Sqrt(&rhs); ok == 0 {
		return false
	}
	y.CondNegate(&y, int(b[0]&1))
	p.X, p.Y = x, y
	return true
}

// putSquareY writes zkp's encoding of p with the given prefix: prefix ‖ x
// if y is a square mod p, (prefix|1) ‖ x otherwise. Variable time in p,
// which is public.
func putSquareY(out *[33]byte, p *group.Affine, prefix byte) {
	out[0] = prefix | byte(1^p.Y.VarTimeIsSquare())
	p.X.PutBytes((*[32]byte)(out[1:]))
}

// Bytes returns the 33-byte encoding of g (secp256k1_generator_serialize),
// or nil for a nil or zero-value Generator.
func (g *Generator) Bytes() []byte {
	if g == nil || !g.ok {
		return nil
	}
	var out [33]byte
	putSquareY(&out, &g.p, 0x0a)
	return out[:]
}

// GenerateGenerator derives the asset generator of a 32-byte seed (an asset
// tag), as zkp's secp256k1_generator_generate: the sum of the
// Shallue–van de Woestijne maps of SHA-256("1st generation: " ‖ seed) and
// SHA-256("2nd generation: " ‖ seed). Nobody knows the discrete logarithm of
// the result with respect to G or to another seed's generator. It runs in
// constant time in the seed.
func GenerateGenerator(seed []byte) (*Generator, error) {
	if len(seed) != 32 {
		return nil, ErrSeedLength
	}
	var acc group.Jacobian
	if err := generate(&acc, (*[32]byte)(seed)); err != nil {
		return nil, err
	}
	return generatorFrom(&acc)
}

// GenerateBlindedGenerator returns GenerateGenerator(seed) + blind·G, zkp's
// secp256k1_generator_generate_blinded: the blinded asset tag of
// Confidential Assets. blind is 32 bytes below the group order n (0 is
// allowed and gives GenerateGenerator(seed)). It runs in constant time in
// the seed and the blind.
func GenerateBlindedGenerator(seed, blind []byte) (*Generator, error) {
	if len(seed) != 32 {
		return nil, ErrSeedLength
	}
	var r scalar.Scalar
	if err := setBlind(&r, blind); err != nil {
		return nil, err
	}
	var acc, rG group.Jacobian
	if err := generate(&acc, (*[32]byte)(seed)); err != nil {
		return nil, err
	}
	ecmult.ScalarBaseMult(&rG, &r)
	acc.Add(&acc, &rG)
	return generatorFrom(&acc)
}

// generatorFrom returns the Generator of acc, or ErrInfinity. The
// inversion is constant time; whether acc is the identity is public (it
// decides whether there is an output at all).
func generatorFrom(acc *group.Jacobian) (*Generator, error) {
	var g Generator
	if _, ok := g.p.SetJacobian(acc); ok == 0 {
		return nil, ErrInfinity
	}
	g.ok = true
	return &g, nil
}

// setBlind sets r to the 32-byte blinding factor b, or returns
// ErrBlindLength or ErrBlindRange.
func setBlind(r *scalar.Scalar, b []byte) error {
	if len(b) != 32 {
		return fmt.Errorf("%w: got %d bytes", ErrBlindLength, len(b))
	}
	if _, err := r.SetCanonicalBytes((*[32]byte)(b)); err != nil {
		return ErrBlindRange
	}
	return nil
}

var (
	generatePrefix1 = []byte("1st generation: ")
	generatePrefix2 = []byte("2nd generation: ")
)

// generate sets acc to the sum of the two Shallue–van de Woestijne points
// of seed (generator_generate_internal without the blind). Constant time
// in seed; only the negligible failure ErrSeedHash is a branch.
func generate(acc *group.Jacobian, seed *[32]byte) error {
	var t [2]field.Element
	canonical := 1
	for i, prefix := range [2][]byte{generatePrefix1, generatePrefix2} {
		h := sha256.New()
		h.Write(prefix)
		h.Write(seed[:])
		var b, back [32]byte
		h.Sum(&b)
		// zkp maps the hash reduced mod p and then reports a hash ≥ p: the
		// reduced value's encoding differs from the hash exactly then.
		t[i].SetBytes(&b)
		t[i].Normalize(&t[i])
		t[i].PutBytes(&back)
		canonical &= subtle.ConstantTimeCompare(b[:], back[:])
	}
	var pts [2]group.Affine
	svdw2(&pts, &t)
	var q group.Jacobian
	acc.SetAffine(&pts[0])
	q.SetAffine(&pts[1])
	acc.Add(acc, &q)
	if canonical == 0 {
		return ErrSeedHash
	}
	return nil
}

// mustElement parses a 64-digit hex constant; it panics on a malformed
// constant, which only a programmer can write.
func mustElement(s string) field.Element {
	var b [32]byte
	if n, err := hex.Decode(b[:], []byte(s)); err != nil || n != 32 {
		panic("ct: bad constant")
	}
	var e field.Element
	if _, err := e.SetCanonicalBytes(&b); err != nil {
		panic("ct: bad constant")
	}
	return e
}
