package musig2

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// MuSig2 adaptor signatures, as secp256k1-zkp makes them
// (secp256k1_musig_nonce_process with an adaptor point,
// secp256k1_musig_nonce_parity, secp256k1_musig_partial_sig_agg): the
// session adds the adaptor point T to the first aggregate nonce point, the
// signers sign and verify partial signatures as usual, and the aggregate is
// a BIP-340 pre-signature in the 65-byte encoding of package adaptor
// (adaptor.ParseSchnorrPreSignature), whose Adapt and Extract turn it into
// the BIP-340 signature and back into T's secret. This package does not
// import adaptor: an add-on is imported by nothing it extends.

// NewAdaptorSessionContext is NewSessionContext for an adaptor session with
// the adaptor point T: R₁ + T takes the place of the first aggregate nonce
// point R₁ in every derived value (the nonce coefficient b, which hashes it,
// the final nonce R = R₁ + T + b·R₂ and the challenge e). Sign and
// PartialSigVerify work unchanged on the session; PreSigAgg aggregates its
// partial signatures into the pre-signature. It returns the errors of
// NewSessionContext, and an error wrapping secp256k1.ErrUninitialized for a
// nil or zero T. Variable time: every input is public.
func NewAdaptorSessionContext(aggNonce *AggNonce, pubkeys, tweaks [][]byte, isXOnly []bool, msg []byte, T *secp256k1.PublicKey) (*SessionContext, error) {
	if err := T.Validate(); err != nil {
		return nil, err
	}
	c, err := keyAggAndTweak(pubkeys, tweaks, isXOnly)
	if err != nil {
		return nil, err
	}
	return c.newSessionContext(aggNonce, msg, T)
}

// NewAdaptorSessionContext is the package function NewAdaptorSessionContext
// with c's keys and tweaks.
func (c *KeyAggContext) NewAdaptorSessionContext(aggNonce *AggNonce, msg []byte, T *secp256k1.PublicKey) (*SessionContext, error) {
	if err := T.Validate(); err != nil {
		return nil, err
	}
	return c.newSessionContext(aggNonce, msg, T)
}

// Adaptor returns the adaptor point of an adaptor session, or nil for a
// plain session.
func (s *SessionContext) Adaptor() *secp256k1.PublicKey {
	mpsig.Must(s.check())
	if s.adaptor == nil {
		return nil
	}
	T := *s.adaptor
	return &T
}

// NonceParity returns 1 if the session's final nonce R has an odd y, and 0
// if even (secp256k1_musig_nonce_parity): the pre-signature's NonceParity,
// which decides whether Adapt adds or subtracts the adaptor secret.
func (s *SessionContext) NonceParity() int {
	mpsig.Must(s.check())
	if s.v.ROdd {
		return 1
	}
	return 0
}

// PreSigAggSize is the length of PreSigAgg's result.
const PreSigAggSize = 65

// PreSigAgg aggregates the partial signatures of an adaptor session into
// its pre-signature (R, s'), s' = s₁ + … + s_u + e·g·tacc mod n, encoded as
// cbytes(R) ‖ bytes(32, s'): the encoding that adaptor.ParseSchnorrPreSignature
// parses, and that adaptor.SchnorrPreVerify then accepts under the
// session's x-only aggregate public key and adaptor point
// (secp256k1_musig_partial_sig_agg for an adaptor session, with the nonce
// parity in R's prefix). Its errors are PartialSigAgg's, and
// ErrNotAdaptorSession for a plain session.
//
// It does not verify the partial signatures. The party that will extract
// the adaptor secret must verify every one (SessionContext.PartialSigVerify)
// first: otherwise a signer can shift s' so that Extract returns a value
// of its choosing (secp256k1-zkp's musig.md, "Atomic Swaps").
func PreSigAgg(psigs []PartialSig, session *SessionContext) ([]byte, error) {
	if err := session.check(); err != nil {
		return nil, err
	}
	if session.adaptor == nil {
		return nil, ErrNotAdaptorSession
	}
	var sig [64]byte
	if err := session.aggregate(&sig, psigs); err != nil {
		return nil, err
	}
	pre := make([]byte, PreSigAggSize)
	pre[0] = 2 | byte(session.NonceParity())
	copy(pre[1:], sig[:])
	return pre, nil
}

// varTimePreVerify reports whether pre, in PreSigAgg's encoding, is a
// valid pre-signature of the adaptor session s's message under its x-only
// aggregate key and adaptor point: adaptor.SchnorrPreVerify, with
// internal/bip340. Variable time: every input is public.
func (s *SessionContext) varTimePreVerify(pre []byte) bool {
	var sp scalar.Scalar
	if len(pre) != PreSigAggSize || !mpsig.PartialSigValue(&sp, (*[32]byte)(pre[33:])) {
		return false
	}
	var Rj group.Jacobian
	if !Rj.SetCompressed((*[33]byte)(pre[:33])) {
		return false
	}
	var R group.Affine
	R.VarTimeSetJacobian(&Rj)
	var pk bip340.PublicKey
	pk.Set(&s.keyAgg.key.Q)
	T, err := door.PublicKey(s.adaptor)
	if err != nil {
		return false
	}
	return bip340.Standard.VarTimePreVerify(&pk, s.msg, &R, &sp, &T)
}
