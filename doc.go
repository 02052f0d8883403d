// Package secp256k1 implements the elliptic curve secp256k1 (y² = x³ + 7 over
// the prime field of order p = 2²⁵⁶ − 2³² − 977, a group of prime order n):
// scalars, points, multi-scalar multiplication, and private and public keys.
// Signature schemes, key exchange and the formats built on them are its
// subpackages:
//
//   - ecdsa: ECDSA as libsecp256k1 does it (RFC 6979, low-S, DER, recovery).
//   - schnorr: BIP-340 Schnorr signatures, batch verification, taproot tweaks.
//   - ecdh: Diffie–Hellman as libsecp256k1's ecdh module computes it.
//   - ellswift: BIP-324's ElligatorSwift encoding and its x-only ECDH.
//   - musig2: BIP-327 MuSig2 multi-signatures for BIP-340 keys.
//   - frost: BIP-445 FROST threshold signatures for BIP-340 keys.
//   - frost/chilldkg: ChillDKG, distributed key generation for frost.
//   - frost/rfc9591: RFC 9591's FROST(secp256k1, SHA-256) ciphersuite.
//   - adaptor: adaptor signatures for BIP-340, MuSig2 and ECDSA.
//   - s2c: ECDSA sign-to-contract and the anti-exfil protocol.
//   - halfagg: half-aggregation of BIP-340 signatures (secp256k1-zkp's).
//   - dleq: BIP-374 proofs of discrete logarithm equality.
//   - ct: Confidential Transactions: secp256k1-zkp's asset generators, Pedersen commitments, surjection proofs.
//   - ct/rangeproof: secp256k1-zkp's Borromean rangeproofs of committed values.
//   - ct/whitelist: secp256k1-zkp's whitelist signatures (Liquid's peg-out authorization).
//   - silentpayments: BIP-352 silent payments.
//   - hash2curve: RFC 9380 hashing to curve points and to scalars.
//   - bip32: BIP-32 hierarchical deterministic keys.
//   - bip322: BIP-322 and legacy signed messages for Bitcoin addresses.
//   - btcaddr: Bitcoin addresses and scriptPubKeys of single keys, and WIF.
//   - keyfmt: SEC 1, PKCS #8, SubjectPublicKeyInfo, PEM and JWK key files.
//   - stdecdsa: the keys as crypto/ecdsa keys, secp256k1 as an elliptic.Curve.
//
// # Constant time
//
// Every function and method is constant time with respect to secret values
// (scalars, private keys, and points derived from them) unless its name starts
// with VarTime. VarTime functions may branch on and index by their inputs and
// must only be given public values (for example the inputs of a signature
// verification). Functions that take only public inputs, such as parsing a
// public key or CombinePublicKeys, may also run in variable time.
// docs/design.md explains the model.
//
// # Values and aliasing
//
// Methods set the receiver to the result and return it, as in math/big, and
// every argument may alias every other argument and the receiver.
//
// The zero value of Scalar is 0. The zero value of Point is not a valid point:
// it may only be used as a receiver; passing one as an input panics (a
// programmer error). Use NewIdentityPoint, NewGeneratorPoint or a decoder.
//
// # Encodings
//
// Everything is big-endian. Scalars are 32 bytes. Points use SEC 1 (33-byte
// compressed, 65-byte uncompressed, and the single byte 0x00 for the identity;
// decoding also accepts the hybrid 0x06/0x07 forms, as libsecp256k1 does) or
// BIP-340's 32-byte x-only form. Decoders reject non-canonical values (a
// coordinate ≥ p, a scalar ≥ n where a canonical scalar is expected) and
// points not on the curve, with errors that work with errors.Is; they never
// panic on any input.
//
// # Build tags
//
// Every tag of the module's own starts with kestrel_; purego is Go's common
// name for "no assembly".
//
//   - purego: no assembly; the generic Go field, group and SHA-256 code,
//     as on every architecture other than amd64.
//   - kestrel_debug: every internal invariant is checked and a violation
//     panics (libsecp256k1's VERIFY mode). Slower and not constant time: for
//     tests only.
//   - kestrel_comb22k, kestrel_comb2k: smaller tables for ScalarBaseMult,
//     22 KB or 2 KB instead of 86 KB, at the cost of more additions and some
//     doublings per multiplication. If both are given, kestrel_comb2k wins.
//
// The tags combine otherwise, as in go test -tags 'kestrel_debug purego'.
package secp256k1

//go:generate go run ./internal/_tools/zerocalls
//go:generate go run ./internal/_tools/wiregen
