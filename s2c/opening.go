package s2c

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// OpeningSize is the length of an encoded Opening: a compressed point.
const OpeningSize = 33

// Opening is a sign-to-contract opening: the signer's original nonce point
// R₀ = k·G, before the commitment tweak (secp256k1_ecdsa_s2c_opening). It is
// public: Sign and SignerCommit return it for a verifier. The zero value is
// not an opening: methods given one return an error wrapping
// secp256k1.ErrUninitialized (Bytes and Equal panic).
type Opening struct {
	p group.Affine // a point on the curve (the field methods reduce its coordinates); zero Y: uninitialized
}

// check returns an error wrapping secp256k1.ErrUninitialized for a nil or
// zero-value o. (No point of secp256k1 has y = 0: the group has odd order.)
func (o *Opening) check() error {
	if o == nil || o.p.Y.IsZero() == 1 {
		return fmt.Errorf("s2c: nil or zero-value Opening: %w", secp256k1.ErrUninitialized)
	}
	return nil
}

// ParseOpening returns the opening encoded in b, 33 bytes: a compressed
// point (secp256k1_ecdsa_s2c_opening_parse), or ErrOpening.
func ParseOpening(b []byte) (*Opening, error) {
	if len(b) != OpeningSize {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrOpening, len(b), OpeningSize)
	}
	o := new(Opening)
	if !o.p.SetCompressed((*[33]byte)(b)) {
		return nil, fmt.Errorf("%w: not a compressed point", ErrOpening)
	}
	return o, nil
}

// Bytes returns the 33-byte encoding of o, the compressed point
// (secp256k1_ecdsa_s2c_opening_serialize). It panics for a nil or zero o.
func (o *Opening) Bytes() []byte {
	var out [OpeningSize]byte
	return o.bytes(&out)
}

func (o *Opening) bytes(out *[OpeningSize]byte) []byte {
	if err := o.check(); err != nil {
		panic(err.Error())
	}
	o.p.PutCompressed(out)
	return out[:]
}

// Equal reports whether o and p are the same point: what a host checks when
// it restarts the anti-exfil protocol with the same randomness (the device
// must propose the same opening). It panics for a nil or zero o or p.
func (o *Opening) Equal(p *Opening) bool {
	if err := o.check(); err != nil {
		panic(err.Error())
	}
	if err := p.check(); err != nil {
		panic(err.Error())
	}
	return o.p.Equal(&p.p) == 1
}
