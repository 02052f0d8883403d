// Package halfagg implements half-aggregation of BIP-340 signatures, as
// specified by the draft BIP "Half-Aggregation of BIP 340 signatures"
// (BlockstreamResearch/cross-input-aggregation, half-aggregation.mediawiki
// and its hacspec specification) and implemented by secp256k1-zkp's
// schnorrsig_halfagg module, byte for byte.
//
// Aggregate compresses u BIP-340 signatures of 32-byte messages, each under
// its own x-only public key, into one aggregate signature of 32·(u+1)
// bytes, r₁ ‖ … ‖ rᵤ ‖ bytes(s), instead of 64·u. It is non-interactive:
// anyone holding the signatures can aggregate them, without the signers.
// IncAggregate adds further signatures to an existing aggregate, given the
// (public key, message) pairs already in it. VerifyAggregate checks an
// aggregate against its pairs, in order, with one multi-scalar
// multiplication: s·G = Σ zᵢ·(Rᵢ + eᵢ·Pᵢ), where z₀ = 1 and zᵢ is the
// tagged hash "HalfAgg/randomizer" of every (rⱼ, pⱼ, mⱼ) up to i.
//
// What it does not give (see docs/halfagg.md):
//
//   - Aggregate and IncAggregate do not verify their inputs, as neither the
//     draft nor secp256k1-zkp does: an aggregate of valid signatures
//     verifies, but a verifying aggregate does not prove that each input
//     signature was valid (two invalid signatures can aggregate to a valid
//     aggregate). Verify the signatures first where that matters.
//   - An aggregate cannot be split again, and two aggregates cannot be
//     merged (the draft leaves aggregating aggregates unspecified).
//   - Protocols that rely on a published individual signature, such as
//     adaptor signatures that reveal a secret through s, may not work once
//     the signature is aggregated: the individual s is gone.
//
// Messages are exactly 32 bytes, as in the draft and secp256k1-zkp (the
// randomizer hash concatenates them without lengths). At most MaxSignatures
// signatures make one aggregate.
//
// Every input is public: nothing here is constant time.
package halfagg
