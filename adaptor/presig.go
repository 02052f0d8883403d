package adaptor

import (
	"github.com/kestrel-crypto/secp256k1"
)

// The BIP-340 pre-signature that the single-signer scheme (SchnorrPreSign)
// and MuSig2 (musig2.PreSigAgg) both produce, and the arithmetic that
// turns it into a signature (Adapt) and back into the adaptor secret
// (Extract). The conventions are secp256k1-zkp's (secp256k1_musig_adapt and
// secp256k1_musig_extract_adaptor): the nonce R already contains the
// adaptor point T, and its y parity decides the sign of t.

// SchnorrPreSignatureSize is the length of the encoding of a
// SchnorrPreSignature: cbytes(R) ‖ bytes(s').
const SchnorrPreSignatureSize = 65

// SchnorrPreSignature is a BIP-340 adaptor pre-signature (R, s'): R is the
// final nonce, which includes the adaptor point T, and s' is the
// signature's s value short of ±t. Adapt with the adaptor secret t gives
// the BIP-340 signature xbytes(R) ‖ s' + t (R with an even y) or
// xbytes(R) ‖ s' − t (R with an odd y); Extract recovers t from that
// signature.
//
// secp256k1-zkp keeps the same value as a 64-byte pre_sig (xbytes(R) ‖ s')
// and a separate nonce_parity; NewSchnorrPreSignature and Bytes64 with
// NonceParity convert. This package encodes it as 65 bytes, the compressed
// R (whose prefix is the parity) followed by s'.
//
// The zero value is not a pre-signature: Adapt and Extract return an error
// wrapping secp256k1.ErrUninitialized for it, SchnorrPreVerify reports
// false, and the methods without an error result panic.
type SchnorrPreSignature struct {
	r [33]byte         // cbytes(R): 0x02 or 0x03 ‖ x, a point; r[0] = 0 in the zero value
	s secp256k1.Scalar // s'
}

// check returns errZeroPreSignature for nil or the zero value.
func (p *SchnorrPreSignature) check() error {
	if p == nil || p.r[0] == 0 {
		return errZeroPreSignature
	}
	return nil
}

// ParseSchnorrPreSignature parses the 65-byte encoding cbytes(R) ‖ s'. It
// returns ErrPreSignature if b is not 65 bytes, R is not a compressed
// encoding of a point, or s' is not less than n.
func ParseSchnorrPreSignature(b []byte) (*SchnorrPreSignature, error) {
	if len(b) != SchnorrPreSignatureSize {
		return nil, ErrPreSignature
	}
	return newPreSignature((*[33]byte)(b[:33]), b[33:])
}

// NewSchnorrPreSignature returns the pre-signature of secp256k1-zkp's
// 64-byte pre_sig (xbytes(R) ‖ s') and nonce_parity (1 if R has an odd y,
// else 0), the values that secp256k1_musig_partial_sig_agg and
// secp256k1_musig_nonce_parity return. It returns ErrPreSignature if
// preSig is not 64 bytes, nonceParity is not 0 or 1, xbytes(R) is not the
// x coordinate of a point, or s' is not less than n.
func NewSchnorrPreSignature(preSig []byte, nonceParity int) (*SchnorrPreSignature, error) {
	if len(preSig) != 64 || nonceParity&^1 != 0 {
		return nil, ErrPreSignature
	}
	var rc [33]byte
	rc[0] = 2 + byte(nonceParity)
	copy(rc[1:], preSig[:32])
	return newPreSignature(&rc, preSig[32:])
}

// newPreSignature checks and returns the pre-signature (rc, s).
func newPreSignature(rc *[33]byte, s []byte) (*SchnorrPreSignature, error) {
	var p SchnorrPreSignature
	var R secp256k1.Point
	if rc[0] != 2 && rc[0] != 3 {
		return nil, ErrPreSignature
	}
	if _, err := R.SetBytes(rc[:]); err != nil {
		return nil, ErrPreSignature
	}
	if _, err := p.s.SetCanonicalBytes(s); err != nil {
		return nil, ErrPreSignature
	}
	p.r = *rc
	return &p, nil
}

// Bytes returns the 65-byte encoding cbytes(R) ‖ s'.
func (p *SchnorrPreSignature) Bytes() []byte {
	must(p.check())
	out := make([]byte, SchnorrPreSignatureSize)
	copy(out, p.r[:])
	copy(out[33:], p.s.Bytes())
	return out
}

// Bytes64 returns secp256k1-zkp's 64-byte pre_sig xbytes(R) ‖ s', which
// with NonceParity is the whole pre-signature.
func (p *SchnorrPreSignature) Bytes64() []byte {
	must(p.check())
	out := make([]byte, 64)
	copy(out, p.r[1:])
	copy(out[32:], p.s.Bytes())
	return out
}

// NonceParity returns 1 if the nonce R has an odd y, and 0 if even
// (secp256k1-zkp's nonce_parity): Adapt subtracts t when it is 1.
func (p *SchnorrPreSignature) NonceParity() int {
	must(p.check())
	return int(p.r[0] & 1)
}

// R returns a copy of the nonce point R, which includes the adaptor point.
func (p *SchnorrPreSignature) R() *secp256k1.Point {
	must(p.check())
	R := new(secp256k1.Point)
	if _, err := R.SetBytes(p.r[:]); err != nil {
		panic("adaptor: unreachable: a checked pre-signature's R does not decode")
	}
	return R
}

// Equal reports whether p and q are the same pre-signature. Variable time:
// pre-signatures are public.
func (p *SchnorrPreSignature) Equal(q *SchnorrPreSignature) bool {
	must(p.check())
	must(q.check())
	return p.r == q.r && p.s.Equal(&q.s) == 1
}

// Adapt returns the 64-byte BIP-340 signature that the adaptor secret t
// completes p into: xbytes(R) ‖ s' + t if R has an even y, xbytes(R) ‖ s' − t
// if odd (secp256k1_musig_adapt). It does not check that t belongs to the
// adaptor point the pre-signature was made for: with the wrong t the
// signature does not verify (verify it with schnorr.Verify when t comes
// from elsewhere). It returns an error wrapping secp256k1.ErrUninitialized
// for a nil or zero p or t. Constant time in t.
func (p *SchnorrPreSignature) Adapt(t *secp256k1.PrivateKey) ([]byte, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	ts := t.Scalar()
	var s secp256k1.Scalar
	adaptScalar(&s, &p.s, ts, p.NonceParity())
	*ts = secp256k1.Scalar{}
	sig := make([]byte, 64)
	copy(sig, p.r[1:])
	copy(sig[32:], s.Bytes())
	return sig, nil
}

// Extract returns the adaptor secret t that turned p into sig, the
// signature that Adapt returned (secp256k1_musig_extract_adaptor):
// t = s − s' if R has an even y, s' − s if odd. It returns ErrSignature if
// sig is not 64 bytes, its s is not less than n, or its first half is not
// xbytes(R); ErrZeroSecret if s = s'; an error wrapping
// secp256k1.ErrUninitialized for a nil or zero p.
//
// The result is the adaptor secret only if sig is a valid signature (check
// it with schnorr.Verify) and p passed SchnorrPreVerify, or in MuSig2,
// every partial signature passed PartialSigVerify: otherwise anyone can
// make it any value. Compare its public key with the adaptor point.
func (p *SchnorrPreSignature) Extract(sig []byte) (*secp256k1.PrivateKey, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if len(sig) != 64 || [32]byte(sig[:32]) != [32]byte(p.r[1:]) {
		return nil, ErrSignature
	}
	var s, t secp256k1.Scalar
	if _, err := s.SetCanonicalBytes(sig[32:]); err != nil {
		return nil, ErrSignature
	}
	extractScalar(&t, &s, &p.s, p.NonceParity())
	k, err := secp256k1.NewPrivateKeyFromScalar(&t)
	t = secp256k1.Scalar{}
	if err != nil {
		return nil, ErrZeroSecret
	}
	return k, nil
}

// adaptScalar sets s = s' + t if parity is 0, and s' − t if parity is 1: the
// shared arithmetic of Adapt. Constant time in t (parity is public, and is
// used as a selector anyway).
func adaptScalar(s, sp, t *secp256k1.Scalar, parity int) {
	var neg secp256k1.Scalar
	neg.Negate(t)
	neg.Select(&neg, t, parity)
	s.Add(sp, &neg)
	neg = secp256k1.Scalar{}
}

// extractScalar sets t = s − s' if parity is 0, and s' − s if parity is 1,
// the inverse of adaptScalar.
func extractScalar(t, s, sp *secp256k1.Scalar, parity int) {
	var d, neg secp256k1.Scalar
	d.Subtract(s, sp)
	neg.Negate(&d)
	t.Select(&neg, &d, parity)
	d, neg = secp256k1.Scalar{}, secp256k1.Scalar{}
}
