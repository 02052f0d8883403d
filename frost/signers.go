package frost

import (
	"fmt"
	"math"
	"slices"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/frostcore"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// The Signers Context: BIP-445's "Key Material and Setup". Every value here
// is public, so this file uses variable-time arithmetic throughout.

// PubShareSize is the length of a public share and of a threshold public
// key: the 33-byte compressed encoding of a point.
const PubShareSize = 33

// SignersContext is BIP-445's Signers Context, validated: the number n of
// participants, the threshold t, the identifiers id₁..u of the u signers of
// a session and their public shares, and the threshold public key. Its
// constructor runs ValidateSignersCtx, so every algorithm that takes a
// SignersContext skips the repeated validation that the BIP's algorithms
// make. It also keeps the Lagrange coefficients λ of the signers, which the
// validation computes.
//
// Signers are named by their index in the lists given to
// NewSignersContext: the index that PartialSigVerify takes and that
// SignerInputError and InvalidContributionError report. Identifiers are
// BIP-445's 0-based participant identifiers 0..n−1.
//
// A coordinator that signs with the same signers again should keep their
// SignersContext: from a signer's second session in one context on,
// PartialSigVerify checks that signer with a precomputed table of its
// public share (24 KiB, built once at the cost of about three checks), which
// takes a sixth off each check.
//
// A SignersContext is immutable and safe for concurrent use. The zero value
// (like a nil *SignersContext) is not a context; use NewSignersContext. Its
// methods with an error result return an error wrapping
// secp256k1.ErrUninitialized for it, and the others panic.
type SignersContext struct {
	n, t      int
	ids       []int
	pubshares [][33]byte
	points    []group.Jacobian  // P_i = cpoint(pubshare_i), affine (Z = 1)
	tables    []mpsig.LazyTable // P_i's Strauss table, from its second session on
	lam       []scalar.Scalar   // λ_i = DeriveInterpolatingValue(id₁..u, id_i)
	threshPK  [33]byte
	// serIDs is bytes(4, u) ‖ SerializeIds(id₁..u), the prefix of the
	// deterministic nonce's hash; the nonce coefficient's hash takes
	// bytes(4, 4u) ‖ SerializeIds(id₁..u) instead (newSessionContext).
	serIDs []byte
	tweak  *TweakContext // TweakCtxInit(thresh_pk)
}

// NewSignersContext returns the Signers Context of the signers with the
// participant identifiers ids and the 33-byte public shares pubshares (in
// the same order: pubshares[i] is the public share of the participant with
// identifier ids[i]), for a t-of-n key with the 33-byte compressed
// threshold public key threshPK. It validates them as BIP-445's
// ValidateSignersCtx does, in its order:
//
//   - ErrThreshold unless 1 ≤ t ≤ n < 2³²;
//   - ErrSignerCount unless t ≤ u ≤ n for u = len(ids), or if
//     len(pubshares) ≠ u;
//   - for each signer in turn, a *SignerInputError naming its index with
//     ErrIdentifier unless 0 ≤ ids[i] ≤ n − 1, then with ErrPubShare if
//     pubshares[i] is not a compressed point;
//   - a *SignerInputError with ErrDuplicateIdentifier naming the second
//     occurrence of a repeated identifier;
//   - ErrThreshPubKeyInfinity if the public shares interpolate to infinity,
//     ErrKeyMaterial if they interpolate to another key than threshPK (or
//     threshPK is not a valid encoding).
//
// Passing the validation means the key material reproduces the threshold
// public key, which signing needs; it says nothing about the security of
// the key generation. Variable time: every input is public.
func NewSignersContext(n, t int, ids []int, pubshares [][]byte, threshPK []byte) (*SignersContext, error) {
	if t < 1 || t > n || uint64(n) > math.MaxUint32 {
		return nil, ErrThreshold
	}
	u := len(ids)
	if u < t || u > n || len(pubshares) != u {
		return nil, ErrSignerCount
	}
	c := &SignersContext{
		n: n, t: t,
		ids:       slices.Clone(ids),
		pubshares: make([][33]byte, u),
		points:    make([]group.Jacobian, u),
		tables:    make([]mpsig.LazyTable, u),
		lam:       make([]scalar.Scalar, u),
	}
	for i := range u {
		if ids[i] < 0 || ids[i] > n-1 {
			return nil, signerInput(i, ErrIdentifier)
		}
		if len(pubshares[i]) != PubShareSize || !c.points[i].SetCompressed((*[33]byte)(pubshares[i])) {
			return nil, signerInput(i, ErrPubShare)
		}
		c.pubshares[i] = [33]byte(pubshares[i])
	}
	seen := make(map[int]struct{}, u)
	for i, id := range ids {
		if _, dup := seen[id]; dup {
			return nil, signerInput(i, ErrDuplicateIdentifier)
		}
		seen[id] = struct{}{}
	}
	// λ_i for every signer with one inversion (frostcore), at x = id + 1.
	xs := make([]scalar.Scalar, u)
	for i, id := range ids {
		xs[i].SetUint64(uint64(id) + 1)
	}
	if !frostcore.VarTimeLagrangeCoefficients(c.lam, xs) {
		return nil, signerInput(u-1, ErrDuplicateIdentifier) // unreachable: checked above
	}
	scalars := make([]*scalar.Scalar, u)
	points := make([]*group.Jacobian, u)
	for i := range c.lam {
		scalars[i], points[i] = &c.lam[i], &c.points[i]
	}
	// DeriveThreshPubkey: Q = Σ λ_i·P_i.
	Q, ok := ecmult.VarTimeMultiScalarMult(scalars, points, nil)
	var qc [33]byte
	if !ok || !Q.VarTimePutCompressed(&qc) {
		return nil, ErrThreshPubKeyInfinity // !ok is unreachable: the points are on the curve
	}
	if string(qc[:]) != string(threshPK) {
		return nil, ErrKeyMaterial
	}
	copy(c.threshPK[:], threshPK)
	tc, err := NewTweakContext(threshPK)
	if err != nil { // unreachable: threshPK is cbytes(Q)
		return nil, err
	}
	c.tweak = tc
	c.serIDs = serializeIDs(ids)
	return c, nil
}

// serializeIDs returns bytes(4, u) ‖ SerializeIds(id₁..u): the number of
// signers and their identifiers, sorted, as 4-byte big-endian integers.
func serializeIDs(ids []int) []byte {
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	out := make([]byte, 0, 4+4*len(ids))
	out = putUint32(out, len(ids))
	for _, id := range sorted {
		out = putUint32(out, id)
	}
	return out
}

// N returns the number n of participants.
func (c *SignersContext) N() int { mpsig.Must(c.check()); return c.n }

// T returns the threshold t.
func (c *SignersContext) T() int { mpsig.Must(c.check()); return c.t }

// IDs returns a copy of the signers' participant identifiers, in the order
// the context was made with.
func (c *SignersContext) IDs() []int { mpsig.Must(c.check()); return slices.Clone(c.ids) }

// PubShares returns a copy of the signers' 33-byte public shares, in the
// order the context was made with.
func (c *SignersContext) PubShares() [][]byte {
	mpsig.Must(c.check())
	out := make([][]byte, len(c.pubshares))
	for i := range c.pubshares {
		out[i] = slices.Clone(c.pubshares[i][:])
	}
	return out
}

// ThreshPublicKey returns the 33-byte compressed threshold public key, the
// untweaked key of the context.
func (c *SignersContext) ThreshPublicKey() []byte {
	mpsig.Must(c.check())
	return slices.Clone(c.threshPK[:])
}

// TweakContext returns the Tweak Context of the untweaked threshold public
// key (BIP-445's TweakCtxInit(thresh_pk)), to apply tweaks to.
func (c *SignersContext) TweakContext() *TweakContext {
	mpsig.Must(c.check())
	return c.tweak
}

// SignerIndex returns the index of the signer with participant identifier
// id in c's lists, the index that PartialSigVerify takes and that errors
// name, or −1 if id is not one of c's signers.
func (c *SignersContext) SignerIndex(id int) int {
	mpsig.Must(c.check())
	return c.idIndex(id)
}

// checkSignerIndex returns nil if i is the index of one of c's signers, and
// otherwise ErrSignerIndex, saying so if i is the identifier of a signer
// at another index.
func (c *SignersContext) checkSignerIndex(i int) error {
	u := len(c.ids)
	if i >= 0 && i < u {
		return nil
	}
	if k := c.idIndex(i); k >= 0 {
		return fmt.Errorf("%w: %d is the participant identifier of the signer at index %d, not a signer index (0 ≤ index < %d)", ErrSignerIndex, i, k, u)
	}
	return fmt.Errorf("%w: signer index %d, %d signers", ErrSignerIndex, i, u)
}

// idIndex returns the index of the signer with identifier id, or −1.
func (c *SignersContext) idIndex(id int) int {
	return slices.Index(c.ids, id)
}

// pubshareIndex returns the index of the first signer with public share
// pk, or −1.
func (c *SignersContext) pubshareIndex(pk *[33]byte) int {
	for i := range c.pubshares {
		if c.pubshares[i] == *pk {
			return i
		}
	}
	return -1
}
