package frost

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// SecretShareSize is the length of the encoding of a secret share.
const SecretShareSize = 32

// SecretShare is a participant's long-term secret share, BIP-445's
// secshare: a nonzero scalar d', with its public share cbytes(d'·G), which
// it computes once. Key generation (TrustedDealerKeygen, or a DKG whose
// output ParseSecretShare reads) gives each participant one; it is kept
// secret from every other party, the coordinator included.
//
// fmt prints a fixed text for it, encoding/json refuses it (MarshalJSON
// returns an error wrapping secp256k1.ErrSecretMarshal), and Zero wipes it;
// Bytes is the explicit encoding. The zero value (like a nil *SecretShare)
// is not a share: functions with an error result return an error wrapping
// secp256k1.ErrUninitialized for it, the others panic.
type SecretShare struct {
	d   scalar.Scalar // d', 0 < d' < n; 0 in the zero value
	pub [33]byte      // cbytes(d'·G)
}

// ParseSecretShare returns the secret share encoded in b, 32 bytes
// big-endian, or ErrSecretShare if b is not 32 bytes or its value is 0 or
// not less than n (BIP-445's scalar_from_bytes_nonzero_checked). It is
// constant time in the value.
func ParseSecretShare(b []byte) (*SecretShare, error) {
	if len(b) != SecretShareSize {
		return nil, ErrSecretShare
	}
	var d scalar.Scalar
	if _, err := d.SetCanonicalBytes((*[32]byte)(b)); err != nil {
		return nil, ErrSecretShare
	}
	if d.IsZero() == 1 {
		return nil, ErrSecretShare
	}
	s := newSecretShare(&d)
	d = scalar.Scalar{}
	return s, nil
}

// newSecretShare returns the share d, which must not be zero, with its
// public share. Constant time.
func newSecretShare(d *scalar.Scalar) *SecretShare {
	s := &SecretShare{d: *d}
	var P group.Jacobian
	ecmult.ScalarBaseMult(&P, d)
	var a group.Affine
	a.SetJacobian(&P) // constant time
	s.pub[0] = 2 | byte(a.Y.IsOdd())
	a.X.PutBytes((*[32]byte)(s.pub[1:]))
	return s
}

// Bytes returns the 32-byte big-endian encoding of the share. It is the
// only way to get the secret out: store it as carefully as a private key.
func (s *SecretShare) Bytes() []byte {
	mpsig.Must(s.check())
	out := new([32]byte)
	s.d.PutBytes(out)
	return out[:]
}

// PubShare returns the 33-byte compressed public share d'·G.
func (s *SecretShare) PubShare() []byte {
	mpsig.Must(s.check())
	out := s.pub
	return out[:]
}

// Zero overwrites s with the zero value, which is no longer a share. It
// does not reach copies made before (such as the results of Bytes).
func (s *SecretShare) Zero() {
	*s = SecretShare{}
}

// errSecretShareMarshal is SecretShare.MarshalJSON's error.
var errSecretShareMarshal = fmt.Errorf("frost: a SecretShare is not marshalled to JSON: %w", secp256k1.ErrSecretMarshal)

// String returns a fixed text that holds no secret material.
func (s SecretShare) String() string { return "frost.SecretShare(REDACTED)" }

// GoString returns a fixed text that holds no secret material, for %#v.
func (s SecretShare) GoString() string { return "frost.SecretShare{REDACTED}" }

// Format makes every fmt verb (%v, %+v, %s, %x, %d, …) print String's fixed
// text, for a SecretShare, a pointer to one, or one in an exported field,
// slice or map.
func (s SecretShare) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, s.GoString())
		return
	}
	fmt.Fprint(f, s.String())
}

// MarshalJSON returns an error wrapping secp256k1.ErrSecretMarshal.
func (s SecretShare) MarshalJSON() ([]byte, error) {
	return nil, errSecretShareMarshal
}
