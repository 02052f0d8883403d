package rangeproof

import (
	"github.com/kestrel-crypto/secp256k1/ct"
	"github.com/kestrel-crypto/secp256k1/internal/ctdoor"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// points returns the points of commit and gen, or ErrUninitialized.
func points(commit *ct.Commitment, gen *ct.Generator) (c, g group.Affine, err error) {
	c, okC := ctdoor.Commitment(commit)
	g, okG := ctdoor.Generator(gen)
	if !okC || !okG {
		return c, g, ErrUninitialized
	}
	return c, g, nil
}

// Sign returns a proof that commit, which must be blind·G + value·gen,
// hides a value in a range that contains value and starts at or below
// minValue; zkp's secp256k1_rangeproof_sign with the same arguments gives
// the same bytes.
//
//   - exp (−1 … 18) is the base-10 exponent: the proof covers multiples of
//     10^exp above its minimum, whose low digits of value it then states
//     (exp = 0 proves the exact bits; zkp may lower exp when minBits
//     asks for more bits than fit). exp = −1 proves the exact value, which
//     the proof then states: a 65- or 73-byte proof.
//   - minBits (0 … 64) is the least number of bits of mantissa, so that
//     the proof hides more than the value's size (0: as many bits as the
//     value needs; Elements uses 52).
//   - nonce (32 bytes) seeds all the proof's random values: whoever holds
//     it can Rewind the proof. Never use one nonce for two proofs of
//     different values or blinding factors: the two proofs together
//     reveal the blinding factor.
//   - message (up to 128 bytes per base-4 digit but the last,
//     MaxMessageLen in all) is hidden in the proof for Rewind; extraCommit
//     is any data the proof commits to (Elements: the output's script),
//     which Verify must be given too.
//
// It returns ErrParameters, ErrMessageLength, ErrNonceLength, ErrBlind or
// ErrUninitialized for input zkp refuses, and ErrSignFailed where zkp's
// signing fails on its random values. It runs in constant time in value,
// blind and nonce (docs/ct.md).
func Sign(value, minValue uint64, exp, minBits int, nonce, message, extraCommit []byte, commit *ct.Commitment, blind []byte, gen *ct.Generator) ([]byte, error) {
	c, g, err := points(commit, gen)
	if err != nil {
		return nil, err
	}
	if len(nonce) != NonceSize {
		return nil, ErrNonceLength
	}
	if len(blind) != 32 {
		return nil, ErrBlind
	}
	return signPoints(value, minValue, exp, minBits, (*[32]byte)(nonce), message, extraCommit, &c, (*[32]byte)(blind), &g)
}

// Verify checks that proof shows that commit hides a value in
// [minValue, maxValue] for the generator gen and the data extraCommit the
// proof was made with, as zkp's secp256k1_rangeproof_verify, and returns
// that range. It returns ErrEncoding for bytes that are not a proof,
// ErrProof for a proof that does not verify, ErrUninitialized for a nil or
// zero commitment or generator. It runs in variable time (its inputs are
// public) and allocates nothing.
func Verify(proof []byte, commit *ct.Commitment, extraCommit []byte, gen *ct.Generator) (minValue, maxValue uint64, err error) {
	c, g, err := points(commit, gen)
	if err != nil {
		return 0, 0, err
	}
	var p parsed
	if err := verifyPoints(&p, proof, &c, &g, extraCommit); err != nil {
		return 0, 0, err
	}
	return p.h.MinValue, p.h.MaxValue, nil
}

// Rewound is what Rewind recovers from a proof.
type Rewound struct {
	// Value is the committed value.
	Value uint64
	// Blind is the commitment's 32-byte blinding factor.
	Blind []byte
	// Message is the data hidden in the proof: the message given to Sign,
	// then zero bytes to the proof's capacity (32 bytes per key but two of
	// the last digit; empty for an exact-value proof). Messages of
	// different lengths are not told apart.
	Message []byte
	// MinValue and MaxValue are the range the proof shows.
	MinValue, MaxValue uint64
}

// Rewind verifies proof as Verify does and recovers the value, blinding
// factor and message of the commitment with the nonce the proof was made
// with, as zkp's secp256k1_rangeproof_rewind with a 4096-byte message
// buffer. It returns ErrRewind if the proof verifies but the nonce does not
// rewind it, and Verify's errors otherwise. It runs in constant time in the
// nonce and in what it recovers (docs/ct.md).
func Rewind(proof, nonce []byte, commit *ct.Commitment, extraCommit []byte, gen *ct.Generator) (*Rewound, error) {
	c, g, err := points(commit, gen)
	if err != nil {
		return nil, err
	}
	if len(nonce) != NonceSize {
		return nil, ErrNonceLength
	}
	var p parsed
	var rw rewound
	if err := rewindPoints(&rw, &p, proof, (*[32]byte)(nonce), &c, &g, extraCommit); err != nil {
		return nil, err
	}
	out := &Rewound{
		Value:    rw.value,
		Blind:    make([]byte, 32),
		Message:  append([]byte{}, rw.message[:rw.msgLen]...),
		MinValue: p.h.MinValue,
		MaxValue: p.h.MaxValue,
	}
	rw.blind.PutBytes((*[32]byte)(out.Blind))
	clear(rw.message[:])
	return out, nil
}
