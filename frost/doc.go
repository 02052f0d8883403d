// Package frost implements FROST threshold signing for BIP-340 Schnorr keys
// as BIP-445 (Draft, bitcoin/bips PR #2070, version 0.8.0) specifies it:
// any t of the n participants of a t-of-n key jointly produce one ordinary
// BIP-340 signature valid under the key's x-only threshold public key, in
// two rounds of communication through a coordinator. Fewer than t
// participants cannot sign. BIP-445's signing is FROST3, parallel to
// BIP-327's MuSig2 (package musig2), and so is this package's API.
//
// The Go names are BIP-445's algorithm names: ValidateSignersCtx (run by
// NewSignersContext), TweakCtxInit (NewTweakContext), ApplyTweak, NonceGen,
// NonceAgg, Sign, PartialSigVerify, PartialSigAgg and DeterministicSign,
// with the Signers Context (SignersContext), the Tweak Context
// (TweakContext) and the Session Context (SessionContext, whose
// constructor runs GetSessionValues). Participant identifiers are
// BIP-445's 0-based integers 0..n−1, fixed for the key; signers are named
// by their index in the lists of the SignersContext, 0..u−1 for the u
// signers of a session. Sign and DeterministicSign take the participant
// identifier (BIP-445's my_id); PartialSigVerify takes the index (BIP-445's
// i), as do the lists of public nonces and partial signatures and the
// errors that blame a signer. SignersContext.SignerIndex maps an
// identifier to its index. docs/frost.md states the security model:
// what each round keeps secret, what must never be reused, what the
// coordinator can and cannot do, and the caveats of a trusted dealer.
//
// # Walk-through
//
// Key generation, once, is out of BIP-445's scope. TrustedDealerKeygen
// deals a t-of-n key for tests and simple deployments (each participant
// checks its share with VerifySecretShare, against the t it agreed to and
// the threshold public key); a DKG such as ChillDKG gives the same
// material. Each participant keeps its SecretShare; everyone
// knows the threshold public key and the public shares.
//
// Per signing session, the coordinator picks u ≥ t signers and builds the
// Signers Context from their identifiers and public shares:
//
//	signers, err := frost.NewSignersContext(n, t, ids, pubshares, threshPK)
//	tc := signers.TweakContext()      // optional: tc.ApplyBIP86Tweak() etc.
//	xonly := tc.XOnlyPublicKey()      // the 32-byte BIP-340 key to pay to
//
// Round one. Each signer generates a fresh nonce pair, keeps the secret
// nonce and sends the public nonce to the coordinator, who aggregates them
// and sends the aggregate nonce back:
//
//	secnonce, pubnonce, err := frost.NonceGen(&frost.NonceGenOptions{
//		SecretShare: share, PubShare: share.PubShare(),
//		ThreshPublicKey: xonly, Msg: msg, // all optional
//	})
//	aggnonce, err := frost.NonceAgg(pubnonces) // coordinator
//
// Round two. Each signer builds the session context, signs and sends its
// partial signature; the coordinator verifies each (to identify a
// malicious signer) and aggregates them:
//
//	session, err := tc.NewSessionContext(signers, aggnonce, msg)
//	psig, err := frost.Sign(secnonce, share, id, session) // id: participant identifier; consumes secnonce
//	err = session.PartialSigVerify(&psigs[i], &pubnonces[i], i) // i: index of the signer, ids[i] == id
//	sig, err := frost.PartialSigAgg(psigs, session)
//	ok := schnorr.Verify(tc.PublicKey(), msg, sig)
//
// The wire values have fixed-size types with parsers and marshalers:
// PubNonce and AggNonce (66 bytes; an aggregate nonce encodes infinity as 33
// zero bytes) and PartialSig (32 bytes). Public shares and threshold public
// keys are 33-byte compressed points. SecretShare and SecNonce are secret:
// fmt prints fixed texts for them and encoding/json refuses them.
//
// # Errors and blame
//
// When a function fails because of another party's contribution it returns
// an *InvalidContributionError that names the signer's index (or
// Coordinator) and the contribution ("pubnonce", "aggnonce",
// "aggothernonce", "psig"); get it with errors.As. The blame is reliable
// only if the contributions reached the coordinator untampered and the
// coordinator aggregated the nonces honestly. An invalid identifier or
// public share in the Signers Context is a *SignerInputError naming its
// index. Other failures are plain error values (ErrKeyMaterial, ErrTweak,
// ErrSecNonceUsed, ErrSignerNotInIDs, …); each BIP-445 error message maps
// to one of them.
//
// # Nonces
//
// A secret nonce must never sign twice: two partial signatures with one
// nonce reveal the secret share. A SecNonce is opaque, holds its state
// behind a pointer that every copy shares, and is consumed by the first
// Sign that signs (or by Erase): every later call returns ErrSecNonceUsed,
// also under concurrent calls; go vet reports copies of a SecNonce value.
// Sign checks all its arguments before it takes the nonce: a call that
// fails on them leaves it unused. Nonces must not be derived
// deterministically from the session, except by DeterministicSign, which
// is safe only for the last signer, after it has seen all other nonces.
//
// # Zero values
//
// The root package's rule holds here: the zero value (or a nil pointer) of
// a SignersContext, a TweakContext, a SessionContext, a SecretShare or a
// SecNonce is not one. A function with an error result returns an error
// that wraps secp256k1.ErrUninitialized for it, before any computation;
// one without an error result panics with a message naming the type.
//
// # Constant time
//
// NonceGen, Sign, DeterministicSign, ParseSecretShare, TrustedDealerKeygen
// and VerifySecretShare's use of the share are constant time in the secret
// share, the secret nonce and the dealer's polynomial. Everything else
// handles only public values and uses variable-time arithmetic.
//
// # Implementation
//
// The ciphersuite-independent arithmetic (Lagrange coefficients with one
// batch inversion, polynomial evaluation, Feldman VSS) lives in
// internal/frostcore, which RFC 9591's ciphersuite (package frost/rfc9591,
// 65-byte signatures that are not BIP-340) shares and ChillDKG will; this
// package holds what is BIP-445's own: its hashes, encodings, identifiers
// and x-only handling.
package frost
