package bip32

import (
	"crypto/subtle"
	"encoding/binary"
	"sync"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/ripemd160"
)

// ExtendedKey is a BIP-32 extended key: a private key (an xprv) or a public
// key (an xpub) with its chain code, and where it sits in the tree: its
// depth, its parent's fingerprint and its child number. It also keeps its
// Network, the version bytes of its serialization.
//
// An ExtendedKey does not change once made: Derive, Neuter and WithNetwork
// return new keys. It is safe for concurrent use, until Zero wipes it. Its
// state lives behind a pointer: copies of an ExtendedKey value share it (Zero
// wipes them all), and fmt prints an ExtendedKey in an unexported struct
// field, whose methods it cannot call, as an address.
//
// The zero value (like a nil *ExtendedKey) is not a key; use NewMaster,
// ParseExtendedKey or a derivation. Methods with an error result return
// secp256k1.ErrUninitialized for it, and the others panic. fmt prints a
// private extended key as a fixed text, and encoding/json refuses it; a
// public one prints as its xpub string.
type ExtendedKey struct {
	s *keyState // nil only in the zero value (or after Zero)
}

// keyState is an extended key. A zero net (after wipe) marks a wiped key.
type keyState struct {
	net      Network // a checked pair: Private ≠ Public
	depth    uint8
	private  bool
	parentFP uint32   // the parent's fingerprint; 0 at depth 0
	child    uint32   // the child number; 0 at depth 0
	sec      *secrets // the chain code and the private key (see secrets)

	// The public half, computed once: for a private key, k·G when first
	// needed; then the compressed encoding, which a normal child's HMAC
	// takes, and the fingerprint, which every child records as its
	// parent's.
	pubOnce sync.Once
	pub     *secp256k1.PublicKey // set before pubOnce for a public key (and a private one from DeriveRange), else by pubOnce
	once    sync.Once
	enc     [33]byte // serP(pub), set by once
	fp      uint32   // the first 4 bytes of HASH160(enc), set by once
}

// secrets are the secret fields of a key, two pointers away from an
// ExtendedKey value: fmt, given a verb it has no meaning for, such as %s
// for a pointer, prints what the pointer points to even in an unexported
// field, but the pointers inside that as addresses.
type secrets struct {
	chainCode [32]byte
	priv      secp256k1.PrivateKey // the key, if private; the zero value otherwise
}

// keyAlloc puts an ExtendedKey and its state in one allocation.
type keyAlloc struct {
	k   ExtendedKey
	s   keyState
	sec secrets
}

// newKey returns a new ExtendedKey with a zero state, for the caller to
// fill in.
func newKey() *ExtendedKey {
	a := new(keyAlloc)
	a.k.s, a.s.sec = &a.s, &a.sec
	return &a.k
}

// publicKey returns k's state with the public key computed: for a private
// key, the first call costs one constant-time k·G (unless DeriveRange set
// it). The encoding and the fingerprint are cache's, so that a child whose
// only use is its public key (an address) pays no HASH160.
func (k *ExtendedKey) publicKey() *keyState {
	s := k.s
	s.pubOnce.Do(func() {
		if s.pub == nil {
			s.pub = s.sec.priv.PublicKey()
		}
	})
	return s
}

// cache returns k's state with the public key, its encoding and the
// fingerprint computed. For a private key the first call costs one
// constant-time k·G; for every key, a HASH160 the first time.
func (k *ExtendedKey) cache() *keyState {
	s := k.publicKey()
	s.once.Do(func() {
		copy(s.enc[:], s.pub.BytesCompressed())
		h := ripemd160.Hash160(s.enc[:])
		s.fp = binary.BigEndian.Uint32(h[:4])
	})
	return s
}

// Validate returns secp256k1.ErrUninitialized if k is nil, the zero value
// of ExtendedKey or wiped by Zero, and nil otherwise: every other
// ExtendedKey holds a valid key.
func (k *ExtendedKey) Validate() error {
	if k == nil || k.s == nil || k.s.net == (Network{}) {
		return secp256k1.ErrUninitialized
	}
	return nil
}

// mustValid panics if k is not a key: for the methods without an error
// result.
func (k *ExtendedKey) mustValid() {
	if k.Validate() != nil {
		panic("bip32: use of an uninitialized ExtendedKey")
	}
}

// NewMaster returns the master extended private key of seed (BIP-32's
// master key generation: I = HMAC-SHA512("Bitcoin seed", seed), the key
// I_L and the chain code I_R), with the versions of net. The seed must be
// MinSeedBytes to MaxSeedBytes long, such as a BIP-39 seed (64 bytes) or
// 32 bytes from crypto/rand.
//
// It returns ErrNetwork for an invalid net, ErrSeedLength for a seed of
// another length, and ErrUnusableSeed, with probability below 2⁻¹²⁷, for a
// seed whose I_L is 0 or not less than n. Constant time in the seed.
func NewMaster(seed []byte, net Network) (*ExtendedKey, error) {
	if err := net.check(); err != nil {
		return nil, err
	}
	if len(seed) < MinSeedBytes || len(seed) > MaxSeedBytes {
		return nil, ErrSeedLength
	}
	var I [64]byte
	hmacSHA512(&I, []byte("Bitcoin seed"), seed)
	defer clear(I[:])
	priv, err := secp256k1.NewPrivateKey(I[:32])
	if err != nil {
		return nil, ErrUnusableSeed
	}
	k := newKey()
	k.s.net, k.s.private = net, true
	k.s.sec.priv = *priv
	priv.Zero()
	copy(k.s.sec.chainCode[:], I[32:])
	return k, nil
}

// IsPrivate reports whether k is a private extended key. A private key
// derives private children, hardened or not; a public key derives only
// normal public children. It panics if k is the zero value.
func (k *ExtendedKey) IsPrivate() bool {
	k.mustValid()
	return k.s.private
}

// Depth returns k's depth: 0 for a master key, its parent's plus one for a
// child. It panics if k is the zero value.
func (k *ExtendedKey) Depth() uint8 {
	k.mustValid()
	return k.s.depth
}

// ParentFingerprint returns the fingerprint of k's parent, the first 32 bits
// of HASH160 of its public key, as a big-endian number; 0 for a master key.
// It panics if k is the zero value.
func (k *ExtendedKey) ParentFingerprint() uint32 {
	k.mustValid()
	return k.s.parentFP
}

// ChildIndex returns k's child number: the index its parent derived it at,
// HardenedKeyStart or more for a hardened child; 0 for a master key. It
// panics if k is the zero value.
func (k *ExtendedKey) ChildIndex() uint32 {
	k.mustValid()
	return k.s.child
}

// ChainCode returns a copy of k's 32-byte chain code. The chain code of a
// private extended key is secret: see the package documentation. It panics
// if k is the zero value.
func (k *ExtendedKey) ChainCode() []byte {
	k.mustValid()
	return append([]byte(nil), k.s.sec.chainCode[:]...)
}

// Network returns k's pair of versions. It panics if k is the zero value.
func (k *ExtendedKey) Network() Network {
	k.mustValid()
	return k.s.net
}

// Version returns the version bytes of k's serialization: its Network's
// Private or Public version. It panics if k is the zero value.
func (k *ExtendedKey) Version() uint32 {
	k.mustValid()
	return k.s.net.version(k.s.private)
}

// Fingerprint returns k's own fingerprint, the first 32 bits of
// HASH160(serP(K)) of its public key K as a big-endian number: the parent
// fingerprint of its children, and the master key fingerprint of PSBTs and
// output descriptors. For a private key it computes the public key (once).
// It panics if k is the zero value.
func (k *ExtendedKey) Fingerprint() uint32 {
	k.mustValid()
	return k.cache().fp
}

// PublicKey returns a copy of k's public key; for a private extended key,
// the public key of its private key (computed once, with a constant-time
// k·G). It panics if k is the zero value.
func (k *ExtendedKey) PublicKey() *secp256k1.PublicKey {
	k.mustValid()
	pub := *k.publicKey().pub
	return &pub
}

// PrivateKey returns a copy of k's private key, or ErrNotPrivate for a
// public extended key.
func (k *ExtendedKey) PrivateKey() (*secp256k1.PrivateKey, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	if !k.s.private {
		return nil, ErrNotPrivate
	}
	priv := k.s.sec.priv
	return &priv, nil
}

// Neuter returns the public extended key of k (BIP-32's N((k, c)) = (K, c)):
// the same chain code and place in the tree, k's public key, and the public
// version of k's Network. For a public extended key it returns a copy of k
// (a new key, which Zero of k does not wipe).
func (k *ExtendedKey) Neuter() (*ExtendedKey, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	return k.clone(false), nil
}

// WithNetwork returns a copy of k with the versions of net: the same key,
// for example an xpub as a zpub (SLIP-132). Unlike Neuter, it keeps a
// private key private. It returns ErrNetwork for an invalid net.
func (k *ExtendedKey) WithNetwork(net Network) (*ExtendedKey, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	if err := net.check(); err != nil {
		return nil, err
	}
	c := k.clone(k.s.private)
	c.s.net = net
	return c, nil
}

// clone returns a new key with k's state, its public half computed; a
// public key if private is false.
func (k *ExtendedKey) clone(private bool) *ExtendedKey {
	s := k.cache()
	c := newKey()
	d := c.s
	d.net, d.depth, d.private, d.parentFP, d.child = s.net, s.depth, private, s.parentFP, s.child
	d.sec.chainCode = s.sec.chainCode
	if private {
		d.sec.priv = s.sec.priv
	}
	d.pub, d.enc, d.fp = s.pub, s.enc, s.fp // pub is immutable, so shared
	d.pubOnce.Do(func() {})                 // computed already
	d.once.Do(func() {})
	return c
}

// Equal reports whether k and x are the same extended key: the same kind,
// key, chain code, depth, parent fingerprint, child number and Network. It
// is constant time in the private keys and chain codes, and panics if k or x
// is the zero value.
func (k *ExtendedKey) Equal(x *ExtendedKey) bool {
	k.mustValid()
	x.mustValid()
	a, b := k.s, x.s
	same := a.net == b.net && a.private == b.private && a.depth == b.depth &&
		a.parentFP == b.parentFP && a.child == b.child
	cc := subtle.ConstantTimeCompare(a.sec.chainCode[:], b.sec.chainCode[:]) == 1
	var key bool
	switch {
	case a.private && b.private:
		key = a.sec.priv.Equal(&b.sec.priv)
	case !a.private && !b.private:
		key = a.pub.Equal(b.pub) // set since creation for a public key
	}
	return same && cc && key
}
