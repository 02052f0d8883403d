package mpsig

import (
	"slices"

	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// The tweak accumulator: BIP-327's KeyAgg Context and BIP-445's Tweak
// Context without what differs (the key aggregation, the untweaked key),
// and BIP-327's and BIP-445's ApplyTweak, with BIP-341's taproot tweak.
// Every value here is public.

// Key is a possibly tweaked public key Q with the accumulated sign gacc and
// tweak tacc, and the tweaks applied. The zero value is not a key; a Key
// does not change once set (ApplyTweak writes another).
type Key struct {
	Q       group.Affine  // never the identity
	QC      [33]byte      // cbytes(Q)
	GaccNeg bool          // gacc = n − 1 if set, 1 otherwise
	Tacc    scalar.Scalar // 0 ≤ tacc < n
	Tweaks  []Tweak       // the tweaks applied, in order
}

// Tweak is one ApplyTweak input.
type Tweak struct {
	T     [32]byte
	XOnly bool
}

// SetQ sets k to the untweaked key Q (gacc = 1, tacc = 0) and returns
// true, or returns false if Q is the identity. Variable time.
func (k *Key) SetQ(Q *group.Jacobian) bool {
	*k = Key{}
	return k.setQ(Q)
}

// setQ sets Q and QC from Q, or returns false for the identity.
func (k *Key) setQ(Q *group.Jacobian) bool {
	if _, ok := k.Q.VarTimeSetJacobian(Q); ok == 0 {
		return false
	}
	k.Q.X.Normalize(&k.Q.X)
	k.Q.Y.Normalize(&k.Q.Y)
	k.Q.X.PutBytes((*[32]byte)(k.QC[1:]))
	k.QC[0] = 2 | byte(k.Q.Y.IsOdd())
	return true
}

// QOdd reports whether Q has an odd y: g = −1 in the BIPs' Sign and
// PartialSigAgg.
func (k *Key) QOdd() bool { return k.QC[0] == 3 }

// SignNeg returns 1 if g·gacc = −1 mod n (exactly one of Q's y odd and
// gacc = −1), the sign of a signer's secret in Sign and of its key
// coefficient in PartialSigVerify, and 0 otherwise.
func (k *Key) SignNeg() int {
	if k.QOdd() != k.GaccNeg {
		return 1
	}
	return 0
}

// TweakResult is the outcome of ApplyTweak.
type TweakResult int

const (
	TweakOK       TweakResult = iota
	TweakRange                // t ≥ n
	TweakInfinity             // Q' is the identity
)

// ApplyTweak sets out to k tweaked by the 32-byte tweak t (the BIPs'
// ApplyTweak): Q' = g·Q + t·G, where g = −1 if xonly and Q has an odd y,
// and g = 1 otherwise; gacc' = g·gacc and tacc' = t + g·tacc. out must not
// be k. Variable time: Q and t are public.
func (k *Key) ApplyTweak(out *Key, t *[32]byte, xonly bool) TweakResult {
	var ts scalar.Scalar
	if _, err := ts.SetCanonicalBytes(t); err != nil {
		return TweakRange
	}
	gNeg := xonly && k.QOdd()
	var Q group.Jacobian
	Q.SetAffine(&k.Q)
	if gNeg {
		Q.Negate(&Q)
	}
	var one scalar.Scalar
	one.SetUint64(1)
	Qt, ok := ecmult.VarTimeMult1G(&one, &Q, &ts)
	*out = Key{GaccNeg: k.GaccNeg != gNeg, Tweaks: append(slices.Clip(k.Tweaks), Tweak{T: *t, XOnly: xonly})}
	if !ok || !out.setQ(&Qt) {
		return TweakInfinity
	}
	out.Tacc.Set(&k.Tacc).CondNegate(b2i(gNeg))
	out.Tacc.Add(&out.Tacc, &ts)
	return TweakOK
}

// TapTweak returns BIP-341's tweak hash_TapTweak(xbytes(Q) ‖ merkleRoot)
// of Q taken as the internal key, or bip340.ErrMerkleRoot (schnorr's) if
// merkleRoot is neither empty (BIP-86) nor 32 bytes.
func (k *Key) TapTweak(merkleRoot []byte) ([32]byte, error) {
	return bip340.TapTweakHash(k.QC[1:], merkleRoot)
}

// TweakList returns copies of the tweaks and their modes, in order.
func (k *Key) TweakList() (tweaks [][]byte, isXOnly []bool) {
	tweaks = make([][]byte, len(k.Tweaks))
	isXOnly = make([]bool, len(k.Tweaks))
	for i := range k.Tweaks {
		tweaks[i] = slices.Clone(k.Tweaks[i].T[:])
		isXOnly[i] = k.Tweaks[i].XOnly
	}
	return tweaks, isXOnly
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
