// Package rangeproof is secp256k1-zkp's Borromean rangeproof
// (include/secp256k1_rangeproof.h), the proof that Elements and Liquid
// attach to each confidential output: that a Pedersen commitment
// blind·G + value·gen (package ct) hides a value in a stated range, without
// telling the value. Its proofs are byte for byte zkp's at 99fab529 for
// the same inputs, and each side accepts the other's.
//
// A proof shows value = minValue + 10^exp·m for a mantissa m of
// mantissa bits, so that the verifier learns the range
// [minValue, minValue + 10^exp·(2^mantissa − 1)]. It writes m in base 4:
// one commitment per digit and a Borromean ring signature (package
// internal/borromean) per digit, over the four values the digit may take
// (a last digit of one bit when the mantissa is odd). With exp = −1 the
// proof is of the exact value instead, which it then states (Info's
// MinValue = MaxValue).
//
// Whoever holds the nonce that made a proof can rewind it (Rewind): the
// proof's random values come from the nonce, so they give back the value,
// the blinding factor and a message of up to MaxMessageLen bytes hidden in
// the forged signatures: the receiver of an output, who shares the nonce
// with the sender by ECDH, learns its amount this way.
//
// Sign and Rewind are constant time in the value, the blinding factor and
// the nonce; Verify, VerifyMany and Info work on public data in variable
// time (docs/ct.md, "Constant time").
package rangeproof

import (
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
)

var (
	// ErrProof is returned by Verify, VerifyMany and Rewind for a proof
	// that does not verify.
	ErrProof = errors.New("rangeproof: proof does not verify")
	// ErrEncoding is returned by Info, Verify, VerifyMany and Rewind for
	// bytes that are not a rangeproof: a bad header (a reserved bit, an
	// exponent above 18, a range past 2⁶⁴), a length that does not fit the
	// header, a coordinate or scalar out of range, or unused sign bits set.
	ErrEncoding = errors.New("rangeproof: invalid proof encoding")
	// ErrParameters is returned by Sign for parameters zkp does not accept:
	// exp outside −1 … 18, minBits outside 0 … 64, minValue above the
	// value, or a value and minimum that are both large (one of them at
	// least 2⁶³ and the other not zero).
	ErrParameters = errors.New("rangeproof: invalid parameters")
	// ErrMessageLength is returned by Sign for a message longer than the
	// proof can hide: 128 bytes per base-4 digit but the last.
	ErrMessageLength = errors.New("rangeproof: message too long for the proof")
	// ErrNonceLength is returned for a nonce that is not 32 bytes.
	ErrNonceLength = errors.New("rangeproof: nonce must be 32 bytes")
	// ErrBlind is returned by Sign for a blinding factor that is not 32
	// bytes, not below the group order, or that makes the last digit's
	// blinding factor zero. (As in zkp, Sign does not check that the
	// commitment is blind·G + value·gen: if not, its proof does not
	// verify.)
	ErrBlind = errors.New("rangeproof: invalid blinding factor")
	// ErrUninitialized is returned for a nil or zero-value Commitment or
	// Generator.
	ErrUninitialized = errors.New("rangeproof: uninitialised commitment or generator")
	// ErrRewind is returned by Rewind when the proof verifies but the
	// nonce is not the one that made it.
	ErrRewind = errors.New("rangeproof: nonce does not rewind the proof")
	// ErrSignFailed is returned by Sign in the cases where zkp's signing
	// fails on its random values (a hash or nonce out of range or zero;
	// probability about 2⁻¹²⁰).
	ErrSignFailed = errors.New("rangeproof: signing failed on its random values")
)

// MaxMessageLen is the longest message a proof can hide, for a 64-bit
// mantissa (zkp's SECP256K1_RANGEPROOF_MAX_MESSAGE_LEN).
const MaxMessageLen = 3968

// NonceSize is the length of the nonce.
const NonceSize = 32

const (
	maxRings = 32  // 64 bits in base 4
	maxPubs  = 128 // four keys per ring
)

// ProofInfo is what a proof's header states, as zkp's
// secp256k1_rangeproof_info reads it.
type ProofInfo struct {
	// Exp is the base-10 exponent of the proof, −1 for a proof of an exact
	// value.
	Exp int
	// Mantissa is the number of bits proven, 0 for an exact value.
	Mantissa int
	// MinValue and MaxValue are the bounds of the range proven.
	MinValue, MaxValue uint64
}

// header is a proof's parsed header: its ProofInfo, 10^exp and the number
// of header bytes.
type header struct {
	ProofInfo
	scale  uint64
	offset int
}

// parseHeader reads proof's header (zkp's secp256k1_rangeproof_getheader_impl).
func parseHeader(h *header, proof []byte) bool {
	if len(proof) < 65 || proof[0]&128 != 0 {
		return false
	}
	*h = header{ProofInfo: ProofInfo{Exp: -1}, scale: 1}
	if proof[0]&64 != 0 {
		h.Exp = int(proof[0] & 31)
		if h.Exp > 18 {
			return false
		}
		h.offset++
		h.Mantissa = int(proof[1]) + 1
		if h.Mantissa > 64 {
			return false
		}
		h.MaxValue = math.MaxUint64 >> (64 - h.Mantissa)
	}
	h.offset++
	for range max(h.Exp, 0) {
		if h.MaxValue > math.MaxUint64/10 {
			return false
		}
		h.MaxValue *= 10
		h.scale *= 10
	}
	if proof[0]&32 != 0 {
		if len(proof)-h.offset < 8 {
			return false
		}
		h.MinValue = binary.BigEndian.Uint64(proof[h.offset:])
		h.offset += 8
	}
	if h.MaxValue > math.MaxUint64-h.MinValue {
		return false
	}
	h.MaxValue += h.MinValue
	return true
}

// Info returns what proof's header states, without verifying the proof,
// as zkp's secp256k1_rangeproof_info; ErrEncoding if the header is not
// one.
func Info(proof []byte) (ProofInfo, error) {
	var h header
	if !parseHeader(&h, proof) {
		return ProofInfo{}, ErrEncoding
	}
	return h.ProofInfo, nil
}

// shape is the rings of a proof: their number and sizes, and the number of
// keys.
type shape struct {
	rings, npub int
	sizes       [maxRings]int
}

// setMantissa sets the shape of a proof of mantissa bits: base-4 digits,
// the last of one bit if mantissa is odd; one ring of one key for an exact
// value (mantissa 0).
func (s *shape) setMantissa(mantissa int) {
	if mantissa == 0 {
		s.rings, s.npub, s.sizes[0] = 1, 1, 1
		return
	}
	s.rings = (mantissa + 1) / 2
	s.npub = 0
	for i := range s.rings {
		s.sizes[i] = 4
		if i == s.rings-1 && mantissa&1 == 1 {
			s.sizes[i] = 2
		}
		s.npub += s.sizes[i]
	}
}

// bodyLen is the length of a proof after its header: sign bits, one x per
// ring but the last, e₀ and the s values.
func (s *shape) bodyLen() int {
	return (s.rings+6)>>3 + 32*(s.rings-1) + 32 + 32*s.npub
}

// MaxSize returns the length of the longest proof for values up to
// maxValue with at least minBits bits of mantissa, as zkp's
// secp256k1_rangeproof_max_size: a bound for any exponent and minimum.
// minBits is taken as 0 … 64.
func MaxSize(maxValue uint64, minBits int) int {
	minBits = min(max(minBits, 0), 64)
	mantissa := max(bits.Len64(maxValue), 1, minBits)
	var s shape
	s.setMantissa(mantissa)
	return 10 + s.bodyLen()
}
