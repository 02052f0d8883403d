// Package s2c implements ECDSA sign-to-contract and the ECDSA anti-exfil
// protocol built on it, as secp256k1-zkp's ecdsa_s2c module does: the same
// inputs give zkp's signatures, openings and commitments byte for byte, and
// each side accepts the other's.
//
// Sign-to-contract (Sign, VerifyCommit) makes an ordinary ECDSA signature
// whose nonce point commits to 32 bytes of data: R = R₀ + hash(R₀ ‖ data)·G,
// where R₀ = k₀·G, the opening, is the nonce point before the tweak. The
// signature verifies with ecdsa.Verify like any other; whoever has the
// opening can check the commitment.
//
// The anti-exfil protocol uses it so that a signing device cannot choose
// its nonces, and so cannot leak its key through them, when the host
// checks every signature. The host's randomness ρ is committed into the
// nonce after the device has fixed its own part:
//
//  1. host: HostCommit(ρ) → commitment, sent to the device (ρ stays secret)
//  2. device: SignerCommit(key, hash, commitment) → opening R₀, sent to the host
//  3. host: sends ρ
//  4. device: AntiExfilSign(key, hash, ρ) → signature, sent to the host
//  5. host: HostVerify(signature, pub, hash, ρ, R₀) → nil, or the signature is rejected
//
// The names map to zkp's: HostCommit is secp256k1_ecdsa_anti_exfil_host_commit,
// SignerCommit secp256k1_ecdsa_anti_exfil_signer_commit, AntiExfilSign
// secp256k1_anti_exfil_sign, HostVerify secp256k1_anti_exfil_host_verify,
// Sign secp256k1_ecdsa_s2c_sign, VerifyCommit secp256k1_ecdsa_s2c_verify_commit,
// and ParseOpening and Opening.Bytes the opening's parse and serialize.
// The package is named after the module, s2c, rather than after the
// protocol: sign-to-contract is useful on its own (timestamping data in a
// signature), and anti-exfil is one use of it.
//
// What each side keeps secret and what the protocol does not do:
//
//   - The device keeps its key. It needs no state between steps 2 and 4:
//     the nonce is RFC 6979 of the key, the hash and the commitment, so a
//     restarted protocol gives the same opening, and a ρ that does not
//     match the commitment only gives another nonce (and a failed
//     HostVerify), never a reused one.
//   - The host draws ρ fresh from crypto/rand for each signature and
//     reveals it only after it has the opening: a device that knew ρ first
//     could grind its nonce. If the device fails after step 2, the host
//     restarts with the same ρ and checks (Opening.Equal) that the device
//     proposes the same opening; otherwise a device could abort selectively
//     and bias the nonces that reach the chain. zkp's header discusses how
//     many such aborts to tolerate.
//   - The protection holds only if the host runs HostVerify on every
//     signature before using it. It covers the nonce alone: a device can
//     still refuse to sign, sign something else, or leak through timing,
//     power or any channel other than the signature. The signature itself
//     is ordinary ECDSA (nothing in it shows that the protocol was run).
//
// Sign, SignerCommit and AntiExfilSign are constant time in the key and the
// nonce; VerifyCommit and HostVerify handle public values only. Message
// hashes, data, host randomness and commitments are 32 bytes, as in zkp
// (ErrHash, ErrData otherwise); a nil or zero-value key or Opening gives an
// error wrapping secp256k1.ErrUninitialized. docs/s2c.md has the details.
package s2c
