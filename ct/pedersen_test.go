package ct

import (
	"bytes"
	"errors"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// randScalar returns a random scalar below n, as a big.Int and 32 bytes.
func randScalar(rng *rand.Rand) (*big.Int, []byte) {
	x := new(big.Int).Mod(new(big.Int).SetBytes(testref.RandomBytes(rng, 32)), testref.N)
	return x, testref.Bytes32(x)
}

// TestCommitReference checks Commit against blind·G + value·gen and zkp's
// encoding, computed in math/big, for random and edge values.
func TestCommitReference(t *testing.T) {
	rng := testref.Rand(t)
	gens := []*Generator{GeneratorH()}
	for range 3 {
		g, err := GenerateGenerator(testref.RandomBytes(rng, 32))
		if err != nil {
			t.Fatal(err)
		}
		gens = append(gens, g)
	}
	values := []uint64{0, 1, 2, 1<<63 - 1, 1 << 63, ^uint64(0)}
	for i := range short.Count(t, 200) {
		r, rb := randScalar(rng)
		if i%7 == 0 {
			r, rb = new(big.Int), make([]byte, 32)
		}
		v := rng.Uint64()
		if i < len(values) {
			v = values[i]
		}
		g := gens[i%len(gens)]
		c, err := Commit(rb, v, g)
		want := testref.Add(testref.ScalarMult(r, testref.G), testref.ScalarMult(new(big.Int).SetUint64(v), refPoint(&g.p)))
		if want.Inf {
			if !errors.Is(err, ErrInfinity) {
				t.Fatalf("Commit to infinity: %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if got, w := c.Bytes(), refEncoding(want, 0x08); !bytes.Equal(got, w) {
			t.Fatalf("Commit(%x, %d) = %x, want %x", rb, v, got, w)
		}
		c2, err := ParseCommitment(c.Bytes())
		if err != nil || !bytes.Equal(c2.Bytes(), c.Bytes()) {
			t.Fatalf("round trip: %v", err)
		}
	}
	// blind = 0 and value = 0: the identity.
	if _, err := Commit(make([]byte, 32), 0, GeneratorH()); !errors.Is(err, ErrInfinity) {
		t.Errorf("Commit(0, 0) = %v, want ErrInfinity", err)
	}
	if _, err := Commit(testref.Bytes32(testref.N), 1, GeneratorH()); !errors.Is(err, ErrBlindRange) {
		t.Errorf("Commit(n, 1) = %v, want ErrBlindRange", err)
	}
}

// TestBlindSumReference checks BlindSum against math/big.
func TestBlindSumReference(t *testing.T) {
	rng := testref.Rand(t)
	for range short.Count(t, 300) {
		n := rng.Intn(10)
		np := rng.Intn(n + 1)
		blinds := make([][]byte, n)
		want := new(big.Int)
		for i := range blinds {
			x, b := randScalar(rng)
			if rng.Intn(5) == 0 {
				x = new(big.Int).Sub(testref.N, big.NewInt(1))
				b = testref.Bytes32(x)
			}
			blinds[i] = b
			if i < np {
				want.Add(want, x)
			} else {
				want.Sub(want, x)
			}
		}
		want.Mod(want, testref.N)
		got, err := BlindSum(blinds, np)
		if err != nil || !bytes.Equal(got, testref.Bytes32(want)) {
			t.Fatalf("BlindSum = %x, %v; want %x", got, err, want)
		}
	}
	if _, err := BlindSum([][]byte{make([]byte, 32)}, 2); !errors.Is(err, ErrCount) {
		t.Errorf("nPositive > n: %v", err)
	}
	if _, err := BlindSum([][]byte{make([]byte, 32)}, -1); !errors.Is(err, ErrCount) {
		t.Errorf("nPositive < 0: %v", err)
	}
	if _, err := BlindSum([][]byte{testref.Bytes32(testref.N)}, 1); !errors.Is(err, ErrBlindRange) {
		t.Errorf("blind = n: %v", err)
	}
	if _, err := BlindSum([][]byte{nil}, 1); !errors.Is(err, ErrBlindLength) {
		t.Errorf("nil blind: %v", err)
	}
	if got, err := BlindSum(nil, 0); err != nil || !bytes.Equal(got, make([]byte, 32)) {
		t.Errorf("empty BlindSum = %x, %v", got, err)
	}
}

// TestTally builds zkp's test_pedersen_internal transactions: values that
// balance, blinds balanced by BlindSum, and checks that VerifyTally accepts
// them both ways and rejects a missing input.
func TestTally(t *testing.T) {
	rng := testref.Rand(t)
	for range short.Count(t, 50) {
		inputs, outputs := rng.Intn(8)+1, rng.Intn(8)+2
		total := inputs + outputs
		values := make([]uint64, total)
		var sum uint64
		for i := range inputs {
			values[i] = rng.Uint64() >> 4
			sum += values[i]
		}
		for i := inputs; i < total-1; i++ {
			values[i] = uint64(rng.Int63n(int64(sum>>1) + 1))
			sum -= values[i]
		}
		values[total-1] = sum
		blinds := make([][]byte, total)
		for i := range total - 1 {
			_, blinds[i] = randScalar(rng)
		}
		var err error
		if blinds[total-1], err = BlindSum(blinds[:total-1], inputs); err != nil {
			t.Fatal(err)
		}
		cs := make([]*Commitment, total)
		for i := range cs {
			if cs[i], err = Commit(blinds[i], values[i], GeneratorH()); err != nil {
				t.Fatal(err)
			}
		}
		if !VerifyTally(cs[:inputs], cs[inputs:]) || !VerifyTally(cs[inputs:], cs[:inputs]) {
			t.Fatal("balanced transaction does not tally")
		}
		if VerifyTally(cs[:inputs-1], cs[inputs:]) {
			t.Fatal("transaction without its last input tallies")
		}
		if VerifyTally(append(cs[:inputs:inputs], nil), cs[inputs:]) || VerifyTally(cs[:inputs], append(cs[inputs:], new(Commitment))) {
			t.Fatal("a nil or zero Commitment tallies")
		}
	}
	if !VerifyTally(nil, nil) {
		t.Error("empty lists do not tally (zkp: they do)")
	}
}

// TestBlindGeneratorBlindSum builds a Confidential Assets transaction:
// blinded generators of two assets, values that balance per asset, and the
// final blind from BlindGeneratorBlindSum; the commitments must tally, and
// the result must match the formula in math/big.
func TestBlindGeneratorBlindSum(t *testing.T) {
	rng := testref.Rand(t)
	for range short.Count(t, 30) {
		tags := [2][]byte{testref.RandomBytes(rng, 32), testref.RandomBytes(rng, 32)}
		inputs := rng.Intn(3) + 2 // one input of each asset at least
		outputs := rng.Intn(3) + 2
		total := inputs + outputs
		asset := make([]int, total)
		values := make([]uint64, total)
		var have [2]uint64
		for i := range inputs {
			asset[i] = i % 2
			values[i] = rng.Uint64() >> 8
			have[asset[i]] += values[i]
		}
		// Outputs: the last two pay the remainder of each asset.
		for i := inputs; i < total; i++ {
			asset[i] = i % 2
		}
		asset[total-2], asset[total-1] = 0, 1
		for i := inputs; i < total-2; i++ {
			values[i] = uint64(rng.Int63n(int64(have[asset[i]]>>1) + 1))
			have[asset[i]] -= values[i]
		}
		values[total-2], values[total-1] = have[0], have[1]

		genBlinds := make([][]byte, total)
		blinds := make([][]byte, total)
		want := new(big.Int)
		var last *big.Int
		for i := range total {
			var gr, br *big.Int
			gr, genBlinds[i] = randScalar(rng)
			br, blinds[i] = randScalar(rng)
			s := new(big.Int).Mul(new(big.Int).SetUint64(values[i]), gr)
			s.Add(s, br)
			if i < inputs {
				s.Neg(s)
			}
			want.Add(want, s)
			last = br
		}
		want.Sub(last, want).Mod(want, testref.N)
		got, err := BlindGeneratorBlindSum(values, genBlinds, blinds, inputs)
		if err != nil || !bytes.Equal(got, testref.Bytes32(want)) {
			t.Fatalf("BlindGeneratorBlindSum = %x, %v; want %x", got, err, want)
		}
		blinds[total-1] = got
		cs := make([]*Commitment, total)
		for i := range cs {
			g, err := GenerateBlindedGenerator(tags[asset[i]], genBlinds[i])
			if err != nil {
				t.Fatal(err)
			}
			if cs[i], err = Commit(blinds[i], values[i], g); err != nil {
				t.Fatal(err)
			}
		}
		if !VerifyTally(cs[inputs:], cs[:inputs]) {
			t.Fatal("Confidential Assets transaction does not tally")
		}
	}
	one := [][]byte{make([]byte, 32)}
	for _, c := range []struct {
		values   []uint64
		gb, b    [][]byte
		nInputs  int
		wantErr  error
		describe string
	}{
		{[]uint64{1}, one, one, 0, nil, "one output"},
		{[]uint64{1}, one, one, 1, ErrCount, "no output"},
		{nil, nil, nil, 0, ErrCount, "empty"},
		{[]uint64{1, 2}, one, one, 0, ErrCount, "lengths"},
		{[]uint64{1}, [][]byte{testref.Bytes32(testref.N)}, one, 0, ErrBlindRange, "generator blind n"},
		{[]uint64{1}, one, [][]byte{{1}}, 0, ErrBlindLength, "short blind"},
		{[]uint64{1}, one, one, -1, ErrCount, "negative inputs"},
	} {
		_, err := BlindGeneratorBlindSum(c.values, c.gb, c.b, c.nInputs)
		if !errors.Is(err, c.wantErr) && (err != nil || c.wantErr != nil) {
			t.Errorf("%s: %v, want %v", c.describe, err, c.wantErr)
		}
	}
}
