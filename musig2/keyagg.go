package musig2

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Key sorting, key aggregation and tweaking: BIP-327's "Key Generation and
// Aggregation" and "Applying Tweaks". Every value here is public, so this
// file uses variable-time point arithmetic throughout.

// PublicKeySize is the length of an individual public key: the 33-byte
// compressed (plain) encoding, secp256k1.PublicKey.BytesCompressed.
const PublicKeySize = 33

// KeySort returns the public keys sorted in lexicographical byte order
// (BIP-327's KeySort), so that KeyAgg gives the same aggregate key whatever
// order the signers are listed in. The result is a new slice; its elements
// are the input's byte slices, which are not copied. Duplicates are kept.
func KeySort(pubkeys [][]byte) [][]byte {
	sorted := slices.Clone(pubkeys)
	slices.SortStableFunc(sorted, bytes.Compare) // O(u log u) on any input
	return sorted
}

// KeyAggContext is BIP-327's KeyAgg Context: the possibly tweaked aggregate
// public key Q, the accumulated sign gacc and the accumulated tweak tacc. It
// also keeps the list of individual public keys and the tweaks applied so
// far, so that NewSessionContext can start a signing session from it.
//
// An aggregator that keeps the context (or one tweaked from it) checks a
// signer's partial signatures from that signer's second session on with a
// precomputed table of its key (24 KiB, built once at the cost of about
// three checks), which takes a sixth off each check.
//
// A KeyAggContext is immutable: ApplyTweak returns a new context. It is safe
// for concurrent use. The zero value (like a nil *KeyAggContext) is not a
// context; use KeyAgg. Its methods with an error result return an error
// wrapping secp256k1.ErrUninitialized for it, and the others panic.
type KeyAggContext struct {
	key  mpsig.Key            // Q, gacc, tacc and the tweaks applied
	pub  *secp256k1.PublicKey // Q as a public key
	keys *keyList             // shared by all contexts derived from one KeyAgg
}

// keyList is the key aggregation's input and its per-key results.
type keyList struct {
	pubkeys [][33]byte        // pk₁..u as given
	points  []group.Jacobian  // P_i = cpoint(pk_i), affine (Z = 1)
	coeffs  []scalar.Scalar   // a_i = KeyAggCoeff(pk₁..u, pk_i)
	tables  []mpsig.LazyTable // P_i's Strauss table, from its second session on
}

// KeyAgg aggregates the individual public keys, 33-byte compressed
// encodings (secp256k1.PublicKey.BytesCompressed), into the aggregate public
// key Q = a₁·P₁ + … + a_u·P_u (BIP-327's KeyAgg). The order of the keys
// matters; use KeySort for an order-independent result. A key may occur more
// than once.
//
// For a key that is not a valid compressed encoding it returns an
// InvalidContributionError that blames that key's index with ContribPubKey
// (cause ErrPublicKey; for a key that is not 33 bytes, such as a 32-byte
// x-only key, wrapped with both lengths: "want 33 bytes, got 32"). It
// returns ErrNoPublicKeys for an empty list and, with negligible
// probability for honest keys, ErrAggregateInfinity.
func KeyAgg(pubkeys [][]byte) (*KeyAggContext, error) {
	u := len(pubkeys)
	if u == 0 {
		return nil, ErrNoPublicKeys
	}
	kl := &keyList{
		pubkeys: make([][33]byte, u),
		points:  make([]group.Jacobian, u),
		coeffs:  make([]scalar.Scalar, u),
		tables:  make([]mpsig.LazyTable, u),
	}
	for i, pk := range pubkeys {
		if len(pk) != PublicKeySize {
			return nil, blame(i, ContribPubKey, fmt.Errorf("%w: %s", ErrPublicKey, keyLengthDetail(len(pk))))
		}
		if !kl.points[i].SetCompressed((*[33]byte)(pk)) {
			return nil, blame(i, ContribPubKey, ErrPublicKey)
		}
		copy(kl.pubkeys[i][:], pk)
	}
	L := hashKeys(kl.pubkeys)
	pk2 := secondKey(kl.pubkeys)
	scalars := make([]*scalar.Scalar, u)
	points := make([]*group.Jacobian, u)
	for i := range kl.pubkeys {
		keyAggCoeff(&kl.coeffs[i], &L, &kl.pubkeys[i], pk2)
		scalars[i], points[i] = &kl.coeffs[i], &kl.points[i]
	}
	Q, ok := ecmult.VarTimeMultiScalarMult(scalars, points, nil)
	c := &KeyAggContext{keys: kl}
	if !ok || !c.key.SetQ(&Q) { // !ok is unreachable: the points are on the curve
		return nil, ErrAggregateInfinity
	}
	c.pub = door.NewPublicKey(&c.key.Q)
	return c, nil
}

// keyLengthDetail is the detail of the error for an individual public key
// of n bytes, not the 33 of a compressed key.
func keyLengthDetail(n int) string {
	if n == 32 {
		return "want 33 bytes, got 32: musig2 takes 33-byte compressed keys, not x-only keys"
	}
	return fmt.Sprintf("want 33 bytes, got %d: musig2 takes 33-byte compressed keys", n)
}

// hashKeys returns BIP-327's HashKeys(pk₁..u) = hash_KeyAgg list(pk₁ ‖ … ‖ pk_u).
func hashKeys(pubkeys [][33]byte) [32]byte {
	h := tagKeyAggList.New()
	for i := range pubkeys {
		h.Write(pubkeys[i][:])
	}
	var L [32]byte
	h.Sum(&L)
	return L
}

// secondKey returns BIP-327's GetSecondKey(pk₁..u): the first key that
// differs from pk₁, or nil (standing for bytes(33, 0), which is never a
// valid key) if all keys equal pk₁.
func secondKey(pubkeys [][33]byte) *[33]byte {
	for j := range pubkeys {
		if pubkeys[j] != pubkeys[0] {
			return &pubkeys[j]
		}
	}
	return nil
}

// keyAggCoeff sets a to BIP-327's KeyAggCoeffInternal(pk₁..u, pk, pk2) for
// L = HashKeys(pk₁..u): 1 if pk is the second key pk2 (MuSig2*), and
// int(hash_KeyAgg coefficient(L ‖ pk)) mod n otherwise.
func keyAggCoeff(a *scalar.Scalar, L *[32]byte, pk, pk2 *[33]byte) {
	if pk2 != nil && *pk == *pk2 {
		a.SetUint64(1)
		return
	}
	h := tagKeyAggCoeff.Sum(L[:], pk[:])
	a.SetReducedBytes(&h)
}

// index returns the index of the first occurrence of pk in the key list, or
// −1 if pk is not in it. Keys that occur more than once have the same
// coefficient, so any occurrence would do.
func (kl *keyList) index(pk *[33]byte) int {
	for i := range kl.pubkeys {
		if kl.pubkeys[i] == *pk {
			return i
		}
	}
	return -1
}

// ApplyTweak returns the context tweaked by the 32-byte tweak t (BIP-327's
// ApplyTweak): Q' = g·Q + t·G, where g = −1 if isXOnly and Q has an odd y,
// and g = 1 otherwise. A plain tweak (isXOnly false) adds t·G to the plain
// aggregate key, as BIP-32 derivation does; an x-only tweak adds it to the
// even-y point with Q's x coordinate, as BIP-341 does. c is unchanged.
//
// It returns ErrTweak if t is not 32 bytes or t ≥ n, and ErrTweakInfinity
// if Q' is the point at infinity. Variable time: Q and t are public.
func (c *KeyAggContext) ApplyTweak(tweak []byte, isXOnly bool) (*KeyAggContext, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	if len(tweak) != 32 {
		return nil, ErrTweak
	}
	n := &KeyAggContext{keys: c.keys}
	if err := tweakError(c.key.ApplyTweak(&n.key, (*[32]byte)(tweak), isXOnly)); err != nil {
		return nil, err
	}
	n.pub = door.NewPublicKey(&n.key.Q)
	return n, nil
}

// tweakError returns ApplyTweak's error for r.
func tweakError(r mpsig.TweakResult) error {
	switch r {
	case mpsig.TweakRange:
		return ErrTweak
	case mpsig.TweakInfinity:
		return ErrTweakInfinity
	}
	return nil
}

// XOnlyPublicKey returns the 32-byte x-only aggregate public key xbytes(Q)
// (BIP-327's GetXonlyPubkey): the BIP-340 key that the final signature
// verifies under.
func (c *KeyAggContext) XOnlyPublicKey() []byte {
	// A wrapper, so that it can be inlined and out, when it does not
	// escape, can live on the caller's stack; the check is in the callee.
	var out [32]byte
	c.getQ(out[:], 1)
	return out[:]
}

// PlainPublicKey returns the 33-byte compressed aggregate public key cbytes(Q)
// (BIP-327's GetPlainPubkey), for example to derive BIP-32 plain tweaks.
func (c *KeyAggContext) PlainPublicKey() []byte {
	var out [33]byte // as in XOnlyPublicKey
	c.getQ(out[:], 0)
	return out[:]
}

// getQ copies cbytes(Q)[from:] into out.
func (c *KeyAggContext) getQ(out []byte, from int) {
	mpsig.Must(c.check())
	copy(out, c.key.QC[from:])
}

// PublicKey returns a copy of the aggregate public key Q. schnorr.Verify
// accepts it directly (it uses Q's x coordinate only).
func (c *KeyAggContext) PublicKey() *secp256k1.PublicKey {
	pub := new(secp256k1.PublicKey) // as in XOnlyPublicKey
	c.getPublicKey(pub)
	return pub
}

// getPublicKey sets pub to Q.
func (c *KeyAggContext) getPublicKey(pub *secp256k1.PublicKey) {
	mpsig.Must(c.check())
	*pub = *c.pub
}

// PublicKeys returns a copy of the individual public keys that were
// aggregated, in KeyAgg's order.
func (c *KeyAggContext) PublicKeys() [][]byte {
	mpsig.Must(c.check())
	out := make([][]byte, len(c.keys.pubkeys))
	for i := range c.keys.pubkeys {
		out[i] = slices.Clone(c.keys.pubkeys[i][:])
	}
	return out
}

// Tweaks returns a copy of the tweaks applied to c and their modes, in the
// order they were applied: the tweak₁..v and is_xonly_t₁..v of BIP-327's
// Session Context. Both are empty for an untweaked context.
func (c *KeyAggContext) Tweaks() (tweaks [][]byte, isXOnly []bool) {
	mpsig.Must(c.check())
	return c.key.TweakList()
}

// keyAggAndTweak runs KeyAgg(pubkeys) and then ApplyTweak for each tweak in
// turn, as GetSessionValues and DeterministicSign do.
func keyAggAndTweak(pubkeys, tweaks [][]byte, isXOnly []bool) (*KeyAggContext, error) {
	if len(tweaks) != len(isXOnly) {
		return nil, ErrTweakModes
	}
	c, err := KeyAgg(pubkeys)
	if err != nil {
		return nil, err
	}
	for i := range tweaks {
		if c, err = c.ApplyTweak(tweaks[i], isXOnly[i]); err != nil {
			return nil, err
		}
	}
	return c, nil
}
