package frost

import (
	"slices"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// SessionContext is BIP-445's Session Context: the Signers Context, the
// aggregate nonce, the tweaks with their modes, and the message of one
// signing session, together with the values that GetSessionValues derives
// from them. The constructors compute those values once and check every
// input, so Sign, PartialSigVerify and PartialSigAgg cannot fail on the
// session itself.
//
// A SessionContext is immutable and safe for concurrent use. BIP-445 asks
// that the session values be protected from modification by an untrusted
// party: this type keeps its own copies of every input and has no exported
// fields.
//
// The zero value (like a nil *SessionContext) is not a session; use
// NewSessionContext. Its methods with an error result, and Sign and
// PartialSigAgg, return an error wrapping secp256k1.ErrUninitialized for
// it; the others panic.
type SessionContext struct {
	signers  *SignersContext
	tweak    *TweakContext // with the session's tweaks applied
	aggNonce AggNonce
	msg      []byte
	id       uint64 // mpsig.NewSessionID, for the signers' tables

	b, e   secp256k1.Scalar // the nonce coefficient and the challenge
	bi, ei scalar.Scalar    // b and e again, for the verification engine
	r      secp256k1.Point  // the final nonce R, never the identity
	rx     [32]byte         // xbytes(R)
	rOdd   bool             // R has an odd y

	// nonces are the signers' public nonces, decoded, if the session was
	// made from them (NewSessionContextWithNonces), else nil.
	nonces []decodedNonce
}

// decodedNonce is a signer's public nonce as a session decoded it.
type decodedNonce struct {
	enc    PubNonce
	R1, R2 group.Jacobian // affine (Z = 1)
}

// NewSessionContext returns the session context of the signers' session
// with the aggregate nonce aggNonce (from the coordinator), the tweaks with
// their modes (BIP-445's tweak₁..v and is_xonly_t₁..v; both empty for an
// untweaked key) and the message msg, of any length. It runs BIP-445's
// GetSessionValues: it applies the tweaks to the threshold public key (the
// errors of ApplyTweak, and ErrTweakModes for lists of different lengths),
// then checks the aggregate nonce: for an invalid one it returns an
// InvalidContributionError that blames the coordinator with
// ContribAggNonce. Variable time: every input is public.
func NewSessionContext(signers *SignersContext, aggNonce *AggNonce, tweaks [][]byte, isXOnly []bool, msg []byte) (*SessionContext, error) {
	if err := signers.check(); err != nil {
		return nil, err
	}
	tc, err := signers.tweak.applyTweaks(tweaks, isXOnly)
	if err != nil {
		return nil, err
	}
	return newSessionContext(signers, tc, aggNonce, msg)
}

// NewSessionContext returns the session context of the signers' session
// with the aggregate nonce aggNonce and the message msg, for the tweaks
// applied to c: NewSessionContext with c's Tweaks. c must start from the
// signers' threshold public key (be SignersContext.TweakContext or a tweak
// of it); ErrTweakContext otherwise.
func (c *TweakContext) NewSessionContext(signers *SignersContext, aggNonce *AggNonce, msg []byte) (*SessionContext, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if err := signers.check(); err != nil {
		return nil, err
	}
	if c.base != signers.threshPK {
		return nil, ErrTweakContext
	}
	return newSessionContext(signers, c, aggNonce, msg)
}

// NewSessionContextWithNonces is NonceAgg and NewSessionContext in one, for
// the coordinator: pubnonces[j] is the public nonce of the signer at index j
// of signers. The session keeps the decoded nonces, so that its
// PartialSigVerify, given the same public nonce, does not decode it again:
// NonceAgg has decoded every nonce already, and a second decoding was a
// fifth of a partial signature verification. The errors are NonceAgg's (an
// invalid public nonce blamed by index), ErrSignerIndex for a number of
// nonces other than the number of signers, and NewSessionContext's.
// Variable time: every input is public.
func NewSessionContextWithNonces(signers *SignersContext, pubnonces []PubNonce, tweaks [][]byte, isXOnly []bool, msg []byte) (*SessionContext, error) {
	if err := signers.check(); err != nil {
		return nil, err
	}
	if len(pubnonces) != len(signers.ids) {
		return nil, ErrSignerIndex
	}
	// NonceAgg, in its order (every first half before the second halves),
	// and before the tweaks, as BIP-445's PartialSigVerify.
	nonces := make([]decodedNonce, len(pubnonces))
	var agg AggNonce
	for j := range 2 {
		var sum group.Jacobian
		sum.Identity()
		for i := range pubnonces {
			d := &nonces[i]
			d.enc = pubnonces[i]
			R := &d.R1
			if j == 1 {
				R = &d.R2
			}
			if !R.SetCompressed((*[33]byte)(pubnonces[i][33*j:])) {
				return nil, blame(i, ContribPubNonce, ErrPubNonce)
			}
			sum.VarTimeAdd(&sum, R)
		}
		if !sum.VarTimePutCompressed((*[33]byte)(agg[33*j:])) {
			clear(agg[33*j : 33*j+33]) // cbytes_ext of infinity
		}
	}
	tc, err := signers.tweak.applyTweaks(tweaks, isXOnly)
	if err != nil {
		return nil, err
	}
	s, err := newSessionContext(signers, tc, &agg, msg)
	if err != nil {
		return nil, err
	}
	s.nonces = nonces
	return s, nil
}

// newSessionContext is GetSessionValues after the tweaks.
func newSessionContext(signers *SignersContext, tc *TweakContext, aggNonce *AggNonce, msg []byte) (*SessionContext, error) {
	if aggNonce == nil {
		return nil, blame(Coordinator, ContribAggNonce, ErrAggNonce)
	}
	s := &SessionContext{signers: signers, tweak: tc, aggNonce: *aggNonce, msg: slices.Clone(msg), id: mpsig.NewSessionID()}
	// b = int(hash_BIP0445/noncecoef(bytes(4, 4u) ‖ ser_ids ‖ aggnonce ‖
	// xbytes(Q) ‖ m)) mod n. The prefix is the length of ser_ids in bytes,
	// 4u, as in BIP-445's test vectors (PR #2070 at f7de4568, 0.8.0; see
	// testdata/bip-0445/README.md), where the text says bytes(4, u). Either
	// determines u; the deterministic nonce's hash does take bytes(4, u).
	setHashScalars(&s.b, &s.bi, &tagNonceCoef, putUint32(nil, len(signers.serIDs)-4), signers.serIDs[4:], s.aggNonce[:], tc.qc[1:], s.msg)
	var R1, R2 secp256k1.Point
	if !s.aggNonce.decode(&R1, &R2) {
		return nil, blame(Coordinator, ContribAggNonce, ErrAggNonce)
	}
	if s.b.IsZero() == 1 { // probability 2⁻²⁵⁶
		return nil, ErrSign
	}
	// R' = R₁ + b·R₂; R = G if R' is infinity.
	one := scalarOne
	s.r.VarTimeMultiScalarMult([]*secp256k1.Scalar{&one, &s.b}, []*secp256k1.Point{&R1, &R2})
	if s.r.IsIdentity() == 1 {
		s.r.Set(generator)
	}
	rc := s.r.VarTimeBytesCompressed()
	copy(s.rx[:], rc[1:])
	s.rOdd = rc[0] == 3
	// e = int(hash_BIP0340/challenge(xbytes(R) ‖ xbytes(Q) ‖ m)) mod n.
	setHashScalars(&s.e, &s.ei, &ksha256.BIP340Challenge, s.rx[:], tc.qc[1:], s.msg)
	if s.e.IsZero() == 1 { // probability 2⁻²⁵⁶
		return nil, ErrSign
	}
	return s, nil
}

// setHashScalars sets s and si to int(hash_tag(msg…)) mod n.
func setHashScalars(s *secp256k1.Scalar, si *scalar.Scalar, tag *ksha256.Tag, msg ...[]byte) {
	h := tag.Sum(msg...)
	s.SetReducedBytes(h[:])
	si.SetReducedBytes(&h)
}

// SignersContext returns the session's Signers Context.
func (s *SessionContext) SignersContext() *SignersContext {
	must(s.check())
	return s.signers
}

// TweakContext returns the session's Tweak Context, with its tweaks
// applied: its XOnlyPublicKey is the key that the final signature verifies
// under, and its PublicKey can be given to schnorr.Verify.
func (s *SessionContext) TweakContext() *TweakContext {
	must(s.check())
	return s.tweak
}

// R returns a copy of the session's final nonce R = R₁ + b·R₂ (G if that
// sum is infinity), whose x coordinate is the first half of the final
// signature.
func (s *SessionContext) R() *secp256k1.Point {
	must(s.check())
	return new(secp256k1.Point).Set(&s.r)
}

// sigCheck returns the partial-signature check of the signer at index i: its
// key coefficient c = e·λ·g' (g' = g·gacc, −1 exactly when one of g, the
// sign of Q's y, and gacc is −1) and its public share. Variable time: every
// input is public.
func (s *SessionContext) sigCheck(i int) mpsig.Check {
	c := s.signers
	chk := mpsig.Check{B: &s.bi, ROdd: s.rOdd, P: &c.points[i], T: c.tables[i].Get(&c.points[i], s.id)}
	chk.C.Multiply(&s.ei, &c.lam[i])
	if (s.tweak.qc[0] == 3) != s.tweak.gaccNeg {
		chk.C.Negate(&chk.C)
	}
	return chk
}

// PartialSigVerify checks the partial signature psig of the signer at index
// signerIndex of the Signers Context, whose public nonce is pubnonce
// (BIP-445's PartialSigVerifyInternal, with the signer given by its index).
// signerIndex is the signer's 0-based position in the lists of the Signers
// Context (SignersContext.SignerIndex(id) returns it), not its participant
// identifier, which Sign takes: with signers {1, 2}, participant 2's
// partial signature is at index 1.
//
// It returns nil if psig is valid, and otherwise an
// InvalidContributionError that blames signer signerIndex:
// ContribPartialSig (cause ErrPartialSig for a value not less than n,
// ErrPartialSigVerify for a signature that does not verify) or
// ContribPubNonce for an invalid pubnonce. It returns ErrSignerIndex if
// signerIndex is out of range.
//
// pubnonce must be the nonce that went into the session's aggregate nonce:
// verifying against the aggregate nonce is what lets a coordinator's output
// be checked. PartialSigVerify cannot check this itself. A coordinator that
// verifies every signer's partial signature this way saves the repeated
// nonce aggregation and session computation of the package function
// PartialSigVerify. Variable time.
func (s *SessionContext) PartialSigVerify(psig *PartialSig, pubnonce *PubNonce, signerIndex int) error {
	if err := s.check(); err != nil {
		return err
	}
	if err := s.signers.checkSignerIndex(signerIndex); err != nil {
		return err
	}
	i := signerIndex
	if pubnonce == nil {
		return blame(i, ContribPubNonce, ErrPubNonce)
	}
	var sig scalar.Scalar
	if !mpsig.PartialSigValue(&sig, (*[32]byte)(psig)) {
		return blame(i, ContribPartialSig, ErrPartialSig)
	}
	chk := s.sigCheck(i)
	if s.nonces != nil && s.nonces[i].enc == *pubnonce {
		// Decoded already: compare T with σ·R1s as points, no inversion.
		if chk.VarTimeVerifyPoints(&sig, &s.nonces[i].R1, &s.nonces[i].R2) {
			return nil
		}
		return blame(i, ContribPartialSig, ErrPartialSigVerify)
	}
	switch chk.VarTimeVerifyEncoded(&sig, (*[66]byte)(pubnonce)) {
	case mpsig.Valid:
		return nil
	case mpsig.InvalidNonce:
		return blame(i, ContribPubNonce, ErrPubNonce)
	}
	return blame(i, ContribPartialSig, ErrPartialSigVerify)
}
