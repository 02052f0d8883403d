package zkp

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1/ct"
)

// surjTx is a random transaction for surjection proofs: n inputs over a
// few assets, blinded, and an output of one input's asset (or, now and
// then, of another asset).
type surjTx struct {
	fixed    [][]byte
	blinds   [][]byte
	gens     []*ct.Generator
	enc      [][]byte
	outFixed []byte
	outBlind []byte
	out      *ct.Generator
	outEnc   []byte
}

// randN returns a number of inputs in [1, 256], mostly small.
func randN(rng *rand.Rand) int {
	switch rng.IntN(8) {
	case 0:
		return 1 + rng.IntN(256)
	case 1:
		return 256
	}
	return 1 + rng.IntN(12)
}

func newSurjTx(rng *rand.Rand, n int) (*surjTx, error) {
	tx := &surjTx{}
	assets := make([][]byte, 1+rng.IntN(4))
	for i := range assets {
		assets[i] = randBytes(rng, 32)
	}
	for range n {
		tag := assets[rng.IntN(len(assets))]
		b := randBytes(rng, 32)
		b[0] &= 0x7f
		g, err := ct.GenerateBlindedGenerator(tag, b)
		if err != nil {
			return nil, err
		}
		tx.fixed = append(tx.fixed, tag)
		tx.blinds = append(tx.blinds, b)
		tx.gens = append(tx.gens, g)
		tx.enc = append(tx.enc, g.Bytes())
	}
	tx.outFixed = tx.fixed[rng.IntN(n)]
	if rng.IntN(16) == 0 {
		tx.outFixed = randBytes(rng, 32)
	}
	tx.outBlind = randBytes(rng, 32)
	tx.outBlind[0] &= 0x7f
	var err error
	if tx.out, err = ct.GenerateBlindedGenerator(tx.outFixed, tx.outBlind); err != nil {
		return nil, err
	}
	tx.outEnc = tx.out.Bytes()
	return tx, nil
}

func TestSurjectionInitialize(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		n := randN(rng)
		tx, err := newSurjTx(rng, n)
		if err != nil {
			return err
		}
		nUse := rng.IntN(min(n, 8) + 1)
		if rng.IntN(8) == 0 {
			nUse = rng.IntN(n + 1)
		}
		maxIter := rng.IntN(20)
		seed := randBytes(rng, 32)
		want, wantIdx, iters := SurjectionInitialize(tx.fixed, nUse, tx.outFixed, maxIter, seed)
		p, idx, err := ct.InitializeSurjectionProof(tx.fixed, nUse, tx.outFixed, maxIter, seed)
		if iters < 0 {
			return fmt.Errorf("binding error")
		}
		if (err == nil) != (iters > 0) {
			return fmt.Errorf("n=%d use=%d iter=%d: kestrel %v, zkp %d iterations", n, nUse, maxIter, err, iters)
		}
		if err != nil {
			return nil
		}
		if !bytes.Equal(p.Bytes(), want) || idx != wantIdx {
			return fmt.Errorf("n=%d use=%d: kestrel %x index %d, zkp %x index %d", n, nUse, p.Bytes(), idx, want, wantIdx)
		}
		return nil
	})
}

func TestSurjectionGenerateVerify(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		n := randN(rng)
		if testing.Short() && n > 64 && rng.IntN(4) != 0 {
			n = 1 + rng.IntN(64)
		}
		tx, err := newSurjTx(rng, n)
		if err != nil {
			return err
		}
		// The output's asset must be among the inputs for a selection.
		if !bytes.Contains(flatten(tx.fixed), tx.outFixed) {
			tx.outFixed = tx.fixed[0]
			if tx.out, err = ct.GenerateBlindedGenerator(tx.outFixed, tx.outBlind); err != nil {
				return err
			}
			tx.outEnc = tx.out.Bytes()
		}
		nUse := 1 + rng.IntN(min(n, 6))
		if rng.IntN(16) == 0 {
			nUse = n
		}
		p, idx, err := ct.InitializeSurjectionProof(tx.fixed, nUse, tx.outFixed, 100, randBytes(rng, 32))
		if err != nil {
			return err
		}
		inBlind, outBlind := tx.blinds[idx], tx.outBlind
		mode := rng.IntN(16)
		switch mode {
		case 0: // a wrong blind: both sign, neither proof verifies
			inBlind = randBytes(rng, 32)
			inBlind[0] &= 0x7f
		case 1: // an index that is not used: Kestrel refuses, zkp signs garbage
			for i := range n {
				if p.Bytes()[2+i/8]>>(i%8)&1 == 0 {
					idx = i
					break
				}
			}
		case 2: // an input generator equal to the output's: both refuse
			tx.gens[rng.IntN(n)] = tx.out
		case 3: // a blind ≥ n
			outBlind = bytes.Repeat([]byte{0xff}, 32)
		}
		enc := make([][]byte, n)
		for i, g := range tx.gens {
			enc[i] = g.Bytes()
		}
		unsigned := p.Bytes()
		want, status := SurjectionGenerate(unsigned, enc, tx.outEnc, idx, inBlind, outBlind)
		if status < 0 {
			return fmt.Errorf("binding error")
		}
		err = p.Generate(tx.gens, tx.out, idx, inBlind, outBlind)
		if err != nil {
			if status == 1 {
				// Only for an unused index does zkp sign (with ring
				// position 0, so its proof verifies only if the real input
				// happens to be there).
				if !bytes.Equal(p.Bytes(), unsigned) {
					return fmt.Errorf("a failed Generate changed the proof")
				}
				if mode != 1 {
					return fmt.Errorf("mode %d: kestrel %v, zkp signed", mode, err)
				}
			}
			return nil
		}
		if status != 1 {
			return fmt.Errorf("mode %d: kestrel signed, zkp failed", mode)
		}
		got := p.Bytes()
		if !bytes.Equal(got, want) {
			return fmt.Errorf("n=%d use=%d: kestrel %x, zkp %x", n, nUse, got, want)
		}
		// Both directions: each verifies the other's proof (the bytes are
		// equal, so one check each way), on the same and on tampered data.
		valid := mode != 0
		q, err := ct.ParseSurjectionProof(want)
		if err != nil {
			return err
		}
		if q.Verify(tx.gens, tx.out) != valid || (SurjectionVerify(got, enc, tx.outEnc) == 1) != valid {
			return fmt.Errorf("mode %d: verify kestrel %v, zkp %d", mode, q.Verify(tx.gens, tx.out), SurjectionVerify(got, enc, tx.outEnc))
		}
		bad := bytes.Clone(got)
		bad[len(bad)-1-rng.IntN(len(bad)-2-(n+7)/8)] ^= byte(1 << rng.IntN(8))
		qb, err := ct.ParseSurjectionProof(bad)
		if err != nil {
			return err
		}
		if qb.Verify(tx.gens, tx.out) != (SurjectionVerify(bad, enc, tx.outEnc) == 1) {
			return fmt.Errorf("tampered proof: kestrel %v, zkp %d", qb.Verify(tx.gens, tx.out), SurjectionVerify(bad, enc, tx.outEnc))
		}
		many := ct.VerifySurjectionProofs([]ct.SurjectionItem{{Proof: q, InputTags: tx.gens, OutputTag: tx.out}, {Proof: qb, InputTags: tx.gens, OutputTag: tx.out}}, 1)
		if many[0] != valid || many[1] != (SurjectionVerify(bad, enc, tx.outEnc) == 1) {
			return fmt.Errorf("VerifySurjectionProofs of the proof and the tampered one: kestrel %v, zkp %v %d", many, valid, SurjectionVerify(bad, enc, tx.outEnc))
		}
		return nil
	})
}

// randSurjectionEncoding returns bytes that look like a surjection proof:
// a count (sometimes above 256), a bitmap (sometimes with padding bits),
// and a body of about the right length.
func randSurjectionEncoding(rng *rand.Rand) []byte {
	n := rng.IntN(260)
	if rng.IntN(4) == 0 {
		n = rng.IntN(17)
	}
	bl := (n + 7) / 8
	b := binary.LittleEndian.AppendUint16(nil, uint16(n))
	bitmap := randBytes(rng, bl)
	for i := range bitmap {
		if rng.IntN(2) == 0 {
			bitmap[i] &= byte(rng.Uint32())
		}
	}
	if bl > 0 && n%8 != 0 && rng.IntN(2) == 0 {
		bitmap[bl-1] &= byte(1<<(n%8)) - 1
	}
	b = append(b, bitmap...)
	used := 0
	for _, x := range bitmap {
		for ; x != 0; x &= x - 1 {
			used++
		}
	}
	body := 32 * (1 + used)
	switch rng.IntN(6) {
	case 0:
		body += rng.IntN(65) - 32
	case 1:
		body = rng.IntN(64)
	}
	b = append(b, randBytes(rng, max(body, 0))...)
	if rng.IntN(10) == 0 {
		b = b[:rng.IntN(len(b)+1)]
	}
	return b
}

func TestSurjectionParse(t *testing.T) {
	forCases(t, func(rng *rand.Rand) error {
		b := randSurjectionEncoding(rng)
		want, nTotal, nUsed, size, ok := SurjectionReparse(b)
		p, err := ct.ParseSurjectionProof(b)
		if (err == nil) != ok {
			return fmt.Errorf("%x: kestrel %v, zkp ok=%v", b, err, ok)
		}
		if err != nil {
			return nil
		}
		if !bytes.Equal(p.Bytes(), want) || p.NTotalInputs() != nTotal || p.NUsedInputs() != nUsed || p.SerializedSize() != size {
			return fmt.Errorf("%x: kestrel %x (%d, %d, %d), zkp %x (%d, %d, %d)", b, p.Bytes(), p.NTotalInputs(), p.NUsedInputs(), p.SerializedSize(), want, nTotal, nUsed, size)
		}
		return nil
	})
}
