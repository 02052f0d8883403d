package silentpayments

import (
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/dleq"
)

// Sending with shared ECDH (BIP-375's cryptography, without the PSBT
// format): when the inputs of a transaction belong to several signers, or
// the keys live on a device that should not compute the outputs, each
// signer publishes, for every recipient scan key B_scan, an ECDH share C =
// a·B_scan of its input key a with a BIP-374 DLEQ proof that C and the
// input's public key A = a·G share a. Whoever builds the transaction checks
// each share against its input's public key and combines them: the sum of
// the per-input shares (or one global share for the sum of all input keys)
// is a·B_scan, and input_hash·a·B_scan is the ECDH point of BIP-352, from
// which the outputs follow as in CreateOutputs.

var (
	// ErrShareProof is returned by ECDHShare.Verify for a share whose DLEQ
	// proof does not verify against the given input public key and the
	// share's scan key: the share is not a·B_scan for the input's a, and
	// outputs computed with it would be unspendable by the recipient.
	ErrShareProof = errors.New("silentpayments: ECDH share does not match its proof")
	// ErrMissingShare is returned by CreateOutputsFromShares when a
	// recipient's scan key has no share.
	ErrMissingShare = errors.New("silentpayments: no ECDH share for a recipient's scan key")
)

// ECDHShare is an ECDH share C = a·B_scan with its BIP-374 proof, for the
// key a of one input (BIP-375's PSBT_IN_SP_ECDH_SHARE and PSBT_IN_SP_DLEQ)
// or for the sum a of all the eligible input keys (PSBT_GLOBAL_SP_ECDH_SHARE
// and PSBT_GLOBAL_SP_DLEQ). Its fields are public: the encodings are 33
// bytes for Scan and Share and 64 for the proof. The zero value, with nil
// fields, is not a share: Verify and CreateOutputsFromShares return an
// error wrapping secp256k1.ErrUninitialized for it.
type ECDHShare struct {
	Scan  *secp256k1.PublicKey // B_scan
	Share *secp256k1.PublicKey // C = a·B_scan
	Proof *dleq.Proof          // log_G(A) = log_B_scan(C)
}

// NewECDHShare returns the share a·B_scan of one input and its proof. The
// input's key is negated first if it is a taproot key with an odd-y public
// key, as for CreateOutputs, so the share matches the even-y public key
// that InputPublicKey gives for the input. auxRand is nil (32 bytes from
// crypto/rand) or 32 bytes. It returns an error wrapping
// secp256k1.ErrUninitialized for a nil or zero key, dleq.ErrAuxRand, and
// dleq.ErrProve in negligible cases. Constant time in the input key.
func NewECDHShare(input InputKey, scan *secp256k1.PublicKey, auxRand []byte) (*ECDHShare, error) {
	return NewGlobalECDHShare([]InputKey{input}, scan, auxRand)
}

// NewGlobalECDHShare returns the share a·B_scan for the sum a of the keys of
// all the transaction's eligible inputs (taproot keys negated as for
// CreateOutputs) and its proof, to be verified against the sum of their
// public keys (PrevoutsSummary.PublicKeySum). It returns ErrNoInputs, an
// error wrapping secp256k1.ErrUninitialized for a nil or zero key,
// ErrInputKeySum if the keys sum to zero, dleq.ErrAuxRand, and
// dleq.ErrProve in negligible cases. Constant time in the input keys.
func NewGlobalECDHShare(inputs []InputKey, scan *secp256k1.PublicKey, auxRand []byte) (*ECDHShare, error) {
	if len(inputs) == 0 {
		return nil, ErrNoInputs
	}
	for i := range inputs {
		if !validPrivateKey(inputs[i].PrivateKey) {
			return nil, uninitialized(fmt.Sprintf("input key %d", i))
		}
	}
	if !validPublicKey(scan) {
		return nil, uninitialized("scan key")
	}
	var a secp256k1.Scalar
	sumInputKeys(&a, inputs)
	defer func() { a = secp256k1.Scalar{} }()
	key, err := secp256k1.NewPrivateKeyFromScalar(&a)
	if err != nil {
		return nil, ErrInputKeySum
	}
	defer key.Zero()
	C, proof, err := dleq.Prove(key, scan, auxRand, nil)
	if err != nil {
		return nil, err
	}
	return &ECDHShare{Scan: copyKey(scan), Share: C, Proof: proof}, nil
}

// Verify checks the share's proof against pub, the public key of its input
// (from InputPublicKey: even y for P2TR) for a per-input share, or the sum
// A of the eligible inputs' public keys (PrevoutsSummary.PublicKeySum) for
// a global share. It returns nil, ErrShareProof, or an error wrapping
// secp256k1.ErrUninitialized for a nil or zero share, field or key.
// Variable time: everything is public.
func (s *ECDHShare) Verify(pub *secp256k1.PublicKey) error {
	if err := s.check(); err != nil {
		return err
	}
	if !validPublicKey(pub) {
		return uninitialized("input public key")
	}
	if dleq.Verify(pub, s.Scan, s.Share, s.Proof, nil) != nil {
		return ErrShareProof
	}
	return nil
}

// check returns an error wrapping secp256k1.ErrUninitialized if s or one of
// its fields is nil or zero.
func (s *ECDHShare) check() error {
	if s == nil || !validPublicKey(s.Scan) || !validPublicKey(s.Share) || s.Proof == nil {
		return uninitialized("ECDHShare")
	}
	return nil
}

// CreateOutputsFromShares is CreateOutputs for a sender that holds no input
// keys but ECDH shares: it returns the same outputs, in the order of
// recipients, with a·B_scan taken from shares instead of computed. summary
// is the transaction's PrevoutsSummary (from the eligible inputs' public
// keys and all its outpoints), for input_hash. For each recipient scan key,
// the shares with that Scan are summed: pass either the global share or the
// per-input shares of all eligible inputs, never both, and verify each
// share first (ECDHShare.Verify) — this function does not check proofs,
// since it does not know which input a share came from.
//
// It returns an error wrapping secp256k1.ErrUninitialized for a nil or zero
// recipient, summary or share, ErrMissingShare if a recipient's scan key has
// no share, ErrInputKeySum if a scan key's shares sum to the point at
// infinity, ErrTooManyRecipients if a group exceeds KMax, and ErrHashScalar
// in the negligible case of an invalid hash.
//
// Constant time in the shares (a·B_scan is as secret as the ECDH point for
// anyone outside the transaction) and in the tweaks; variable time in which
// shares belong to which scan key.
func CreateOutputsFromShares(recipients []*Address, summary *PrevoutsSummary, shares []*ECDHShare) ([][32]byte, error) {
	for i, a := range recipients {
		if !a.valid() {
			return nil, uninitialized(fmt.Sprintf("recipient %d (nil, or a nil or zero key)", i))
		}
	}
	if err := summary.check(); err != nil {
		return nil, err
	}
	for _, s := range shares {
		if err := s.check(); err != nil {
			return nil, err
		}
	}
	groups, err := groupRecipients(recipients)
	if err != nil {
		return nil, err
	}
	out := make([][32]byte, len(recipients))
	var sum, ecdh secp256k1.Point
	for _, g := range groups {
		scan := recipients[g[0]].Scan
		sum.Set(secp256k1.NewIdentityPoint())
		found := false
		for _, s := range shares {
			if s.Scan.Equal(scan) {
				sum.Add(&sum, s.Share.Point())
				found = true
			}
		}
		if !found {
			return nil, ErrMissingShare
		}
		var inputHash secp256k1.Scalar
		inputHash.Set(&summary.inputHash)
		ecdh.ScalarMult(&inputHash, &sum) // input_hash·a·B_scan
		if ecdh.Equal(secp256k1.NewIdentityPoint()) == 1 {
			return nil, ErrInputKeySum
		}
		if err := groupOutputs(out, recipients, g, &ecdh); err != nil {
			return nil, err
		}
	}
	sum, ecdh = secp256k1.Point{}, secp256k1.Point{}
	return out, nil
}
