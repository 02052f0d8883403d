package frost

import (
	"slices"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
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
	v        mpsig.Session // b, R and e

	// nonces are the signers' public nonces, decoded, if the session was
	// made from them (NewSessionContextWithNonces), else nil.
	nonces    []mpsig.Nonce
	pubnonces []PubNonce
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
	nonces := make([]mpsig.Nonce, len(pubnonces))
	var agg AggNonce
	if i := mpsig.NonceAgg((*[66]byte)(&agg), pubnonces, nonces); i >= 0 {
		return nil, blame(i, ContribPubNonce, ErrPubNonce)
	}
	tc, err := signers.tweak.applyTweaks(tweaks, isXOnly)
	if err != nil {
		return nil, err
	}
	s, err := newSessionContext(signers, tc, &agg, msg)
	if err != nil {
		return nil, err
	}
	s.nonces, s.pubnonces = nonces, slices.Clone(pubnonces)
	return s, nil
}

// newSessionContext is GetSessionValues after the tweaks.
func newSessionContext(signers *SignersContext, tc *TweakContext, aggNonce *AggNonce, msg []byte) (*SessionContext, error) {
	if aggNonce == nil {
		return nil, blame(Coordinator, ContribAggNonce, ErrAggNonce)
	}
	s := &SessionContext{signers: signers, tweak: tc, aggNonce: *aggNonce, msg: slices.Clone(msg)}
	// b = int(hash_BIP0445/noncecoef(bytes(4, 4u) ‖ ser_ids ‖ aggnonce ‖
	// xbytes(Q) ‖ m)) mod n. The prefix is the length of ser_ids in bytes,
	// 4u, as in BIP-445's test vectors (PR #2070 at f7de4568, 0.8.0; see
	// testdata/bip-0445/README.md), where the text says bytes(4, u). Either
	// determines u; the deterministic nonce's hash does take bytes(4, u).
	tags.SetB(&s.v, putUint32(nil, len(signers.serIDs)-4), signers.serIDs[4:], s.aggNonce[:], tc.key.QC[1:], s.msg)
	var agg mpsig.Nonce
	if !agg.DecodeAggNonce((*[66]byte)(&s.aggNonce)) {
		return nil, blame(Coordinator, ContribAggNonce, ErrAggNonce)
	}
	if s.v.B.IsZero() == 1 { // probability 2⁻²⁵⁶
		return nil, ErrSign
	}
	s.v.SetR(&agg, (*[32]byte)(tc.key.QC[1:]), s.msg)
	if s.v.E.IsZero() == 1 { // probability 2⁻²⁵⁶
		return nil, ErrSign
	}
	return s, nil
}

// SignersContext returns the session's Signers Context.
func (s *SessionContext) SignersContext() *SignersContext {
	mpsig.Must(s.check())
	return s.signers
}

// TweakContext returns the session's Tweak Context, with its tweaks
// applied: its XOnlyPublicKey is the key that the final signature verifies
// under, and its PublicKey can be given to schnorr.Verify.
func (s *SessionContext) TweakContext() *TweakContext {
	mpsig.Must(s.check())
	return s.tweak
}

// R returns a copy of the session's final nonce R = R₁ + b·R₂ (G if that
// sum is infinity), whose x coordinate is the first half of the final
// signature.
func (s *SessionContext) R() *secp256k1.Point {
	mpsig.Must(s.check())
	return door.NewAffinePoint(&s.v.R)
}

// sigCheck returns the partial-signature check of the signer at index i.
// Variable time: every input is public.
func (s *SessionContext) sigCheck(i int) mpsig.Check {
	c := s.signers
	return s.v.Check(&s.tweak.key, &c.lam[i], &c.points[i], c.tables[i].Get(&c.points[i], s.v.ID))
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
	var sig scalar.Scalar
	if err := partialSigInputs(&sig, psig, pubnonce, i); err != nil {
		return err
	}
	chk := s.sigCheck(i)
	if s.nonces != nil && s.pubnonces[i] == *pubnonce {
		// Decoded already: compare T with σ·R1s as points, no inversion.
		if chk.VarTimeVerifyPoints(&sig, &s.nonces[i].R1, &s.nonces[i].R2) {
			return nil
		}
		return blame(i, ContribPartialSig, ErrPartialSigVerify)
	}
	return verifyResult(chk.VarTimeVerifyEncoded(&sig, (*[66]byte)(pubnonce)), i)
}
