package ct

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// surjectionVectors returns zkp's fixed input and output generators and
// proofs (with the number of inputs each is over).
func surjectionVectors(t *testing.T) (inputs []*Generator, output *Generator, proofs [][]byte, totals []int) {
	for _, v := range vectorLines(t, "surjection.txt") {
		switch v[0] {
		case "input", "output":
			g, err := ParseGenerator(testref.MustHex(v[1]))
			if err != nil {
				t.Fatal(err)
			}
			if v[0] == "input" {
				inputs = append(inputs, g)
			} else {
				output = g
			}
		case "proof":
			totals = append(totals, map[string]int{"1": 1, "2": 2, "3": 3, "5": 5}[v[1]])
			proofs = append(proofs, testref.MustHex(v[2]))
		}
	}
	return
}

// TestSurjectionVectors checks zkp's test_fixed_vectors: every proof parses,
// round-trips and verifies; with other keys it does not; and the bitmap
// manipulations zkp tries are rejected by the parser.
func TestSurjectionVectors(t *testing.T) {
	inputs, output, proofs, totals := surjectionVectors(t)
	if len(proofs) != 5 {
		t.Fatalf("%d proofs", len(proofs))
	}
	for i, b := range proofs {
		p, err := ParseSurjectionProof(b)
		if err != nil {
			t.Fatalf("proof %d: %v", i, err)
		}
		if !bytes.Equal(p.Bytes(), b) || p.SerializedSize() != len(b) || p.NTotalInputs() != totals[i] {
			t.Fatalf("proof %d: round trip or sizes", i)
		}
		if !p.Verify(inputs[:totals[i]], output) {
			t.Errorf("proof %d does not verify", i)
		}
		if p.Verify(inputs[:totals[i]], inputs[0]) {
			t.Errorf("proof %d verifies with the wrong output", i)
		}
		for j := range 32 {
			bad := bytes.Clone(b)
			bad[len(bad)-1-j*7%len(bad[2:])] ^= 1
			if q, err := ParseSurjectionProof(bad); err == nil && q.Verify(inputs[:totals[i]], output) {
				t.Errorf("proof %d with a flipped bit verifies", i)
			}
		}
	}
	if used := []int{1, 1, 2, 3, 5}; true {
		for i, b := range proofs {
			p, _ := ParseSurjectionProof(b)
			if p.NUsedInputs() != used[i] {
				t.Errorf("proof %d uses %d inputs, want %d", i, p.NUsedInputs(), used[i])
			}
		}
	}
	p, _ := ParseSurjectionProof(proofs[0])
	if p.Verify(inputs[1:2], output) {
		t.Error("1-of-1 verifies over another input")
	}
	// zkp's bitmap manipulations.
	for _, c := range []struct {
		proof  int
		bitmap byte
		extra  int
	}{
		{4, 0x3f, 0}, {4, 0x3f, 32}, {4, 0x37, 0}, {3, 0x35, 0}, {3, 0x35, 32}, {3, 0x34, 0},
	} {
		bad := append(bytes.Clone(proofs[c.proof]), make([]byte, c.extra)...)
		bad[2] = c.bitmap
		if _, err := ParseSurjectionProof(bad); !errors.Is(err, ErrSurjectionEncoding) {
			t.Errorf("bitmap %#x (+%d bytes): %v", c.bitmap, c.extra, err)
		}
	}
	if _, err := ParseSurjectionProof(proofs[4][:len(proofs[3])]); !errors.Is(err, ErrSurjectionEncoding) {
		t.Errorf("truncated 5-of-5: %v", err)
	}
	for _, b := range [][]byte{nil, {0}, {1, 0}, make([]byte, 33), {0x01, 0x01}} {
		if _, err := ParseSurjectionProof(b); !errors.Is(err, ErrSurjectionEncoding) {
			t.Errorf("ParseSurjectionProof(%x): %v", b, err)
		}
	}
}

// surjectionCase is a random transaction: fixed tags, blinded input
// generators and an output of the asset of input index.
type surjectionCase struct {
	fixed    [][]byte
	blinds   [][]byte
	inputs   []*Generator
	output   *Generator
	outFixed []byte
	outBlind []byte
	nUse     int
	seed     []byte
}

func newSurjectionCase(t *testing.T, rng *rand.Rand, n int) *surjectionCase {
	c := &surjectionCase{seed: testref.RandomBytes(rng, 32)}
	assets := [][]byte{testref.RandomBytes(rng, 32), testref.RandomBytes(rng, 32), testref.RandomBytes(rng, 32)}
	for range n {
		tag := assets[rng.Intn(len(assets))]
		_, b := randScalar(rng)
		g, err := GenerateBlindedGenerator(tag, b)
		if err != nil {
			t.Fatal(err)
		}
		c.fixed = append(c.fixed, tag)
		c.blinds = append(c.blinds, b)
		c.inputs = append(c.inputs, g)
	}
	c.outFixed = c.fixed[rng.Intn(n)]
	_, c.outBlind = randScalar(rng)
	var err error
	if c.output, err = GenerateBlindedGenerator(c.outFixed, c.outBlind); err != nil {
		t.Fatal(err)
	}
	c.nUse = 1 + rng.Intn(min(n, 5))
	return c
}

// TestSurjectionRoundTrip initializes, generates, serializes, parses and
// verifies random proofs, and checks that wrong blinds, outputs or inputs
// fail.
func TestSurjectionRoundTrip(t *testing.T) {
	rng := testref.Rand(t)
	for range short.Count(t, 60) {
		n := 1 + rng.Intn(12)
		c := newSurjectionCase(t, rng, n)
		p, idx, err := InitializeSurjectionProof(c.fixed, c.nUse, c.outFixed, 100, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(c.fixed[idx], c.outFixed) || !p.isUsed(idx) || p.NUsedInputs() != c.nUse {
			t.Fatalf("selection: index %d", idx)
		}
		if err := p.Generate(c.inputs, c.output, idx, c.blinds[idx], c.outBlind); err != nil {
			t.Fatal(err)
		}
		q, err := ParseSurjectionProof(p.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if !q.Verify(c.inputs, c.output) {
			t.Fatalf("n=%d use=%d: proof does not verify", n, c.nUse)
		}
		// A wrong input blind gives a proof that does not verify.
		_, wrong := randScalar(rng)
		if err := q.Generate(c.inputs, c.output, idx, wrong, c.outBlind); err != nil {
			t.Fatal(err)
		}
		if q.Verify(c.inputs, c.output) {
			t.Fatal("proof with a wrong blind verifies")
		}
		other, _ := GenerateGenerator(testref.RandomBytes(rng, 32))
		if p.Verify(c.inputs, other) {
			t.Fatal("proof verifies for another output")
		}
		if n > 1 && p.Verify(c.inputs[:n-1], c.output) {
			t.Fatal("proof verifies over fewer inputs")
		}
	}
}

// TestSurjectionErrors checks the named errors and fail-closed cases.
func TestSurjectionErrors(t *testing.T) {
	rng := testref.Rand(t)
	c := newSurjectionCase(t, rng, 3)
	seed := c.seed
	if _, _, err := InitializeSurjectionProof(c.fixed, 4, c.outFixed, 10, seed); !errors.Is(err, ErrCount) {
		t.Errorf("4 of 3: %v", err)
	}
	if _, _, err := InitializeSurjectionProof(make([][]byte, 257), 1, c.outFixed, 10, seed); !errors.Is(err, ErrCount) {
		t.Errorf("257 inputs: %v", err)
	}
	if _, _, err := InitializeSurjectionProof(c.fixed, 1, c.outFixed[:31], 10, seed); !errors.Is(err, ErrAssetTagLength) {
		t.Errorf("short output tag: %v", err)
	}
	if _, _, err := InitializeSurjectionProof([][]byte{nil}, 1, c.outFixed, 10, seed); !errors.Is(err, ErrAssetTagLength) {
		t.Errorf("nil input tag: %v", err)
	}
	if _, _, err := InitializeSurjectionProof(c.fixed, 1, c.outFixed, 10, seed[:31]); !errors.Is(err, ErrSeedLength) {
		t.Errorf("short seed: %v", err)
	}
	if _, _, err := InitializeSurjectionProof(c.fixed, 0, c.outFixed, 10, seed); !errors.Is(err, ErrSurjectionSelection) {
		t.Errorf("no input used: %v", err)
	}
	if _, _, err := InitializeSurjectionProof(c.fixed, 3, make([]byte, 32), 10, seed); !errors.Is(err, ErrSurjectionSelection) {
		t.Errorf("unknown asset: %v", err)
	}
	p, idx, err := InitializeSurjectionProof(c.fixed, 3, c.outFixed, 10, seed)
	if err != nil {
		t.Fatal(err)
	}
	var zero SurjectionProof
	for _, q := range []*SurjectionProof{nil, &zero} {
		if err := q.Generate(c.inputs, c.output, 0, c.blinds[0], c.outBlind); !errors.Is(err, ErrSurjectionNoInputs) {
			t.Errorf("Generate on an empty proof: %v", err)
		}
		if q.Verify(c.inputs, c.output) || q.Verify(nil, c.output) {
			t.Error("an empty proof verifies")
		}
	}
	if got := (*SurjectionProof)(nil).Bytes(); !bytes.Equal(got, make([]byte, 34)) {
		t.Errorf("nil proof encodes as %x", got)
	}
	before := p.Bytes()
	for _, f := range []struct {
		name string
		err  error
		call func() error
	}{
		{"nil generator", ErrZeroGenerator, func() error {
			return p.Generate([]*Generator{nil, c.inputs[1], c.inputs[2]}, c.output, idx, c.blinds[idx], c.outBlind)
		}},
		{"zero output", ErrZeroGenerator, func() error { return p.Generate(c.inputs, new(Generator), idx, c.blinds[idx], c.outBlind) }},
		{"input blind", ErrBlindRange, func() error { return p.Generate(c.inputs, c.output, idx, testref.Bytes32(testref.N), c.outBlind) }},
		{"output blind", ErrBlindLength, func() error { return p.Generate(c.inputs, c.output, idx, c.blinds[idx], nil) }},
		{"tag reuse", ErrSurjectionTagReuse, func() error { return p.Generate(c.inputs, c.inputs[0], idx, c.blinds[idx], c.outBlind) }},
		{"count", ErrCount, func() error { return p.Generate(c.inputs[:2], c.output, idx, c.blinds[idx], c.outBlind) }},
		{"index", ErrSurjectionInputIndex, func() error { return p.Generate(c.inputs, c.output, 3, c.blinds[idx], c.outBlind) }},
		{"negative index", ErrSurjectionInputIndex, func() error { return p.Generate(c.inputs, c.output, -1, c.blinds[idx], c.outBlind) }},
	} {
		if err := f.call(); !errors.Is(err, f.err) {
			t.Errorf("%s: %v, want %v", f.name, err, f.err)
		}
		if !bytes.Equal(p.Bytes(), before) {
			t.Errorf("%s: the proof changed", f.name)
		}
	}
	if err := p.Generate(c.inputs, c.output, idx, c.blinds[idx], c.outBlind); err != nil {
		t.Fatal(err)
	}
	if p.Verify([]*Generator{c.inputs[0], nil, c.inputs[2]}, c.output) || p.Verify(c.inputs, nil) {
		t.Error("verifies with a nil generator")
	}
	// An s value ≥ n fails.
	b := p.Bytes()
	copy(b[len(b)-32:], testref.Bytes32(testref.N))
	if q, err := ParseSurjectionProof(b); err != nil || q.Verify(c.inputs, c.output) {
		t.Errorf("s = n: %v", err)
	}
}

// split32 cuts b into 32-byte pieces.
func split32(b []byte) [][]byte {
	var out [][]byte
	for len(b) >= 32 {
		out = append(out, b[:32])
		b = b[32:]
	}
	return out
}

// TestSurjectionZKPVectors checks selection and signing against proofs that
// zkp made alone (testdata/surjection_zkp.txt): the same seed gives the
// same used inputs and input index, and the same proof bytes.
func TestSurjectionZKPVectors(t *testing.T) {
	lines := vectorLines(t, "surjection_zkp.txt")
	if len(lines) < 10 {
		t.Fatalf("%d vectors", len(lines))
	}
	for _, v := range lines {
		var n, use, maxIter, idx int
		if _, err := fmt.Sscan(strings.Join([]string{v[0], v[1], v[2], v[9]}, " "), &n, &use, &maxIter, &idx); err != nil {
			t.Fatal(err)
		}
		seed, outTag, outBlind := testref.MustHex(v[3]), testref.MustHex(v[5]), testref.MustHex(v[7])
		fixed, blinds := split32(testref.MustHex(v[4])), split32(testref.MustHex(v[6]))
		want := testref.MustHex(v[11])
		p, gotIdx, err := InitializeSurjectionProof(fixed, use, outTag, maxIter, seed)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if gotIdx != idx {
			t.Errorf("n=%d use=%d: input index %d, zkp %d", n, use, gotIdx, idx)
		}
		gens := make([]*Generator, n)
		for i := range gens {
			if gens[i], err = GenerateBlindedGenerator(fixed[i], blinds[i]); err != nil {
				t.Fatal(err)
			}
		}
		out, err := GenerateBlindedGenerator(outTag, outBlind)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Generate(gens, out, gotIdx, blinds[gotIdx], outBlind); err != nil {
			t.Fatal(err)
		}
		if got := p.Bytes(); !bytes.Equal(got, want) {
			t.Errorf("n=%d use=%d: proof differs from zkp's", n, use)
		}
		if !p.Verify(gens, out) {
			t.Errorf("n=%d use=%d: does not verify", n, use)
		}
	}
}
