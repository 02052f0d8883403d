package ct

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// CommitmentSize is the length of an encoded Commitment.
const CommitmentSize = 33

// Commitment is a Pedersen commitment blind·G + value·gen, zkp's
// secp256k1_pedersen_commitment. The zero value is not valid: VerifyTally
// reports false for it and Bytes returns nil. A Commitment is immutable
// once made.
type Commitment struct {
	p  group.Affine
	ok bool
}

// Commit returns the Pedersen commitment blind·G + value·gen to value with
// the 32-byte blinding factor blind (below n), zkp's
// secp256k1_pedersen_commit. It runs in constant time in blind and value:
// blind·G by the blinded comb, value·gen by the constant-time ladder, a
// complete addition and a constant-time inversion. It returns ErrInfinity
// for the (negligible, or deliberately chosen) sum 0, which has no
// encoding.
func Commit(blind []byte, value uint64, gen *Generator) (*Commitment, error) {
	if gen == nil || !gen.ok {
		return nil, ErrZeroGenerator
	}
	var r, v scalar.Scalar
	if err := setBlind(&r, blind); err != nil {
		return nil, err
	}
	v.SetUint64(value)
	var acc, vH, g group.Jacobian
	ecmult.ScalarBaseMult(&acc, &r)
	g.SetAffine(&gen.p)
	ecmult.ScalarMult(&vH, &v, &g)
	acc.Add(&acc, &vH)
	var c Commitment
	if _, ok := c.p.SetJacobian(&acc); ok == 0 {
		return nil, ErrInfinity
	}
	c.ok = true
	return &c, nil
}

// ParseCommitment decodes zkp's 33-byte commitment encoding
// (secp256k1_pedersen_commitment_parse): 0x08 ‖ x for the point whose y is
// a square mod p, 0x09 ‖ x for its negation. It returns
// ErrCommitmentEncoding for any other input.
func ParseCommitment(b []byte) (*Commitment, error) {
	var p group.Affine
	if !parseSquareY(&p, b, 0x08) {
		return nil, ErrCommitmentEncoding
	}
	return &Commitment{p: p, ok: true}, nil
}

// Bytes returns the 33-byte encoding of c
// (secp256k1_pedersen_commitment_serialize), or nil for a nil or zero-value
// Commitment.
func (c *Commitment) Bytes() []byte {
	if c == nil || !c.ok {
		return nil
	}
	var out [33]byte
	putSquareY(&out, &c.p, 0x08)
	return out[:]
}

// BlindSum returns Σ blinds[:nPositive] − Σ blinds[nPositive:] mod n, zkp's
// secp256k1_pedersen_blind_sum: with the blinding factors of the inputs
// first and those of all outputs but one after them, the blinding factor
// that makes the last output's commitment balance the transaction. Each
// blind is 32 bytes below n; 0 ≤ nPositive ≤ len(blinds). The sum may be
// 0. Constant time in the values of the blinds.
func BlindSum(blinds [][]byte, nPositive int) ([]byte, error) {
	if nPositive < 0 || nPositive > len(blinds) {
		return nil, fmt.Errorf("%w: %d positive of %d blinds", ErrCount, nPositive, len(blinds))
	}
	var acc, x scalar.Scalar
	for i, b := range blinds {
		if err := setBlind(&x, b); err != nil {
			return nil, fmt.Errorf("blind %d: %w", i, err)
		}
		if i >= nPositive {
			x.Negate(&x)
		}
		acc.Add(&acc, &x)
	}
	var out [32]byte
	acc.PutBytes(&out)
	return out[:], nil
}

// VerifyTally reports whether Σ positive − Σ negative is the point at
// infinity, zkp's secp256k1_pedersen_verify_tally: whether the committed
// values and blinding factors balance. Two empty lists balance; a list
// holding a nil or zero-value Commitment does not (it fails closed).
// Variable time: commitments are public.
func VerifyTally(positive, negative []*Commitment) bool {
	var acc group.Jacobian
	for _, c := range negative {
		if c == nil || !c.ok {
			return false
		}
		acc.VarTimeAddAffine(&acc, &c.p)
	}
	acc.Negate(&acc)
	for _, c := range positive {
		if c == nil || !c.ok {
			return false
		}
		acc.VarTimeAddAffine(&acc, &c.p)
	}
	return acc.IsIdentity() == 1
}

// BlindGeneratorBlindSum returns the blinding factor of the last output
// that balances a Confidential Assets transaction, zkp's
// secp256k1_pedersen_blind_generator_blind_sum. Entry i has the value
// values[i], the asset generator blind generatorBlinds[i] (its generator is
// GenerateBlindedGenerator(tag, generatorBlinds[i])) and the commitment
// blind blinds[i]; the first nInputs entries are inputs, the others outputs
// (at least one). With sᵢ = valuesᵢ·generatorBlindsᵢ + blindsᵢ, the result
// is blinds[last] − (Σ outputs sᵢ − Σ inputs sᵢ): the value zkp writes over
// the last blinding factor, so that the commitments, made with it, tally.
// The three lists have the same length; every blind is 32 bytes below n.
// Constant time in the values and blinds.
func BlindGeneratorBlindSum(values []uint64, generatorBlinds [][]byte, blinds [][]byte, nInputs int) ([]byte, error) {
	n := len(values)
	if len(generatorBlinds) != n || len(blinds) != n || nInputs < 0 || nInputs >= n {
		return nil, fmt.Errorf("%w: %d values, %d generator blinds, %d blinds, %d inputs",
			ErrCount, n, len(generatorBlinds), len(blinds), nInputs)
	}
	var sum, r, s, last scalar.Scalar
	for i := range n {
		if err := setBlind(&r, generatorBlinds[i]); err != nil {
			return nil, fmt.Errorf("generator blind %d: %w", i, err)
		}
		s.SetUint64(values[i])
		s.Multiply(&s, &r)
		if err := setBlind(&last, blinds[i]); err != nil {
			return nil, fmt.Errorf("blind %d: %w", i, err)
		}
		s.Add(&s, &last)
		s.CondNegate(boolInt(i < nInputs))
		sum.Add(&sum, &s)
	}
	// last holds blinds[n−1].
	last.Subtract(&last, &sum)
	var out [32]byte
	last.PutBytes(&out)
	return out[:], nil
}

// boolInt returns 1 for true and 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
