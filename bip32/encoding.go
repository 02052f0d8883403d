package bip32

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/base58"
)

// The serialization of BIP-32: version (4) ‖ depth (1) ‖ parent
// fingerprint (4) ‖ child number (4) ‖ chain code (32) ‖ key data (33),
// 78 bytes, in Base58Check. The key data is 0x00 ‖ ser256(k) for a private
// key and serP(K) for a public one.

// serializedLen is the length of the serialization before its checksum.
const serializedLen = 78

// serialize writes k's 78-byte serialization to b.
func (k *ExtendedKey) serialize(b *[serializedLen]byte) {
	s := k.s
	binary.BigEndian.PutUint32(b[0:4], s.net.version(s.private))
	b[4] = s.depth
	binary.BigEndian.PutUint32(b[5:9], s.parentFP)
	binary.BigEndian.PutUint32(b[9:13], s.child)
	copy(b[13:45], s.sec.chainCode[:])
	if s.private {
		b[45] = 0
		key := s.sec.priv.Bytes()
		copy(b[46:78], key)
		clear(key)
	} else {
		copy(b[45:78], k.cache().enc[:])
	}
}

// Base58 returns k's Base58Check serialization: xprv… or xpub… for Mainnet,
// tprv… or tpub… for Testnet. For a private extended key this is the
// explicit way to export it (String and the encoders never show it), and it
// is not constant time (Base58's conversion), like ParseExtendedKey. It
// panics if k is the zero value.
func (k *ExtendedKey) Base58() string {
	k.mustValid()
	var b [serializedLen]byte
	k.serialize(&b)
	s := base58.CheckEncode(b[:])
	clear(b[:])
	return s
}

// defaultNetworks are the networks ParseExtendedKey accepts by default.
var defaultNetworks = []Network{Mainnet, Testnet}

// ParseExtendedKey parses the Base58Check serialization of an extended key
// whose version is one of nets: the private or public version of Mainnet or
// Testnet if nets is empty. It checks every rule of BIP-32 (the invalid keys
// of its test vector 5 are rejected), and returns an error that matches,
// with errors.Is:
//
//   - ErrEncoding: a character outside the Base58 alphabet;
//   - ErrLength: not 78 bytes and a checksum;
//   - ErrChecksum: a checksum that does not match;
//   - ErrVersion: a version that none of nets has;
//   - ErrZeroDepth: depth 0 with a parent fingerprint or child number that
//     is not 0;
//   - ErrVersionMismatch: a public version with private key data, or the
//     reverse;
//   - ErrPrivateKey: private key data that does not start with 0x00, or a
//     key of 0 or not less than n;
//   - ErrPublicKey: public key data that is not a compressed point;
//   - ErrNetwork: an invalid Network in nets.
//
// Parsing is not constant time (Base58); parse an xprv only where it is
// imported on purpose.
func ParseExtendedKey(s string, nets ...Network) (*ExtendedKey, error) {
	if len(nets) == 0 {
		nets = defaultNetworks
	}
	for _, n := range nets {
		if err := n.check(); err != nil {
			return nil, err
		}
	}
	if len(s) > base58.MaxLen {
		return nil, fmt.Errorf("%w: %d characters (an extended key has 111)", ErrLength, len(s))
	}
	payload, err := base58.CheckDecode(s)
	switch {
	case errors.Is(err, base58.ErrInvalid):
		i := strings.IndexFunc(s, func(r rune) bool {
			return !strings.ContainsRune("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", r)
		})
		return nil, fmt.Errorf("%w: the character %q at position %d", ErrEncoding, s[i:][:1], i+1)
	case errors.Is(err, base58.ErrChecksum):
		// The checksum of a string of the wrong length cannot match either;
		// the length is the more useful reason.
		if b, _ := base58.Decode(s); len(b) != serializedLen+4 {
			return nil, fmt.Errorf("%w: got %d bytes", ErrLength, len(b))
		}
		return nil, ErrChecksum
	case err != nil:
		return nil, err
	case len(payload) != serializedLen:
		return nil, fmt.Errorf("%w: got %d bytes", ErrLength, len(payload)+4)
	}
	k, err := parsePayload((*[serializedLen]byte)(payload), nets)
	clear(payload)
	return k, err
}

// parsePayload parses a 78-byte serialization.
func parsePayload(b *[serializedLen]byte, nets []Network) (*ExtendedKey, error) {
	version := binary.BigEndian.Uint32(b[0:4])
	var (
		net     Network
		private bool
		found   bool
	)
	for _, n := range nets {
		if version == n.Private || version == n.Public {
			net, private, found = n, version == n.Private, true
			break
		}
	}
	if !found {
		return nil, fmt.Errorf("%w: %08x", ErrVersion, version)
	}
	depth := b[4]
	parentFP := binary.BigEndian.Uint32(b[5:9])
	child := binary.BigEndian.Uint32(b[9:13])
	if depth == 0 && parentFP != 0 {
		return nil, fmt.Errorf("%w: parent fingerprint %08x", ErrZeroDepth, parentFP)
	}
	if depth == 0 && child != 0 {
		return nil, fmt.Errorf("%w: child number %d", ErrZeroDepth, child)
	}
	key := b[45:78]
	var (
		priv *secp256k1.PrivateKey
		pub  *secp256k1.PublicKey
		err  error
	)
	switch {
	case private && (key[0] == 2 || key[0] == 3):
		return nil, fmt.Errorf("%w: a private version with public key data", ErrVersionMismatch)
	case !private && key[0] == 0:
		return nil, fmt.Errorf("%w: a public version with private key data", ErrVersionMismatch)
	case private && key[0] != 0:
		return nil, fmt.Errorf("%w: starts with %02x, not 00", ErrPrivateKey, key[0])
	case private:
		if priv, err = secp256k1.NewPrivateKey(key[1:]); err != nil {
			return nil, fmt.Errorf("%w: the key is 0 or not less than n", ErrPrivateKey)
		}
	default:
		if pub, err = secp256k1.ParsePublicKey(key); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrPublicKey, err)
		}
	}
	k := newKey()
	s := k.s
	s.net, s.private, s.depth, s.parentFP, s.child = net, private, depth, parentFP, child
	copy(s.sec.chainCode[:], b[13:45])
	if private {
		s.sec.priv = *priv
		priv.Zero()
	} else {
		s.pub = pub
	}
	return k, nil
}
