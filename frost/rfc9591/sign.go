package rfc9591

import (
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/frostcore"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// SignatureSize is the length of a signature: SerializeElement(R) ‖
// SerializeScalar(z).
const SignatureSize = ElementSize + ScalarSize

// SignatureShare is a signer's round-two output, SerializeScalar(z_i). The
// coordinator knows its sender by the channel it came on. ParseSignatureShare
// returns only valid ones (z_i < n). The zero value is the valid encoding
// of 0.
type SignatureShare [ScalarSize]byte

// ParseSignatureShare returns the signature share encoded in b, or
// ErrSignatureShare if b is not 32 bytes of a scalar less than n.
func ParseSignatureShare(b []byte) (*SignatureShare, error) {
	var s scalar.Scalar
	if !decodeScalar(&s, b) {
		return nil, ErrSignatureShare
	}
	z := SignatureShare(b)
	return &z, nil
}

// Bytes returns a copy of the 32-byte encoding.
func (z *SignatureShare) Bytes() []byte {
	out := *z
	return out[:]
}

// session holds the public values of a signing session, which every
// signer, the coordinator and a share verifier compute alike from the
// group public key, the commitment list and the message.
type session struct {
	list []decodedCommitment
	rho  []scalar.Scalar   // binding factors, in list order
	R    group.Jacobian    // group commitment
	Renc [ElementSize]byte // SerializeElement(R)
	c    scalar.Scalar     // challenge
	xs   []scalar.Scalar   // identifiers, for the Lagrange coefficients
	pk   [ElementSize]byte // SerializeElement(group public key)
}

// newSession decodes and validates the list and computes the binding
// factors (compute_binding_factors), the group commitment
// (compute_group_commitment) and the challenge (compute_challenge).
// Variable time: all of it is public.
func newSession(pk *[ElementSize]byte, cs []Commitment, msg []byte) (*session, error) {
	list, err := decodeCommitmentList(cs)
	if err != nil {
		return nil, err
	}
	s := &session{list: list, pk: *pk}
	// rho_input_prefix = SerializeElement(PK) ‖ H4(msg) ‖
	// H5(encode_group_commitment_list(commitment_list)).
	enc := make([]byte, 0, len(cs)*CommitmentSize)
	for i := range cs {
		enc = append(enc, cs[i][:]...)
	}
	input := make([]byte, ElementSize+32+32+ScalarSize)
	copy(input, pk[:])
	h4((*[32]byte)(input[ElementSize:]), msg)
	h5((*[32]byte)(input[ElementSize+32:]), enc)
	s.rho = make([]scalar.Scalar, len(list))
	s.xs = make([]scalar.Scalar, len(list))
	sp := make([]*scalar.Scalar, 0, 2*len(list))
	pp := make([]*group.Jacobian, 0, 2*len(list))
	var one scalar.Scalar
	one.SetUint64(1)
	for i := range list {
		copy(input[ElementSize+64:], cs[i][:ScalarSize])
		h1(&s.rho[i], input) // binding_factor = H1(rho_input_prefix ‖ SerializeScalar(identifier))
		s.xs[i] = list[i].id
		// R = Σ D_i + ρ_i·E_i.
		sp = append(sp, &one, &s.rho[i])
		pp = append(pp, &list[i].D, &list[i].E)
	}
	R, ok := ecmult.VarTimeMultiScalarMult(sp, pp, nil)
	if !ok {
		return nil, ErrCommitment // not reached: decoded points are on the curve
	}
	s.R = R
	if !s.R.VarTimePutCompressed(&s.Renc) {
		return nil, ErrGroupCommitment
	}
	// challenge = H2(SerializeElement(R) ‖ SerializeElement(PK) ‖ msg).
	chal := make([]byte, 0, 2*ElementSize+len(msg))
	chal = append(chal, s.Renc[:]...)
	chal = append(chal, pk[:]...)
	chal = append(chal, msg...)
	h2(&s.c, chal)
	return s, nil
}

// index returns the position of the identifier x in the list, or −1.
func (s *session) index(x *scalar.Scalar) int {
	for i := range s.list {
		if s.list[i].id.Equal(x) == 1 {
			return i
		}
	}
	return -1
}

// lambda sets l to the Lagrange coefficient of the signer at index i
// (derive_interpolating_value over the list's identifiers).
func (s *session) lambda(l *scalar.Scalar, i int) {
	if !frostcore.VarTimeLagrangeCoefficient(l, s.xs, i) {
		panic("rfc9591: internal error: duplicate identifiers in a validated list")
	}
}

// Sign runs round two for the participant with key package kp (RFC 9591
// §5.2): z_i = d_i + e_i·ρ_i + λ_i·sk_i·c, using and consuming nonces.
// commitments is the coordinator's list (sorted, unique, at least t
// entries) and msg the message.
//
// It first checks the public inputs, and an error there leaves nonces
// unused: an error wrapping secp256k1.ErrUninitialized for a nil or zero
// kp or nonces; the list errors (ErrNoCommitments, ErrIdentifier,
// ErrCommitment, ErrDuplicateIdentifier, ErrUnsorted, with the index);
// ErrSignerCount for fewer than kp.MinSigners() commitments;
// ErrOwnCommitment if the list does not hold the nonces' commitment under
// kp's identifier; ErrGroupCommitment if R is the identity; ErrNonceUsed
// for nonces already consumed. Constant time in the share and the nonces.
func Sign(nonces *SecretNonces, kp *KeyPackage, msg []byte, commitments []Commitment) (*SignatureShare, error) {
	if err := kp.check(); err != nil {
		return nil, err
	}
	if err := nonces.check(); err != nil {
		return nil, err
	}
	s, err := newSession(&kp.gpk, commitments, msg)
	if err != nil {
		return nil, err
	}
	if len(s.list) < kp.t {
		return nil, ErrSignerCount
	}
	own := nonces.st.comm
	if [32]byte(own[:ScalarSize]) != kp.id.b {
		return nil, ErrOwnCommitment
	}
	x, _ := kp.id.scalar()
	i := s.index(&x)
	if i < 0 || commitments[i] != own {
		return nil, ErrOwnCommitment
	}
	var lc scalar.Scalar
	s.lambda(&lc, i)
	lc.Multiply(&lc, &s.c) // λ_i·c, public

	st, err := nonces.take()
	if err != nil {
		return nil, err
	}
	d, e := st.d, st.e
	st.d, st.e = scalar.Scalar{}, scalar.Scalar{}
	var z, t scalar.Scalar
	t.Multiply(&e, &s.rho[i])
	z.Add(&d, &t)
	t.Multiply(&lc, &kp.sk)
	z.Add(&z, &t)
	d, e, t = scalar.Scalar{}, scalar.Scalar{}, scalar.Scalar{}
	var share SignatureShare
	z.PutBytes((*[32]byte)(&share))
	return &share, nil
}
