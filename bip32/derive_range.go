package bip32

import (
	"fmt"
	"math"

	"github.com/kestrel-crypto/secp256k1"
)

// DeriveRange returns the n children of k at the indices start, start + 1,
// …, start + n − 1, each what Derive would return, with their public keys
// computed together: each child's public key is one k·G (and for a public
// k one point addition) as with Derive, but all of them share one field
// inversion (secp256k1.NewPublicKeys), where a child from Derive pays one
// inversion of its own when its public key is first needed, and on CPUs
// with AVX-512 IFMA the k·G run eight at a time on vector lanes
// (secp256k1.ScalarBaseMultMany). A wallet
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
	ks := make([]secp256k1.Scalar, n)
	kp := make([]*secp256k1.Scalar, n)
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
		children[j], kp[j] = child, &ks[j]
	}
	points := secp256k1.ScalarBaseMultMany(kp)
	if !s.private {
		parent := s.pub.Point()
		for _, P := range points {
			P.Add(P, parent)
		}
	}
	pubs, err := secp256k1.NewPublicKeys(points)
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
func (s *keyState) childScalarFromI(I *[64]byte, i uint32, x *secp256k1.Scalar) (*ExtendedKey, error) {
	if _, err := x.SetCanonicalBytes(I[:32]); err != nil {
		return nil, ErrInvalidChild
	}
	var priv secp256k1.PrivateKey
	if s.private {
		k := s.sec.priv.Scalar()
		x.Add(x, k)
		*k = secp256k1.Scalar{}
		p, err := secp256k1.NewPrivateKeyFromScalar(x)
		if err != nil {
			return nil, ErrInvalidChild
		}
		priv = *p
		p.Zero()
	}
	return s.newChild(I, i, &priv), nil
}
