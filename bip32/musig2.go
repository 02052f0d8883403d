package bip32

import (
	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/musig2"
)

// BIP-328: a MuSig2 aggregate public key as a synthetic xpub, from which
// unhardened children derive as from any xpub, and the plain tweaks that
// let the signers sign for a child.

// muSig2ChainCode is BIP-328's fixed chain code of synthetic xpubs:
// SHA-256("MuSig2MuSig2MuSig2").
var muSig2ChainCode = [32]byte{
	0x86, 0x80, 0x87, 0xca, 0x02, 0xa6, 0xf9, 0x74, 0xc4, 0x59, 0x89, 0x24, 0xc3, 0x6b, 0x57, 0x76,
	0x2d, 0x32, 0xcb, 0x45, 0x71, 0x71, 0x67, 0xe3, 0x00, 0x62, 0x2c, 0x71, 0x67, 0xe3, 0x89, 0x65,
}

// checkContext returns an error wrapping secp256k1.ErrUninitialized if ctx
// is nil or the zero KeyAggContext, whose accessors panic.
func checkContext(ctx *musig2.KeyAggContext) error {
	return ctx.Validate()
}

// MuSig2AggregateKey returns BIP-328's synthetic xpub of the MuSig2
// aggregate key of ctx: its plain public key Q (musig2.KeyAggContext's
// PlainPublicKey), depth 0, child number 0, and the fixed chain code
// SHA-256("MuSig2MuSig2MuSig2"), with the public version of net. Any party
// that knows the individual public keys computes it; there is no aggregate
// private key, so only unhardened children derive from it, and
// MuSig2Derive gives the tweaked context that signs for one.
//
// ctx is normally KeyAgg's result. A tweaked context gives the xpub of its
// tweaked key, and MuSig2Derive applies the derivation's tweaks after the
// context's own.
//
// It returns an error wrapping secp256k1.ErrUninitialized for a nil or
// zero ctx, and ErrNetwork for an invalid net.
func MuSig2AggregateKey(ctx *musig2.KeyAggContext, net Network) (*ExtendedKey, error) {
	if err := checkContext(ctx); err != nil {
		return nil, err
	}
	if err := net.check(); err != nil {
		return nil, err
	}
	pub, err := secp256k1.ParsePublicKey(ctx.PlainPublicKey())
	if err != nil {
		return nil, err // a context's Q is never the identity
	}
	k := newKey()
	k.s.net = net
	k.s.sec.chainCode = muSig2ChainCode
	k.s.pub = pub
	return k, nil
}

// MuSig2Derive returns ctx with the tweaks of the derivation along path
// applied (BIP-328's signing): for each level, the I_L of CKDpub as a plain
// tweak (is_xonly_t = false), so that the result's aggregate key is the
// public key of MuSig2AggregateKey(ctx).DerivePath(path), and signing
// sessions started from it (KeyAggContext.NewSessionContext) sign for that
// child. musig2.KeyAggContext.Tweaks lists the tweaks, for signers that
// build their session from the keys and tweaks.
//
// path is as for DerivePath, from the synthetic xpub (depth 0): "m/0/5" or
// "0/5". It returns ErrHardenedFromPublic for a hardened level, the other
// errors of DerivePath, and an error wrapping secp256k1.ErrUninitialized
// for a nil or zero ctx.
func MuSig2Derive(ctx *musig2.KeyAggContext, path string) (*musig2.KeyAggContext, error) {
	k, err := MuSig2AggregateKey(ctx, Mainnet)
	if err != nil {
		return nil, err
	}
	p, err := ParsePath(path)
	if err != nil {
		return nil, err
	}
	for _, i := range p {
		if i >= HardenedKeyStart {
			return nil, ErrHardenedFromPublic
		}
	}
	for _, i := range p {
		var tweak [32]byte
		if k, err = k.derive(i, &tweak); err != nil {
			return nil, err
		}
		if ctx, err = ctx.ApplyTweak(tweak[:], false); err != nil {
			return nil, ErrInvalidChild // as derive: I_L ≥ n or infinity
		}
	}
	return ctx, nil
}
