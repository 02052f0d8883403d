package silentpayments

import (
	"github.com/kestrel-crypto/secp256k1"
)

// ChangeLabel is the label m = 0, reserved for the receiver's own change
// outputs. A wallet must never hand out an address with it, and should
// always scan for it (Receiver does).
const ChangeLabel uint32 = 0

// LabelTweak returns the label tweak hash_BIP0352/Label(ser_256(b_scan) ‖
// ser_32(m)) of label m, or ErrHashScalar in the negligible case that it is
// 0 or not less than n. It returns an error wrapping
// secp256k1.ErrUninitialized for a nil or zero scan key. Constant time in
// the scan key.
func LabelTweak(scan *secp256k1.PrivateKey, m uint32) ([32]byte, error) {
	if !validPrivateKey(scan) {
		return [32]byte{}, uninitialized("scan key")
	}
	var t secp256k1.Scalar
	if err := labelTweak(&t, scan, m); err != nil {
		return [32]byte{}, err
	}
	return [32]byte(t.Bytes()), nil
}

func labelTweak(t *secp256k1.Scalar, scan *secp256k1.PrivateKey, m uint32) error {
	b := [32]byte(scan.Bytes())
	h := hashLabel(&b, m)
	clear(b[:])
	if _, err := t.SetCanonicalBytes(h[:]); err != nil || t.IsZero() == 1 {
		return ErrHashScalar
	}
	return nil
}

// LabeledSpendKey returns B_m = B_spend + hash_BIP0352/Label(ser_256(b_scan)
// ‖ ser_32(m))·G, the spend key of the address with label m. It returns an
// error wrapping secp256k1.ErrUninitialized for a nil or zero key. Constant
// time in the scan key.
func LabeledSpendKey(scan *secp256k1.PrivateKey, spend *secp256k1.PublicKey, m uint32) (*secp256k1.PublicKey, error) {
	if !validPublicKey(spend) {
		return nil, uninitialized("spend key")
	}
	t, err := LabelTweak(scan, m)
	if err != nil {
		return nil, err
	}
	return spend.TweakAdd(t[:])
}
