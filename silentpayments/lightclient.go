package silentpayments

import (
	"errors"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Light clients (BIP-352 Appendix A). A light client does not see the
// inputs of the transactions it scans: an index server publishes, per
// eligible transaction, the 33-byte tweak data input_hash·A
// (PrevoutsSummary.PublicTweak), or the 65-byte summary (A, input_hash)
// from which it follows. The client computes, per tweak, the k = 0 output
// keys it could have been paid with (CandidateOutputs), matches their
// taproot scripts against the block's BIP-158 compact filter, and fetches
// and scans (ScanWithTweak) only the blocks that match.

var (
	// ErrTweakData is returned by ParsePublicTweak for tweak data that is
	// not a 33-byte compressed point on the curve, including the encodings
	// of the point at infinity (which no eligible transaction has).
	ErrTweakData = errors.New("silentpayments: invalid tweak data")
	// ErrSummaryEncoding is returned by ParsePrevoutsSummary for an
	// encoding that is not 65 bytes, whose A is not a compressed point on
	// the curve (the point at infinity included), or whose input_hash is
	// 0 or not below n.
	ErrSummaryEncoding = errors.New("silentpayments: invalid prevouts summary encoding")
)

// PrevoutsSummarySize is the length of an encoded PrevoutsSummary.
const PrevoutsSummarySize = 65

// ParsePublicTweak parses the 33-byte tweak data input_hash·A that an index
// server publishes (the compressed encoding of PrevoutsSummary.PublicTweak).
// It returns ErrTweakData for any other input: another length, a point not
// on the curve, an uncompressed or hybrid encoding, the single byte 0x00 of
// the point at infinity or 33 zero bytes.
func ParsePublicTweak(b []byte) (*secp256k1.PublicKey, error) {
	if len(b) != 33 || (b[0] != 2 && b[0] != 3) {
		return nil, ErrTweakData
	}
	p, err := secp256k1.ParsePublicKey(b)
	if err != nil {
		return nil, ErrTweakData
	}
	return p, nil
}

// Bytes returns the 65-byte encoding of s: ser_P(A) ‖ input_hash, the
// compressed sum of the eligible input keys and the 32-byte big-endian
// input_hash. BIP-352 fixes no encoding for the pair; this one is its two
// hash inputs' own serializations in the order the BIP names them
// (input_hash·A is then PublicTweak). It differs from libsecp256k1's
// silentpayments module, whose recipient public data is an opaque
// in-memory struct (with a combined flag) and whose only wire form is the
// 33-byte tweak input_hash·A; use PublicTweak for that.
func (s *PrevoutsSummary) Bytes() []byte {
	s.mustValid()
	out := make([]byte, 0, PrevoutsSummarySize)
	out = append(out, s.sum.BytesCompressed()...)
	return append(out, s.inputHash.Bytes()...)
}

// ParsePrevoutsSummary parses the 65-byte encoding of Bytes. It returns
// ErrSummaryEncoding for another length, an A that is not a compressed
// point on the curve (the point at infinity included), and an input_hash
// of 0 or not below n. It cannot check that input_hash belongs to A: it
// trusts whoever computed the pair, as a light client trusts its server.
func ParsePrevoutsSummary(b []byte) (*PrevoutsSummary, error) {
	if len(b) != PrevoutsSummarySize || (b[0] != 2 && b[0] != 3) {
		return nil, ErrSummaryEncoding
	}
	sum, err := secp256k1.ParsePublicKey(b[:33])
	if err != nil {
		return nil, ErrSummaryEncoding
	}
	s := &PrevoutsSummary{sum: sum}
	if _, err := s.inputHash.SetCanonicalBytes(b[33:]); err != nil || s.inputHash.IsZero() == 1 {
		return nil, ErrSummaryEncoding
	}
	return s, nil
}

// MarshalBinary returns Bytes (encoding.BinaryMarshaler), or an error
// wrapping secp256k1.ErrUninitialized for the zero PrevoutsSummary.
func (s *PrevoutsSummary) MarshalBinary() ([]byte, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	return s.Bytes(), nil
}

// UnmarshalBinary sets s to the summary encoded in b, as
// ParsePrevoutsSummary, and leaves s unchanged on error
// (encoding.BinaryUnmarshaler).
func (s *PrevoutsSummary) UnmarshalBinary(b []byte) error {
	t, err := ParsePrevoutsSummary(b)
	if err != nil {
		return err
	}
	*s = *t
	return nil
}

// Candidate is a k = 0 output key that a transaction with some tweak data
// would have paid the receiver with: to its unlabeled spend key or to one
// of its labeled spend keys.
type Candidate struct {
	PublicKey [32]byte // the x-only output key
	Labeled   bool
	Label     uint32 // m, if Labeled
}

// ScriptPubKey returns the candidate's P2TR scriptPubKey, OP_1 0x20 ‖ key,
// the form that BIP-158 filters hold.
func (c *Candidate) ScriptPubKey() []byte {
	return append([]byte{0x51, 0x20}, c.PublicKey[:]...)
}

// CandidateOutputs returns the k = 0 output keys for the tweak data
// input_hash·A of one transaction: x(B_spend + t₀·G) first, then x(B_m +
// t₀·G) for each registered label in the order of registration (the change
// label m = 0 first), with t₀ = hash_BIP0352/SharedSecret(ser_P(b_scan·tweak)
// ‖ 0). A light client matches their scripts (Candidate.ScriptPubKey)
// against a block's compact filter: a transaction that pays the receiver at
// all pays k = 0, so a block without any candidate has nothing for it. It
// returns an error wrapping secp256k1.ErrUninitialized for a nil or zero
// tweak, and ErrHashScalar in the negligible case of an invalid t₀.
//
// Constant time in b_scan, the shared secret and t₀ (the ladder, the comb,
// and one constant-time batched inversion for all the candidates). The
// candidates themselves are as secret as the link between the receiver and
// the transaction: the filter matching is the caller's.
func (r *Receiver) CandidateOutputs(tweak *secp256k1.PublicKey) ([]Candidate, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	if !validPublicKey(tweak) {
		return nil, uninitialized("tweak")
	}
	var shared secp256k1.Point
	shared.ScalarMult(&r.scan, tweak.Point())
	var ser [33]byte
	copy(ser[:], shared.BytesCompressed())
	shared = secp256k1.Point{}
	t := hashSharedSecret(&ser, 0)
	clear(ser[:])
	var t0 scalar.Scalar
	if _, err := t0.SetCanonicalBytes(&t); err != nil || t0.IsZero() == 1 {
		clear(t[:])
		return nil, ErrHashScalar
	}
	clear(t[:])
	var T tPoint
	ecmult.ScalarBaseMult(&T.j, &t0)
	t0 = scalar.Scalar{}
	var sc scratch
	sc.grow(len(r.spendAff))
	addAffineBatch(&sc, T.affine(), r.spendAff)
	T = tPoint{}
	out := make([]Candidate, 0, len(r.spendAff))
	for j := range r.spendAff {
		if !sc.valid[j] {
			continue // B_m = −t₀·G: negligible
		}
		var c Candidate
		sc.sums[j].X.PutBytes(&c.PublicKey)
		if j > 0 {
			c.Labeled, c.Label = true, r.labels[j-1].m
		}
		out = append(out, c)
	}
	clear(sc.sums)
	return out, nil
}

// LabelLookup is a label table kept outside the Receiver, as a wallet with
// very many labels may keep it (in a database, say): given ser_P(L), the
// 33-byte compressed encoding of a label point L = ℓ·G with ℓ =
// hash_BIP0352/Label(b_scan ‖ m) (see LabelTweak and LabelPublicKey), it
// returns m and true, or false if L is not one of the caller's labels. It
// may be called many times per scan, and must not retain label.
type LabelLookup func(label *[33]byte) (m uint32, ok bool)

// ScanWithLabels is Scan with labels looked up through lookup as well as
// among the registered ones (BIP-352's per-output label check, which costs
// the same for any number of labels). A label that lookup reports is
// checked: its m must give the point looked up (one fixed-base
// multiplication per reported label), so a lookup that answers wrongly
// finds nothing rather than a wrong output. It returns an error wrapping
// secp256k1.ErrUninitialized for a nil lookup, besides Scan's errors.
func (r *Receiver) ScanWithLabels(summary *PrevoutsSummary, outputs [][32]byte, lookup LabelLookup) ([]FoundOutput, error) {
	if lookup == nil {
		return nil, uninitialized("label lookup")
	}
	return r.scanSummary(summary, outputs, lookup)
}

// ScanWithTweakAndLabels is ScanWithTweak with labels looked up through
// lookup as well, as ScanWithLabels.
func (r *Receiver) ScanWithTweakAndLabels(tweak *secp256k1.PublicKey, outputs [][32]byte, lookup LabelLookup) ([]FoundOutput, error) {
	if lookup == nil {
		return nil, uninitialized("label lookup")
	}
	return r.scanTweak(tweak, outputs, lookup)
}

// externalLabelMatches asks sc.lookup about L and, if it names a label m,
// checks that hash_BIP0352/Label(b_scan ‖ m)·G = L and keeps m and the
// tweak in sc.
func (r *Receiver) externalLabelMatches(sc *scratch, L *[33]byte) bool {
	m, ok := sc.lookup(L)
	if !ok {
		return false
	}
	var tw secp256k1.Scalar
	if labelTweak(&tw, &r.scanKey, m) != nil {
		return false
	}
	var P secp256k1.Point
	P.ScalarBaseMult(&tw)
	var enc [33]byte
	copy(enc[:], P.BytesCompressed())
	if enc != *L {
		return false
	}
	sc.extM, sc.extTweak = m, tw
	return true
}

// LabelPublicKey returns ser_P(L) for label m, L = hash_BIP0352/Label(b_scan
// ‖ m)·G: the key of a LabelLookup table. It returns an error wrapping
// secp256k1.ErrUninitialized for a nil or zero scan key, and ErrHashScalar
// in the negligible case of an invalid label tweak. Constant time in the
// scan key.
func LabelPublicKey(scan *secp256k1.PrivateKey, m uint32) ([33]byte, error) {
	if !validPrivateKey(scan) {
		return [33]byte{}, uninitialized("scan key")
	}
	var tw secp256k1.Scalar
	if err := labelTweak(&tw, scan, m); err != nil {
		return [33]byte{}, err
	}
	var P secp256k1.Point
	P.ScalarBaseMult(&tw)
	return [33]byte(P.BytesCompressed()), nil
}
