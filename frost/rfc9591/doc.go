// Package rfc9591 implements the FROST(secp256k1, SHA-256) ciphersuite of
// RFC 9591 (Two-Round Threshold Schnorr Signatures with FROST): any t of
// the n holders of shares of a key jointly produce a signature, in two
// rounds through a coordinator; fewer than t cannot.
//
// The signature is the RFC's 65 bytes, the compressed SEC 1 encoding of R
// (33 bytes) followed by z (32 bytes), valid when z·G = R + c·PK with
// c = H2(R ‖ PK ‖ msg), both points compressed. It is NOT a BIP-340
// signature; package frost (BIP-445) produces those. The two packages share
// the ciphersuite-independent arithmetic of internal/frostcore (Lagrange
// coefficients, polynomial evaluation, Feldman VSS); the RFC's hashes
// H1–H5, binding factors and encodings are this package's own. H1, H2 and
// H3 are hash_to_field with expand_message_xmd over SHA-256 (package
// hash2curve's HashToScalar); H4 and H5 are SHA-256 of the context string,
// a label and the input.
//
// # Walk-through
//
// Key generation: TrustedDealerKeygen (RFC 9591 Appendix C) gives each of
// the n participants, with identifiers 1..n, a KeyPackage, and everyone
// the group public key, the public shares and the VSS commitment; each
// participant checks its package with VerifyVSS. A DKG's output is read
// with NewKeyPackage.
//
// Round one (§5.1): each signer runs Commit, keeps the SecretNonces and
// sends the Commitment to the coordinator, which picks at least t of them
// and sorts them by identifier (SortCommitments).
//
// Round two (§5.2): each signer runs Sign on the message and the
// coordinator's commitment list; Sign consumes the SecretNonces. The
// coordinator checks each SignatureShare with VerifySignatureShare (§5.4)
// and combines them with Aggregate (§5.3). Anyone checks the result with
// Verify.
//
// # Identifiers and validation
//
// Identifiers are nonzero scalars (Identifier); the RFC's participants
// use the small integers 1..n. A commitment list must be sorted in
// ascending order of identifier with no duplicates, and every element in
// it must be a valid compressed point other than the identity (the RFC's
// DeserializeElement); the functions return the named errors of errors.go,
// wrapped with the index at fault, and never panic on such input.
//
// # Secrets
//
// KeyPackage and SecretNonces are secret: fmt prints fixed texts for them
// and encoding/json refuses them. A SecretNonces holds its state behind a
// pointer that every copy shares and is consumed by the first Sign that
// gets past the checks of its public inputs (or by Erase); any later Sign
// returns ErrNonceUsed. The zero value (or nil) of either is not one:
// functions return an error wrapping secp256k1.ErrUninitialized for it.
//
// Commit, Sign, TrustedDealerKeygen and NewKeyPackage are constant time in
// the secret share and the nonces; everything else handles public values
// in variable time.
package rfc9591
