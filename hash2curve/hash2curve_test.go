package hash2curve

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/race"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

var testDST = []byte("KESTREL-V01-CS01-with-" + SuiteRO)

// TestErrors checks the named errors of every function and that nothing is
// returned with them.
func TestErrors(t *testing.T) {
	if MaxExpandLength != 255*sha256.Size || MaxScalars != MaxExpandLength/elementBytes {
		t.Fatalf("MaxExpandLength = %d, MaxScalars = %d", MaxExpandLength, MaxScalars)
	}
	msg := []byte("msg")
	for _, dst := range [][]byte{nil, {}} {
		if _, err := ExpandMessageXMD(msg, dst, 32); !errors.Is(err, ErrEmptyDST) {
			t.Errorf("ExpandMessageXMD with DST %#v: %v", dst, err)
		}
		if p, err := HashToCurve(msg, dst); p != nil || !errors.Is(err, ErrEmptyDST) {
			t.Errorf("HashToCurve with DST %#v: %v, %v", dst, p, err)
		}
		if p, err := EncodeToCurve(msg, dst); p != nil || !errors.Is(err, ErrEmptyDST) {
			t.Errorf("EncodeToCurve with DST %#v: %v, %v", dst, p, err)
		}
		if s, err := HashToScalar(msg, dst); s != nil || !errors.Is(err, ErrEmptyDST) {
			t.Errorf("HashToScalar with DST %#v: %v, %v", dst, s, err)
		}
		if s, err := HashToScalars(msg, dst, 2); s != nil || !errors.Is(err, ErrEmptyDST) {
			t.Errorf("HashToScalars with DST %#v: %v, %v", dst, s, err)
		}
	}
	for _, n := range []int{-1, MaxExpandLength + 1, 65535, math.MaxInt, math.MinInt} {
		if b, err := ExpandMessageXMD(msg, testDST, n); b != nil || !errors.Is(err, ErrLength) {
			t.Errorf("ExpandMessageXMD length %d: %x, %v", n, b, err)
		}
	}
	for _, n := range []int{-1, 0, MaxScalars + 1} {
		if s, err := HashToScalars(msg, testDST, n); s != nil || !errors.Is(err, ErrLength) {
			t.Errorf("HashToScalars count %d: %v, %v", n, s, err)
		}
	}
	for _, err := range []error{ErrEmptyDST, ErrLength} {
		if msg := err.Error(); len(msg) < 12 || msg[:12] != "hash2curve: " {
			t.Errorf("error %q lacks the package prefix", msg)
		}
	}
}

// TestLengthLimits checks the accepted extremes against the reference: an
// empty output (the RFC computes b₀ and returns nothing), 255 blocks, and
// MaxScalars scalars.
func TestLengthLimits(t *testing.T) {
	msg := []byte("limits")
	for _, n := range []int{0, 1, 31, 32, 33, MaxExpandLength - 1, MaxExpandLength} {
		got, err := ExpandMessageXMD(msg, testDST, n)
		if err != nil || got == nil || len(got) != n {
			t.Fatalf("ExpandMessageXMD length %d: %d bytes, %v", n, len(got), err)
		}
		if want := testref.ExpandMessageXMD(msg, testDST, n); !bytes.Equal(got, want) {
			t.Errorf("ExpandMessageXMD length %d differs from the reference", n)
		}
	}
	s, err := HashToScalars(msg, testDST, MaxScalars)
	if err != nil || len(s) != MaxScalars {
		t.Fatalf("HashToScalars(%d): %d, %v", MaxScalars, len(s), err)
	}
	want := testref.HashToField(msg, testDST, MaxScalars, testref.N)
	for i := range s {
		if !bytes.Equal(s[i].Bytes(), testref.Bytes32(want[i])) {
			t.Fatalf("HashToScalars(%d)[%d] differs from the reference", MaxScalars, i)
		}
	}
}

// TestLongDST checks §5.3.3: a DST of 256 bytes or more acts as the SHA-256
// of "H2C-OVERSIZE-DST-" ‖ DST, and one of 255 bytes is used as it is.
func TestLongDST(t *testing.T) {
	msg := []byte("long DST")
	for _, n := range []int{255, 256, 300, 1000} {
		long := bytes.Repeat([]byte{'D'}, n)
		short := long
		if n > 255 {
			h := sha256.Sum256(append([]byte("H2C-OVERSIZE-DST-"), long...))
			short = h[:]
		}
		a, err1 := HashToCurve(msg, long)
		b, err2 := HashToCurve(msg, short)
		if err1 != nil || err2 != nil || a.Equal(b) != 1 {
			t.Errorf("DST of %d bytes: %v, %v, equal %v", n, err1, err2, err1 == nil && err2 == nil && a.Equal(b) == 1)
		}
		x, _ := ExpandMessageXMD(msg, long, 64)
		if want := testref.ExpandMessageXMD(msg, long, 64); !bytes.Equal(x, want) {
			t.Errorf("DST of %d bytes: ExpandMessageXMD differs from the reference", n)
		}
	}
	// 255 bytes is not hashed: it differs from its hashed form.
	d255 := bytes.Repeat([]byte{'D'}, 255)
	h := sha256.Sum256(append([]byte("H2C-OVERSIZE-DST-"), d255...))
	a, _ := ExpandMessageXMD(msg, d255, 32)
	b, _ := ExpandMessageXMD(msg, h[:], 32)
	if bytes.Equal(a, b) {
		t.Error("a 255-byte DST was hashed")
	}
}

// TestExpandAgainstReference compares ExpandMessageXMD with the
// reference on random messages, DSTs and lengths around the block and
// SHA-256 padding boundaries.
func TestExpandAgainstReference(t *testing.T) {
	rng := testref.PCG(t)
	n := testref.Short{Div: 10, Min: 50}.Count(t, 2000)
	lengths := []int{0, 1, 31, 32, 33, 48, 55, 56, 63, 64, 65, 96, 119, 120, 128, 255, 256, 300}
	for range n {
		msg := testref.RandomBytes(rng, lengths[rng.IntN(len(lengths))]+rng.IntN(3))
		dst := testref.RandomBytes(rng, 1+rng.IntN(300))
		out := rng.IntN(400)
		got, err := ExpandMessageXMD(msg, dst, out)
		if err != nil {
			t.Fatal(err)
		}
		if want := testref.ExpandMessageXMD(msg, dst, out); !bytes.Equal(got, want) {
			t.Fatalf("ExpandMessageXMD(%x, %x, %d) = %x, want %x", msg, dst, out, got, want)
		}
	}
}

// TestSetWideBytes checks the 384-bit reduction mod p against math/big on
// edge values (0, p, 2²⁵⁶, multiples of p, all ones) and random ones.
func TestSetWideBytes(t *testing.T) {
	rng := testref.PCG(t)
	var cases [][elementBytes]byte
	for _, x := range []*big.Int{
		big.NewInt(0), big.NewInt(1), testref.P, new(big.Int).Sub(testref.P, big.NewInt(1)),
		new(big.Int).Lsh(big.NewInt(1), 256), new(big.Int).Lsh(testref.P, 128),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 384), big.NewInt(1)),
		new(big.Int).Mul(testref.P, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))),
	} {
		var b [elementBytes]byte
		x.FillBytes(b[:])
		cases = append(cases, b)
	}
	for range 1000 {
		cases = append(cases, [elementBytes]byte(testref.RandomBytes(rng, elementBytes)))
	}
	for _, b := range cases {
		var v field.Element
		setWideBytes(&v, &b)
		want := new(big.Int).Mod(new(big.Int).SetBytes(b[:]), testref.P)
		if got := new(big.Int).SetBytes(v.Bytes()); got.Cmp(want) != 0 {
			t.Fatalf("setWideBytes(%x) = %x, want %x", b, got, want)
		}
		s := scalarFromWide(&b)
		wantN := new(big.Int).Mod(new(big.Int).SetBytes(b[:]), testref.N)
		if !bytes.Equal(s.Bytes(), testref.Bytes32(wantN)) {
			t.Fatalf("scalarFromWide(%x) = %x, want %x", b, s.Bytes(), wantN)
		}
	}
}

// TestAgainstReference compares HashToCurve, EncodeToCurve, hash_to_field
// and HashToScalars with the math/big reference on random messages and
// DSTs.
func TestAgainstReference(t *testing.T) {
	rng := testref.PCG(t)
	n := testref.Short{Div: 10, Min: 20}.Count(t, 300)
	for range n {
		msg := testref.RandomBytes(rng, rng.IntN(200))
		dst := testref.RandomBytes(rng, 1+rng.IntN(280))
		checkAgainstReference(t, msg, dst)
	}
}

// checkAgainstReference checks every function on (msg, dst), dst not
// empty.
func checkAgainstReference(t *testing.T, msg, dst []byte) {
	t.Helper()
	var u [2]field.Element
	if err := hashToField(u[:], msg, dst); err != nil {
		t.Fatal(err)
	}
	refU := testref.HashToField(msg, dst, 2, testref.P)
	for i := range u {
		if !bytes.Equal(u[i].Bytes(), testref.Bytes32(refU[i])) {
			t.Fatalf("hash_to_field(%x, %x)[%d] = %x, want %x", msg, dst, i, u[i].Bytes(), refU[i])
		}
	}
	p, err := HashToCurve(msg, dst)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := testref.HashToCurve(msg, dst)
	if got := p.Bytes(); !bytes.Equal(got, testref.Uncompressed(want)) {
		t.Fatalf("HashToCurve(%x, %x) = %x, want %x", msg, dst, got, testref.Uncompressed(want))
	}
	q, err := EncodeToCurve(msg, dst)
	if err != nil {
		t.Fatal(err)
	}
	want, _ = testref.EncodeToCurve(msg, dst)
	if got := q.Bytes(); !bytes.Equal(got, testref.Uncompressed(want)) {
		t.Fatalf("EncodeToCurve(%x, %x) = %x, want %x", msg, dst, got, testref.Uncompressed(want))
	}
	s, err := HashToScalars(msg, dst, 3)
	if err != nil {
		t.Fatal(err)
	}
	refS := testref.HashToField(msg, dst, 3, testref.N)
	for i := range s {
		if !bytes.Equal(s[i].Bytes(), testref.Bytes32(refS[i])) {
			t.Fatalf("HashToScalars(%x, %x, 3)[%d] = %x, want %x", msg, dst, i, s[i].Bytes(), refS[i])
		}
	}
	s0, err := HashToScalar(msg, dst)
	if err != nil {
		t.Fatal(err)
	}
	refS = testref.HashToField(msg, dst, 1, testref.N)
	if !bytes.Equal(s0.Bytes(), testref.Bytes32(refS[0])) {
		t.Fatalf("HashToScalar(%x, %x) = %x, want %x", msg, dst, s0.Bytes(), refS[0])
	}
}

// TestMapSumExceptional drives hash_to_curve's addition through its
// exceptional cases, which no message is known to reach: u₁ = u₀ (Q1 = Q0,
// a doubling) and u₁ = −u₀ (Q1 = −Q0: map_to_curve(−u) = −map_to_curve(u),
// since x′ depends on u² and sgn0(−u) ≠ sgn0(u)), whose sum is the identity
// and comes out as the identity Point.
func TestMapSumExceptional(t *testing.T) {
	rng := testref.PCG(t)
	for range 20 {
		x := new(big.Int).Mod(new(big.Int).SetBytes(testref.RandomBytes(rng, 32)), testref.P)
		var u0 field.Element
		u0.SetBytes((*[32]byte)(testref.Bytes32(x)))
		q := testref.MapToCurve(x)

		dbl := mapSum(&[2]field.Element{u0, u0})
		if want := testref.Uncompressed(testref.Double(q)); !bytes.Equal(dbl.Bytes(), want) {
			t.Fatalf("u₀ = u₁ = %x: %x, want 2·Q = %x", x, dbl.Bytes(), want)
		}
		var nu field.Element
		nu.Negate(&u0)
		if x.Sign() != 0 {
			zero := mapSum(&[2]field.Element{u0, nu})
			if zero.IsIdentity() != 1 || zero.Equal(secp256k1.NewIdentityPoint()) != 1 {
				t.Fatalf("u₁ = −u₀ = −%x: %x, want the identity", x, zero.Bytes())
			}
		}
	}
	var id group.Jacobian
	if p := newPoint(&id); p.IsIdentity() != 1 || !bytes.Equal(p.Bytes(), []byte{0}) {
		t.Errorf("newPoint(identity) = %x", p.Bytes())
	}
}

// TestInputsUnchanged checks that no function writes to msg or dst.
func TestInputsUnchanged(t *testing.T) {
	msg := []byte("message")
	dst := append([]byte{}, testDST...)
	long := bytes.Repeat([]byte{7}, 300)
	for _, d := range [][]byte{dst, long} {
		m0, d0 := bytes.Clone(msg), bytes.Clone(d)
		ExpandMessageXMD(msg, d, 100)
		HashToCurve(msg, d)
		EncodeToCurve(msg, d)
		HashToScalar(msg, d)
		HashToScalars(msg, d, 4)
		if !bytes.Equal(msg, m0) || !bytes.Equal(d, d0) {
			t.Fatal("an input was modified")
		}
	}
}

// TestAllocations checks that the hashes allocate only their results.
func TestAllocations(t *testing.T) {
	race.SkipAllocs(t)
	msg := []byte("alloc")
	for _, c := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"HashToCurve", 1, func() { HashToCurve(msg, testDST) }},
		{"EncodeToCurve", 1, func() { EncodeToCurve(msg, testDST) }},
		{"HashToScalar", 1, func() { HashToScalar(msg, testDST) }},
		{"ExpandMessageXMD", 1, func() { ExpandMessageXMD(msg, testDST, 64) }},
	} {
		if n := testing.AllocsPerRun(20, c.f); n > c.max {
			t.Errorf("%s: %v allocations per run, want at most %v", c.name, n, c.max)
		}
	}
}

var (
	sinkPoint  *secp256k1.Point
	sinkScalar *secp256k1.Scalar
)

func BenchmarkHashToCurve(b *testing.B) {
	msg := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		sinkPoint, _ = HashToCurve(msg, testDST)
	}
}

func BenchmarkEncodeToCurve(b *testing.B) {
	msg := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		sinkPoint, _ = EncodeToCurve(msg, testDST)
	}
}

func BenchmarkHashToScalar(b *testing.B) {
	msg := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		sinkScalar, _ = HashToScalar(msg, testDST)
	}
}

func BenchmarkExpandMessageXMD(b *testing.B) {
	msg := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		ExpandMessageXMD(msg, testDST, 96)
	}
}
