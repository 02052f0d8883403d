package frost

import (
	"slices"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
)

// Tweaking the threshold public key: BIP-445's Tweak Context, which is
// BIP-327's KeyAgg Context without the key aggregation. Every value here is
// public, so this file uses variable-time point arithmetic throughout.

// TweakContext is BIP-445's Tweak Context: the possibly tweaked threshold
// public key Q, the accumulated sign gacc and the accumulated tweak tacc.
// It also keeps the untweaked threshold public key and the tweaks applied so
// that a session can be started from it (NewSessionContext).
//
// A TweakContext is immutable: ApplyTweak returns a new context. It is safe
// for concurrent use. The zero value (like a nil *TweakContext) is not a
// context; use NewTweakContext or SignersContext.TweakContext. Its methods
// with an error result return an error wrapping secp256k1.ErrUninitialized
// for it, and the others panic.
type TweakContext struct {
	key  mpsig.Key            // Q, gacc, tacc and the tweaks applied
	pub  *secp256k1.PublicKey // Q as a public key
	base [33]byte             // the untweaked threshold public key
}

// NewTweakContext returns the Tweak Context of the 33-byte compressed
// threshold public key threshPK, untweaked (BIP-445's TweakCtxInit). It
// returns ErrThreshPubKey if threshPK is not a compressed point.
func NewTweakContext(threshPK []byte) (*TweakContext, error) {
	var Q group.Jacobian
	if len(threshPK) != PubShareSize || !Q.SetCompressed((*[33]byte)(threshPK)) {
		return nil, ErrThreshPubKey
	}
	c := &TweakContext{base: [33]byte(threshPK)}
	c.key.SetQ(&Q) // never the identity: a compressed point
	c.pub = door.NewPublicKey(&c.key.Q)
	return c, nil
}

// ApplyTweak returns the context tweaked by the 32-byte tweak t (BIP-445's
// ApplyTweak): Q' = g·Q + t·G, where g = −1 if isXOnly and Q has an odd y,
// and g = 1 otherwise. A plain tweak (isXOnly false) adds t·G to the plain
// threshold key, as BIP-32 derivation does; an x-only tweak adds it to the
// even-y point with Q's x coordinate, as BIP-341 does. c is unchanged.
//
// It returns ErrTweakLength if t is not 32 bytes, ErrTweak if t ≥ n, and
// ErrTweakInfinity if Q' is the point at infinity. Variable time: Q and t
// are public.
func (c *TweakContext) ApplyTweak(tweak []byte, isXOnly bool) (*TweakContext, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if len(tweak) != 32 {
		return nil, ErrTweakLength
	}
	n := &TweakContext{base: c.base}
	switch c.key.ApplyTweak(&n.key, (*[32]byte)(tweak), isXOnly) {
	case mpsig.TweakRange:
		return nil, ErrTweak
	case mpsig.TweakInfinity:
		return nil, ErrTweakInfinity
	}
	n.pub = door.NewPublicKey(&n.key.Q)
	return n, nil
}

// XOnlyPublicKey returns the 32-byte x-only key xbytes(Q) (BIP-445's
// GetXonlyPubkey): the BIP-340 key that the final signature verifies under.
func (c *TweakContext) XOnlyPublicKey() []byte {
	mpsig.Must(c.check())
	return slices.Clone(c.key.QC[1:])
}

// PlainPublicKey returns the 33-byte compressed key cbytes(Q) (BIP-445's
// GetPlainPubkey), for example to derive BIP-32 plain tweaks.
func (c *TweakContext) PlainPublicKey() []byte {
	mpsig.Must(c.check())
	return slices.Clone(c.key.QC[:])
}

// PublicKey returns a copy of the (tweaked) threshold public key Q.
// schnorr.Verify accepts it directly (it uses Q's x coordinate only).
func (c *TweakContext) PublicKey() *secp256k1.PublicKey {
	mpsig.Must(c.check())
	pub := *c.pub
	return &pub
}

// Tweaks returns a copy of the tweaks applied to c and their modes, in the
// order they were applied: the tweak₁..v and is_xonly_t₁..v of BIP-445's
// Session Context. Both are empty for an untweaked context.
func (c *TweakContext) Tweaks() (tweaks [][]byte, isXOnly []bool) {
	mpsig.Must(c.check())
	return c.key.TweakList()
}

// applyTweaks returns c with each tweak applied in turn, as GetSessionValues
// and DeterministicSign do.
func (c *TweakContext) applyTweaks(tweaks [][]byte, isXOnly []bool) (*TweakContext, error) {
	if len(tweaks) != len(isXOnly) {
		return nil, ErrTweakModes
	}
	var err error
	for i := range tweaks {
		if c, err = c.ApplyTweak(tweaks[i], isXOnly[i]); err != nil {
			return nil, err
		}
	}
	return c, nil
}
