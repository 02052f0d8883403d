package schnorr

import (
	"bytes"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/bip340"
	"github.com/kestrel-crypto/secp256k1/internal/door"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"

	"github.com/kestrel-crypto/secp256k1/internal/compactsize"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// X-only key tweaks (libsecp256k1's extrakeys module:
// secp256k1_xonly_pubkey_tweak_add, secp256k1_xonly_pubkey_tweak_add_check
// and secp256k1_keypair_xonly_tweak_add) and the BIP-341 taproot
// constructions built on them: the TapTweak of an output key, and the
// TapLeaf and TapBranch hashes of a script tree.
//
// An x-only tweak of the key P adds t·G to lift_x(x(P)), the point with P's
// x coordinate and an even y, not to P itself; the result Q is a full point,
// whose y parity a BIP-341 script-path spend reveals in its control block.
//
// The public-key functions handle only public values and are variable time.
// Keypair.TweakAdd and Keypair.TapTweak are constant time in the secret key
// and the tweak.

var (
	// ErrTweak is returned for an x-only tweak that is not 32 bytes or whose
	// value is not less than n, and when the tweaked key would be the
	// identity (or 0 for a key pair): that happens only for a tweak equal to
	// the negated secret key, and with negligible probability for a tweak
	// derived by hashing, such as the TapTweak.
	ErrTweak = bip340.ErrTweak
	// ErrMerkleRoot is returned for a taproot merkle root that is neither
	// empty (key-path-only output) nor 32 bytes.
	ErrMerkleRoot = bip340.ErrMerkleRoot
)

// TapscriptLeafVersion is the leaf version of BIP-342 tapscript, the only
// leaf version with consensus meaning so far (BIP-341's 0xc0).
const TapscriptLeafVersion = 0xc0

// The BIP-341 tags.
var (
	tagTapLeaf   = ksha256.NewTag("TapLeaf")
	tagTapBranch = ksha256.NewTag("TapBranch")
)

// XOnlyTweakAdd returns Q = lift_x(x(internal)) + t·G for the 32-byte tweak t
// (libsecp256k1's secp256k1_xonly_pubkey_tweak_add): the x-only tweak of
// internal, which uses internal's x coordinate only. Q is the full point; its
// x coordinate is the tweaked x-only key (SerializePublicKey) and the parity
// of its y is the first byte of its compressed encoding, minus 2. It returns
// secp256k1.ErrUninitialized if internal is the zero value of
// secp256k1.PublicKey, and ErrTweak if t is not 32 bytes, t ≥ n, or Q is
// the identity. Variable time: internal and t are public.
func XOnlyTweakAdd(internal *secp256k1.PublicKey, tweak []byte) (*secp256k1.PublicKey, error) {
	a, err := door.PublicKey(internal)
	if err != nil {
		return nil, err
	}
	P := internal
	if a.Y.IsOdd() == 1 {
		P = internal.Negate() // lift_x(x(internal)) has an even y
	}
	Q, err := P.TweakAdd(tweak)
	if err != nil {
		return nil, ErrTweak
	}
	return Q, nil
}

// XOnlyTweakAddCheck reports whether the 32-byte x-only key tweakedX with y
// parity parity (0 for even, 1 for odd) is the x-only tweak of internal by
// the 32-byte tweak t, that is whether XOnlyTweakAdd(internal, t) has x
// coordinate tweakedX and y parity parity (libsecp256k1's
// secp256k1_xonly_pubkey_tweak_add_check). It returns false for malformed
// inputs: tweakedX not 32 bytes, parity not 0 or 1, an internal key that is
// the zero value of secp256k1.PublicKey, or a tweak that XOnlyTweakAdd
// rejects. Variable time: every input is public.
func XOnlyTweakAddCheck(tweakedX []byte, parity int, internal *secp256k1.PublicKey, tweak []byte) bool {
	if len(tweakedX) != 32 || (parity != 0 && parity != 1) {
		return false
	}
	Q, err := XOnlyTweakAdd(internal, tweak)
	if err != nil {
		return false
	}
	c := Q.BytesCompressed()
	return int(c[0]&1) == parity && bytes.Equal(c[1:], tweakedX)
}

// TweakAdd returns the key pair tweaked by the 32-byte x-only tweak t
// (libsecp256k1's secp256k1_keypair_xonly_tweak_add): its secret key is
// d + t, where d is kp's secret key negated if needed so that d·G has an
// even y, and its public key (PublicKey, with Parity) is
// XOnlyTweakAdd(kp.PublicKey(), t). The new pair signs for that tweaked
// x-only key. kp is unchanged. It returns secp256k1.ErrUninitialized if kp
// is the zero value, and ErrTweak if t is not 32 bytes, t ≥ n, or
// d + t = 0. Constant time in the secret key and t; only whether t is
// accepted can be observed.
func (kp *Keypair) TweakAdd(tweak []byte) (*Keypair, error) {
	if err := kp.Validate(); err != nil {
		return nil, err
	}
	if len(tweak) != 32 {
		return nil, ErrTweak
	}
	var t scalar.Scalar
	if _, err := t.SetCanonicalBytes((*[32]byte)(tweak)); err != nil {
		return nil, ErrTweak
	}
	var d scalar.Scalar
	d.Add(&kp.key.D, &t) // kp.key.D is already the even-y secret
	t = scalar.Scalar{}
	if d.IsZero() == 1 {
		return nil, ErrTweak
	}
	out := new(Keypair)
	out.init(&d)
	d = scalar.Scalar{}
	return out, nil
}

// TapTweakHash returns BIP-341's taproot tweak of the internal key and the
// script tree's merkle root, t = hash_TapTweak(x(internal) ‖ merkleRoot).
// merkleRoot is nil or empty for an output without a script path (BIP-86's
// key-path-only outputs), and otherwise the 32-byte root (for example a
// TapLeafHash or TapBranchHash). It returns secp256k1.ErrUninitialized if
// internal is the zero value of secp256k1.PublicKey, and ErrMerkleRoot for
// a merkle root of another length.
func TapTweakHash(internal *secp256k1.PublicKey, merkleRoot []byte) ([32]byte, error) {
	a, err := door.PublicKey(internal)
	if err != nil {
		return [32]byte{}, err
	}
	var px [32]byte
	a.X.PutBytes(&px)
	return bip340.TapTweakHash(px[:], merkleRoot)
}

// TapTweak returns BIP-341's taproot output key Q = lift_x(x(internal)) +
// t·G, with t = TapTweakHash(internal, merkleRoot) (BIP-341's
// taproot_tweak_pubkey). merkleRoot is nil or empty for a key-path-only
// output (BIP-86), and otherwise the 32-byte root of the script tree. The
// output's witness program (scriptPubKey OP_1 0x20 ‖ x(Q)) is
// SerializePublicKey(Q); the parity of Q's y goes into the control block of a
// script-path spend. It returns secp256k1.ErrUninitialized if internal is
// the zero value of secp256k1.PublicKey, ErrMerkleRoot for a merkle root of
// the wrong length, and ErrTweak with negligible probability (t ≥ n or Q
// the identity). Variable time: internal and merkleRoot are public.
func TapTweak(internal *secp256k1.PublicKey, merkleRoot []byte) (*secp256k1.PublicKey, error) {
	a, err := door.PublicKey(internal)
	if err != nil {
		return nil, err
	}
	var q group.Affine
	if err := bip340.TapTweak(&q, &a, merkleRoot); err != nil {
		return nil, err
	}
	return door.NewPublicKey(&q), nil
}

// TapTweak returns the key pair for key-path spending of the taproot output
// TapTweak(kp.PublicKey(), merkleRoot) (BIP-341's taproot_tweak_seckey): kp
// tweaked by TapTweakHash(kp.PublicKey(), merkleRoot). Its signatures verify
// with the output key. merkleRoot is as for TapTweak. It returns
// secp256k1.ErrUninitialized if kp is the zero value. Constant time in the
// secret key.
func (kp *Keypair) TapTweak(merkleRoot []byte) (*Keypair, error) {
	if err := kp.Validate(); err != nil {
		return nil, err
	}
	t, err := bip340.TapTweakHash(kp.key.PX[:], merkleRoot)
	if err != nil {
		return nil, err
	}
	return kp.TweakAdd(t[:])
}

// TapLeafHash returns BIP-341's tapleaf hash of a script-tree leaf,
// hash_TapLeaf(leafVersion ‖ compact_size(len(script)) ‖ script).
// leafVersion is the full (even) leaf version byte, TapscriptLeafVersion for
// BIP-342 scripts.
func TapLeafHash(leafVersion byte, script []byte) [32]byte {
	var buf [1 + compactsize.MaxLen]byte
	prefix := compactsize.Append(append(buf[:0], leafVersion), uint64(len(script)))
	return tagTapLeaf.Sum(prefix, script)
}

// TapBranchHash returns BIP-341's hash of an inner node of a script tree
// with children hashes a and b, hash_TapBranch(min(a, b) ‖ max(a, b)) in
// lexicographic order, so the order of a and b does not matter.
func TapBranchHash(a, b [32]byte) [32]byte {
	if bytes.Compare(a[:], b[:]) > 0 {
		a, b = b, a
	}
	return tagTapBranch.Sum(a[:], b[:])
}
