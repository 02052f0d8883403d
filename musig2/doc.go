// Package musig2 implements MuSig2 multi-signatures for BIP-340 Schnorr keys
// as BIP-327 specifies them: u signers with individual keys jointly produce
// one ordinary BIP-340 signature valid under their aggregate x-only public
// key, in two rounds of communication. It is an n-of-n scheme: every signer
// must take part.
//
// The Go names are BIP-327's algorithm names: KeySort, KeyAgg, ApplyTweak,
// NonceGen, NonceAgg, Sign, PartialSigVerify, PartialSigAgg and
// DeterministicSign, with the KeyAgg Context (KeyAggContext) and the Session
// Context (SessionContext, whose constructor runs GetSessionValues). Indices
// of signers are 0-based positions in the lists the functions take.
//
// # Walk-through
//
// Key setup, once. Every signer has a secp256k1.PrivateKey and publishes its
// 33-byte compressed public key (the BIP's "plain" key). Anyone aggregates
// them:
//
//	pubkeys := musig2.KeySort(keys)          // optional: an order-independent key
//	ka, err := musig2.KeyAgg(pubkeys)        // the KeyAgg Context
//	aggKey := ka.XOnlyPublicKey()            // the 32-byte BIP-340 key to pay to
//
// Tweaking, optional. ka.ApplyTweak(t, isXOnly) applies a plain (BIP-32
// style) or x-only (BIP-341 style) tweak and returns a new context;
// ka.ApplyTapTweak(merkleRoot) and ka.ApplyBIP86Tweak() apply the taproot
// tweak of schnorr.TapTweakHash; ka.DerivePath(path) applies the tweaks of
// a BIP-32 child of ka.ExtendedPublicKey(net), BIP-328's xpub of the
// aggregate key. Sign with the tweaked context: the final signature
// verifies under its XOnlyPublicKey.
//
// Round one, per signing session. Each signer generates a fresh nonce pair,
// keeps the secret nonce and sends the public nonce to the others (or to an
// untrusted aggregator):
//
//	secnonce, pubnonce, err := musig2.NonceGen(myPubkey, &musig2.NonceGenOptions{
//		SecretKey: sk, AggPublicKey: ka.XOnlyPublicKey(), Msg: msg, // all optional
//	})
//	aggnonce, err := musig2.NonceAgg(allPubnonces) // by anyone
//
// Round two. Each signer builds the session context from the aggregate
// nonce and the message, signs, and sends its partial signature:
//
//	session, err := ka.NewSessionContext(aggnonce, msg) // or musig2.NewSessionContext(aggnonce, pubkeys, tweaks, isXOnly, msg)
//	psig, err := musig2.Sign(secnonce, sk, session)     // signs and consumes secnonce
//
// Anyone then checks each partial signature (to find a disruptive signer)
// and aggregates them into the BIP-340 signature:
//
//	err := session.PartialSigVerify(&psigs[i], &allPubnonces[i], i) // for each i
//	sig, err := musig2.PartialSigAgg(psigs, session)
//	ok := schnorr.Verify(ka.PublicKey(), msg, sig)
//
// Session keeps one signer's state through both rounds on top of these
// functions, in the manner of btcec's musig2.Session: NewSession(sk, ka,
// opts) generates the nonce, RegisterPubNonce(i, n) collects the others'
// and aggregates them, Sign(msg) signs once, RegisterPartialSig(i, p)
// verifies and collects the others' partial signatures, and FinalSig
// returns the verified BIP-340 signature.
//
// The wire values have fixed-size types with parsers: PubNonce and AggNonce
// (66 bytes; an aggregate nonce encodes infinity as 33 zero bytes) and
// PartialSig (32 bytes). Individual public keys are 33-byte slices. A
// SecNonce has no encoding.
//
// # Adaptor signatures
//
// An adaptor session (secp256k1-zkp's MuSig2 adaptor signatures, the
// building block of atomic swaps and PTLCs) adds an adaptor point T to the
// first aggregate nonce point before the session values are derived:
//
//	session, err := ka.NewAdaptorSessionContext(aggnonce, msg, T)
//	psig, err := musig2.Sign(secnonce, sk, session)  // unchanged
//	err := session.PartialSigVerify(&psigs[i], &allPubnonces[i], i) // required, see below
//	b, err := musig2.PreSigAgg(psigs, session)       // cbytes(R) ‖ s', 65 bytes
//	pre, err := adaptor.ParseSchnorrPreSignature(b)
//	sig, err := pre.Adapt(t)                         // by whoever knows t: a BIP-340 signature
//	t2, err := pre.Extract(sig)                      // by anyone with pre and sig: t
//
// A Session does the same with SessionOptions.Adaptor and PreSignature.
// The pre-signature type and its Adapt and Extract are package adaptor's,
// shared with single-signer pre-signatures; musig2 returns its encoding
// and does not import adaptor. Whoever will extract t must
// verify every partial signature first (a Session does), or a co-signer
// can make Extract return a value of its choosing. PartialSigAgg and
// FinalSig refuse an adaptor session (ErrAdaptorSession): its aggregate is
// not a signature. docs/adaptor.md has the security requirements.
//
// # Errors and blame
//
// MuSig2 identifies a disruptive party. When a function fails because of
// another party's contribution it returns an *InvalidContributionError that
// names the signer's index (or Aggregator for the nonce aggregator) and the
// contribution ("pubkey", "pubnonce", "aggnonce", "aggothernonce", "psig");
// get it with errors.As. The blame is reliable only if the contributions
// reached you untampered (for example over authenticated channels) and the
// nonces were aggregated honestly: an untrusted aggregator can always make a
// session abort and blame an honest signer. Other failures are plain error
// values (ErrTweak, ErrSecNonceUsed, ErrSignerNotInKeys, …).
//
// # Nonces: the rules that keep the secret key secret
//
// A secret nonce must never sign twice: two partial signatures with one
// nonce reveal the secret key. The package enforces what it can. A SecNonce
// is opaque, holds its state behind a pointer that every copy shares, and is
// consumed by the first Sign that signs (or by Erase): Sign zeroes it and
// every later call returns ErrSecNonceUsed, also under concurrent calls; go
// vet reports copies of a SecNonce value. Sign also checks, as BIP-327
// requires, that the secret key's public key is the one the nonce was
// generated for. It checks all its arguments before it takes the nonce: a
// call that fails on them computes nothing with the nonce and leaves it
// unused.
//
// The risks that remain are the caller's:
//
//   - Persisting a nonce. SecNonce cannot be serialized on purpose
//     (encoding/json refuses it, and fmt prints no secret of it). A
//     program that saves nonce state to disk (or a database, or a snapshot
//     of a virtual machine) and restores it can restore an unused copy after
//     signing and sign again. Keep secret nonces in memory only, and start a
//     new session (a new NonceGen) after a restart.
//   - Copying memory. The state is ordinary Go memory: a process fork, a
//     core dump, swap, or a debugger can copy it. Sign and Erase zero the
//     nonce, but the garbage collector may have moved or copied it before,
//     and Go does not guarantee that zeroed memory leaves no copies.
//   - Bad randomness. NonceGen draws 32 bytes from crypto/rand. Never set
//     NonceGenOptions.Rand outside tests; if the random source could repeat,
//     give NonceGen every optional input you know (secret key, aggregate
//     key, message, a session counter in ExtraIn), which makes the nonce
//     differ whenever any of them differs. Nonces must not be derived
//     deterministically from the session (unlike BIP-340's), except by
//     DeterministicSign, which is safe only for the last signer, after it
//     has seen all other nonces. A signer without a random source it
//     trusts can use counter nonces (NonceGenCounter, libsecp256k1's
//     secp256k1_musig_nonce_gen_counter) instead: they trade the randomness
//     for a counter that must never repeat for the key, which a
//     NonceCounter hands out and the caller persists.
//   - Reusing a nonce across sessions by aborting and retrying: a session
//     that fails after the public nonce went out must start over with a new
//     nonce; call Erase on the old one.
//
// Generating nonces early (before the message or the co-signers are known)
// is allowed but means keeping them longer, so the rules above matter more.
//
// # Other rules
//
// Accept tweaks only from the specification that defines them (BIP-32,
// BIP-341): it is an open question whether arbitrary tweaks chosen by an
// adversary affect security. A partial signature is not a signature: it
// proves nothing on its own. Duplicate public keys are allowed, as in
// BIP-327; reject them before KeyAgg if your application needs to.
//
// # Zero values
//
// The root package's rule holds here: a nil or zero secp256k1.PrivateKey is
// not a key, and neither is the zero value (or a nil pointer) of a
// KeyAggContext, a SessionContext, a SecNonce, a Session or a NonceCounter.
// A function with an error result returns an error that wraps
// secp256k1.ErrUninitialized for it (match it with errors.Is), before any
// computation; one without an error result panics with a message naming
// the type. Nothing computes with a zero key or context, and no check
// reports one valid.
//
// # Constant time
//
// NonceGen, NonceGenCounter, Sign and DeterministicSign (and NewSession
// and Session.Sign, which call them) are constant time in the secret key
// and the secret nonce: they use the root package's constant-time Scalar
// arithmetic and ScalarBaseMult. Everything else handles only public values
// (keys, public nonces, partial signatures, tweaks, messages) and uses
// variable-time arithmetic.
package musig2
