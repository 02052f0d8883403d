// Package adaptor implements adaptor signatures over secp256k1 in three
// flavours that share one set of conventions, secp256k1-zkp's:
//
//   - BIP-340 single-signer: SchnorrPreSign makes a pre-signature for an
//     adaptor point T, SchnorrPreVerify checks it, Adapt completes it with
//     T's secret t into a BIP-340 signature that schnorr.Verify accepts,
//     and Extract recovers t from that signature.
//   - MuSig2: package musig2 makes the same SchnorrPreSignature from an
//     adaptor session (musig2.NewAdaptorSessionContext and
//     musig2.PreSigAgg, or musig2.SessionOptions.Adaptor), as
//     secp256k1-zkp's musig module does; Adapt and Extract are the ones
//     below.
//   - ECDSA (the DLC specification's scheme, secp256k1-zkp's ecdsa_adaptor
//     module): ECDSAEncrypt makes an adaptor ("encrypted") signature under
//     an encryption key Y with its DLEQ proof, ECDSAVerify checks it,
//     Decrypt completes it with Y's secret y into an ECDSA signature, and
//     Recover finds y from that signature.
//
// Adaptor signatures make atomic swaps and payment channels without hash
// locks (PTLCs): a signature that becomes valid only with a secret, and
// that reveals the secret once it is published.
//
// # Layout: what is shared
//
// The Schnorr flavours coincide exactly: a pre-signature is (R, s') with the
// adaptor point already in the nonce R = k·G + T, and Adapt computes
// s = s' + t if R has an even y and s' − t if odd (Extract inverts it). So
// one type, SchnorrPreSignature, with one Adapt and one Extract, serves both:
// this package defines it and musig2 imports this package to return it
// (adaptor imports only the root package, ecdsa and internal/sha256, so
// there is no cycle). The type is public because both packages hand it to
// users; an internal package could not define its methods on the root
// package's key types (internal packages do not import the root). The
// ECDSA flavour shares the key conventions (the adaptor point and the
// decryption key are a secp256k1.PublicKey and a secp256k1.PrivateKey) but
// not the arithmetic: its decryption multiplies by y⁻¹ where the Schnorr
// flavour adds ±t.
//
// # Encodings
//
// A SchnorrPreSignature encodes as 65 bytes cbytes(R) ‖ s' (the prefix
// of R is the nonce parity); secp256k1-zkp keeps the same value as a 64-byte
// pre_sig and a separate nonce_parity, which NewSchnorrPreSignature,
// Bytes64 and NonceParity convert. An ECDSASignature encodes as
// secp256k1-zkp's 162 bytes R ‖ R' ‖ s' ‖ e ‖ s, parsed with zkp's rules.
//
// # Security
//
// docs/adaptor.md states what the checks guarantee and what they do not:
// never reuse a pre-signing nonce (two pre-signatures, or a pre-signature
// and a signature, with one nonce reveal the key), extraction reveals t to
// everyone who sees the pre-signature and the signature, pre-verification
// guarantees only that adapting with T's secret gives a valid signature,
// and an ECDSA adaptor signature reveals the Diffie–Hellman value x·Y.
//
// # Zero values
//
// The zero values of SchnorrPreSignature and ECDSASignature (and nil
// pointers) are not signatures, as the zero secp256k1.PrivateKey and
// PublicKey are not keys: functions with an error result return an error
// wrapping secp256k1.ErrUninitialized for them, the verifiers report false,
// and the methods without an error result panic with a message naming the
// type.
//
// # Constant time
//
// SchnorrPreSign and ECDSAEncrypt are constant time in the signing key and
// the nonces; Adapt and Decrypt in the adaptor secret t and the decryption
// key y. The verifiers, Extract and Recover handle public values only and
// are variable time.
package adaptor
