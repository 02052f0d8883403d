package frost

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Partial signing, partial signature verification and aggregation:
// BIP-445's Sign, PartialSigVerify and PartialSigAgg.

// Sign returns the partial signature of the session by the signer with
// secret share secshare and participant identifier id, using and consuming
// the secret nonce secnonce (BIP-445's Sign): s = k₁ + b·k₂ + e·λ·d, with
// k₁ and k₂ negated if the final nonce R has an odd y and d = g·gacc·d'.
//
// id is the participant identifier, BIP-445's my_id: the participant's
// 0-based number in the key, 0 ≤ id ≤ n − 1 (its share is f(id + 1)), the
// same in every session, one of the identifiers given to
// NewSignersContext. It is not the signer's index in the session's lists,
// which PartialSigVerify takes (SignersContext.SignerIndex(id) gives it):
// with signers {1, 2}, participant 2 signs with id 2, and its partial
// signature is verified at index 1.
//
// secnonce must come from NonceGen, and its public nonce must be in the
// session's aggregate nonce; Sign cannot check the latter. No secret nonce
// can sign twice: Sign checks its arguments first, from public values only,
// and an error there leaves secnonce unused, so that the caller can retry
// with the right share or session; once the checks pass, Sign consumes
// secnonce whatever the outcome.
//
// The argument errors, which leave secnonce unused: an error wrapping
// secp256k1.ErrUninitialized for a nil or zero session or secshare, and
// for the zero SecNonce (that one is also ErrSecNonce); ErrSecNonceUsed for
// a nonce already consumed; ErrSignerNotInPubShares if secshare's public
// share is not in the session's Signers Context, ErrSignerNotInIDs if id
// is not, and ErrSignerMismatch if both are but at different positions
// (either error says so if id is the signer's index instead of its
// identifier).
// After secnonce is consumed: ErrSecNonce if k₁ or k₂ is zero, and ErrSign
// if the partial signature fails its self-verification (a computation
// fault; BIP-445 recommends the check, which keeps a faulty signature,
// which could leak the share, from being output). Constant time in the
// secret share and the nonce.
func Sign(secnonce *SecNonce, secshare *SecretShare, id int, session *SessionContext) (*PartialSig, error) {
	return SignWithOptions(secnonce, secshare, id, session, nil)
}

// SignOptions holds SignWithOptions' optional settings. The zero value (or
// a nil pointer) is Sign's behaviour.
type SignOptions struct {
	// SkipSelfVerify leaves out the self-verification of the partial
	// signature, which costs about as much as PartialSigVerify, almost all
	// of Sign's time. It is a defence against fault attacks: a partial
	// signature computed wrong (a glitched multiplication, a flipped bit)
	// can reveal the secret share to whoever sees it, and the check keeps
	// it from being output. Skip it only where the partial signature is
	// verified before it leaves the device's trust boundary, as a
	// coordinator that runs SessionContext.PartialSigVerify on every
	// partial signature does for honest signers in one process, or where
	// faults cannot be induced.
	SkipSelfVerify bool
}

// SignWithOptions is Sign with options; opts may be nil. The errors are
// Sign's, and without the self-verification ErrSign is not returned.
func SignWithOptions(secnonce *SecNonce, secshare *SecretShare, id int, session *SessionContext, opts *SignOptions) (*PartialSig, error) {
	if err := session.check(); err != nil {
		return nil, err
	}
	if err := secshare.check(); err != nil {
		return nil, err
	}
	if err := secnonce.check(); err != nil {
		return nil, err
	}
	i, err := session.signerIndex(secshare, id)
	if err != nil {
		return nil, err
	}
	var sig scalar.Scalar
	if err := session.sign(&sig, secnonce, secshare, i); err != nil {
		return nil, err
	}
	// The partial signature is public from here on.
	if opts == nil || !opts.SkipSelfVerify {
		chk := session.sigCheck(i)
		if !chk.VarTimeVerifyPoints(&sig, &secnonce.st.R1, &secnonce.st.R2) {
			return nil, ErrSign
		}
	}
	psig := new(PartialSig)
	sig.PutBytes((*[32]byte)(psig))
	return psig, nil
}

// signerIndex returns the index in the session's Signers Context of the
// signer with the secret share s and the identifier id, or BIP-445's
// errors, in its order. It reads only public values.
func (s *SessionContext) signerIndex(share *SecretShare, id int) (int, error) {
	c := s.signers
	k := c.pubshareIndex(&share.pub)
	if k < 0 {
		return -1, ErrSignerNotInPubShares
	}
	i := c.idIndex(id)
	if i >= 0 && c.pubshares[i] == share.pub {
		return i, nil
	}
	err := ErrSignerNotInIDs
	if i >= 0 {
		err = ErrSignerMismatch
	}
	if id == k { // the share's index, not its identifier c.ids[k] ≠ id
		return -1, fmt.Errorf("%w: %d is the signer's index in the Signers Context, not its participant identifier %d", err, id, c.ids[k])
	}
	return -1, err
}

// sign consumes secnonce and sets sig to the partial signature
// s = k₁ + b·k₂ + e·λ·d of the signer at index i with the secret share
// share. It returns ErrSecNonceUsed if another Sign took the nonce since
// the checks, and the errors of a zero k₁ or k₂. Constant time in the share
// and the nonce.
func (s *SessionContext) sign(sig *scalar.Scalar, secnonce *SecNonce, share *SecretShare, i int) error {
	switch s.v.Sign(sig, secnonce.st, &share.d, &s.signers.lam[i], s.tweak.key.SignNeg()) {
	case mpsig.NonceUsed:
		return ErrSecNonceUsed
	case mpsig.ZeroK1:
		return errSecNonceFirst
	case mpsig.ZeroK2:
		return errSecNonceSecond
	}
	return nil
}

// PartialSigVerify checks the partial signature psig of the signer at index
// signerIndex of the Signers Context (BIP-445's PartialSigVerify), given
// every signer's public nonce (pubnonces[j] is the nonce of the signer at
// index j of signers), the tweaks with their modes, and the message. It
// aggregates the nonces itself, so it is independent of the coordinator.
//
// signerIndex is BIP-445's i: the signer's 0-based position in the lists
// of the Signers Context, 0 ≤ signerIndex < u, the position of its
// identifier in the list given to NewSignersContext
// (SignersContext.SignerIndex returns it). It is not the participant
// identifier, which Sign takes: with signers {1, 2}, participant 2's
// partial signature is at index 1.
//
// It returns nil if psig is valid. Otherwise it returns an
// InvalidContributionError that names the culprit: a public nonce
// (NonceAgg) by index, or signer signerIndex with ContribPartialSig (cause
// ErrPartialSig or ErrPartialSigVerify) if psig itself is invalid. It
// returns ErrSignerIndex for an index out of range or a number of nonces
// other than the number of signers, and the tweak errors of
// NewSessionContext.
//
// To verify the partial signatures of many signers of one session, create
// the session once and use SessionContext.PartialSigVerify. Variable time.
func PartialSigVerify(psig *PartialSig, pubnonces []PubNonce, signers *SignersContext, tweaks [][]byte, isXOnly []bool, msg []byte, signerIndex int) error {
	if err := signers.check(); err != nil {
		return err
	}
	if len(pubnonces) != len(signers.ids) {
		return ErrSignerIndex
	}
	if err := signers.checkSignerIndex(signerIndex); err != nil {
		return err
	}
	session, err := NewSessionContextWithNonces(signers, pubnonces, tweaks, isXOnly, msg)
	if err != nil {
		return err
	}
	return session.PartialSigVerify(psig, &pubnonces[signerIndex], signerIndex)
}

// PartialSigAgg aggregates the partial signatures of all signers of the
// session (psigs[j] is the signer's at index j of the Signers Context) into
// the final 64-byte BIP-340 signature xbytes(R) ‖ bytes(32, s) of the
// session's message under its x-only threshold public key (BIP-445's
// PartialSigAgg): s = s₁ + … + s_u + e·g·tacc mod n.
//
// For a partial signature whose value is not less than n it returns an
// InvalidContributionError that blames its index with ContribPartialSig. It
// returns ErrPartialSigCount unless there is one partial signature per
// signer. It does not verify the partial signatures: if one is wrong, so is
// the result, and SessionContext.PartialSigVerify finds the culprit. For a
// nil or zero session it returns an error wrapping
// secp256k1.ErrUninitialized.
func PartialSigAgg(psigs []PartialSig, session *SessionContext) ([]byte, error) {
	if err := session.check(); err != nil {
		return nil, err
	}
	if len(psigs) != len(session.signers.ids) {
		return nil, ErrPartialSigCount
	}
	sig := new([64]byte)
	if i := mpsig.Aggregate(sig, psigs, &session.v, &session.tweak.key); i >= 0 {
		return nil, blame(i, ContribPartialSig, ErrPartialSig)
	}
	return sig[:], nil
}
