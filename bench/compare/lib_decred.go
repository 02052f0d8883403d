package main

import (
	"crypto/sha256"

	decred "github.com/decred/dcrd/dcrec/secp256k1/v4"
	decredecdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
)

// decred v4.4.1 has no BIP-340 (its schnorr package is Decred's EC-Schnorr-
// DCRv0), no ElligatorSwift and no MuSig2.
func newDecred() *Lib {
	l := &Lib{
		Name:  "decred",
		Label: "decred v4.4.1",
		About: "github.com/decred/dcrd/dcrec/secp256k1/v4 v4.4.1, pure Go",
	}
	var keys []*decred.PrivateKey
	l.Load = func(d *Dataset) {
		keys = nil
		for _, sk := range d.Seckeys {
			keys = append(keys, decred.PrivKeyFromBytes(sk))
		}
	}
	l.Keygen = func(sk []byte) []byte {
		return decred.PrivKeyFromBytes(sk).PubKey().SerializeCompressed()
	}
	l.ECDSASign = func(k int, msg []byte) []byte {
		return decredecdsa.Sign(keys[k], msg).Serialize()
	}
	l.ECDSAVerify = func(pub, der, _, msg []byte) bool {
		pk, err := decred.ParsePubKey(pub)
		if err != nil {
			return false
		}
		sig, err := decredecdsa.ParseDERSignature(der)
		return err == nil && sig.Verify(msg, pk)
	}
	l.ECDSARecover = func(rsv, msg []byte) []byte {
		sig, ok := compactRecoverable(rsv)
		if !ok {
			return nil
		}
		pk, _, err := decredecdsa.RecoverCompact(sig[:], msg)
		if err != nil {
			return nil
		}
		return pk.SerializeCompressed()
	}
	// decred's GenerateSharedSecret returns the raw x coordinate; the row
	// does what it does (ScalarMultNonConst) and hashes the compressed point.
	l.ECDH = func(k int, pub []byte) []byte {
		pk, err := decred.ParsePubKey(pub)
		if err != nil {
			return nil
		}
		var p, r decred.JacobianPoint
		pk.AsJacobian(&p)
		decred.ScalarMultNonConst(&keys[k].Key, &p, &r)
		r.ToAffine()
		s := sha256.Sum256(decred.NewPublicKey(&r.X, &r.Y).SerializeCompressed())
		return s[:]
	}
	return l
}

// compactRecoverable converts r ‖ s ‖ v into the "compact" recoverable
// format of decred and btcec, 27 + 4 + v ‖ r ‖ s (a compressed key).
func compactRecoverable(rsv []byte) ([65]byte, bool) {
	var sig [65]byte
	if len(rsv) != 65 || rsv[64] > 3 {
		return sig, false
	}
	sig[0] = 27 + 4 + rsv[64]
	copy(sig[1:], rsv[:64])
	return sig, true
}
