package bip32

import (
	"fmt"
	"math"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// DeriveRange returns the n children of k at the indices start, start + 1,
// …, start + n − 1, each what Derive would return, with their public keys
// computed together: each child's public key is one k·G (and for a public
// k one point addition) as with Derive, but all of them share one field
// inversion (as in secp256k1.NewPublicKeys), where a child from Derive pays
// one inversion of its own when its public key is first needed, and on
// CPUs with AVX-512 IFMA the k·G run eight at a time on vector lanes. A wallet
// deriving its next receive addresses, or a watch-only wallet scanning a
// range of an xpub, derives many children at once.
//
// It returns ErrRange if the range passes 2³² − 1 or n is negative,
// ErrHardenedFromPublic if a public k is asked for a hardened index, and
// the other errors of Derive; an invalid child (probability below 2⁻¹²⁷
// per index) gives ErrInvalidChild wrapped with its index, and no
// children: derive the range around it. Constant time in k's private key
// and chain code, as Derive.
func (k *ExtendedKey) DeriveRange(start uint32, n int) ([]*ExtendedKey, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	if n < 0 || uint64(start)+uint64(n) > math.MaxUint32+1 {
		return nil, ErrRange
	}
	if n == 0 {
		return nil, nil
	}
	if k.s.depth == maxDepth {
		return nil, ErrMaxDepth
	}
	last := start + uint32(n-1)
	if !k.s.private && last >= HardenedKeyStart {
		return nil, ErrHardenedFromPublic
	}
	s := k.cache()
	children := make([]*ExtendedKey, n)
	// ks[j] is the scalar whose multiple of G child j's public key needs:
	// k_i for a private k, I_L for a public one.
	ks := make([]scalar.Scalar, n)
	defer clear(ks)
	for j := range children {
		i := start + uint32(j)
		var I [64]byte
		s.childHMAC(&I, i)
		child, err := s.childScalarFromI(&I, i, &ks[j])
		clear(I[:])
		if err != nil {
			return nil, fmt.Errorf("%w: index %d", err, i)
		}
		children[j] = child
	}
	pubs, err := s.publicKeys(ks)
	if err != nil { // K_i at infinity: probability 2⁻²⁵⁶
		return nil, fmt.Errorf("%w: %w", ErrInvalidChild, err)
	}
	for j, c := range children {
		c.s.pub = pubs[j] // before publicKey's once, which then keeps it
	}
	return children, nil
}

// childScalarFromI is childFromI for DeriveRange: it returns the child at
// index i without its public key, and sets x to the scalar whose multiple
// of G the public key needs: k_i for a private key, I_L for a public one
// (whose public key is then I_L·G + K_par). Constant time in the private
// key.
func (s *keyState) childScalarFromI(I *[64]byte, i uint32, x *scalar.Scalar) (*ExtendedKey, error) {
	var il secp256k1.Scalar
	if _, err := il.SetCanonicalBytes(I[:32]); err != nil {
		return nil, ErrInvalidChild
	}
	var priv secp256k1.PrivateKey
	k := &il
	if s.private {
		k = s.sec.priv.Scalar()
		k.Add(k, &il)
		p, err := secp256k1.NewPrivateKeyFromScalar(k)
		if err != nil {
			*k = secp256k1.Scalar{}
			return nil, ErrInvalidChild
		}
		priv = *p
		p.Zero()
	}
	b := [32]byte(k.Bytes())
	x.SetCanonicalBytes(&b) // canonical: a Scalar's encoding
	clear(b[:])
	*k, il = secp256k1.Scalar{}, secp256k1.Scalar{}
	return s.newChild(I, i, &priv), nil
}

// publicKeys returns the public keys of DeriveRange's children: ks[j]·G,
// plus K_par for a public parent, with one field inversion for all of them
// (as secp256k1.NewPublicKeys) and the k·G eight at a time on the lanes of
// internal/group8 where the CPU has them (ecmult.ScalarBaseMultMany). It
// returns an error wrapping secp256k1.ErrIdentity, naming the index, if a
// key is the identity. Constant time in ks.
func (s *keyState) publicKeys(ks []scalar.Scalar) ([]*secp256k1.PublicKey, error) {
	n := len(ks)
	P := make([]group.Jacobian, n)
	ecmult.ScalarBaseMultMany(P, ks)
	if !s.private {
		var parent group.Jacobian
		parent.SetAffine(affineOf(s.pub))
		for j := range P {
			P[j].Add(&P[j], &parent)
		}
	}
	for j := range P {
		if P[j].IsIdentity() == 1 {
			return nil, fmt.Errorf("%w: point %d", secp256k1.ErrIdentity, j)
		}
	}
	out := make([]group.Affine, n)
	group.BatchSetJacobian(out, P, make([]field.Element, n))
	clear(P)
	keys := make([]*secp256k1.PublicKey, n)
	var enc [65]byte
	enc[0] = 4
	for j := range out {
		x, y := out[j].X.Bytes(), out[j].Y.Bytes()
		copy(enc[1:33], x[:])
		copy(enc[33:], y[:])
		pub, err := secp256k1.ParsePublicKey(enc[:])
		if err != nil {
			panic("bip32: a computed public key does not parse: " + err.Error())
		}
		keys[j] = pub
	}
	clear(out)
	return keys, nil
}

// affineOf returns p's coordinates.
func affineOf(p *secp256k1.PublicKey) *group.Affine {
	b := p.BytesUncompressed()
	var a group.Affine
	a.X.SetBytes((*[32]byte)(b[1:33]))
	a.Y.SetBytes((*[32]byte)(b[33:65]))
	return &a
}
