// Package frostcore is the ciphersuite-independent arithmetic of FROST
// threshold signatures: what BIP-445 (package frost), RFC 9591's
// secp256k1-SHA256 ciphersuite and ChillDKG's VSS all compute the same
// way, over internal/scalar and internal/group. It holds no hash, no
// encoding of protocol messages and no identifier convention: those differ
// between the specifications and stay with each of them.
//
//   - Lagrange coefficients at 0 of a set of distinct x coordinates
//     (lagrange.go), all of them with one inversion (Montgomery's batch
//     inversion, VarTimeBatchInvert). BIP-445 interpolates at x = id + 1
//     for its 0-based identifiers; RFC 9591 at x = identifier.
//   - Polynomials over the scalars (polynomial.go): evaluation by Horner's
//     rule, constant time in the coefficients, for Shamir shares.
//   - Feldman VSS (vss.go): the commitments C_j = a_j·G to a polynomial's
//     coefficients, the evaluation Σ x^j·C_j of a commitment at x (the
//     public share of the participant at x), the verification of a share
//     against a commitment, and the sum of commitments (a DKG's joint
//     commitment).
//
// Binding factors are hashes, so they stay with the ciphersuite: BIP-445's
// single nonce coefficient b (package frost, hashing the sorted identifier
// list) or RFC 9591's per-participant ρ_i. So does the group commitment R
// built from them, one multi-scalar multiplication.
//
// Functions whose name starts with VarTime take variable time and must be
// given public values only (identifiers, commitments, public shares); the
// others are constant time in their scalar inputs. Like every package
// under internal/, it does not import the module's root package
// (layering_test.go).
package frostcore
