package s2c

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecdsasign"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// The tags of secp256k1-zkp's ecdsa_s2c module (whose midstates it
// hard-codes): the data tag hashes the committed data into the RFC 6979
// extra entropy (and is the anti-exfil host commitment), the point tag the
// opening and the data into the nonce tweak.
var (
	tagData  = ksha256.NewTag("s2c/ecdsa/data")
	tagPoint = ksha256.NewTag("s2c/ecdsa/point")
)

// Sign returns a low-S ECDSA signature of the 32-byte hash by k whose nonce
// commits to the 32 bytes data32, and the opening that shows it
// (secp256k1_ecdsa_s2c_sign: the same k, hash and data32 give zkp's
// signature and opening, byte for byte). The nonce is libsecp256k1's
// RFC 6979 nonce k₀ with the extra entropy hash_s2c/ecdsa/data(data32),
// tweaked to k₀ + hash_s2c/ecdsa/point(cbytes(k₀·G) ‖ data32); the opening
// is k₀·G. The signature verifies with ecdsa.Verify like any other.
//
// It returns an error wrapping secp256k1.ErrUninitialized for a nil or zero
// k, ErrHash or ErrData for inputs of the wrong length, and ErrSign with
// probability below 2⁻¹²⁷. Constant time in the key and the nonce.
func Sign(k *secp256k1.PrivateKey, hash []byte, data32 []byte) (*ecdsa.Signature, *Opening, error) {
	sec, err := door.PrivateKey(k)
	if err != nil {
		return nil, nil, fmt.Errorf("s2c: signing key: %w", err)
	}
	defer func() { sec = scalar.Scalar{} }()
	if len(hash) != 32 {
		return nil, nil, ErrHash
	}
	if len(data32) != 32 {
		return nil, nil, fmt.Errorf("%w: data32 is %d bytes", ErrData, len(data32))
	}
	ndata := tagData.Sum(data32)
	c := ecdsasign.Commit{Tag: &tagPoint, Data: (*[32]byte)(data32)}
	var r, s scalar.Scalar
	if _, ok := ecdsasign.Sign(&r, &s, &sec, (*[32]byte)(hash), ndata[:], &c); !ok {
		return nil, nil, ErrSign
	}
	return ecdsa.NewSignature(door.NewScalar(&r), door.NewScalar(&s)), &Opening{p: c.Opening}, nil
}

// VerifyCommit returns nil if sig's nonce commits to the 32 bytes data32
// under the opening o: if sig's r is the x coordinate, mod n, of
// o + hash_s2c/ecdsa/point(cbytes(o) ‖ data32)·G
// (secp256k1_ecdsa_s2c_verify_commit). It does not check that sig is a
// valid signature of anything (HostVerify does, for the anti-exfil
// protocol; ecdsa.Verify in general).
//
// It returns ErrCommitment if the signature does not commit to data32,
// ErrData for data32 of another length, ErrSignature for a nil sig and an
// error wrapping secp256k1.ErrUninitialized for a nil or zero o. Variable
// time: every input is public.
func VerifyCommit(sig *ecdsa.Signature, data32 []byte, o *Opening) error {
	if sig == nil {
		return fmt.Errorf("%w: nil signature", ErrSignature)
	}
	if len(data32) != 32 {
		return fmt.Errorf("%w: data32 is %d bytes", ErrData, len(data32))
	}
	if err := o.check(); err != nil {
		return err
	}
	t, ok := ecdsasign.Tweak(&tagPoint, &o.p, (*[32]byte)(data32))
	if !ok {
		return fmt.Errorf("%w: the tweak is not less than n", ErrCommitment)
	}
	// C = o + t·G. t is public (a hash of public values): the constant-time
	// comb is simply the fastest multiplication by G.
	var C group.Jacobian
	ecmult.ScalarBaseMult(&C, &t)
	C.VarTimeAddAffine(&C, &o.p)
	// Compare r with x mod n, as zkp does (without an inversion): whether
	// x ≥ n does not matter to the commitment (an r that no R has fails
	// ecdsa.Verify instead). The identity matches no r, as in zkp.
	r := door.Scalar(sig.R())
	if !ecmult.VarTimeXEqualsScalar(&C, &r) {
		return ErrCommitment
	}
	return nil
}
