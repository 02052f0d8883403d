package musig2

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Partial signing, partial signature verification and aggregation:
// BIP-327's Sign, PartialSigVerify and PartialSigAgg.

// Sign returns the partial signature of the session by the signer with
// secret key sk, using and consuming the secret nonce secnonce (BIP-327's
// Sign): s = k₁ + b·k₂ + e·a·d, with k₁ and k₂ negated if the final nonce R
// has an odd y and d = g·gacc·sk.
//
// secnonce must come from NonceGen for sk's public key, and its public nonce
// must be in the session's aggregate nonce. Sign cannot check the latter: a
// partial signature by a nonce outside the aggregate nonce verifies against
// that nonce, but not against the signer's nonce in the aggregate, and no
// valid signature aggregates from it. No secret nonce can sign twice:
// Sign checks its arguments first, from public values only, and an error
// there leaves secnonce unused, so that the caller can retry with the right
// key or session; once the checks pass, Sign consumes secnonce whatever the
// outcome.
//
// The argument errors, which leave secnonce unused: an error wrapping
// secp256k1.ErrUninitialized for a nil or zero session or sk, and for the
// zero SecNonce (that one is also ErrSecNonce); ErrSecNonceUsed for a nonce
// already consumed; ErrSecNonceKey if sk's public key is not the one given
// to NonceGen; ErrSignerNotInKeys if it is not among the session's public
// keys. After secnonce is consumed: ErrSecNonce if k₁ or k₂ is zero, and
// ErrSign if the partial signature fails its self-verification (a
// computation fault; BIP-327 recommends the check, which keeps a faulty
// signature, which could leak the key, from being output). Constant time in
// sk and the nonce.
func Sign(secnonce *SecNonce, sk *secp256k1.PrivateKey, session *SessionContext) (*PartialSig, error) {
	return SignWithOptions(secnonce, sk, session, nil)
}

// SignOptions holds the optional settings of SignWithOptions and
// SignKeypair. The zero value (or a nil pointer) is Sign's behaviour.
type SignOptions struct {
	// SkipSelfVerify leaves out the self-verification of the partial
	// signature, which costs about as much as a PartialSigVerify and is
	// almost all of Sign's time once the public key is known (SignKeypair).
	// It is a defence against fault attacks: a partial signature computed
	// wrong (a glitched multiplication, a flipped bit) can reveal the
	// secret key to whoever sees it, and the check keeps it from being
	// output. libsecp256k1's secp256k1_musig_partial_sign leaves it to the
	// caller in the same way. Skip it only where the partial signature is
	// verified before it leaves the device's trust boundary, or where
	// faults cannot be induced.
	SkipSelfVerify bool
}

// SignWithOptions is Sign with options; opts may be nil. The errors are
// Sign's, and without the self-verification ErrSign is not returned.
func SignWithOptions(secnonce *SecNonce, sk *secp256k1.PrivateKey, session *SessionContext, opts *SignOptions) (*PartialSig, error) {
	if err := checkSecretKey(sk); err != nil {
		return nil, err
	}
	return sign(secnonce, sk, nil, session, opts)
}

// SignKeypair is SignWithOptions for a signer that holds its key as a
// schnorr.Keypair, whose public key is computed once when the key pair is
// made: Sign computes sk·G on every call to check sk against the public
// key secnonce was generated for, and SignKeypair takes the key pair's
// public key instead (libsecp256k1's secp256k1_musig_partial_sign takes a
// keypair for the same reason). The signing key is the key pair's
// PrivateKey, whose public key may have an odd y: MuSig2 uses plain keys.
// opts may be nil. The errors are SignWithOptions', with the zero Keypair
// (or nil) as an error wrapping secp256k1.ErrUninitialized. Constant time
// in the key and the nonce.
func SignKeypair(secnonce *SecNonce, kp *schnorr.Keypair, session *SessionContext, opts *SignOptions) (*PartialSig, error) {
	if kp == nil || kp.Validate() != nil {
		return nil, fmt.Errorf("musig2: key pair: %w", secp256k1.ErrUninitialized)
	}
	// cbytes of the key pair's public key, from its x coordinate and the
	// parity of its y, without the inversion of kp.PublicKey().
	var pk [33]byte
	pk[0] = 2 | byte(kp.Parity())
	copy(pk[1:], kp.XOnlyPublicKey())
	sk := kp.PrivateKey()
	defer sk.Zero()
	return sign(secnonce, sk, &pk, session, opts)
}

// sign is the common part of SignWithOptions and SignKeypair after the key
// check: sk is the secret key, and pk its public key if the caller knows it
// (nil: sign computes sk·G). Constant time in sk and the nonce.
func sign(secnonce *SecNonce, sk *secp256k1.PrivateKey, pk *[33]byte, session *SessionContext, opts *SignOptions) (*PartialSig, error) {
	if err := session.check(); err != nil {
		return nil, err
	}
	if err := secnonce.check(); err != nil {
		return nil, err
	}
	d, _ := door.PrivateKey(sk) // checked by the callers
	var sig scalar.Scalar
	i, err := session.partialSign(&sig, secnonce, &d, pk)
	d = scalar.Scalar{}
	if err != nil {
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

// partialSign is the part of Sign that handles secrets, after the argument
// checks: it checks that the public key of the secret key d (pk if given,
// else d·G) is the one secnonce was generated for and is among the
// session's keys (reading no secret nonce), then consumes secnonce and sets
// sig to the partial signature s = k₁ + b·k₂ + e·a·d. It returns the
// signer's index in the key list, for the self-verification that follows.
// Constant time in d and the nonce. It is a function of its own for
// TestDudectSign, which times it alone: the verification takes variable
// time on the partial signature and the public nonce, which the fixed
// class fixes, so timing it would compare public values.
func (s *SessionContext) partialSign(sig *scalar.Scalar, secnonce *SecNonce, d *scalar.Scalar, pk *[33]byte) (int, error) {
	i, err := s.signerIndex(d, pk, &secnonce.st.pk)
	if err != nil {
		return 0, err
	}
	switch s.v.Sign(sig, &secnonce.st.SecNonce, d, &s.keyAgg.keys.coeffs[i], s.keyAgg.key.SignNeg()) {
	case mpsig.NonceUsed:
		return 0, ErrSecNonceUsed // another Sign took it since check
	case mpsig.ZeroK1, mpsig.ZeroK2:
		return 0, ErrSecNonce
	}
	return i, nil
}

// signerIndex returns the index in the session's list of public keys of
// nonceKey, the public key a secret nonce was generated for, after checking
// that it is the public key of d: pk if the caller knows it (a key pair's),
// else d·G. It returns ErrSecNonceKey if it is not, ErrSignerNotInKeys if
// nonceKey is not in the list. It reads no secret nonce. Constant time in d.
func (s *SessionContext) signerIndex(d *scalar.Scalar, pk, nonceKey *[33]byte) (int, error) {
	if pk == nil {
		var P group.Jacobian
		ecmult.ScalarBaseMult(&P, d)
		var a group.Affine
		a.SetJacobian(&P) // constant time; P ≠ identity: d ≠ 0
		pk = new([33]byte)
		pk[0] = 2 | byte(a.Y.IsOdd())
		a.X.PutBytes((*[32]byte)(pk[1:]))
	}
	if *pk != *nonceKey {
		return -1, ErrSecNonceKey
	}
	i := s.keyAgg.keys.index(nonceKey)
	if i < 0 {
		return -1, ErrSignerNotInKeys
	}
	return i, nil
}

// PartialSigVerify checks the partial signature psig of the signer at index
// i (BIP-327's PartialSigVerify), given every signer's public nonce and
// individual public key (in the same order: pubnonces[i] and pubkeys[i] are
// signer i's), the tweaks with their modes, and the message. It aggregates
// the nonces itself, so it is independent of any nonce aggregator.
//
// It returns nil if psig is valid. Otherwise it returns an
// InvalidContributionError that names the culprit: a public nonce (NonceAgg)
// or public key (KeyAgg) by index, or signer i with ContribPartialSig (cause
// ErrPartialSig or ErrPartialSigVerify) if psig itself is invalid. It
// returns ErrSignerIndex for an index out of range or lists of different
// lengths, and the tweak errors of NewSessionContext.
//
// To verify the partial signatures of many signers of one session, create
// the session once and use SessionContext.PartialSigVerify. Variable time.
func PartialSigVerify(psig *PartialSig, pubnonces []PubNonce, pubkeys, tweaks [][]byte, isXOnly []bool, msg []byte, i int) error {
	if len(pubnonces) != len(pubkeys) || i < 0 || i >= len(pubnonces) {
		return ErrSignerIndex
	}
	aggNonce, err := NonceAgg(pubnonces)
	if err != nil {
		return err
	}
	session, err := NewSessionContext(aggNonce, pubkeys, tweaks, isXOnly, msg)
	if err != nil {
		return err
	}
	return session.PartialSigVerify(psig, &pubnonces[i], i)
}

// PartialSigAgg aggregates the partial signatures of all signers into the
// final 64-byte BIP-340 signature xbytes(R) ‖ bytes(32, s) of the session's
// message under its x-only aggregate public key (BIP-327's PartialSigAgg):
// s = s₁ + … + s_u + e·g·tacc mod n.
//
// For a partial signature whose value is not less than n it returns an
// InvalidContributionError that blames its index with ContribPartialSig. It
// returns ErrNoPartialSigs for an empty list. It does not verify the partial
// signatures: if one is wrong, so is the result, and
// SessionContext.PartialSigVerify finds the culprit. For a nil or zero
// session it returns an error wrapping secp256k1.ErrUninitialized, and
// ErrAdaptorSession for an adaptor session, whose aggregate is a
// pre-signature, not a signature: use PreSigAgg.
func PartialSigAgg(psigs []PartialSig, session *SessionContext) ([]byte, error) {
	if err := session.check(); err != nil {
		return nil, err
	}
	if session.adaptor != nil {
		return nil, ErrAdaptorSession
	}
	sig := new([64]byte)
	if err := session.aggregate(sig, psigs); err != nil {
		return nil, err
	}
	return sig[:], nil
}

// aggregate writes xbytes(R) ‖ bytes(32, s), s = s₁ + … + s_u + e·g·tacc
// mod n, into sig: the signature of PartialSigAgg (and of PreSigAgg, where
// s is s').
func (session *SessionContext) aggregate(sig *[64]byte, psigs []PartialSig) error {
	if len(psigs) == 0 {
		return ErrNoPartialSigs
	}
	if i := mpsig.Aggregate(sig, psigs, &session.v, &session.keyAgg.key); i >= 0 {
		return blame(i, ContribPartialSig, ErrPartialSig)
	}
	return nil
}
