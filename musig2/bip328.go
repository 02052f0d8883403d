package musig2

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/binary"

	"github.com/kestrel-crypto/secp256k1/bip32"
)

// BIP-328: the aggregate public key as a synthetic xpub, from which
// unhardened children derive as from any xpub, and the plain tweaks that
// let the signers sign for a child.

// bip328ChainCode is BIP-328's fixed chain code of synthetic xpubs:
// SHA-256("MuSig2MuSig2MuSig2").
var bip328ChainCode = [32]byte{
	0x86, 0x80, 0x87, 0xca, 0x02, 0xa6, 0xf9, 0x74, 0xc4, 0x59, 0x89, 0x24, 0xc3, 0x6b, 0x57, 0x76,
	0x2d, 0x32, 0xcb, 0x45, 0x71, 0x71, 0x67, 0xe3, 0x00, 0x62, 0x2c, 0x71, 0x67, 0xe3, 0x89, 0x65,
}

// ExtendedPublicKey returns BIP-328's synthetic xpub of the aggregate key:
// the plain public key Q (PlainPublicKey), depth 0, child number 0, and the
// fixed chain code SHA-256("MuSig2MuSig2MuSig2"), with the public version
// of net. Any party that knows the individual public keys computes it;
// there is no aggregate private key, so only unhardened children derive
// from it, and DerivePath gives the tweaked context that signs for one.
//
// c is normally KeyAgg's result. A tweaked context gives the xpub of its
// tweaked key, and DerivePath applies the derivation's tweaks after the
// context's own.
//
// It returns an error wrapping secp256k1.ErrUninitialized for a nil or
// zero c, and bip32.ErrNetwork for an invalid net.
func (c *KeyAggContext) ExtendedPublicKey(net bip32.Network) (*bip32.ExtendedKey, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	return bip32.NewPublicMaster(c.pub, bip328ChainCode, net)
}

// DerivePath returns c with the tweaks of the derivation along path
// applied (BIP-328's signing): for each level, the I_L of BIP-32's CKDpub
// as a plain tweak (is_xonly_t = false), so that the result's aggregate key
// is the public key of c.ExtendedPublicKey(net).DerivePath(path), and
// signing sessions started from it (NewSessionContext) sign for that child.
// Tweaks lists the tweaks, for signers that build their session from the
// keys and tweaks.
//
// path is as for bip32.ExtendedKey.DerivePath, from the synthetic xpub
// (depth 0): "m/0/5" or "0/5". It returns bip32.ErrHardenedFromPublic for
// a hardened level, bip32.ErrPath for a malformed path,
// bip32.ErrInvalidChild (probability below 2⁻¹²⁷ per level) for an invalid
// child, and an error wrapping secp256k1.ErrUninitialized for a nil or
// zero c. Variable time: every value is public.
func (c *KeyAggContext) DerivePath(path string) (*KeyAggContext, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	p, err := bip32.ParsePath(path)
	if err != nil {
		return nil, err
	}
	for _, i := range p {
		if i >= bip32.HardenedKeyStart {
			return nil, bip32.ErrHardenedFromPublic
		}
	}
	chainCode := bip328ChainCode
	for _, i := range p {
		// I = HMAC-SHA512(c_par, serP(K_par) ‖ ser32(i)); K_i = K_par + I_L·G,
		// which ApplyTweak computes; c_i = I_R.
		var data [37]byte
		copy(data[:], c.key.QC[:])
		binary.BigEndian.PutUint32(data[33:], i)
		h := hmac.New(sha512.New, chainCode[:])
		h.Write(data[:])
		I := h.Sum(nil)
		if c, err = c.ApplyTweak(I[:32], false); err != nil {
			return nil, bip32.ErrInvalidChild // as BIP-32: I_L ≥ n or infinity
		}
		chainCode = [32]byte(I[32:])
	}
	return c, nil
}
