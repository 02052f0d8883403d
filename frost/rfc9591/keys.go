package rfc9591

import (
	"crypto/rand"
	"fmt"
	"io"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/frostcore"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// MaxParticipants is the largest number of participants n that
// TrustedDealerKeygen and NewKeyPackage accept.
const MaxParticipants = 65535

// KeyPackage is a participant's long-term signing material: its
// identifier, its secret share sk_i, its public share PK_i = sk_i·G, the
// group public key and the minimum number of signers t. It is secret: fmt
// prints a fixed text for it, encoding/json refuses it, and Zero wipes it.
// The zero value (like nil) is not a key package; functions return an
// error wrapping secp256k1.ErrUninitialized for it.
type KeyPackage struct {
	id  Identifier
	sk  scalar.Scalar // sk_i ≠ 0; 0 in the zero value
	pub [ElementSize]byte
	gpk [ElementSize]byte
	t   int // MIN_PARTICIPANTS; 0 in the zero value
}

// NewKeyPackage returns the key package of the participant id with the
// 32-byte secret share secretShare, the 33-byte group public key and the
// minimum number of signers minSigners, for example the output of a DKG.
// It returns ErrIdentifier for the zero identifier, ErrSecretShare for a
// share that is not 32 bytes of a nonzero scalar less than n, ErrElement
// for an invalid group public key and ErrThreshold for minSigners outside
// [1, MaxParticipants]. It cannot check that the share belongs to the key:
// VerifyVSS does, given the VSS commitment. Constant time in the share.
func NewKeyPackage(id Identifier, secretShare, groupPublicKey []byte, minSigners int) (*KeyPackage, error) {
	if _, ok := id.scalar(); !ok {
		return nil, ErrIdentifier
	}
	var sk scalar.Scalar
	if !decodeScalar(&sk, secretShare) || sk.IsZero() == 1 {
		return nil, ErrSecretShare
	}
	var P group.Jacobian
	if !decodeElement(&P, groupPublicKey) {
		return nil, ErrElement
	}
	if minSigners < 1 || minSigners > MaxParticipants {
		return nil, ErrThreshold
	}
	kp := newKeyPackage(id, &sk, (*[33]byte)(groupPublicKey), minSigners)
	sk = scalar.Scalar{}
	return kp, nil
}

// newKeyPackage returns the key package with the nonzero share sk.
func newKeyPackage(id Identifier, sk *scalar.Scalar, gpk *[33]byte, t int) *KeyPackage {
	kp := &KeyPackage{id: id, sk: *sk, gpk: *gpk, t: t}
	var P group.Jacobian
	ecmult.ScalarBaseMult(&P, sk)
	P.VarTimePutCompressed(&kp.pub) // sk ≠ 0; the public share is public
	return kp
}

func (kp *KeyPackage) check() error {
	if kp == nil || kp.t == 0 {
		return errZeroKeyPackage
	}
	return nil
}

// must panics with err's message if err is not nil: the zero-value check of
// the methods without an error result.
func must(err error) {
	if err != nil {
		panic(err.Error())
	}
}

// Identifier returns the participant's identifier.
func (kp *KeyPackage) Identifier() Identifier { must(kp.check()); return kp.id }

// PublicShare returns the 33-byte public share PK_i = sk_i·G.
func (kp *KeyPackage) PublicShare() []byte { must(kp.check()); out := kp.pub; return out[:] }

// GroupPublicKey returns the 33-byte group public key.
func (kp *KeyPackage) GroupPublicKey() []byte { must(kp.check()); out := kp.gpk; return out[:] }

// MinSigners returns the minimum number of signers t.
func (kp *KeyPackage) MinSigners() int { must(kp.check()); return kp.t }

// SecretShare returns the 32-byte secret share: store it as carefully as
// a private key.
func (kp *KeyPackage) SecretShare() []byte {
	must(kp.check())
	var b [32]byte
	kp.sk.PutBytes(&b)
	return b[:]
}

// Zero overwrites kp with the zero value, which is no longer a key
// package.
func (kp *KeyPackage) Zero() { *kp = KeyPackage{} }

var errKeyPackageMarshal = fmt.Errorf("rfc9591: a KeyPackage is not marshalled to JSON: %w", secp256k1.ErrSecretMarshal)

// String returns a fixed text that holds no secret material.
func (kp KeyPackage) String() string { return "rfc9591.KeyPackage(REDACTED)" }

// GoString returns a fixed text that holds no secret material, for %#v.
func (kp KeyPackage) GoString() string { return "rfc9591.KeyPackage{REDACTED}" }

// Format makes every fmt verb print String's fixed text (GoString's for
// %#v).
func (kp KeyPackage) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, kp.GoString())
		return
	}
	fmt.Fprint(f, kp.String())
}

// MarshalJSON returns an error wrapping secp256k1.ErrSecretMarshal.
func (kp KeyPackage) MarshalJSON() ([]byte, error) { return nil, errKeyPackageMarshal }

// DealerOutput is the result of TrustedDealerKeygen. KeyPackages[i],
// PublicShares[i] belong to the participant with identifier i + 1. Send
// each participant its key package over a confidential, authenticated
// channel, and the rest to everyone.
type DealerOutput struct {
	// GroupPublicKey is the 33-byte group public key, VSSCommitment[0].
	GroupPublicKey []byte
	// KeyPackages are the participants' secret key packages.
	KeyPackages []*KeyPackage
	// PublicShares are the participants' 33-byte public shares, for
	// VerifySignatureShare.
	PublicShares [][]byte
	// VSSCommitment is the Feldman VSS commitment: the t 33-byte points
	// a_j·G of the coefficients of the secret polynomial, for VerifyVSS.
	VSSCommitment [][]byte
}

// TrustedDealerKeygen deals a t-of-n key (RFC 9591 Appendix C): a random
// secret polynomial f of degree t − 1, the group secret f(0), and the
// secret share f(i) for the participant with identifier i, 1 ≤ i ≤ n, with
// the VSS commitment. rand is the source of randomness (crypto/rand if
// nil); 64 bytes per coefficient are reduced mod n. It returns
// ErrThreshold unless 1 ≤ t ≤ n ≤ MaxParticipants and ErrRand wrapping
// the error of a failing rand. The dealer sees the group secret: see the
// RFC's Appendix C for the caveats. Constant time in the secret values.
func TrustedDealerKeygen(n, t int, rand io.Reader) (*DealerOutput, error) {
	if t < 1 || t > n || n > MaxParticipants {
		return nil, ErrThreshold
	}
	if rand == nil {
		rand = cryptoRand{}
	}
	coeffs := make([]scalar.Scalar, t)
	defer clear(coeffs)
	var b [64]byte
	defer clear(b[:])
	for {
		for j := range coeffs {
			if _, err := io.ReadFull(rand, b[:]); err != nil {
				return nil, fmt.Errorf("%w: %w", ErrRand, err)
			}
			coeffs[j].SetUniformBytes(&b)
		}
		if out, ok := deal(coeffs, n); ok {
			return out, nil
		}
	}
}

type cryptoRand struct{}

func (cryptoRand) Read(b []byte) (int, error) {
	rand.Read(b) // never fails (crypto/rand crashes the program instead)
	return len(b), nil
}

// deal returns the key material of the polynomial coeffs (coeffs[0] the
// group secret) for participants 1..n, or false if the secret, a
// coefficient or a share is zero (probability about (n + t)·2⁻²⁵⁶), which
// would make an element the identity.
func deal(coeffs []scalar.Scalar, n int) (*DealerOutput, bool) {
	zero := 0
	for j := range coeffs {
		zero |= coeffs[j].IsZero()
	}
	if zero == 1 {
		return nil, false
	}
	out := &DealerOutput{
		KeyPackages:   make([]*KeyPackage, n),
		PublicShares:  make([][]byte, n),
		VSSCommitment: make([][]byte, len(coeffs)),
	}
	C := frostcore.Commit(make([]group.Jacobian, len(coeffs)), coeffs)
	for j := range C {
		var c [33]byte
		C[j].VarTimePutCompressed(&c) // a_j ≠ 0
		out.VSSCommitment[j] = c[:]
	}
	gpk := [33]byte(out.VSSCommitment[0])
	out.GroupPublicKey = gpk[:]
	var x, y scalar.Scalar
	for i := range n {
		x.SetUint64(uint64(i) + 1)
		frostcore.EvaluatePolynomial(&y, coeffs, &x)
		if y.IsZero() == 1 {
			return nil, false
		}
		id, _ := NewIdentifier(uint64(i) + 1)
		out.KeyPackages[i] = newKeyPackage(id, &y, &gpk, len(coeffs))
		out.PublicShares[i] = out.KeyPackages[i].PublicShare()
	}
	y = scalar.Scalar{}
	return out, true
}

// VerifyVSS checks kp against the dealer's VSS commitment (RFC 9591's
// vss_verify): sk_i·G = Σ i^j·C_j, and also that kp's group public key is
// C_0 and its minimum number of signers the commitment's length. A
// participant runs it on what the dealer sent before using it, after
// making sure that all participants received the same commitment. It
// returns ErrShareCommitment if a check fails or the commitment is
// invalid. The share enters only sk_i·G, which is constant time.
func VerifyVSS(kp *KeyPackage, vssCommitment [][]byte) error {
	if err := kp.check(); err != nil {
		return err
	}
	if len(vssCommitment) != kp.t || len(vssCommitment[0]) != ElementSize || kp.gpk != [33]byte(vssCommitment[0]) {
		return ErrShareCommitment
	}
	C := make([]group.Jacobian, len(vssCommitment))
	for j, c := range vssCommitment {
		if !decodeElement(&C[j], c) {
			return ErrShareCommitment
		}
	}
	x, _ := kp.id.scalar()
	if !frostcore.VarTimeVerifyShare(&kp.sk, &x, C) {
		return ErrShareCommitment
	}
	return nil
}
