// Package bip32 implements BIP-32 hierarchical deterministic keys over
// secp256k1: extended keys (a key and a chain code), the master key of a
// seed, private and public child derivation, derivation paths, Neuter, and
// the Base58Check serialization (xprv…, xpub…, tprv…, tpub…, and any other
// pair of version bytes, such as SLIP-132's zprv/zpub), and public master
// keys of any key and chain code (NewPublicMaster), such as the synthetic
// xpub of a MuSig2 aggregate key (BIP-328, in package musig2).
//
// The API follows btcd's btcutil/hdkeychain (NewMaster, Derive, Neuter,
// ErrInvalidChild, …); docs/migration.md maps the names. The differences:
// the errors are package sentinels matched with errors.Is; parsing checks
// every rule of BIP-32 (including its test vector 5); String of a private
// extended key is redacted (Base58 serializes it explicitly); and keys come
// as *secp256k1.PrivateKey and *secp256k1.PublicKey.
//
// # Invalid children
//
// With probability below 2⁻¹²⁷ a child index gives no key: I_L ≥ n, or a
// child key of 0 or the point at infinity. BIP-32 then says to proceed with
// the next index. Derive and DerivePath do not skip on their own, which
// would silently give a key at another index than asked: they return
// ErrInvalidChild, and the caller moves to the next index (a wallet scanning
// addresses skips the index). A seed whose master key is invalid gives
// ErrUnusableSeed.
//
// # Paths
//
// ParsePath and DerivePath read paths as BIP-32 writes them, "m/84'/0'/0'/0/5",
// with ', h or H marking a hardened index. A path that starts with m is
// absolute: it derives from the master key, so DerivePath accepts it only
// from a key of depth 0 (as bitcoinjs's derivePath does). A path without m,
// "0/5", is relative to the key it is applied to, such as an account xpub.
//
// # Constant time and secrets
//
// Private derivation is constant time in the private key and the chain
// code: HMAC-SHA512, the scalar addition and the constant-time k·G of the
// root package; only whether a child is invalid (probability 2⁻¹²⁷) can be
// observed. Public derivation handles public values only (an xpub's key and
// chain code) and uses secp256k1.PublicKey.TweakAdd. Base58 encoding and
// decoding (Base58, ParseExtendedKey) are not constant time: call them on an
// xprv only where it is exported or imported on purpose.
//
// A private extended key's chain code is treated as secret too: with it and
// the parent's public key, any non-hardened child private key reveals the
// parent private key. fmt never prints the private key or the chain code of
// a private extended key, encoding/json and the text encoders refuse it
// (secp256k1.ErrSecretMarshal), and Zero wipes it. A public extended key
// prints, and marshals, as its xpub string.
//
// # Zero values
//
// The zero ExtendedKey (like a nil *ExtendedKey, or one wiped by Zero) is
// not a key: functions with an error result return
// secp256k1.ErrUninitialized for it, and the others panic with a message
// that names the type. The zero Network is not a pair of versions: the
// functions that take one return ErrNetwork for it.
//
// # Cost
//
// A private child costs one HMAC-SHA512 and a scalar addition; the parent's
// public key k·G and its fingerprint (HASH160), which a child needs, are
// computed once per extended key, when first needed, and cached in it, so
// that deriving many children of one key, or a chain of keys, computes each
// public key once. A public child costs one HMAC-SHA512, one k·G and one
// point addition. A derivation allocates at most twice.
package bip32
