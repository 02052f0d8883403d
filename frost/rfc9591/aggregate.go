package rfc9591

import (
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// parseElement sets p to the group public key or public share b and
// returns b's encoding, or returns ErrElement.
func parseElement(p *group.Jacobian, b []byte) (*[ElementSize]byte, error) {
	if !decodeElement(p, b) {
		return nil, ErrElement
	}
	return (*[ElementSize]byte)(b), nil
}

// Aggregate combines the signature shares of a session into the 65-byte
// signature SerializeElement(R) ‖ SerializeScalar(z), z = Σ z_i (RFC 9591
// §5.3). shares[i] is the share of the signer of commitments[i]. It
// returns ErrElement for an invalid group public key, the list errors of
// Sign, ErrGroupCommitment if R is the identity, ErrSignerCount unless
// there is one share per commitment, and ErrSignatureShare (with the
// index) for a share not less than n. It does not verify the shares: if
// one is wrong, so is the signature, and VerifySignatureShare finds the
// culprit. Variable time.
func Aggregate(commitments []Commitment, msg, groupPublicKey []byte, shares []SignatureShare) ([]byte, error) {
	var P group.Jacobian
	pk, err := parseElement(&P, groupPublicKey)
	if err != nil {
		return nil, err
	}
	s, err := newSession(pk, commitments, msg)
	if err != nil {
		return nil, err
	}
	if len(shares) != len(s.list) {
		return nil, ErrSignerCount
	}
	var z, zi scalar.Scalar
	for i := range shares {
		if !decodeScalar(&zi, shares[i][:]) {
			return nil, at(ErrSignatureShare, i)
		}
		z.Add(&z, &zi)
	}
	sig := make([]byte, SignatureSize)
	copy(sig, s.Renc[:])
	z.PutBytes((*[32]byte)(sig[ElementSize:]))
	return sig, nil
}

// VerifySignatureShare checks the signature share of the signer with
// identifier id and public share publicShare (RFC 9591 §5.4): z_i·G =
// D_i + ρ_i·E_i + (c·λ_i)·PK_i. It returns nil if the share is valid,
// ErrShareVerify if it is well formed but wrong, ErrSignatureShare if it
// is not less than n, ErrSignerNotFound if id has no commitment in the
// list, ErrElement for an invalid public share or group public key, and
// the list errors of Sign. Variable time.
func VerifySignatureShare(id Identifier, publicShare []byte, share *SignatureShare, commitments []Commitment, groupPublicKey, msg []byte) error {
	x, ok := id.scalar()
	if !ok {
		return ErrIdentifier
	}
	var PKi, P group.Jacobian
	if _, err := parseElement(&PKi, publicShare); err != nil {
		return err
	}
	pk, err := parseElement(&P, groupPublicKey)
	if err != nil {
		return err
	}
	var zi scalar.Scalar
	if share == nil || !decodeScalar(&zi, share[:]) {
		return ErrSignatureShare
	}
	s, err := newSession(pk, commitments, msg)
	if err != nil {
		return err
	}
	i := s.index(&x)
	if i < 0 {
		return ErrSignerNotFound
	}
	var lc, one, negZ scalar.Scalar
	s.lambda(&lc, i)
	lc.Multiply(&lc, &s.c)
	one.SetUint64(1)
	negZ.Negate(&zi)
	// D_i + ρ_i·E_i + (c·λ_i)·PK_i − z_i·G = 0.
	sum, ok := ecmult.VarTimeMultiScalarMult(
		[]*scalar.Scalar{&one, &s.rho[i], &lc},
		[]*group.Jacobian{&s.list[i].D, &s.list[i].E, &PKi}, &negZ)
	if !ok || sum.IsIdentity() == 0 {
		return ErrShareVerify
	}
	return nil
}

// Verify reports whether sig is a valid 65-byte signature of msg under the
// 33-byte group public key (RFC 9591 §6.1 for a prime-order group): R and
// the key decode as points other than the identity, z < n, and z·G = R +
// c·PK with c = H2(SerializeElement(R) ‖ SerializeElement(PK) ‖ msg). It
// is false for any malformed input. Variable time.
func Verify(groupPublicKey, msg, sig []byte) bool {
	var P, R group.Jacobian
	var z scalar.Scalar
	if len(sig) != SignatureSize || !decodeElement(&P, groupPublicKey) ||
		!decodeElement(&R, sig[:ElementSize]) || !decodeScalar(&z, sig[ElementSize:]) {
		return false
	}
	chal := make([]byte, 0, 2*ElementSize+len(msg))
	chal = append(chal, sig[:ElementSize]...)
	chal = append(chal, groupPublicKey...)
	chal = append(chal, msg...)
	var c, negZ, one scalar.Scalar
	h2(&c, chal)
	negZ.Negate(&z)
	one.SetUint64(1)
	// R + c·PK − z·G = 0.
	sum, ok := ecmult.VarTimeMultiScalarMult(
		[]*scalar.Scalar{&one, &c}, []*group.Jacobian{&R, &P}, &negZ)
	return ok && sum.IsIdentity() == 1
}
