package main

import (
	"crypto/sha256"

	btcec "github.com/btcsuite/btcd/btcec/v2"
	becdsa "github.com/btcsuite/btcd/btcec/v2/ecdsa"
	"github.com/btcsuite/btcd/btcec/v2/ellswift"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
)

// btcec v2.5.1 is decred's code underneath for keys, ECDSA and ECDH; it adds
// BIP-340, ElligatorSwift and MuSig2.
func newBtcec() *Lib {
	l := &Lib{
		Name:      "btcec",
		Label:     "btcec v2.5.1",
		About:     "github.com/btcsuite/btcd/btcec/v2 v2.5.1, pure Go (decred's core); the hd_* rows: github.com/btcsuite/btcd/btcutil v1.2.0 hdkeychain, on btcec",
		EllRandom: true,
	}
	var (
		keys []*btcec.PrivateKey
		pubs []*btcec.PublicKey
	)
	l.Load = func(d *Dataset) {
		keys, pubs = nil, nil
		for _, sk := range d.Seckeys {
			k, pk := btcec.PrivKeyFromBytes(sk)
			keys, pubs = append(keys, k), append(pubs, pk)
		}
	}
	l.Keygen = func(sk []byte) []byte {
		_, pk := btcec.PrivKeyFromBytes(sk)
		return pk.SerializeCompressed()
	}
	l.ECDSASign = func(k int, msg []byte) []byte {
		return becdsa.Sign(keys[k], msg).Serialize()
	}
	l.ECDSAVerify = func(pub, der, _, msg []byte) bool {
		pk, err := btcec.ParsePubKey(pub)
		if err != nil {
			return false
		}
		sig, err := becdsa.ParseDERSignature(der)
		return err == nil && sig.Verify(msg, pk)
	}
	l.ECDSARecover = func(rsv, msg []byte) []byte {
		sig, ok := compactRecoverable(rsv)
		if !ok {
			return nil
		}
		pk, _, err := becdsa.RecoverCompact(sig[:], msg)
		if err != nil {
			return nil
		}
		return pk.SerializeCompressed()
	}
	// As decred: btcec.GenerateSharedSecret returns the raw x coordinate.
	l.ECDH = func(k int, pub []byte) []byte {
		pk, err := btcec.ParsePubKey(pub)
		if err != nil {
			return nil
		}
		var p, r btcec.JacobianPoint
		pk.AsJacobian(&p)
		btcec.ScalarMultNonConst(&keys[k].Key, &p, &r)
		r.ToAffine()
		s := sha256.Sum256(btcec.NewPublicKey(&r.X, &r.Y).SerializeCompressed())
		return s[:]
	}
	// BIP-340 nonces from aux (CustomNonce; the default is RFC 6979), and
	// FastSign: by default btcec also verifies the signature it made, which
	// neither libsecp256k1 nor Kestrel do. btcec has no key-pair type: Sign
	// computes the public key each time.
	l.SchnorrSign = func(k int, msg, aux []byte) []byte {
		if len(aux) != 32 {
			return nil
		}
		sig, err := bschnorr.Sign(keys[k], msg, bschnorr.CustomNonce([32]byte(aux)), bschnorr.FastSign())
		if err != nil {
			return nil
		}
		return sig.Serialize()
	}
	l.SchnorrVerify = func(xonly, sig, msg []byte) bool {
		pk, err := bschnorr.ParsePubKey(xonly)
		if err != nil {
			return false
		}
		s, err := bschnorr.ParseSignature(sig)
		return err == nil && s.Verify(msg, pk)
	}
	// btcec's ellswift package works on field elements and draws its
	// randomness from crypto/rand (rnd is unused); these rows compose its
	// exported functions as its EllswiftCreate and V2Ecdh do.
	l.EllEncode = func(k int, _ []byte) []byte {
		var p btcec.JacobianPoint
		pubs[k].AsJacobian(&p)
		u, t, err := ellswift.XElligatorSwift(&p.X)
		if err != nil {
			return nil
		}
		return ellBytes(u, t)
	}
	l.EllDecode = func(enc []byte) []byte {
		if len(enc) != 64 {
			return nil
		}
		var u, t, y btcec.FieldVal
		u.SetByteSlice(enc[:32])
		t.SetByteSlice(enc[32:])
		u.Normalize()
		t.Normalize()
		x, err := ellswift.XSwiftEC(&u, &t)
		if err != nil {
			return nil
		}
		// y with the parity of t, as libsecp256k1's decoding.
		if !btcec.DecompressY(x, t.IsOdd(), &y) {
			return nil
		}
		return btcec.NewPublicKey(x, &y).SerializeCompressed()
	}
	l.EllCreate = func(k int, _ []byte) []byte {
		var p btcec.JacobianPoint
		btcec.ScalarBaseMultNonConst(&keys[k].Key, &p)
		p.ToAffine()
		u, t, err := ellswift.XElligatorSwift(&p.X)
		if err != nil {
			return nil
		}
		return ellBytes(u, t)
	}
	l.EllXDH = func(k int, ellA, ellB []byte, initiating bool) []byte {
		if len(ellA) != 64 || len(ellB) != 64 {
			return nil
		}
		ours, theirs := [64]byte(ellA), [64]byte(ellB)
		if !initiating {
			ours, theirs = theirs, ours
		}
		h, err := ellswift.V2Ecdh(keys[k], theirs, ours, initiating)
		if err != nil {
			return nil
		}
		return h[:]
	}
	l.MuSig2 = func(k0, k1 int, msg []byte) ([]byte, []byte) {
		if len(msg) != 32 {
			return nil, nil
		}
		agg, sig, err := btcecMuSig2([2]*btcec.PrivateKey{keys[k0], keys[k1]}, msg)
		if err != nil {
			return nil, nil
		}
		return agg, sig
	}
	addHdkeychain(l)
	return l
}

func ellBytes(u, t *btcec.FieldVal) []byte {
	out := make([]byte, 64)
	u.PutBytesUnchecked(out[:32])
	t.PutBytesUnchecked(out[32:])
	return out
}
