package bip32

import "github.com/kestrel-crypto/secp256k1"

// NewPublicMaster returns the public extended key of depth 0 with the
// public key pub and the chain code chainCode, with the public
// version of net: an xpub that no seed generated, such as BIP-328's
// synthetic xpub of a MuSig2 aggregate key (musig2.KeyAggContext's
// ExtendedPublicKey). Only normal children derive from it.
//
// It returns an error wrapping secp256k1.ErrUninitialized for a nil or
// zero pub, and ErrNetwork for an invalid net.
func NewPublicMaster(pub *secp256k1.PublicKey, chainCode [32]byte, net Network) (*ExtendedKey, error) {
	if err := pub.Validate(); err != nil {
		return nil, err
	}
	if err := net.check(); err != nil {
		return nil, err
	}
	k := newKey()
	k.s.net = net
	k.s.sec.chainCode = chainCode
	p := *pub
	k.s.pub = &p
	return k, nil
}
