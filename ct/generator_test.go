package ct

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// vectorLines returns the fields of the non-comment lines of a testdata
// file.
func vectorLines(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := strings.TrimSpace(s.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		out = append(out, strings.Fields(line))
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// affineHex returns x ‖ y of a in hex.
func affineHex(a *group.Affine) string {
	return hex.EncodeToString(append(a.X.Bytes(), a.Y.Bytes()...))
}

// TestSVDWVectors checks svdw2 against zkp's table, each vector paired
// with the next one (so that t = 0 also meets a nonzero partner in the
// shared inversion) and in both halves.
func TestSVDWVectors(t *testing.T) {
	vs := vectorLines(t, "svdw.txt")
	if len(vs) != 34 {
		t.Fatalf("%d vectors", len(vs))
	}
	for i := range vs {
		k := (i + 1) % len(vs)
		var ts [2]field.Element
		ts[0].SetBytes((*[32]byte)(testref.MustHex(vs[i][0])))
		ts[1].SetBytes((*[32]byte)(testref.MustHex(vs[k][0])))
		var out [2]group.Affine
		svdw2(&out, &ts)
		if got := affineHex(&out[0]); got != vs[i][1] {
			t.Errorf("svdw(%s) = %s, want %s", vs[i][0], got, vs[i][1])
		}
		if got := affineHex(&out[1]); got != vs[k][1] {
			t.Errorf("svdw(%s) second = %s, want %s", vs[k][0], got, vs[k][1])
		}
	}
}

// svdwRef is the map in math/big, as Fouque–Tibouchi and zkp write it.
func svdwRef(tv *big.Int) testref.Point {
	p := testref.P
	m := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	// c = √−3, the root whose negation is zkp's constant −c.
	c := new(big.Int).ModSqrt(m(new(big.Int).Sub(p, big.NewInt(3))), p)
	negc := testref.BigHex("f5d2d456caf80e20dcc88f3d586869d339e092ea25eb132b8272d850e32a03dd")
	if m(new(big.Int).Add(c, negc)).Sign() != 0 {
		c = m(new(big.Int).Neg(c))
	}
	d := m(new(big.Int).Mul(new(big.Int).Sub(c, big.NewInt(1)), new(big.Int).ModInverse(big.NewInt(2), p)))
	t2 := m(new(big.Int).Mul(tv, tv))
	wd := m(new(big.Int).Add(t2, big.NewInt(8)))
	x3d := m(new(big.Int).Mul(big.NewInt(-3), t2))
	j := m(new(big.Int).Mul(wd, x3d))
	jinv := new(big.Int)
	if j.Sign() != 0 {
		jinv.ModInverse(j, p)
	}
	x1 := m(new(big.Int).Sub(d, m(new(big.Int).Mul(m(new(big.Int).Mul(m(new(big.Int).Mul(c, t2)), x3d)), jinv))))
	x2 := m(new(big.Int).Neg(new(big.Int).Add(x1, big.NewInt(1))))
	x3 := m(new(big.Int).Add(big.NewInt(1), m(new(big.Int).Mul(new(big.Int).Exp(wd, big.NewInt(3), p), jinv))))
	exp := new(big.Int).Rsh(new(big.Int).Add(p, big.NewInt(1)), 2)
	for _, x := range []*big.Int{x1, x2, x3} {
		rhs := m(new(big.Int).Add(new(big.Int).Exp(x, big.NewInt(3), p), big.NewInt(7)))
		if big.Jacobi(rhs, p) >= 0 {
			y := new(big.Int).Exp(rhs, exp, p)
			if tv.Bit(0) == 1 {
				y = m(new(big.Int).Neg(y))
			}
			return testref.Point{X: x, Y: y}
		}
	}
	panic("svdw: no square")
}

// TestSVDWReference checks svdw2 against svdwRef on random values of t.
func TestSVDWReference(t *testing.T) {
	rng := testref.Rand(t)
	for range short.Count(t, 500) {
		var ts [2]field.Element
		var bs [2]*big.Int
		for i := range 2 {
			b := testref.RandomBytes(rng, 32)
			bs[i] = new(big.Int).Mod(new(big.Int).SetBytes(b), testref.P)
			ts[i].SetBytes((*[32]byte)(testref.Bytes32(bs[i])))
		}
		var out [2]group.Affine
		svdw2(&out, &ts)
		for i := range 2 {
			want := svdwRef(bs[i])
			if new(big.Int).SetBytes(out[i].X.Bytes()).Cmp(want.X) != 0 || new(big.Int).SetBytes(out[i].Y.Bytes()).Cmp(want.Y) != 0 {
				t.Fatalf("svdw(%x) = %s, want %x %x", bs[i], affineHex(&out[i]), want.X, want.Y)
			}
		}
	}
}

// TestGenerateVectors checks GenerateGenerator and GenerateBlindedGenerator
// with a zero blind against zkp's table.
func TestGenerateVectors(t *testing.T) {
	vs := vectorLines(t, "generator_generate.txt")
	if len(vs) != 32 {
		t.Fatalf("%d vectors", len(vs))
	}
	zero := make([]byte, 32)
	for _, v := range vs {
		seed := testref.MustHex(v[0])
		g, err := GenerateGenerator(seed)
		if err != nil {
			t.Fatal(err)
		}
		if got := affineHex(&g.p); got != v[1] {
			t.Errorf("generate(%s) = %s, want %s", v[0], got, v[1])
		}
		gb, err := GenerateBlindedGenerator(seed, zero)
		if err != nil {
			t.Fatal(err)
		}
		if got := affineHex(&gb.p); got != v[1] {
			t.Errorf("generate_blinded(%s, 0) = %s, want %s", v[0], got, v[1])
		}
	}
	// zkp: any seed is fine, a blind ≥ n is not.
	ff := bytes.Repeat([]byte{0xff}, 32)
	if _, err := GenerateGenerator(ff); err != nil {
		t.Errorf("GenerateGenerator(ff…) = %v", err)
	}
	if _, err := GenerateBlindedGenerator(ff, ff); !errors.Is(err, ErrBlindRange) {
		t.Errorf("GenerateBlindedGenerator(ff…, ff…) = %v, want ErrBlindRange", err)
	}
}

// TestGenerateBlindedReference checks GenerateBlindedGenerator(seed, r) =
// GenerateGenerator(seed) + r·G in math/big.
func TestGenerateBlindedReference(t *testing.T) {
	rng := testref.Rand(t)
	for range short.Count(t, 100) {
		seed := testref.RandomBytes(rng, 32)
		r := new(big.Int).Mod(new(big.Int).SetBytes(testref.RandomBytes(rng, 32)), testref.N)
		g, err := GenerateGenerator(seed)
		if err != nil {
			t.Fatal(err)
		}
		gb, err := GenerateBlindedGenerator(seed, testref.Bytes32(r))
		if err != nil {
			t.Fatal(err)
		}
		want := testref.Add(refPoint(&g.p), testref.ScalarMult(r, testref.G))
		if !testref.Equal(refPoint(&gb.p), want) {
			t.Fatalf("seed %x blind %x: wrong point", seed, r)
		}
	}
}

// refPoint converts a to the math/big reference.
func refPoint(a *group.Affine) testref.Point {
	return testref.Point{X: new(big.Int).SetBytes(a.X.Bytes()), Y: new(big.Int).SetBytes(a.Y.Bytes())}
}

// refEncoding is zkp's encoding of p with prefix base, in math/big.
func refEncoding(p testref.Point, base byte) []byte {
	out := []byte{base}
	if big.Jacobi(p.Y, testref.P) < 0 {
		out[0] |= 1
	}
	return append(out, testref.Bytes32(p.X)...)
}

// TestEncodingVectors checks zkp's fixed encodings of 2·G.
func TestEncodingVectors(t *testing.T) {
	for _, v := range vectorLines(t, "encodings.txt") {
		b := testref.MustHex(v[1])
		var got []byte
		var err error
		switch v[0] {
		case "generator":
			var g *Generator
			if g, err = ParseGenerator(b); err == nil {
				got = g.Bytes()
			} else if !errors.Is(err, ErrGeneratorEncoding) {
				t.Errorf("ParseGenerator(%s): %v", v[1], err)
			}
		case "commitment":
			var c *Commitment
			if c, err = ParseCommitment(b); err == nil {
				got = c.Bytes()
			} else if !errors.Is(err, ErrCommitmentEncoding) {
				t.Errorf("ParseCommitment(%s): %v", v[1], err)
			}
		}
		if (err == nil) != (v[2] == "1") {
			t.Errorf("%s %s: err = %v", v[0], v[1], err)
		}
		if err == nil && !bytes.Equal(got, b) {
			t.Errorf("%s %s: round trip %x", v[0], v[1], got)
		}
	}
}

// TestGeneratorH checks GeneratorH against its definition: lift_x of
// SHA-256 of G's uncompressed encoding, with zkp's y (not a square).
func TestGeneratorH(t *testing.T) {
	h := GeneratorH()
	x := testref.BigHex("50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0")
	sum := sha256Sum(testref.Uncompressed(testref.G))
	if new(big.Int).SetBytes(sum[:]).Cmp(x) != 0 {
		t.Fatal("H's x is not SHA-256(G)")
	}
	p := refPoint(&h.p)
	if !testref.IsOnCurve(p) || p.X.Cmp(x) != 0 || big.Jacobi(p.Y, testref.P) != -1 {
		t.Fatal("GeneratorH is not lift_x(SHA-256(G)) with a non-square y")
	}
	if got, want := hex.EncodeToString(h.Bytes()), "0b50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0"; got != want {
		t.Fatalf("GeneratorH().Bytes() = %s, want %s", got, want)
	}
	h.p.X.Zero() // a copy: the package's H stays intact
	if !bytes.Equal(GeneratorH().Bytes(), testref.MustHex("0b50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0")) {
		t.Fatal("GeneratorH returned the package's own value")
	}
}

// TestParseRandom parses random x with both prefixes against math/big:
// accepted exactly when x < p is on the curve, with the point whose y's
// Legendre symbol the prefix names, and a byte-exact round trip.
func TestParseRandom(t *testing.T) {
	rng := testref.Rand(t)
	for range short.Count(t, 1000) {
		b := testref.RandomBytes(rng, 33)
		if rng.Intn(8) == 0 {
			copy(b[1:], bytes.Repeat([]byte{0xff}, 32))
			b[32] = byte(rng.Intn(256))
		}
		odd := uint(rng.Intn(2))
		x := new(big.Int).SetBytes(b[1:])
		rhs := new(big.Int).Exp(x, big.NewInt(3), testref.P)
		rhs.Add(rhs, big.NewInt(7)).Mod(rhs, testref.P)
		valid := x.Cmp(testref.P) < 0 && big.Jacobi(rhs, testref.P) >= 0
		for _, base := range []byte{0x0a, 0x08} {
			b[0] = base | byte(odd)
			var got []byte
			var err error
			if base == 0x0a {
				var g *Generator
				if g, err = ParseGenerator(b); err == nil {
					got = g.Bytes()
				}
			} else {
				var c *Commitment
				if c, err = ParseCommitment(b); err == nil {
					got = c.Bytes()
				}
			}
			if (err == nil) != valid {
				t.Fatalf("parse %x: err = %v, valid = %v", b, err, valid)
			}
			if err == nil && !bytes.Equal(got, b) {
				t.Fatalf("parse %x: round trip %x", b, got)
			}
		}
	}
}

// TestZeroGenerator checks that nil and zero-value Generators fail closed.
func TestZeroGenerator(t *testing.T) {
	for _, g := range []*Generator{nil, new(Generator)} {
		if g.Bytes() != nil {
			t.Error("Bytes of a zero Generator")
		}
		if _, err := Commit(make([]byte, 32), 1, g); !errors.Is(err, ErrZeroGenerator) {
			t.Errorf("Commit with a zero Generator: %v", err)
		}
	}
	for _, n := range []int{0, 31, 33} {
		if _, err := GenerateGenerator(make([]byte, n)); !errors.Is(err, ErrSeedLength) {
			t.Errorf("GenerateGenerator(%d bytes): %v", n, err)
		}
		if _, err := GenerateBlindedGenerator(make([]byte, 32), make([]byte, n)); !errors.Is(err, ErrBlindLength) {
			t.Errorf("GenerateBlindedGenerator(blind of %d bytes): %v", n, err)
		}
		if _, err := GenerateBlindedGenerator(make([]byte, n), make([]byte, 32)); !errors.Is(err, ErrSeedLength) {
			t.Errorf("GenerateBlindedGenerator(seed of %d bytes): %v", n, err)
		}
	}
	for _, b := range [][]byte{nil, make([]byte, 32), make([]byte, 34)} {
		if _, err := ParseGenerator(b); !errors.Is(err, ErrGeneratorEncoding) {
			t.Errorf("ParseGenerator(%d bytes): %v", len(b), err)
		}
		if _, err := ParseCommitment(b); !errors.Is(err, ErrCommitmentEncoding) {
			t.Errorf("ParseCommitment(%d bytes): %v", len(b), err)
		}
	}
}
