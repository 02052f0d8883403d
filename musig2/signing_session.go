package musig2

import (
	"bytes"
	"fmt"
	"slices"
	"sync"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// Session: one signer's whole signing session over the package's
// functions (NonceGen, NonceAgg, NewSessionContext, Sign, PartialSigVerify,
// PartialSigAgg), keeping the state between the two rounds.

// SessionOptions holds NewSession's optional inputs. The zero value (or a
// nil pointer) gives none of them: the nonce comes from NonceGen with
// crypto/rand, and the session signs whatever message Sign is given.
type SessionOptions struct {
	// Msg is the message that the session will sign, if it is known when
	// the session starts; nil means it is not. The nonce generation hashes
	// it (BIP-327 recommends giving NonceGen every input known), and Sign
	// refuses any other message with ErrSessionMessage.
	Msg []byte
	// ExtraIn is NonceGenOptions.ExtraIn: data that has a chance of changing
	// between sessions, such as a session identifier; at most 2³² − 1 bytes.
	ExtraIn []byte
	// Counter, if not nil, generates the session's nonce with
	// Counter.NonceGen (a counter nonce, libsecp256k1's
	// secp256k1_musig_nonce_gen_counter) instead of NonceGen with 32 bytes
	// from crypto/rand.
	Counter *NonceCounter
	// Adaptor, if not nil, makes the session an adaptor session with this
	// adaptor point (NewAdaptorSessionContext): it aggregates the partial
	// signatures into a pre-signature (PreSigAgg), which it verifies as
	// adaptor.SchnorrPreVerify does and PreSignature returns, instead of a
	// final signature.
	Adaptor *secp256k1.PublicKey
}

// Session is one signer's state in one MuSig2 signing session, in the
// manner of btcec's musig2.Session: it generates the signer's nonce, collects
// the other signers' public nonces and aggregates them, signs once, collects
// and verifies the other signers' partial signatures, and aggregates them
// into the final BIP-340 signature, which it verifies. Signers are named by
// their index in the KeyAggContext's PublicKeys, the index that an
// InvalidContributionError blames; the session's own is Index.
//
// A Session signs at most once: Sign consumes its secret nonce, and every
// later Sign returns ErrSecNonceUsed. It keeps a copy of the secret key only
// until then (or until Erase). Calls in the wrong order or repeated return
// named errors and change nothing. Start a new Session for every signature;
// when a session is aborted (a signer is blamed, or gives up), Erase it and
// start over with a new Session, as the package documentation's nonce rules
// require.
//
// A Session is safe for concurrent use. Like SecNonce, it holds its state
// behind a pointer that every copy shares (go vet reports copies), cannot be
// serialized (MarshalJSON returns an error wrapping
// secp256k1.ErrSecretMarshal), and prints as a fixed text with fmt.
//
// The zero value (like a nil *Session) is not a session; use NewSession.
// Its methods with an error result return an error wrapping
// secp256k1.ErrUninitialized for it, and the others panic.
type Session struct {
	_  noCopy
	st *sessionState
}

// sessionState is the content of a Session. mu guards every field but the
// ones set by NewSession and never changed (ka, index, pubnonce, msg,
// fixedMsg).
type sessionState struct {
	mu sync.Mutex

	ka       *KeyAggContext // with its tweaks; the keys' order is the signers'
	index    int            // the session's signer, in ka's keys
	pubnonce PubNonce       // the session's own public nonce
	msg      []byte         // SessionOptions.Msg, if fixedMsg
	fixedMsg bool
	adaptor  *secp256k1.PublicKey // SessionOptions.Adaptor

	// sk is the session's copy of the secret key, and secnonce its secret
	// nonce; Sign and Erase zero sk and set it to nil, and consume secnonce.
	sk       *secp256k1.PrivateKey
	secnonce *SecNonce

	pubnonces []PubNonce // pubnonces[i] is signer i's, if haveNonce[i]
	haveNonce []bool
	nNonces   int
	aggNonce  *AggNonce // NonceAgg(pubnonces), once every nonce is in

	ctx      *SessionContext // set by Sign
	psigs    []PartialSig    // psigs[i] is signer i's, if havePsig[i]
	havePsig []bool
	nPsigs   int
	final    []byte // the verified final signature, once every psig is in
	pre      []byte // the verified pre-signature of an adaptor session
}

// errSession is the error for the zero Session.
var errSession error = uninitialized("Session")

// check returns errSession if s is nil or the zero Session.
func (s *Session) check() error {
	if s == nil || s.st == nil {
		return errSession
	}
	return nil
}

// NewSession starts a signing session for the signer with secret key sk,
// whose public key must be among the individual public keys of ka. ka is
// the KeyAggContext with every tweak applied (ApplyTweak, ApplyTapTweak,
// ApplyBIP86Tweak): the final signature verifies under its XOnlyPublicKey.
// NewSession generates the session's nonce with sk, ka's x-only aggregate key
// and the options (opts may be nil); send PublicNonce to the other signers.
// If sk's public key occurs more than once in ka, the session is the signer
// at its first index.
//
// It returns an error wrapping secp256k1.ErrUninitialized for a nil or zero
// sk, ka or opts.Counter; ErrSignerNotInKeys if sk's public key is not among
// ka's; ErrNonceGenInput for an ExtraIn that is too long; and the errors of
// NonceCounter.Next with a Counter. With opts.Adaptor, the zero PublicKey
// gives an error wrapping secp256k1.ErrUninitialized too. Constant time in
// sk and the nonce.
func NewSession(sk *secp256k1.PrivateKey, ka *KeyAggContext, opts *SessionOptions) (*Session, error) {
	if err := checkSecretKey(sk); err != nil {
		return nil, err
	}
	if err := ka.check(); err != nil {
		return nil, err
	}
	if opts == nil {
		opts = new(SessionOptions)
	}
	if opts.Adaptor != nil {
		if err := opts.Adaptor.Validate(); err != nil {
			return nil, err
		}
	}
	pk := [33]byte(sk.PublicKey().BytesCompressed())
	index := ka.keys.index(&pk)
	if index < 0 {
		return nil, ErrSignerNotInKeys
	}
	nopts := &NonceGenOptions{SecretKey: sk, AggPublicKey: ka.XOnlyPublicKey(), Msg: opts.Msg, ExtraIn: opts.ExtraIn}
	var (
		secnonce *SecNonce
		pubnonce *PubNonce
		err      error
	)
	if opts.Counter != nil {
		secnonce, pubnonce, err = opts.Counter.NonceGen(sk, nopts)
	} else {
		secnonce, pubnonce, err = NonceGen(pk[:], nopts)
	}
	if err != nil {
		return nil, err
	}
	u := len(ka.keys.pubkeys)
	st := &sessionState{
		ka:        ka,
		index:     index,
		pubnonce:  *pubnonce,
		msg:       slices.Clone(opts.Msg),
		fixedMsg:  opts.Msg != nil,
		adaptor:   clonePublicKey(opts.Adaptor),
		sk:        new(secp256k1.PrivateKey),
		secnonce:  secnonce,
		pubnonces: make([]PubNonce, u),
		haveNonce: make([]bool, u),
		psigs:     make([]PartialSig, u),
		havePsig:  make([]bool, u),
	}
	*st.sk = *sk
	st.addNonce(index, pubnonce)
	return &Session{st: st}, nil
}

// addNonce registers signer i's public nonce, which must be valid, and
// aggregates the nonces once all are in.
func (st *sessionState) addNonce(i int, n *PubNonce) {
	st.pubnonces[i], st.haveNonce[i] = *n, true
	st.nNonces++
	if st.nNonces == len(st.pubnonces) {
		agg, err := NonceAgg(st.pubnonces)
		mpsig.Must(err) // unreachable: every registered nonce is valid
		st.aggNonce = agg
	}
}

// Index returns the session's signer index: the position of its public key
// in the KeyAggContext's PublicKeys.
func (s *Session) Index() int {
	mpsig.Must(s.check())
	return s.st.index
}

// PublicNonce returns a copy of the session's public nonce, which the other
// signers (or the nonce aggregator) need.
func (s *Session) PublicNonce() *PubNonce {
	mpsig.Must(s.check())
	n := s.st.pubnonce
	return &n
}

// RegisterPubNonce registers the public nonce of the signer at index i and
// reports whether the session now has every signer's nonce; with the last
// one it aggregates them.
//
// It returns ErrSignerIndex for an index out of range, ErrPubNonceRegistered
// for a signer whose nonce the session has (its own included),
// ErrOwnPubNonce for the session's own public nonce, and an
// InvalidContributionError that blames signer i with ContribPubNonce (cause
// ErrPubNonce) for an invalid nonce. On an error nothing is registered.
// Variable time: the nonces are public.
func (s *Session) RegisterPubNonce(i int, pubnonce *PubNonce) (haveAll bool, err error) {
	if err := s.check(); err != nil {
		return false, err
	}
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	switch {
	case i < 0 || i >= len(st.pubnonces):
		return false, ErrSignerIndex
	case st.haveNonce[i]:
		return false, ErrPubNonceRegistered
	case pubnonce == nil:
		return false, blame(i, ContribPubNonce, ErrPubNonce)
	case *pubnonce == st.pubnonce:
		return false, ErrOwnPubNonce
	}
	var d mpsig.Nonce
	if !d.DecodePubNonce((*[66]byte)(pubnonce)) {
		return false, blame(i, ContribPubNonce, ErrPubNonce)
	}
	st.addNonce(i, pubnonce)
	return st.aggNonce != nil, nil
}

// AggNonce returns the aggregate of every signer's public nonce, or
// ErrPubNoncesMissing before every nonce is registered.
func (s *Session) AggNonce() (*AggNonce, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if s.st.aggNonce == nil {
		return nil, ErrPubNoncesMissing
	}
	agg := *s.st.aggNonce
	return &agg, nil
}

// Sign returns the session's partial signature of msg (any length), which
// the other signers need, and consumes the secret nonce and the session's
// copy of the secret key: a Session signs once. The partial signature is
// registered as the session's own.
//
// It returns ErrSecNonceUsed once the session has signed (or was erased),
// ErrPubNoncesMissing before every public nonce is registered, and
// ErrSessionMessage for a message other than SessionOptions.Msg; these leave
// the nonce unused. After the nonce is consumed, it returns the errors of
// the package function Sign (ErrSign for a fault), and with the last
// partial signature the errors of RegisterPartialSig's aggregation.
// Constant time in the secret key and the nonce.
func (s *Session) Sign(msg []byte) (*PartialSig, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	switch {
	case st.sk == nil:
		return nil, ErrSecNonceUsed
	case st.aggNonce == nil:
		return nil, ErrPubNoncesMissing
	case st.fixedMsg && !bytes.Equal(msg, st.msg):
		return nil, ErrSessionMessage
	}
	ctx, err := st.ka.newSessionContext(st.aggNonce, msg, st.adaptor)
	if err != nil { // unreachable: NonceAgg's output is valid
		return nil, err
	}
	// The public key is known (NewSession computed it to find index): no
	// k·G here, as SignKeypair.
	psig, err := sign(st.secnonce, st.sk, &st.ka.keys.pubkeys[st.index], ctx, nil)
	if st.secnonce.check() != nil { // consumed, whatever the outcome
		st.sk.Zero()
		st.sk = nil
	}
	if err != nil {
		return nil, err
	}
	st.ctx = ctx
	if err := st.addPsig(st.index, psig); err != nil {
		return nil, err
	}
	out := *psig
	return &out, nil
}

// addPsig registers signer i's verified partial signature and, with the
// last one, aggregates and verifies the final signature. If that fails
// (ErrSign), it registers nothing.
func (st *sessionState) addPsig(i int, psig *PartialSig) error {
	st.psigs[i], st.havePsig[i] = *psig, true
	st.nPsigs++
	if st.nPsigs < len(st.psigs) {
		return nil
	}
	var (
		sig []byte
		pre []byte
		err error
	)
	if st.adaptor != nil {
		pre, err = PreSigAgg(st.psigs, st.ctx)
		if err == nil && !st.ctx.varTimePreVerify(pre) {
			err = ErrSign
		}
	} else {
		sig, err = PartialSigAgg(st.psigs, st.ctx)
		if err == nil && !schnorr.Verify(st.ka.pub, st.ctx.msg, sig) {
			err = ErrSign
		}
	}
	if err != nil { // unreachable but for a fault: every psig verified
		st.psigs[i], st.havePsig[i] = PartialSig{}, false
		st.nPsigs--
		return err
	}
	st.final, st.pre = sig, pre
	return nil
}

// RegisterPartialSig verifies the partial signature of the signer at index
// i and registers it, and reports whether the session now has every
// signer's; with the last one it aggregates them into the final signature
// and verifies it.
//
// It returns ErrSessionNotSigned before the session's own Sign,
// ErrSignerIndex for an index out of range, ErrPartialSigRegistered for a
// signer whose partial signature the session has (its own included), and
// an InvalidContributionError that blames signer i with ContribPartialSig
// for a partial signature that is invalid or does not verify (causes
// ErrPartialSig and ErrPartialSigVerify, as SessionContext.PartialSigVerify).
// If the final signature does not verify, which takes a fault since every
// partial signature verified, it returns ErrSign. On an error nothing is
// registered. Variable time.
func (s *Session) RegisterPartialSig(i int, psig *PartialSig) (haveAll bool, err error) {
	if err := s.check(); err != nil {
		return false, err
	}
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	switch {
	case st.ctx == nil:
		return false, ErrSessionNotSigned
	case i < 0 || i >= len(st.psigs):
		return false, ErrSignerIndex
	case st.havePsig[i]:
		return false, ErrPartialSigRegistered
	case psig == nil:
		return false, blame(i, ContribPartialSig, ErrPartialSig)
	}
	if err := st.ctx.PartialSigVerify(psig, &st.pubnonces[i], i); err != nil {
		return false, err
	}
	if err := st.addPsig(i, psig); err != nil {
		return false, err
	}
	return st.final != nil || st.pre != nil, nil
}

// FinalSig returns a copy of the final 64-byte BIP-340 signature of the
// signed message under the KeyAggContext's XOnlyPublicKey, which the
// session has verified, or ErrPartialSigsMissing before every partial
// signature is registered; ErrAdaptorSession for an adaptor session (see
// PreSignature).
func (s *Session) FinalSig() ([]byte, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if s.st.adaptor != nil {
		return nil, ErrAdaptorSession
	}
	if s.st.final == nil {
		return nil, ErrPartialSigsMissing
	}
	return slices.Clone(s.st.final), nil
}

// PreSignature returns the pre-signature of an adaptor session
// (SessionOptions.Adaptor), PreSigAgg's 65-byte encoding, which the session
// has verified as adaptor.SchnorrPreVerify does under the KeyAggContext's
// x-only key and the adaptor point: parsed with
// adaptor.ParseSchnorrPreSignature, its Adapt with the adaptor secret gives
// the BIP-340 signature, and its Extract recovers the adaptor secret from
// that signature. Every partial signature in it was verified, as extraction
// requires. It returns ErrNotAdaptorSession for a plain session and
// ErrPartialSigsMissing before every partial signature is registered.
func (s *Session) PreSignature() ([]byte, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if s.st.adaptor == nil {
		return nil, ErrNotAdaptorSession
	}
	if s.st.pre == nil {
		return nil, ErrPartialSigsMissing
	}
	return slices.Clone(s.st.pre), nil
}

// Erase ends the session without signing, for example when it is aborted:
// it erases the secret nonce (SecNonce.Erase) and zeroes the session's copy
// of the secret key. Later calls to Sign return ErrSecNonceUsed; the public
// values stay. Erase after Sign does nothing; on the zero Session (or nil)
// it panics.
func (s *Session) Erase() {
	mpsig.Must(s.check())
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	st.secnonce.Erase()
	if st.sk != nil {
		st.sk.Zero()
		st.sk = nil
	}
}

// errSessionMarshal is Session.MarshalJSON's error.
var errSessionMarshal = fmt.Errorf("musig2: a Session is not marshalled to JSON: %w", secp256k1.ErrSecretMarshal)

// String returns a fixed text that holds no secret material.
func (s *Session) String() string { return "musig2.Session(REDACTED)" }

// GoString returns a fixed text that holds no secret material, for %#v.
func (s *Session) GoString() string { return "musig2.Session{REDACTED}" }

// Format makes every fmt verb print String's fixed text for a *Session, as
// SecNonce.Format does for a *SecNonce; a Session value prints the address
// of its state.
func (s *Session) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, s.GoString())
		return
	}
	fmt.Fprint(f, s.String())
}

// MarshalJSON returns an error wrapping secp256k1.ErrSecretMarshal: a
// session holds a secret nonce and key, which are never serialized.
func (s *Session) MarshalJSON() ([]byte, error) {
	return nil, errSessionMarshal
}
