// Package dleq implements BIP-374 proofs of discrete logarithm equality
// over secp256k1: for public points A = a·G and C = a·B, a 64-byte proof
// (e, s) that the same secret a relates both pairs, without revealing a.
// BIP-375 uses them for silent payments with PSBTs: a signer publishes the
// ECDH share C = a·B_scan of its input key a together with a proof, so that
// whoever computes the outputs can check the share against the input's
// public key.
//
// # Protocol
//
// Prove draws a nonce k from a, the auxiliary randomness r and the points,
// as BIP-340 does (t = bytes(a) xor hash_BIP0374/aux(r), k =
// hash_BIP0374/nonce(t ‖ A ‖ C ‖ m) mod n), commits R₁ = k·G and R₂ = k·B,
// and answers the challenge e = hash_BIP0374/challenge(A ‖ B ‖ C ‖ G ‖ R₁ ‖
// R₂ ‖ m) with s = k + e·a. Verify recomputes R₁ = s·G − e·A and R₂ = s·B −
// e·C and compares the challenge. The message m is optional; when present it
// is 32 bytes and binds the proof to a statement of the caller's protocol.
//
// The generator G is an argument of the BIP; Prove and Verify use the curve
// generator, ProveWithGenerator and VerifyWithGenerator take another one.
//
// # Encoding
//
// A proof is bytes(32, e) ‖ bytes(32, s). ParseProof is strict: exactly 64
// bytes, and both e and s below the group order n. BIP-374 itself checks
// only s < n; an e ≥ n can only come from a challenge hash that is ≥ n
// (probability about 2⁻¹²⁸), for which Prove fails rather than emit a proof
// that this parser would refuse.
//
// # Constant time
//
// Prove is constant time in the secret a and in the nonce k: a·G and k·G
// use the blinded comb (or the constant-time ladder for another G), a·B and
// k·B the constant-time GLV ladder, the encodings of R₁ and R₂ a
// constant-time inversion, and the nonce derivation and s = k + e·a
// constant-time hashing and scalar arithmetic, with no branch or memory
// index that depends on a or k. Prove's final self-check (VerifyProof, as
// the BIP requires) and Verify handle only public values (A, B, C, G and the
// proof) and are variable time.
//
// # Zero values
//
// A nil or zero secp256k1.PrivateKey or PublicKey is not a key: Prove
// returns an error wrapping secp256k1.ErrUninitialized for it, and Verify
// returns ErrInvalidProof (a verifier never says "valid" for a key that is
// not one). The zero Proof is (e, s) = (0, 0), which no verification
// accepts: R₁ = 0·G − 0·A is the point at infinity. A nil *Proof fails
// Verify with ErrInvalidProof; its methods with an error result return an
// error wrapping secp256k1.ErrUninitialized, and Bytes panics, each naming
// the type.
package dleq
