// Package stdecdsa connects Kestrel to code written for the standard
// library's crypto/ecdsa and crypto/elliptic on secp256k1, such as
// go-ethereum's, which holds keys as *ecdsa.PrivateKey on the curve
// crypto.S256(). With it such code can move to Kestrel one function at a
// time: convert a key where the new code begins, and back where the old code
// continues.
//
// S256 is secp256k1 as an elliptic.Curve, computed with Kestrel. ToECDSA and
// ToECDSAPublicKey turn Kestrel keys into crypto/ecdsa keys on S256();
// FromECDSA and FromECDSAPublicKey turn crypto/ecdsa keys on any secp256k1
// curve (S256(), go-ethereum's crypto.S256(), decred's S256()) into Kestrel
// keys, after checking them completely. The conversions never panic: each
// failure is a named error for errors.Is, and a nil or zero-value Kestrel
// key gives secp256k1.ErrUninitialized.
//
// # A compatibility shim
//
// Go deprecates elliptic.Curve implementations other than its own NIST
// curves. crypto/ecdsa still signs and verifies with S256() keys, through
// its legacy math/big code for custom curves: not constant time, refused in
// FIPS 140-only mode (GODEBUG=fips140=only), and randomized only
// (PrivateKey.Sign with a nil rand, its RFC 6979 mode, returns an error).
// PrivateKey.Bytes, PrivateKey.ECDH and ParseRawPrivateKey refuse such keys
// too. New code should use Kestrel's keys with its ecdsa package, which is
// constant time and deterministic (RFC 6979, as libsecp256k1 and
// go-ethereum).
//
// The two ECDSA implementations accept each other's signatures with one
// difference: crypto/ecdsa's signatures have a high or a low S at random,
// and Kestrel's ecdsa.Verify, like libsecp256k1 and go-ethereum, accepts only
// low S. Verify them as ecdsa.Verify(pub, hash, sig.Normalize()). Kestrel's
// signatures are low-S and crypto/ecdsa.VerifyASN1 accepts their DER
// encoding as it is.
//
// crypto/x509 does not know secp256k1: x509.MarshalPKCS8PrivateKey,
// MarshalECPrivateKey and MarshalPKIXPublicKey return an error for these
// keys, and the parsers reject secp256k1 keys. Use Kestrel's
// github.com/kestrel-crypto/secp256k1/keyfmt package for those encodings.
// Where a crypto.Signer is wanted, Kestrel's ecdsa.NewSigner gives one (its
// Public returns a *secp256k1.PublicKey, not an *ecdsa.PublicKey).
//
// # From go-ethereum
//
//	crypto.S256()                   stdecdsa.S256() (or keep crypto.S256(): From* accept it)
//	crypto.ToECDSA(b)               secp256k1.NewPrivateKey(b), then stdecdsa.ToECDSA(k) where an *ecdsa.PrivateKey is needed
//	crypto.FromECDSA(priv)          stdecdsa.FromECDSA(priv), then k.Bytes()
//	crypto.FromECDSAPub(pub)        stdecdsa.FromECDSAPublicKey(pub), then p.BytesUncompressed()
//	crypto.UnmarshalPubkey(b)       secp256k1.ParsePublicKey(b), then stdecdsa.ToECDSAPublicKey(p)
//	crypto.PubkeyToAddress(pub)     unchanged: Kestrel has no Keccak-256; it accepts an S256() key
//	crypto.Sign(hash, priv)         ecdsa.SignEthereum(k, hash): the same 65 bytes r ‖ s ‖ v
//	crypto.SigToPub(hash, sig)      ecdsa.RecoverEthereum(hash, sig)
//
// secp256k1.ParsePublicKey also accepts 33-byte compressed and hybrid keys,
// which crypto.UnmarshalPubkey rejects; check the length first where that
// matters. go-ethereum's functions that compare a key's Curve with their
// crypto.S256() reject keys on S256() (see ToECDSA).
package stdecdsa
