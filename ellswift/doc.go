// Package ellswift implements ElligatorSwift, BIP-324's 64-byte encoding of
// secp256k1 public keys, and the x-only Diffie–Hellman that BIP-324 builds on
// it, as libsecp256k1's ellswift module does.
//
// An encoding is two 32-byte big-endian field elements u ‖ t. Every 64-byte
// string decodes to a public key, and an encoding of a random point made with
// fresh randomness is computationally indistinguishable from 64 uniformly
// random bytes. A point has about 2p encodings.
//
// # Algorithms
//
// Decoding is BIP-324's XSwiftEC(u mod p, t mod p), with the BIP's remapping
// of u = 0, t = 0 and u³ + t² + 7 = 0, and the y of the parity of t mod p
// (libsecp256k1's secp256k1_ellswift_swiftec_var; section 4.1 of
// libsecp256k1's doc/ellswift.md). Encoding is BIP-324's XElligatorSwift:
// draw u and a case in [0, 8) until XSwiftECInv(x, u, case) has a solution t
// (on average four tries), then negate t if its parity is not y's. The maps
// are in xswiftec.go with their derivations.
//
// # Randomness
//
// BIP-324 asks only for uniformly random u and case. Encode and Create draw
// them as libsecp256k1's ellswift module (added in 0.4.0) does in
// src/modules/ellswift/main_impl.h, so that the same inputs give
// libsecp256k1's bytes:
//
//	H(cnt) = SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ key64 ‖ rnd32 ‖ LE32(cnt))
//
//	Encode(pub, rnd):  tag "secp256k1_ellswift_encode",
//	                   key64 = the 33-byte compressed pub ‖ 31 zero bytes, rnd32 = rnd
//	Create(k, aux):    tag "secp256k1_ellswift_create",
//	                   key64 = the 32-byte k ‖ 32 zero bytes, rnd32 = aux
//
// H(0) is a pool of 64 4-bit values, taken from the end (the high nibble of
// byte 31 first, down to the low nibble of byte 0); the low 3 bits of each
// are a case. Attempt i (from 1) uses the next case and
// u32 = H(i) as u; H(65) refills the pool. The output's first 32 bytes are
// u32 itself, not reduced mod p. libsecp256k1's secp256k1_ellswift_create also
// accepts a NULL auxrnd32 (no rnd32 bytes at all); Create always has 32
// (crypto/rand's when auxRand is nil), so it matches libsecp256k1 called with
// those 32 bytes.
//
// This derivation is not part of BIP-324 and no public vector pins it (the
// BIP-324 vectors give encodings, not the randomness that made them), and the
// libsecp256k1 0.2.0 installed on the development machines predates the
// ellswift module. It is pinned instead by 24 vectors generated with
// libsecp256k1 0.6.0 (testdata/libsecp256k1, from the sources go-ethereum
// bundles): Encode and Create reproduce them byte for byte. (An earlier
// version took the pool from the start; those vectors caught it.) The BIP-324
// vectors are the reference for everything else (decoding, the inverse map,
// and the shared secret).
//
// # Constant time
//
// Decode, Encode and the inverse map run in variable time: their inputs are
// public (a peer's encoding, a public key) or enter only through SHA-256
// (rnd). Create computes k·G in constant time; k then enters the encoder only
// through SHA-256, whose outputs decide the branches (libsecp256k1 declassifies
// the public key and the hash state at the same points). XDH decodes the
// peer's public encoding in variable time and computes k·P with the
// constant-time secp256k1.Point.ScalarMult; the shared x is a secret and is
// erased after hashing.
//
// # Keys
//
// A nil key or the zero value of secp256k1.PrivateKey or PublicKey is not a
// key: Encode, Create, XDH and XDHWithHash return secp256k1.ErrUninitialized
// for one, before any other check, computation or read of crypto/rand.
package ellswift
