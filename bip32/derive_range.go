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
// inversion of its own when its public key is first needed. A wallet
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
	points := make([]*secp256k1.Point, n)
	pointBuf := make([]secp256k1.Point, n)
	var parent *secp256k1.Point
	if !s.private {
		parent = s.pub.Point()
	}
	for j := range children {
		i := start + uint32(j)
		var I [64]byte
		s.childHMAC(&I, i)
		child, P, err := s.childPointFromI(&I, i, &pointBuf[j], parent)
		clear(I[:])
		if err != nil {
			return nil, fmt.Errorf("%w: index %d", err, i)
		}
		children[j], points[j] = child, P
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

// childPointFromI is childFromI for DeriveRange: it returns the child at
// index i without its public key, and the public key as a point in P (not
// yet affine): k_i·G for a private key, I_L·G + K_par (parent) for a
// public one. Constant time in the private key.
func (s *keyState) childPointFromI(I *[64]byte, i uint32, P, parent *secp256k1.Point) (*ExtendedKey, *secp256k1.Point, error) {
	var il secp256k1.Scalar
	if _, err := il.SetCanonicalBytes(I[:32]); err != nil {
		return nil, nil, ErrInvalidChild
	}
	var priv secp256k1.PrivateKey
	if s.private {
		x := s.sec.priv.Scalar()
		x.Add(x, &il)
		p, err := secp256k1.NewPrivateKeyFromScalar(x)
		if err != nil {
			*x = secp256k1.Scalar{}
			return nil, nil, ErrInvalidChild
		}
		P.ScalarBaseMult(x)
		*x = secp256k1.Scalar{}
		priv = *p
		p.Zero()
	} else {
		P.ScalarBaseMult(&il)
		P.Add(P, parent)
	}
	il = secp256k1.Scalar{}
	return s.newChild(I, i, &priv), P, nil
}
