// Package hash2curve hashes byte strings to secp256k1 points and scalars by
// RFC 9380 (Hashing to Elliptic Curves), with its two secp256k1 suites:
//
//   - HashToCurve is secp256k1_XMD:SHA-256_SSWU_RO_ (hash_to_curve): its
//     output is indistinguishable from a uniformly random point, the random
//     oracle that protocols such as OPRFs, VRFs, BLS-style signatures and
//     PAKEs assume. When in doubt, use it.
//   - EncodeToCurve is secp256k1_XMD:SHA-256_SSWU_NU_ (encode_to_curve): one
//     map instead of two, but its output is not uniform (it reaches a fraction of
//     the points, some more often than others; RFC 9380 §10.4). Use it only
//     where the protocol's analysis says a non-uniform encoding is enough.
//
// Both hash the message to field elements with expand_message_xmd over
// SHA-256 (ExpandMessageXMD, §5.3.1) and L = 48 bytes per element, map each
// by the simplified SWU map onto a curve 3-isogenous to secp256k1 and then
// by the isogeny (§6.6.3, Appendix E.1), and add the two images for the RO
// suite; the cofactor is 1. HashToScalar and HashToScalars are
// hash_to_field (§5.2) into the integers modulo the group order n, also
// with L = 48: RFC 9591's FROST(secp256k1, SHA-256) defines its H1, H2 and
// H3 as exactly that, with DST "FROST-secp256k1-SHA256-v1" followed by
// "rho", "chal" or "nonce".
//
// # Domain separation
//
// Every function takes a domain separation tag (DST). RFC 9380 §3.1
// requires each application, and each distinct use within an application,
// to have its own tag, and the tag must not be empty (ErrEmptyDST). It
// recommends at least 16 bytes naming the application, its version and the
// suite, such as "MYAPP-V01-CS01-with-secp256k1_XMD:SHA-256_SSWU_RO_"
// (SuiteRO and SuiteNU are the suite IDs). A tag longer than 255 bytes is
// replaced by SHA-256("H2C-OVERSIZE-DST-" ‖ tag), as §5.3.3 says.
//
// # Constant time
//
// Everything is constant time in the message (a password or another secret
// may be hashed to the curve): SHA-256, the reductions, the map's square
// root ratio (one fixed exponentiation), its selections and sign choice,
// the isogeny, the point addition and the final conversion to affine
// coordinates (a constant-time inversion). Only the lengths of the message
// and of the tag, and the requested output length, affect the running time.
// docs/hash-to-curve.md explains the implementation; the map itself is
// internal/group's MapToCurve.
package hash2curve
