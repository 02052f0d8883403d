package chilldkg

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// HostSecretKey is a participant's long-term host secret key: the signing key
// of CertEq, the ECDH decryption key of EncPedPop and the seed of all its
// derivations. Its zero value is not a key: methods that return an error
// return ErrHostSeckey for it. fmt never prints its value (see Format),
// encoding/json refuses it, and Erase zeroes it.
type HostSecretKey struct {
	k     secp256k1.PrivateKey
	b     [32]byte // the big-endian encoding of k, used as the PRF seed
	valid bool
}

// NewHostSecretKey returns the host secret key with the 32-byte big-endian
// value b, or ErrLength if b is not 32 bytes, or ErrHostSeckey if its value
// is 0 or ≥ n.
func NewHostSecretKey(b []byte) (*HostSecretKey, error) {
	if len(b) != 32 {
		return nil, ErrLength
	}
	k, err := secp256k1.NewPrivateKey(b)
	if err != nil {
		return nil, ErrHostSeckey
	}
	h := &HostSecretKey{k: *k, valid: true}
	copy(h.b[:], b)
	k.Zero()
	return h, nil
}

// PublicKey returns the 33-byte compressed host public key of h, or
// ErrHostSeckey if h is the zero value or was erased.
func (h *HostSecretKey) PublicKey() ([]byte, error) {
	if h == nil || !h.valid {
		return nil, ErrHostSeckey
	}
	return h.k.PublicKey().BytesCompressed(), nil
}

// Erase zeroes h; h is then no longer a key.
func (h *HostSecretKey) Erase() {
	h.k.Zero()
	clear(h.b[:])
	h.valid = false
}

// String returns a fixed text that holds no secret material.
func (h HostSecretKey) String() string { return "chilldkg.HostSecretKey(REDACTED)" }

// GoString returns a fixed text that holds no secret material, for %#v.
func (h HostSecretKey) GoString() string { return "chilldkg.HostSecretKey{REDACTED}" }

// Format makes every fmt verb (%v, %+v, %s, %x, %d, …) print String's fixed
// text (GoString's for %#v), for a HostSecretKey, a pointer to one, or one
// in an exported field, slice or map, as secp256k1.PrivateKey does.
func (h HostSecretKey) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, h.GoString())
		return
	}
	fmt.Fprint(f, h.String())
}

// errHostSeckeyMarshal is HostSecretKey.MarshalJSON's error.
var errHostSeckeyMarshal = fmt.Errorf("chilldkg: a HostSecretKey is not marshalled to JSON: %w", secp256k1.ErrSecretMarshal)

// MarshalJSON returns an error wrapping secp256k1.ErrSecretMarshal: a host
// secret key is not serialized by accident.
func (h HostSecretKey) MarshalJSON() ([]byte, error) {
	return nil, errHostSeckeyMarshal
}

// HostPubkeyGen returns the 33-byte compressed host public key of the 32-byte
// host secret key hostseckey (the draft's hostpubkey_gen), or ErrLength or
// ErrHostSeckey.
func HostPubkeyGen(hostseckey []byte) ([]byte, error) {
	h, err := NewHostSecretKey(hostseckey)
	if err != nil {
		return nil, err
	}
	defer h.Erase()
	return h.PublicKey()
}
