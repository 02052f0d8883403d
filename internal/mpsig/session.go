package mpsig

import (
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// The session: the values of GetSessionValues that both BIPs derive alike
// from the nonce coefficient b (whose hash differs), Sign's arithmetic,
// and PartialSigAgg.

// Session holds a session's nonce coefficient b, final nonce R and
// challenge e.
type Session struct {
	B, E scalar.Scalar
	R    group.Affine // the final nonce, never the identity
	RX   [32]byte     // xbytes(R)
	ROdd bool         // R has an odd y
	ID   uint64       // NewSessionID, for the signers' LazyTables
}

// SetB sets b = int(hash_noncecoef(parts…)) mod n.
func (t *Tags) SetB(s *Session, parts ...[]byte) {
	h := t.NonceCoef.Sum(parts...)
	s.B.SetReducedBytes(&h)
}

// SetR sets R = R₁ + b·R₂ of the aggregate nonce agg (G if that is the
// identity), then e = int(hash_BIP0340/challenge(xbytes(R) ‖ qx ‖ msg))
// mod n, and a new session ID. b must be set. Variable time: every input
// is public.
func (s *Session) SetR(agg *Nonce, qx *[32]byte, msg []byte) {
	var one scalar.Scalar
	one.SetUint64(1)
	R, ok := ecmult.VarTimeMult2(&one, &agg.R1, &s.B, &agg.R2)
	if _, nz := s.R.VarTimeSetJacobian(&R); !ok || nz == 0 {
		s.R = group.Generator // ok is false only for points off the curve, which decoding excludes
	}
	s.R.X.Normalize(&s.R.X)
	s.R.Y.Normalize(&s.R.Y)
	s.R.X.PutBytes(&s.RX)
	s.ROdd = s.R.Y.IsOdd() == 1
	bip340.Standard.Challenge(&s.E, &s.RX, qx, msg)
	s.ID = NewSessionID()
}

// SignResult is the outcome of Sign.
type SignResult int

const (
	Signed    SignResult = iota
	NonceUsed            // the nonce was consumed already
	ZeroK1               // k₁ is zero (the nonce was consumed)
	ZeroK2               // k₂ is zero (the nonce was consumed)
)

// Sign consumes the nonce n and sets sig to the partial signature
//
//	s = k₁ + b·k₂ + e·c·d mod n,
//
// with k₁ and k₂ negated if R has an odd y, and d negated if dNeg is 1
// (g·gacc = −1: Key.SignNeg). c is the signer's key coefficient (MuSig2's
// a, FROST's λ). It leaves sig unchanged unless it returns Signed.
// Constant time in d and the nonce.
func (s *Session) Sign(sig *scalar.Scalar, n *SecNonce, d, c *scalar.Scalar, dNeg int) SignResult {
	k1, k2, ok := n.Take()
	if !ok {
		return NonceUsed
	}
	r := Signed
	switch {
	case k1.IsZero() == 1:
		r = ZeroK1
	case k2.IsZero() == 1:
		r = ZeroK2
	default:
		if s.ROdd { // R is public
			k1.Negate(&k1)
			k2.Negate(&k2)
		}
		var ecd scalar.Scalar
		ecd.Multiply(d, c)
		if dNeg == 1 { // the signs of Q and gacc are public
			ecd.Negate(&ecd)
		}
		ecd.Multiply(&ecd, &s.E)
		sig.Multiply(&s.B, &k2)
		sig.Add(sig, &k1)
		sig.Add(sig, &ecd)
		ecd = scalar.Scalar{}
	}
	k1, k2 = scalar.Scalar{}, scalar.Scalar{}
	return r
}

// Check returns the partial-signature check of a signer with key
// coefficient c (a or λ) and point P, whose table T may be nil: its
// coefficient is e·c·g', negated when g' = g·gacc = −1 (k.SignNeg).
// Variable time.
func (s *Session) Check(k *Key, c *scalar.Scalar, P *group.Jacobian, T *ecmult.Table) Check {
	chk := Check{B: &s.B, ROdd: s.ROdd, P: P, T: T}
	chk.C.Multiply(&s.E, c)
	chk.C.CondNegate(k.SignNeg())
	return chk
}

// Aggregate writes the signature xbytes(R) ‖ bytes(32, s) into sig, with
// s = s₁ + … + s_u + e·g·tacc mod n (the BIPs' PartialSigAgg), g = −1 if
// Q has an odd y. It returns −1, or the index of the first partial
// signature not less than n, with sig unchanged. Variable time.
func Aggregate[P ~[32]byte](sig *[64]byte, psigs []P, s *Session, k *Key) int {
	var sum, si scalar.Scalar
	for i := range psigs {
		if _, err := si.SetCanonicalBytes((*[32]byte)(psigs[i][:])); err != nil {
			return i
		}
		sum.Add(&sum, &si)
	}
	var t scalar.Scalar
	t.Multiply(&s.E, &k.Tacc)
	if k.QOdd() {
		t.Negate(&t)
	}
	sum.Add(&sum, &t)
	copy(sig[:32], s.RX[:])
	sum.PutBytes((*[32]byte)(sig[32:]))
	return -1
}
