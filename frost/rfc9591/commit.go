package rfc9591

import (
	"fmt"
	"io"
	"slices"
	"sync/atomic"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// CommitmentSize is the length of an encoded commitment.
const CommitmentSize = ScalarSize + 2*ElementSize

// Commitment is a signer's round-one output as sent to the coordinator
// and listed by it: SerializeScalar(identifier) ‖
// SerializeElement(hiding_nonce_commitment) ‖
// SerializeElement(binding_nonce_commitment), which is also the entry of
// the RFC's encode_group_commitment_list. ParseCommitment returns only
// valid ones; the functions that take a list check it again. The zero
// value is an invalid encoding.
type Commitment [CommitmentSize]byte

// ParseCommitment returns the commitment encoded in b, or ErrIdentifier
// for an invalid identifier and ErrCommitment if b is not 98 bytes or an
// element is not a compressed point (the identity has no encoding).
// Variable time.
func ParseCommitment(b []byte) (*Commitment, error) {
	if len(b) != CommitmentSize {
		return nil, ErrCommitment
	}
	c := Commitment(b)
	var d decodedCommitment
	if err := c.decode(&d); err != nil {
		return nil, err
	}
	return &c, nil
}

// Identifier returns the identifier of the commitment, or ErrIdentifier if
// it encodes none (or c is nil).
func (c *Commitment) Identifier() (Identifier, error) {
	if c == nil {
		return Identifier{}, ErrIdentifier
	}
	return ParseIdentifier(c[:ScalarSize])
}

// Bytes returns a copy of the 98-byte encoding.
func (c *Commitment) Bytes() []byte {
	out := *c
	return out[:]
}

// decodedCommitment is a decoded Commitment.
type decodedCommitment struct {
	id   scalar.Scalar
	D, E group.Jacobian // the hiding and binding nonce commitments
}

// decode sets d to the values of c, or returns ErrIdentifier or
// ErrCommitment.
func (c *Commitment) decode(d *decodedCommitment) error {
	id := Identifier{b: [32]byte(c[:ScalarSize])}
	x, ok := id.scalar()
	if !ok {
		return ErrIdentifier
	}
	if !decodeElement(&d.D, c[ScalarSize:ScalarSize+ElementSize]) ||
		!decodeElement(&d.E, c[ScalarSize+ElementSize:]) {
		return ErrCommitment
	}
	d.id = x
	return nil
}

// SortCommitments sorts cs in ascending order of identifier, as the
// coordinator must before sending the list (invalid identifiers compare as
// their 32 bytes).
func SortCommitments(cs []Commitment) {
	slices.SortFunc(cs, func(a, b Commitment) int {
		return Identifier{b: [32]byte(a[:ScalarSize])}.Compare(Identifier{b: [32]byte(b[:ScalarSize])})
	})
}

// decodeCommitmentList decodes a commitment list and checks that it is not
// empty and is sorted in strictly ascending order of identifier. The
// errors name the index at fault.
func decodeCommitmentList(cs []Commitment) ([]decodedCommitment, error) {
	if len(cs) == 0 {
		return nil, ErrNoCommitments
	}
	out := make([]decodedCommitment, len(cs))
	for i := range cs {
		if err := cs[i].decode(&out[i]); err != nil {
			return nil, at(err, i)
		}
		if i > 0 {
			switch (Identifier{b: [32]byte(cs[i-1][:ScalarSize])}).Compare(Identifier{b: [32]byte(cs[i][:ScalarSize])}) {
			case 0:
				return nil, at(ErrDuplicateIdentifier, i)
			case 1:
				return nil, at(ErrUnsorted, i)
			}
		}
	}
	return out, nil
}

// SecretNonces is a signer's round-one secret: the hiding and binding
// nonces, with the Commitment to them. Sign consumes it: the first Sign
// that gets past its checks of the public inputs (or Erase) marks it used
// and zeroes the nonces; every later Sign returns ErrNonceUsed, also under
// concurrent calls. The state lives behind a pointer that copies share
// (and go vet reports copies). fmt prints a fixed text and encoding/json
// refuses it. The zero value (or nil) is not one: Sign returns an error
// wrapping secp256k1.ErrUninitialized for it.
type SecretNonces struct {
	_  noCopy
	st *nonceState
}

type nonceState struct {
	used atomic.Bool
	*nonceScalars
	comm Commitment
}

// nonceScalars sits behind its own pointer so that fmt, which dereferences
// one pointer at most, never reaches the nonces.
type nonceScalars struct {
	d, e scalar.Scalar // hiding and binding nonces; 0 once used
}

type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

func (n *SecretNonces) check() error {
	if n == nil || n.st == nil {
		return errZeroNonces
	}
	return nil
}

// take marks the nonces used and returns their state, which the caller
// must zero.
func (n *SecretNonces) take() (*nonceState, error) {
	if err := n.check(); err != nil {
		return nil, err
	}
	if !n.st.used.CompareAndSwap(false, true) {
		return nil, ErrNonceUsed
	}
	return n.st, nil
}

// Commitment returns the commitment to the nonces, the value Commit
// returned.
func (n *SecretNonces) Commitment() *Commitment {
	must(n.check())
	c := n.st.comm
	return &c
}

// Erase destroys the nonces without signing, for an aborted session:
// later Sign calls return ErrNonceUsed. It panics for the zero value.
func (n *SecretNonces) Erase() {
	must(n.check())
	if st, err := n.take(); err == nil {
		st.d, st.e = scalar.Scalar{}, scalar.Scalar{}
	}
}

var errNoncesMarshal = fmt.Errorf("rfc9591: SecretNonces are not marshalled to JSON: %w", secp256k1.ErrSecretMarshal)

// String returns a fixed text that holds no secret material.
func (n *SecretNonces) String() string { return "rfc9591.SecretNonces(REDACTED)" }

// GoString returns a fixed text that holds no secret material, for %#v.
func (n *SecretNonces) GoString() string { return "rfc9591.SecretNonces{REDACTED}" }

// Format makes every fmt verb print String's fixed text (GoString's for
// %#v).
func (n *SecretNonces) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, n.GoString())
		return
	}
	fmt.Fprint(f, n.String())
}

// MarshalJSON returns an error wrapping secp256k1.ErrSecretMarshal.
func (n *SecretNonces) MarshalJSON() ([]byte, error) { return nil, errNoncesMarshal }

// Commit runs round one for the participant with key package kp (RFC 9591
// §5.1): two nonces, each nonce_generate(sk_i) = H3(32 random bytes ‖
// SerializeScalar(sk_i)), hiding then binding, and their commitments.
// Keep the SecretNonces for Sign; send the Commitment to the coordinator.
// rand is the source of randomness, crypto/rand if nil: set it only to
// reproduce test vectors. It returns ErrRand wrapping the error of a
// failing rand. Constant time in the share and the nonces.
func Commit(kp *KeyPackage, rand io.Reader) (*SecretNonces, *Commitment, error) {
	if err := kp.check(); err != nil {
		return nil, nil, err
	}
	if rand == nil {
		rand = cryptoRand{}
	}
	var rnd [2][32]byte
	defer clear(rnd[:])
	for i := range rnd {
		if _, err := io.ReadFull(rand, rnd[i][:]); err != nil {
			return nil, nil, fmt.Errorf("%w: %w", ErrRand, err)
		}
	}
	return commit(kp, &rnd[0], &rnd[1])
}

// commit is Commit with the randomness of the hiding and the binding nonce.
func commit(kp *KeyPackage, hidingRand, bindingRand *[32]byte) (*SecretNonces, *Commitment, error) {
	both := new(struct {
		st nonceState
		k  nonceScalars
	})
	st := &both.st
	st.nonceScalars = &both.k
	h3(&st.d, hidingRand, &kp.sk)
	h3(&st.e, bindingRand, &kp.sk)
	if st.d.IsZero()|st.e.IsZero() == 1 { // probability 2⁻²⁵⁵
		st.d, st.e = scalar.Scalar{}, scalar.Scalar{}
		return nil, nil, ErrZeroNonce
	}
	copy(st.comm[:ScalarSize], kp.id.b[:])
	for j, k := range []*scalar.Scalar{&st.d, &st.e} {
		var P group.Jacobian
		ecmult.ScalarBaseMult(&P, k)
		P.VarTimePutCompressed((*[33]byte)(st.comm[ScalarSize+ElementSize*j:])) // k ≠ 0; P is public
	}
	c := st.comm
	return &SecretNonces{st: st}, &c, nil
}
