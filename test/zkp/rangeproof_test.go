package zkp

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/ct/rangeproof"
)

// rpCase is one random rangeproof input: the arguments of
// secp256k1_rangeproof_sign, drawn to cover zkp's parameter space (every
// exp and min_bits, exact-value proofs, minimums, values near the
// boundaries of 2⁶³ and 2⁶⁴, messages up to the limit, other generators).
type rpCase struct {
	value, minValue       uint64
	exp, minBits          int
	nonce, blind          []byte
	message, extra        []byte
	gen                   *ct.Generator
	commit                *ct.Commitment
	genBytes, commitBytes []byte
}

func newRPCase(rng *rand.Rand) (*rpCase, error) {
	c := &rpCase{}
	switch rng.IntN(6) {
	case 0:
		c.value = rng.Uint64() // any, often above 2⁶³
	case 1:
		c.value = uint64(rng.IntN(1000))
	case 2:
		c.value = 1<<63 - 2 + uint64(rng.IntN(4))
	case 3:
		c.value = ^uint64(0) - uint64(rng.IntN(3))
	default:
		c.value = rng.Uint64() >> rng.IntN(64)
	}
	switch rng.IntN(4) {
	case 0:
		c.minValue = 0
	case 1:
		c.minValue = c.value
	case 2:
		c.minValue = c.value >> rng.IntN(64)
	default:
		c.minValue = rng.Uint64() // often above value: both refuse
	}
	c.exp = rng.IntN(21) - 2 // −2 … 18: −2 is refused
	c.minBits = rng.IntN(67) - 1
	if rng.IntN(3) == 0 {
		c.minBits = 64
	}
	c.nonce = randBytes(rng, 32)
	c.blind = randBytes(rng, 32)
	c.blind[0] &= 0x7f
	c.extra = randBytes(rng, rng.IntN(3)*rng.IntN(40))
	// Messages up to one past the limit of the largest proof; most proofs
	// have room for less.
	switch rng.IntN(4) {
	case 0:
	case 1:
		c.message = randBytes(rng, rng.IntN(200))
	case 2:
		c.message = randBytes(rng, rng.IntN(rangeproof.MaxMessageLen+2))
	default:
		c.message = randBytes(rng, 128*rng.IntN(32))
	}
	c.gen = ct.GeneratorH()
	if rng.IntN(3) == 0 {
		g, err := ct.GenerateGenerator(randBytes(rng, 32))
		if err != nil {
			return nil, err
		}
		c.gen = g
	}
	var err error
	c.commit, err = ct.Commit(c.blind, c.value, c.gen)
	if err != nil {
		return nil, err
	}
	c.genBytes, c.commitBytes = c.gen.Bytes(), c.commit.Bytes()
	return c, nil
}

// TestRangeproofSign signs the same inputs with both libraries: both
// refuse or both give the same bytes, which both verify and rewind to the
// same results; a wrong nonce rewinds with neither.
func TestRangeproofSign(t *testing.T) {
	var signed, cases atomic.Int64
	forCases(t, func(rng *rand.Rand) error {
		cases.Add(1)
		c, err := newRPCase(rng)
		if err != nil {
			return err
		}
		want, zok := RangeproofSign(c.minValue, c.commitBytes, c.blind, c.nonce, c.exp, c.minBits, c.value, c.message, c.extra, c.genBytes)
		got, err := rangeproof.Sign(c.value, c.minValue, c.exp, c.minBits, c.nonce, c.message, c.extra, c.commit, c.blind, c.gen)
		if zok != (err == nil) {
			return fmt.Errorf("Sign(v=%d min=%d exp=%d bits=%d msg=%d): zkp %v, Kestrel %v", c.value, c.minValue, c.exp, c.minBits, len(c.message), zok, err)
		}
		if !zok {
			return nil
		}
		if !bytes.Equal(got, want) {
			return fmt.Errorf("Sign(v=%d min=%d exp=%d bits=%d): proofs differ", c.value, c.minValue, c.exp, c.minBits)
		}
		signed.Add(1)
		return checkProof(c, want)
	})
	// The cases must mostly reach the comparison of proofs.
	if n := cases.Load(); n >= 20 && signed.Load() < n/3 {
		t.Errorf("only %d of %d cases signed", signed.Load(), n)
	}
	t.Logf("%d of %d cases signed", signed.Load(), cases.Load())
}

// checkProof compares Verify, Info and Rewind of a valid proof on both
// sides.
func checkProof(c *rpCase, proof []byte) error {
	zmin, zmax, zok := RangeproofVerify(proof, c.commitBytes, c.extra, c.genBytes)
	kmin, kmax, err := rangeproof.Verify(proof, c.commit, c.extra, c.gen)
	if !zok || err != nil || zmin != kmin || zmax != kmax {
		return fmt.Errorf("Verify: zkp %v [%d, %d], Kestrel %v [%d, %d]", zok, zmin, zmax, err, kmin, kmax)
	}
	if kmin > c.value || kmax < c.value {
		return fmt.Errorf("range [%d, %d] misses the value %d", kmin, kmax, c.value)
	}
	ze, zm, zmn, zmx, zok := RangeproofInfo(proof)
	info, err := rangeproof.Info(proof)
	if !zok || err != nil || info != (rangeproof.ProofInfo{Exp: ze, Mantissa: zm, MinValue: zmn, MaxValue: zmx}) {
		return fmt.Errorf("Info: zkp %v %d %d %d %d, Kestrel %v %+v", zok, ze, zm, zmn, zmx, err, info)
	}
	zr, zok := RangeproofRewind(proof, c.nonce, c.commitBytes, c.extra, c.genBytes)
	kr, err := rangeproof.Rewind(proof, c.nonce, c.commit, c.extra, c.gen)
	if !zok || err != nil {
		return fmt.Errorf("Rewind: zkp %v, Kestrel %v", zok, err)
	}
	if kr.Value != zr.Value || !bytes.Equal(kr.Blind, zr.Blind[:]) || !bytes.Equal(kr.Message, zr.Message) ||
		kr.MinValue != zr.MinValue || kr.MaxValue != zr.MaxValue {
		return fmt.Errorf("Rewind differs: zkp %d [%d, %d] %d-byte message, Kestrel %d [%d, %d] %d-byte message",
			zr.Value, zr.MinValue, zr.MaxValue, len(zr.Message), kr.Value, kr.MinValue, kr.MaxValue, len(kr.Message))
	}
	if kr.Value != c.value || !bytes.Equal(kr.Blind, c.blind) || !bytes.HasPrefix(kr.Message, c.message) {
		return fmt.Errorf("Rewind does not give back the inputs")
	}
	wrong := bytes.Clone(c.nonce)
	wrong[0] ^= 1
	_, zok = RangeproofRewind(proof, wrong, c.commitBytes, c.extra, c.genBytes)
	_, err = rangeproof.Rewind(proof, wrong, c.commit, c.extra, c.gen)
	if zok || err == nil {
		return fmt.Errorf("Rewind with a wrong nonce: zkp %v, Kestrel %v", zok, err)
	}
	return nil
}

// TestRangeproofVerifyMutated changes a valid proof (a bit, a byte, a
// length, the extra data) and requires both libraries to agree on Verify,
// Info and Rewind.
func TestRangeproofVerifyMutated(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		c, err := newRPCase(rng)
		if err != nil {
			return err
		}
		proof, zok := RangeproofSign(c.minValue, c.commitBytes, c.blind, c.nonce, c.exp, c.minBits, c.value, nil, c.extra, c.genBytes)
		if !zok {
			return nil
		}
		bad := bytes.Clone(proof)
		extra := c.extra
		switch rng.IntN(5) {
		case 0:
			bad[rng.IntN(len(bad))] ^= byte(1 << rng.IntN(8))
		case 1:
			bad[rng.IntN(min(len(bad), 12))] = byte(rng.Uint32()) // the header
		case 2:
			bad = bad[:rng.IntN(len(bad))]
		case 3:
			bad = append(bad, byte(rng.Uint32()))
		default:
			extra = append(bytes.Clone(extra), 0)
		}
		zmin, zmax, zok := RangeproofVerify(bad, c.commitBytes, extra, c.genBytes)
		kmin, kmax, err := rangeproof.Verify(bad, c.commit, extra, c.gen)
		if zok != (err == nil) || (zok && (zmin != kmin || zmax != kmax)) {
			return fmt.Errorf("Verify of a changed proof: zkp %v, Kestrel %v", zok, err)
		}
		many := rangeproof.VerifyMany([]rangeproof.VerifyItem{
			{Proof: bad, Commitment: c.commit, ExtraCommit: extra, Generator: c.gen},
			{Proof: proof, Commitment: c.commit, ExtraCommit: c.extra, Generator: c.gen},
		}, 1)
		if r := many[0]; zok != (r.Err == nil) || (zok && (zmin != r.MinValue || zmax != r.MaxValue)) || many[1].Err != nil {
			return fmt.Errorf("VerifyMany of a changed proof and the proof: zkp %v, Kestrel %+v", zok, many)
		}
		ze, zm, zmn, zmx, zok := RangeproofInfo(bad)
		info, err := rangeproof.Info(bad)
		if zok != (err == nil) || (zok && info != (rangeproof.ProofInfo{Exp: ze, Mantissa: zm, MinValue: zmn, MaxValue: zmx})) {
			return fmt.Errorf("Info of a changed proof: zkp %v, Kestrel %v", zok, err)
		}
		_, zok = RangeproofRewind(bad, c.nonce, c.commitBytes, extra, c.genBytes)
		_, err = rangeproof.Rewind(bad, c.nonce, c.commit, extra, c.gen)
		if zok != (err == nil) {
			return fmt.Errorf("Rewind of a changed proof: zkp %v, Kestrel %v", zok, err)
		}
		return nil
	})
}

// TestRangeproofMaxSize compares MaxSize for all min_bits and random
// values.
func TestRangeproofMaxSize(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		v := rng.Uint64() >> rng.IntN(65)
		bits := rng.IntN(65)
		if z, k := RangeproofMaxSize(v, bits), rangeproof.MaxSize(v, bits); z != k {
			return fmt.Errorf("MaxSize(%d, %d): zkp %d, Kestrel %d", v, bits, z, k)
		}
		return nil
	})
}
