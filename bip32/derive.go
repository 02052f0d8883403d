package bip32

import (
	"crypto/sha512"
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/kestrel-crypto/secp256k1"
)

// maxDepth is the largest depth: the serialization has one byte for it.
const maxDepth = 255

// hmacSHA512 sets out = HMAC-SHA512(key, msg) (RFC 2104) for a key of at
// most 128 bytes, SHA-512's block size, and a msg of at most 64 bytes: the
// two hashes of the construction, each over one buffer on the stack, so
// that it does not allocate as crypto/hmac does. It wipes its buffers, which
// hold the key and msg (a chain code, a private key). Constant time:
// SHA-512 does not branch on its input.
func hmacSHA512(out *[64]byte, key, msg []byte) {
	const B = sha512.BlockSize
	if len(key) > B || len(msg) > 64 {
		panic("bip32: internal error: HMAC input too long") // the callers' sizes are fixed
	}
	var buf [B + 64]byte
	copy(buf[:B], key)
	for i := range B {
		buf[i] ^= 0x36 // ipad
	}
	n := copy(buf[B:], msg)
	inner := sha512.Sum512(buf[:B+n])
	for i := range B {
		buf[i] ^= 0x36 ^ 0x5c // ipad → opad
	}
	copy(buf[B:], inner[:])
	*out = sha512.Sum512(buf[:])
	clear(buf[:])
	clear(inner[:])
}

// Derive returns the child of k at index i: BIP-32's CKDpriv for a private
// extended key, CKDpub for a public one. An index of HardenedKeyStart or
// more is a hardened child, which only a private extended key derives; a
// smaller one is a normal child, which the neutered key derives too:
// k.Derive(i) neutered equals k.Neuter() then Derive(i) for i below
// HardenedKeyStart.
//
// It returns ErrHardenedFromPublic for a hardened child of a public key,
// ErrMaxDepth if k has depth 255, and ErrInvalidChild, with probability
// below 2⁻¹²⁷, if the child at i is invalid: as BIP-32 says, the caller
// proceeds with the next index.
//
// A private child costs an HMAC-SHA512 and a scalar addition, and k's
// public key (one k·G) the first time k derives; it is constant time in k's
// private key and chain code. A public child costs an HMAC-SHA512, one k·G
// and one point addition (secp256k1.PublicKey.TweakAdd), on public values.
func (k *ExtendedKey) Derive(i uint32) (*ExtendedKey, error) {
	return k.derive(i, nil)
}

// derive is Derive; if tweak is not nil it also receives I_L, the tweak
// that the child's public key adds to k's (BIP-328 signing).
func (k *ExtendedKey) derive(i uint32, tweak *[32]byte) (*ExtendedKey, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	if k.s.depth == maxDepth {
		return nil, ErrMaxDepth
	}
	hardened := i >= HardenedKeyStart
	if hardened && !k.s.private {
		return nil, ErrHardenedFromPublic
	}
	s := k.cache() // the fingerprint, and serP(K) for a normal child

	var I [64]byte
	s.childHMAC(&I, i)
	child, err := s.childFromI(&I, i)
	if err == nil && tweak != nil {
		copy(tweak[:], I[:32])
	}
	clear(I[:])
	return child, err
}

// childHMAC sets I = HMAC-SHA512(c_par, 0x00 ‖ ser256(k_par) ‖ ser32(i))
// for a hardened child, HMAC-SHA512(c_par, serP(K_par) ‖ ser32(i))
// otherwise, for the key whose state, public half computed, is s.
func (s *keyState) childHMAC(I *[64]byte, i uint32) {
	data := s.hmacData(i)
	hmacSHA512(I, s.sec.chainCode[:], data[:])
	clear(data[:])
}

// hmacData returns the message of childHMAC: 0x00 ‖ ser256(k_par) ‖
// ser32(i) or serP(K_par) ‖ ser32(i). The caller wipes it.
func (s *keyState) hmacData(i uint32) [37]byte {
	var data [37]byte
	if i >= HardenedKeyStart {
		b := s.sec.priv.Bytes()
		copy(data[1:33], b)
		clear(b)
	} else {
		copy(data[:33], s.enc[:])
	}
	binary.BigEndian.PutUint32(data[33:], i)
	return data
}

// childFromI returns the child at index i of the key whose state, public
// half computed, is s, from I = I_L ‖ I_R, the HMAC of the derivation.
func (s *keyState) childFromI(I *[64]byte, i uint32) (*ExtendedKey, error) {
	var (
		priv secp256k1.PrivateKey
		pub  *secp256k1.PublicKey
	)
	if s.private {
		// k_i = parse256(I_L) + k_par mod n. Whether I_L < n and whether
		// k_i ≠ 0 are the only branches: both fail with probability 2⁻¹²⁷.
		var il secp256k1.Scalar
		if _, err := il.SetCanonicalBytes(I[:32]); err != nil {
			return nil, ErrInvalidChild
		}
		x := s.sec.priv.Scalar()
		x.Add(x, &il)
		p, err := secp256k1.NewPrivateKeyFromScalar(x)
		*x, il = secp256k1.Scalar{}, secp256k1.Scalar{}
		if err != nil {
			return nil, ErrInvalidChild
		}
		priv = *p
		p.Zero()
	} else {
		// K_i = point(parse256(I_L)) + K_par. TweakAdd rejects I_L ≥ n
		// (ErrTweak) and the point at infinity (ErrIdentity). It is
		// constant time in I_L, which is public here; its cost is one
		// comb k·G, one mixed addition and one inversion, which a
		// variable-time a·A + b·G followed by the same inversion would not
		// beat.
		var err error
		if pub, err = s.pub.TweakAdd(I[:32]); err != nil {
			return nil, ErrInvalidChild
		}
	}

	child := s.newChild(I, i, &priv)
	child.s.pub = pub
	return child, nil
}

// newChild returns the child at index i of the key whose state is s, with
// the chain code I_R and the private key priv (zero for a public key),
// which it wipes; its public key is for the caller to set.
func (s *keyState) newChild(I *[64]byte, i uint32, priv *secp256k1.PrivateKey) *ExtendedKey {
	child := newKey()
	c := child.s
	c.net, c.private = s.net, s.private
	c.depth, c.parentFP, c.child = s.depth+1, s.fp, i
	copy(c.sec.chainCode[:], I[32:])
	c.sec.priv = *priv
	priv.Zero()
	return child
}

// DerivePath returns the key at path from k: "m/84'/0'/0'/0/5" from a
// master key, or a relative path such as "0/5" from any key (see ParsePath
// for the syntax). A path that starts with m must be applied to a key of
// depth 0; "m" alone returns a copy of k.
//
// It returns ErrPath for a malformed path or an m path from a key of
// another depth, and the errors of Derive: ErrHardenedFromPublic and
// ErrMaxDepth before deriving anything, and ErrInvalidChild, whose message
// names the index that gave the invalid child (the caller chooses what to
// skip). The intermediate private keys are wiped.
func (k *ExtendedKey) DerivePath(path string) (*ExtendedKey, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	p, err := ParsePath(path)
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(path, "m") && k.s.depth != 0 {
		return nil, fmt.Errorf("%w: %q starts at the master key m, and this key has depth %d: give the path relative to it, without m", ErrPath, path, k.s.depth)
	}
	if int(k.s.depth)+len(p) > maxDepth {
		return nil, ErrMaxDepth
	}
	if !k.s.private {
		for _, i := range p {
			if i >= HardenedKeyStart {
				return nil, ErrHardenedFromPublic
			}
		}
	}
	cur := k
	for level, i := range p {
		next, err := cur.Derive(i)
		if cur != k {
			cur.Zero()
		}
		if err != nil {
			return nil, fmt.Errorf("%w: index %s at level %d of the path", err, formatIndex(nil, i), level+1)
		}
		cur = next
	}
	if cur == k {
		return k.clone(k.s.private), nil
	}
	return cur, nil
}
