package s2c

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecdsasign"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// HostCommit returns the host's 32-byte commitment to its randomness
// hostData32 (32 bytes from crypto/rand, fresh for each signature):
// hash_s2c/ecdsa/data(hostData32), secp256k1_ecdsa_anti_exfil_host_commit.
// The host sends the commitment to the signer and keeps hostData32 secret
// until it has the signer's opening. It returns ErrData for hostData32 of
// another length.
func HostCommit(hostData32 []byte) ([]byte, error) {
	if len(hostData32) != 32 {
		return nil, fmt.Errorf("%w: host data is %d bytes", ErrData, len(hostData32))
	}
	h := tagData.Sum(hostData32)
	return h[:], nil
}

// SignerCommit returns the signer's original nonce point for the 32-byte
// hash, as an Opening, given the host's 32-byte commitment hostCommitment
// (secp256k1_ecdsa_anti_exfil_signer_commit): k₀·G for the RFC 6979 nonce
// k₀ with hostCommitment as extra entropy, the opening that AntiExfilSign
// commits to when it is given the host data behind hostCommitment. The
// signer keeps no state between the two steps: the same inputs give the
// same opening.
//
// It returns an error wrapping secp256k1.ErrUninitialized for a nil or zero
// k, ErrHash or ErrData for inputs of the wrong length, and ErrSign with
// probability below 2⁻⁸⁰⁰⁰. Constant time in the key and the nonce.
func SignerCommit(k *secp256k1.PrivateKey, hash []byte, hostCommitment []byte) (*Opening, error) {
	sec, err := door.PrivateKey(k)
	if err != nil {
		return nil, fmt.Errorf("s2c: signing key: %w", err)
	}
	defer func() { sec = scalar.Scalar{} }()
	if len(hash) != 32 {
		return nil, ErrHash
	}
	if len(hostCommitment) != 32 {
		return nil, fmt.Errorf("%w: host commitment is %d bytes", ErrData, len(hostCommitment))
	}
	o := new(Opening)
	if !ecdsasign.NoncePoint(&o.p, &sec, (*[32]byte)(hash), hostCommitment) {
		return nil, ErrSign
	}
	return o, nil
}

// AntiExfilSign returns the signer's signature of the 32-byte hash whose
// nonce commits to the host's randomness hostData32
// (secp256k1_anti_exfil_sign): Sign with hostData32 as the data, whose
// opening is the one SignerCommit returned for HostCommit(hostData32). The
// signer need not check hostData32 against the commitment it was sent: a
// different value gives a different, equally safe, nonce, and the host's
// HostVerify fails. Errors and timing are Sign's.
func AntiExfilSign(k *secp256k1.PrivateKey, hash []byte, hostData32 []byte) (*ecdsa.Signature, error) {
	sig, _, err := Sign(k, hash, hostData32)
	return sig, err
}

// HostVerify returns nil if sig is a valid ECDSA signature of the 32-byte
// hash by pub and its nonce is the signer's opening tweaked by the host's
// randomness hostData32 (secp256k1_anti_exfil_host_verify: VerifyCommit,
// then ecdsa.Verify). Only then has the host's randomness gone into the
// nonce, so that the signer could not choose it.
//
// It returns ErrCommitment or ErrSignature for a signature that fails
// either check, ErrHash or ErrData for inputs of the wrong length, and an
// error wrapping secp256k1.ErrUninitialized for a nil or zero pub or
// opening. Variable time: every input is public.
func HostVerify(sig *ecdsa.Signature, pub *secp256k1.PublicKey, hash []byte, hostData32 []byte, signerOpening *Opening) error {
	if len(hash) != 32 {
		return ErrHash
	}
	if _, err := door.PublicKey(pub); err != nil {
		return fmt.Errorf("s2c: public key: %w", err)
	}
	if err := VerifyCommit(sig, hostData32, signerOpening); err != nil {
		return err
	}
	if !ecdsa.Verify(pub, hash, sig) {
		return ErrSignature
	}
	return nil
}
