// Package chilldkg implements ChillDKG (draft 0.3.0-dev of the BIP "ChillDKG:
// Distributed Key Generation for FROST", BlockstreamResearch/bip-frost-dkg),
// a distributed key generation whose outputs are FROST (BIP-445) keys for
// package frost: a Taproot-safe threshold public key, every participant's
// public share and each participant's secret share, with no trusted dealer.
//
// ChillDKG is SimplPedPop (Pedersen's DKG with proofs of possession, the
// commitments aggregated by an untrusted coordinator), wrapped in EncPedPop
// (shares encrypted to each recipient's host key by ephemeral-static ECDH)
// and CertEq (every participant signs the transcript; the n signatures form a
// success certificate). The building blocks are not exposed: the draft asks
// that only ChillDKG be offered.
//
// # Session
//
// Every participant holds a long-term HostSecretKey; the session parameters
// (SessionParams) are the ordered host public keys and the threshold t. A
// participant's identifier is its position in the list. Messages go through
// a coordinator, which holds no secret:
//
//	participant                               coordinator
//	ParticipantStep1(h, params, random) ──pmsg1──▶
//	                                    ◀──cmsg1── CoordinatorStep1(pmsgs1, params)
//	ParticipantStep2(h, st1, cmsg1, aux) ──pmsg2──▶
//	                                    ◀──cmsg2── CoordinatorFinalize(cst, pmsgs2)
//	ParticipantFinalize(st2, cmsg2)
//
// Each party ends with a DKGOutput and the recovery data, which is public and
// the same for everyone: with it, ParticipantRecover gives a participant's
// output back from its host secret key alone, and CoordinatorRecover the
// public output. See docs/frost.md for what each party must keep secret and
// what the coordinator can and cannot do.
//
// # Errors and blame
//
// Errors from received messages match ErrProtocol and say whom they blame:
// *FaultyParticipantError (from the coordinator's functions, naming a
// participant), *FaultyParticipantOrCoordinatorError (from a participant's,
// naming a participant that the coordinator might have framed),
// *FaultyCoordinatorError, and *UnknownFaultyParticipantOrCoordinatorError
// when a decrypted share is wrong: ParticipantInvestigate then names the
// sender, given the coordinator's investigation message
// (CoordinatorInvestigate). Malformed lengths are ErrLength (the draft's
// ValueError); a coordinator that receives a participant message of the wrong
// length or encoding returns a *FaultyParticipantError naming it, which also
// matches ErrLength for a wrong length. Invalid parameters are
// *InvalidHostPubkeyError, *DuplicateHostPubkeyError or ErrThresholdOrCount,
// all matching ErrSessionParams. Nothing panics on any input.
//
// # Formats and derivations (inferred)
//
// The draft's normative form is a Python reference implementation that this
// package was written without: every byte format and derivation below was
// inferred from the draft's text and API documentation and confirmed byte for
// byte by all 249 cases of the published test vectors (testdata/chilldkg),
// valid and error. Notation: H_x(m) is BIP-340's tagged hash with tag x;
// u32(i) is 4 bytes big endian; cbytes is the 33-byte compressed point, with
// the identity as 33 zero bytes where noted "(∞)"; a scalar is 32 bytes big
// endian, less than n.
//
//   - hostpubkey = cbytes(hostseckey·G), the BIP-327 IndividualPubkey.
//   - enc_context = u32(t) ‖ hostpubkey_0 ‖ … ‖ hostpubkey_{n−1};
//     ParamsHash = H_"BIP DKG/params_hash"(enc_context).
//   - The host secret key is EncPedPop's seed and ECDH decryption key.
//     seed = H_"BIP DKG/encpedpop seed"(hostseckey ‖ random ‖ enc_context);
//     coefficients a_k = H_"BIP DKG/vss coeffs"(seed ‖ u32(k)) mod n for
//     k < t; secnonce = H_"BIP DKG/encpedpop secnonce"(seed) mod n.
//   - Proof of possession: BIP-340 with the tags "BIP DKG/pop message/aux",
//     ".../nonce" and ".../challenge" in place of "BIP0340/…", key a_0,
//     message u32(i), aux = H_"BIP DKG/simplpedpop aux"(seed)
//     (internal/bip340).
//   - Pads, sender i to recipient j, ctx_j = u32(j) ‖ enc_context: for j ≠ i,
//     H_"BIP DKG/encpedpop ecdh"(ecdh ‖ pubnonce_i ‖ hostpubkey_j ‖ ctx_j) mod
//     n, with ecdh = SHA-256(cbytes(secnonce_i·hostpubkey_j)) =
//     SHA-256(cbytes(hostseckey_j·pubnonce_i)) (ecdh.SharedSecret); for j =
//     i, H_"BIP DKG/encaps_multi self_pad"(hostseckey_i ‖ pubnonce_i ‖ ctx_i)
//     mod n. The encrypted share is f_i(j+1) + pad.
//   - pmsg1 (33t + 32n + 97 bytes) = cbytes(a_0·G … a_{t−1}·G) (∞) ‖ pop
//     (64) ‖ pubnonce (33) ‖ enc_shares (n scalars).
//   - cmsg1 (162n + 33(t−1) bytes) = coms_to_secrets (n × 33, (∞)) ‖
//     sum_coms_to_nonconst_terms (t−1 × 33, (∞)) ‖ pops (n × 64) ‖ pubnonces
//     (n × 33, relayed as received) ‖ enc_secshares (n scalars, the sum of
//     the encrypted shares to each participant).
//   - eq_input = u32(t) ‖ sum_coms (t × 33, (∞)) ‖ hostpubkeys ‖ pubnonces ‖
//     enc_secshares.
//   - CertEq signature (pmsg2, 64 bytes): plain BIP-340 by the host key over
//     the 33-byte zero-padded tag "BIP DKG/certeq message" ‖ u32(i) ‖
//     eq_input (BIP-340's recommended domain separation, not a tag prefix as
//     for the proofs of possession). cmsg2 = the n signatures (64n bytes).
//   - recovery data = eq_input ‖ cmsg2; n follows from its length and t.
//   - Investigation message for participant i (65n bytes) = the n encrypted
//     shares to i ‖ the n commitments evaluated at i+1 (n × 33, (∞)).
//   - Taproot safety: tweak = H_"TapTweak"(x(sum_coms[0])) mod n (BIP-341 with
//     no script tree, x-only); threshold public key = sum_coms[0] + tweak·G
//     (keeping sum_coms[0]'s y parity: not lift_x), secret shares + tweak,
//     and the public shares are those of the tweaked commitment.
//
// Which party each error blames, and the order of the checks, were read from
// the vectors' error cases; where the vectors are silent the package chose:
// an undecodable point or scalar in cmsg1 or an investigation message blames
// the coordinator (an honest one sends none; an identity commitment to a
// secret, or an invalid public nonce, blames its participant as the vectors
// require); a malformed pmsg1 or pmsg2 blames its sender; recovery data whose
// share does not match its commitment is refused (ErrRecoveryData). The
// draft's optional recovery acknowledgements (participant_recovery_ack_sign
// and _verify) are not implemented.
//
// Protocol messages are opaque byte strings, as in draft 0.3.0, parsed with
// strict validation by the step that receives them (lengths exact, points
// and scalars canonical); every parser has a fuzz target.
//
// # Constant time
//
// Computations on secrets (the host secret key, the seed and polynomial, the
// nonce, the pads and shares) are constant time. Branches depend only on
// public values: the position of the host key, message lengths, validity of
// received points, and the outcome of checks whose failure is reported.
package chilldkg
