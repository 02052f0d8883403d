package zkp

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
)

// randBytes returns n random bytes.
func randBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// randBlind returns a random 32-byte blind, now and then an edge value: 0,
// n − 1, n or all ones (the last two are invalid on both sides).
func randBlind(rng *rand.Rand) []byte {
	switch rng.IntN(16) {
	case 0:
		return make([]byte, 32)
	case 1:
		return hexBytes("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140")
	case 2:
		return hexBytes("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	case 3:
		return bytes.Repeat([]byte{0xff}, 32)
	}
	b := randBytes(rng, 32)
	b[0] &= 0x7f
	return b
}

func hexBytes(s string) []byte {
	b := make([]byte, len(s)/2)
	for i := range b {
		fmt.Sscanf(s[2*i:2*i+2], "%02x", &b[i])
	}
	return b
}

// randEncoding returns a random 33-byte generator (base 0x0a) or
// commitment (0x08) encoding, valid about half of the time, and now and
// then with a wrong prefix or x ≥ p.
func randEncoding(rng *rand.Rand, base byte) []byte {
	b := randBytes(rng, 33)
	b[0] = base | byte(rng.IntN(2))
	switch rng.IntN(16) {
	case 0:
		b[0] = byte(rng.Uint32())
	case 1:
		copy(b[1:], bytes.Repeat([]byte{0xff}, 31))
	}
	return b
}

func TestGeneratorH(t *testing.T) {
	if got, want := ct.GeneratorH().Bytes(), GeneratorH(); !bytes.Equal(got, want) {
		t.Fatalf("GeneratorH = %x, zkp %x", got, want)
	}
}

func TestGeneratorGenerate(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		seed := randBytes(rng, 32)
		want, wok := GeneratorGenerate(seed)
		g, err := ct.GenerateGenerator(seed)
		if (err == nil) != wok {
			return fmt.Errorf("seed %x: kestrel %v, zkp ok=%v", seed, err, wok)
		}
		if err == nil && !bytes.Equal(g.Bytes(), want) {
			return fmt.Errorf("seed %x: kestrel %x, zkp %x", seed, g.Bytes(), want)
		}
		return nil
	})
}

func TestGeneratorGenerateBlinded(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		seed, blind := randBytes(rng, 32), randBlind(rng)
		want, wok := GeneratorGenerateBlinded(seed, blind)
		g, err := ct.GenerateBlindedGenerator(seed, blind)
		if (err == nil) != wok {
			return fmt.Errorf("seed %x blind %x: kestrel %v, zkp ok=%v", seed, blind, err, wok)
		}
		if err != nil {
			return nil
		}
		if !bytes.Equal(g.Bytes(), want) {
			return fmt.Errorf("seed %x blind %x: kestrel %x, zkp %x", seed, blind, g.Bytes(), want)
		}
		// Both directions: each side parses the other's output.
		if re, ok := GeneratorReparse(g.Bytes()); !ok || !bytes.Equal(re, want) {
			return fmt.Errorf("zkp does not reparse %x", g.Bytes())
		}
		if k, err := ct.ParseGenerator(want); err != nil || !bytes.Equal(k.Bytes(), want) {
			return fmt.Errorf("kestrel does not reparse %x: %v", want, err)
		}
		return nil
	})
}

func TestGeneratorParse(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		b := randEncoding(rng, 0x0a)
		want, wok := GeneratorReparse(b)
		g, err := ct.ParseGenerator(b)
		if (err == nil) != wok {
			return fmt.Errorf("%x: kestrel %v, zkp ok=%v", b, err, wok)
		}
		if err == nil && !bytes.Equal(g.Bytes(), want) {
			return fmt.Errorf("%x: kestrel %x, zkp %x", b, g.Bytes(), want)
		}
		return nil
	})
}

func TestPedersenParse(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		b := randEncoding(rng, 0x08)
		want, wok := PedersenReparse(b)
		c, err := ct.ParseCommitment(b)
		if (err == nil) != wok {
			return fmt.Errorf("%x: kestrel %v, zkp ok=%v", b, err, wok)
		}
		if err == nil && !bytes.Equal(c.Bytes(), want) {
			return fmt.Errorf("%x: kestrel %x, zkp %x", b, c.Bytes(), want)
		}
		return nil
	})
}

// randValue returns a random amount, now and then 0 or a large edge.
func randValue(rng *rand.Rand) uint64 {
	switch rng.IntN(8) {
	case 0:
		return 0
	case 1:
		return ^uint64(0) - uint64(rng.IntN(2))
	case 2:
		return uint64(rng.IntN(1000))
	}
	return rng.Uint64()
}

func TestPedersenCommit(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		blind, value := randBlind(rng), randValue(rng)
		gen := ct.GeneratorH()
		if rng.IntN(2) == 0 {
			var err error
			if gen, err = ct.GenerateBlindedGenerator(randBytes(rng, 32), randBytes(rng, 32)); err != nil {
				gen = ct.GeneratorH()
			}
		}
		want, wok := PedersenCommit(blind, value, gen.Bytes())
		c, err := ct.Commit(blind, value, gen)
		if (err == nil) != wok {
			return fmt.Errorf("blind %x value %d: kestrel %v, zkp ok=%v", blind, value, err, wok)
		}
		if err != nil {
			return nil
		}
		if !bytes.Equal(c.Bytes(), want) {
			return fmt.Errorf("blind %x value %d gen %x: kestrel %x, zkp %x", blind, value, gen.Bytes(), c.Bytes(), want)
		}
		if k, err := ct.ParseCommitment(want); err != nil || !bytes.Equal(k.Bytes(), want) {
			return fmt.Errorf("kestrel does not reparse %x: %v", want, err)
		}
		return nil
	})
}

func TestPedersenBlindSum(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		n := rng.IntN(12)
		np := rng.IntN(n + 1)
		blinds := make([][]byte, n)
		for i := range blinds {
			blinds[i] = randBlind(rng)
		}
		want, wok := PedersenBlindSum(blinds, np)
		got, err := ct.BlindSum(blinds, np)
		if (err == nil) != wok {
			return fmt.Errorf("kestrel %v, zkp ok=%v", err, wok)
		}
		if err == nil && !bytes.Equal(got, want) {
			return fmt.Errorf("kestrel %x, zkp %x", got, want)
		}
		return nil
	})
}

// TestPedersenVerifyTally makes balanced and unbalanced sets of
// commitments, half on each side, and tallies them on both sides.
func TestPedersenVerifyTally(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		nPos, nNeg := rng.IntN(5), rng.IntN(5)
		n := nPos + nNeg
		blinds := make([][]byte, n)
		values := make([]uint64, n)
		var sum int64
		for i := range n {
			b := randBytes(rng, 32)
			b[0] &= 0x7f
			blinds[i] = b
			values[i] = rng.Uint64() >> 24
		}
		// Balance the values and blinds on the last commitment (a
		// negative one), most of the time and when the sum allows it.
		for i := range n - 1 {
			if i < nPos {
				sum += int64(values[i])
			} else {
				sum -= int64(values[i])
			}
		}
		balanced := nPos > 0 && nNeg > 0 && sum >= 0 && rng.IntN(4) != 0
		if balanced {
			values[n-1] = uint64(sum)
			var err error
			if blinds[n-1], err = ct.BlindSum(blinds[:n-1], nPos); err != nil {
				return err
			}
		}
		enc := make([][]byte, n)
		cs := make([]*ct.Commitment, n)
		for i := range n {
			var wok bool
			var err error
			if rng.IntN(2) == 0 {
				// A commitment made by zkp, parsed by Kestrel.
				if enc[i], wok = PedersenCommit(blinds[i], values[i], ct.GeneratorH().Bytes()); !wok {
					return fmt.Errorf("zkp commit failed")
				}
				if cs[i], err = ct.ParseCommitment(enc[i]); err != nil {
					return err
				}
			} else {
				if cs[i], err = ct.Commit(blinds[i], values[i], ct.GeneratorH()); err != nil {
					return err
				}
				enc[i] = cs[i].Bytes()
			}
		}
		want, parsed := PedersenVerifyTally(enc[:nPos], enc[nPos:])
		if !parsed {
			return fmt.Errorf("zkp does not parse a commitment")
		}
		got := ct.VerifyTally(cs[:nPos], cs[nPos:])
		if got != want {
			return fmt.Errorf("balanced=%v: kestrel %v, zkp %v", balanced, got, want)
		}
		if balanced && !got {
			return fmt.Errorf("a balanced set does not tally")
		}
		return nil
	})
}

func TestPedersenBlindGeneratorBlindSum(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		n := rng.IntN(8) + 1
		nIn := rng.IntN(n)
		values := make([]uint64, n)
		gb := make([][]byte, n)
		bl := make([][]byte, n)
		for i := range n {
			values[i] = randValue(rng)
			gb[i], bl[i] = randBlind(rng), randBlind(rng)
		}
		want, wok := PedersenBlindGeneratorBlindSum(values, gb, bl, nIn)
		got, err := ct.BlindGeneratorBlindSum(values, gb, bl, nIn)
		if (err == nil) != wok {
			return fmt.Errorf("kestrel %v, zkp ok=%v", err, wok)
		}
		if err == nil && !bytes.Equal(got, want) {
			return fmt.Errorf("kestrel %x, zkp %x", got, want)
		}
		return nil
	})
}
