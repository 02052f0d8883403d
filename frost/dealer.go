package frost

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/kestrel-crypto/secp256k1/internal/frostcore"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Trusted-dealer key generation (RFC 9591's Appendix C, with BIP-445's
// identifiers): Shamir shares of a random secret with Feldman VSS
// commitments, for tests and for deployments that accept a dealer who
// sees the secret. docs/frost.md, "Trusted dealer", lists the caveats.

// DealerOutput is the result of TrustedDealerKeygen: the key material of a
// t-of-n key in the formats that NewSignersContext and Sign take.
// SecretShares[id], PubShares[id] and the VSS commitment belong to the
// participant with identifier id (0 ≤ id < n); send each participant its
// secret share over a confidential, authenticated channel and everything
// else to all.
//
// fmt prints the secret shares as fixed texts, and encoding/json refuses a
// DealerOutput (SecretShare.MarshalJSON returns an error).
type DealerOutput struct {
	// ThreshPublicKey is the 33-byte compressed threshold public key, the
	// commitment to the secret (Commitments[0]).
	ThreshPublicKey []byte
	// SecretShares are the participants' secret shares.
	SecretShares []*SecretShare
	// PubShares are the participants' 33-byte public shares.
	PubShares [][]byte
	// Commitments is the Feldman VSS commitment: the t 33-byte compressed
	// points a_j·G for the coefficients a_j of the secret polynomial, for
	// VerifySecretShare.
	Commitments [][]byte
}

// TrustedDealerKeygen generates a t-of-n key: a random secret s, a random
// polynomial f of degree t − 1 with f(0) = s, the participant with
// identifier id (0 ≤ id < n) receiving the share f(id + 1), BIP-445's
// interpolation points. rand is the source of randomness, crypto/rand if
// nil; 64 bytes per coefficient are drawn from it and reduced mod n.
//
// It returns ErrThreshold unless 1 ≤ t ≤ n < 2³², and ErrRand wrapping the
// error of a failing rand; with negligible probability (a zero share or
// secret) it draws again. Constant time in the secret values; the dealer
// erases the polynomial before returning.
func TrustedDealerKeygen(n, t int, rand io.Reader) (*DealerOutput, error) {
	if t < 1 || t > n || uint64(n) > math.MaxUint32 {
		return nil, ErrThreshold
	}
	if rand == nil {
		rand = cryptoRand{}
	}
	coeffs := make([]scalar.Scalar, t)
	defer clear(coeffs)
	for {
		if err := randomPolynomial(coeffs, rand); err != nil {
			return nil, err
		}
		out, ok := deal(coeffs, n)
		if ok {
			return out, nil
		}
	}
}

// cryptoRand reads from crypto/rand.
type cryptoRand struct{}

func (cryptoRand) Read(b []byte) (int, error) {
	rand.Read(b) // never fails (crypto/rand crashes the program instead)
	return len(b), nil
}

// randomPolynomial sets coeffs to uniformly random scalars from r.
func randomPolynomial(coeffs []scalar.Scalar, r io.Reader) error {
	var b [64]byte
	defer clear(b[:])
	for j := range coeffs {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return fmt.Errorf("%w: %w", ErrRand, err)
		}
		coeffs[j].SetUniformBytes(&b)
	}
	return nil
}

// deal returns the key material of the polynomial coeffs for n
// participants, or false if the secret or a share is zero (probability
// about (n + 1)·2⁻²⁵⁶).
func deal(coeffs []scalar.Scalar, n int) (*DealerOutput, bool) {
	if coeffs[0].IsZero() == 1 {
		return nil, false
	}
	out := &DealerOutput{
		SecretShares: make([]*SecretShare, n),
		PubShares:    make([][]byte, n),
		Commitments:  make([][]byte, len(coeffs)),
	}
	C := frostcore.Commit(make([]group.Jacobian, len(coeffs)), coeffs)
	for j := range C {
		var c [33]byte
		C[j].VarTimePutCompressed(&c) // never the identity: a_j ≠ 0 but with probability 2⁻²⁵⁶
		out.Commitments[j] = c[:]
	}
	out.ThreshPublicKey = slices.Clone(out.Commitments[0])
	var x, y scalar.Scalar
	for id := range n {
		x.SetUint64(uint64(id) + 1)
		frostcore.EvaluatePolynomial(&y, coeffs, &x)
		if y.IsZero() == 1 {
			return nil, false
		}
		out.SecretShares[id] = newSecretShare(&y)
		out.PubShares[id] = out.SecretShares[id].PubShare()
	}
	y = scalar.Scalar{}
	return out, true
}

// VerifySecretShare checks the secret share of the participant with
// identifier id of a t-of-n key with threshold public key threshPubKey
// against the dealer's Feldman VSS commitment (DealerOutput.Commitments),
// as RFC 9591's vss_verify does: the commitment must have exactly t
// entries, the first being threshPubKey, and share·G = Σ (id + 1)^j·C_j. A
// participant runs it on what the dealer sent, before using the share, with
// the t it agreed to and the threshold public key it will give
// NewSignersContext; all participants must check against the same
// commitment (broadcast it). It detects a dealer that gives participants
// shares of different polynomials, or of a polynomial of another degree or
// another key, which would make signing fail later; not a dealer that keeps
// the secret.
//
// Errors: ErrCommitmentLength for a commitment of other than t entries,
// ErrCommitmentThreshPubKey if its first entry is not threshPubKey, and
// ErrShareCommitment if the share does not match it, an entry is not a
// compressed point, or id is negative; ErrThreshold unless 1 ≤ t < 2³²,
// ErrThreshPubKey for a threshPubKey that is not a compressed point, and
// an error wrapping secp256k1.ErrUninitialized for a nil or zero share.
// Variable time in the public inputs; it uses the share only in share·G,
// which is constant time.
func VerifySecretShare(share *SecretShare, id, t int, commitments [][]byte, threshPubKey []byte) error {
	if err := share.check(); err != nil {
		return err
	}
	if t < 1 || uint64(t) > math.MaxUint32 {
		return ErrThreshold
	}
	if id < 0 || uint64(id) >= math.MaxUint32 {
		return ErrShareCommitment
	}
	if len(commitments) != t {
		return ErrCommitmentLength
	}
	var Q group.Jacobian
	if len(threshPubKey) != 33 || !Q.SetCompressed((*[33]byte)(threshPubKey)) {
		return ErrThreshPubKey
	}
	C := make([]group.Jacobian, len(commitments))
	for j, c := range commitments {
		if len(c) != 33 || !C[j].SetCompressed((*[33]byte)(c)) {
			return ErrShareCommitment
		}
	}
	// Both are valid compressed points: equal encodings, equal points.
	if !bytes.Equal(commitments[0], threshPubKey) {
		return ErrCommitmentThreshPubKey
	}
	var x scalar.Scalar
	x.SetUint64(uint64(id) + 1)
	if !frostcore.VarTimeVerifyShare(&share.d, &x, C) {
		return ErrShareCommitment
	}
	return nil
}
