package musig2

import (
	"slices"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// SessionContext is BIP-327's Session Context: the aggregate nonce, the
// individual public keys, the tweaks with their modes, and the message of
// one signing session, together with the values that GetSessionValues
// derives from them. The constructors compute those values once and check
// every input, so Sign, PartialSigVerify and PartialSigAgg cannot fail on
// the session itself.
//
// A SessionContext is immutable and safe for concurrent use. The BIP asks
// that the session values be protected from modification by an untrusted
// party: this type keeps its own copies of every input and has no exported
// fields; its accessors return copies, or the immutable KeyAggContext.
//
// The zero value (like a nil *SessionContext) is not a session; use
// NewSessionContext. Its methods with an error result, and Sign and
// PartialSigAgg, return an error wrapping secp256k1.ErrUninitialized for it;
// the other methods panic.
type SessionContext struct {
	keyAgg   *KeyAggContext // KeyAgg(pk₁..u) with tweak₁..v applied
	aggNonce AggNonce
	msg      []byte
	v        mpsig.Session // GetSessionValues' results besides those in keyAgg

	// adaptor is the adaptor point T of an adaptor session
	// (NewAdaptorSessionContext), added to the first aggregate nonce point;
	// nil in a plain session.
	adaptor *secp256k1.PublicKey
}

// NewSessionContext returns the session context for the aggregate nonce, the
// individual public keys (33 bytes each, in KeyAgg's order), the tweaks (32
// bytes each) with their modes isXOnly (true for x-only, false for plain),
// and the message msg of any length. It runs BIP-327's GetSessionValues: it
// aggregates the keys, applies the tweaks in order and derives the final
// nonce R and the challenge e.
//
// Errors: an InvalidContributionError that blames a public key's index with
// ContribPubKey (as KeyAgg), or the nonce aggregator (Aggregator) with
// ContribAggNonce for an invalid aggregate nonce; ErrTweak, ErrTweakInfinity
// or ErrTweakModes for the tweaks; ErrNoPublicKeys and ErrAggregateInfinity
// as KeyAgg. Variable time: every input is public.
func NewSessionContext(aggNonce *AggNonce, pubkeys, tweaks [][]byte, isXOnly []bool, msg []byte) (*SessionContext, error) {
	c, err := keyAggAndTweak(pubkeys, tweaks, isXOnly)
	if err != nil {
		return nil, err
	}
	return c.NewSessionContext(aggNonce, msg)
}

// NewSessionContext returns the session context for the aggregate nonce and
// the message msg with the keys and tweaks of c, the same as the package
// function NewSessionContext with c's PublicKeys and Tweaks. It returns an
// InvalidContributionError that blames the nonce aggregator with
// ContribAggNonce for an invalid aggregate nonce.
func (c *KeyAggContext) NewSessionContext(aggNonce *AggNonce, msg []byte) (*SessionContext, error) {
	return c.newSessionContext(aggNonce, msg, nil)
}

// newSessionContext is NewSessionContext, and with a non-nil T
// NewAdaptorSessionContext.
func (c *KeyAggContext) newSessionContext(aggNonce *AggNonce, msg []byte, T *secp256k1.PublicKey) (*SessionContext, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if aggNonce == nil {
		return nil, blame(Aggregator, ContribAggNonce, ErrAggNonce)
	}
	s := &SessionContext{keyAgg: c, aggNonce: *aggNonce, msg: slices.Clone(msg), adaptor: clonePublicKey(T)}
	var agg mpsig.Nonce
	if !agg.DecodeAggNonce((*[66]byte)(&s.aggNonce)) {
		return nil, blame(Aggregator, ContribAggNonce, ErrAggNonce)
	}
	// With an adaptor point, R₁ is R₁ + T from here on, in the hash too
	// (secp256k1-zkp's secp256k1_musig_nonce_process).
	nonces := s.aggNonce
	if T != nil {
		t, _ := door.PublicKey(T) // checked by the caller
		agg.R1.VarTimeAddAffine(&agg.R1, &t)
		mpsig.PutCBytesExt((*[33]byte)(nonces[:33]), &agg.R1)
	}
	// b = int(hash_MuSig/noncecoef(aggnonce ‖ xbytes(Q) ‖ m)) mod n.
	tags.SetB(&s.v, nonces[:], c.key.QC[1:], s.msg)
	s.v.SetR(&agg, (*[32]byte)(c.key.QC[1:]), s.msg)
	return s, nil
}

// SessionValues holds the values of BIP-327's GetSessionValues: the tweaked
// aggregate public key Q, the accumulated sign gacc (1 or −1 mod n) and
// tweak tacc, the nonce coefficient b, the final nonce R and the challenge
// e. Every value is a copy, so changing one does not affect the session. The
// zero value holds nil pointers: it is no session's values.
type SessionValues struct {
	Q                *secp256k1.PublicKey
	Gacc, Tacc, B, E *secp256k1.Scalar
	R                *secp256k1.Point
}

// GetSessionValues returns the session values (Q, gacc, tacc, b, R, e),
// which the constructor computed (BIP-327's GetSessionValues). Most users
// never need them; they serve protocols built on MuSig2, such as adaptor
// signatures.
func (s *SessionContext) GetSessionValues() *SessionValues {
	mpsig.Must(s.check())
	gacc := new(secp256k1.Scalar).SetUint64(1)
	if s.keyAgg.key.GaccNeg {
		gacc.Negate(gacc)
	}
	return &SessionValues{
		Q:    s.keyAgg.PublicKey(),
		Gacc: gacc,
		Tacc: door.NewScalar(&s.keyAgg.key.Tacc),
		B:    door.NewScalar(&s.v.B),
		E:    door.NewScalar(&s.v.E),
		R:    s.R(),
	}
}

// R returns a copy of the session's final nonce R = R₁ + b·R₂ (G if that
// sum is infinity), whose x coordinate is the first half of the final
// signature.
func (s *SessionContext) R() *secp256k1.Point {
	// A wrapper, so that it can be inlined and R, when it does not escape,
	// can live on the caller's stack; the check is in the callee.
	R := new(secp256k1.Point)
	s.getR(R)
	return R
}

// getR sets R to the final nonce.
func (s *SessionContext) getR(R *secp256k1.Point) {
	mpsig.Must(s.check())
	var j group.Jacobian
	door.SetPoint(R, j.SetAffine(&s.v.R))
}

// KeyAggContext returns the key aggregation context of the session: the
// aggregate of its public keys with its tweaks applied. Its XOnlyPublicKey is
// the key that the final signature verifies under.
func (s *SessionContext) KeyAggContext() *KeyAggContext {
	mpsig.Must(s.check())
	return s.keyAgg
}

// sigCheck returns the partial-signature check of the signer at index i.
// Variable time: every input is public.
func (s *SessionContext) sigCheck(i int) mpsig.Check {
	kl := s.keyAgg.keys
	return s.v.Check(&s.keyAgg.key, &kl.coeffs[i], &kl.points[i], kl.tables[i].Get(&kl.points[i], s.v.ID))
}

// PartialSigVerify checks the partial signature psig of the signer at index
// i of the session's public keys, whose public nonce is pubnonce (BIP-327's
// PartialSigVerifyInternal, with the public key given by its index). It
// returns nil if psig is valid, and otherwise an InvalidContributionError
// that blames signer i: ContribPartialSig (cause ErrPartialSig for a value
// not less than n, ErrPartialSigVerify for a signature that does not verify)
// or ContribPubNonce for an invalid pubnonce. It returns ErrSignerIndex if i
// is out of range.
//
// pubnonce must be the nonce that went into the session's aggregate nonce:
// verifying against the aggregate nonce is what lets a nonce aggregator's
// output be checked. PartialSigVerify cannot check this itself: a partial
// signature made with a nonce outside the aggregate nonce verifies against
// that nonce, yet no valid signature aggregates from it. An aggregator that
// verifies every signer's partial signature this way saves the repeated key
// and nonce aggregation of the package function PartialSigVerify. Variable
// time.
func (s *SessionContext) PartialSigVerify(psig *PartialSig, pubnonce *PubNonce, i int) error {
	if err := s.check(); err != nil {
		return err
	}
	if i < 0 || i >= len(s.keyAgg.keys.pubkeys) {
		return ErrSignerIndex
	}
	var sig scalar.Scalar
	if err := partialSigInputs(&sig, psig, pubnonce, i); err != nil {
		return err
	}
	chk := s.sigCheck(i)
	return verifyResult(chk.VarTimeVerifyEncoded(&sig, (*[66]byte)(pubnonce)), i)
}

// clonePublicKey returns a copy of T, or nil for nil: sessions keep their
// own copy of the adaptor point, not the caller's variable.
func clonePublicKey(T *secp256k1.PublicKey) *secp256k1.PublicKey {
	if T == nil {
		return nil
	}
	c := *T
	return &c
}
