package ecdsa

import (
	"errors"

	"github.com/kestrel-crypto/secp256k1"
)

// ErrRecover is returned when no public key can be recovered from a
// signature: a malformed signature, a recovery id out of range, r or s zero
// or not less than n, an r whose point does not exist, or a result at
// infinity.
var ErrRecover = errors.New("ecdsa: cannot recover a public key from the signature")

// RecoverPublicKey returns the public key that made sig, the 65-byte
// r ‖ s ‖ v of SignRecoverable (v ∈ {0, 1, 2, 3}), for hash, as
// libsecp256k1's secp256k1_ecdsa_recover: Q = r⁻¹·(s·R − e·G), where R is the
// point with x = r (+ n if v & 2) and the y parity v & 1. It accepts high-S
// signatures, as libsecp256k1 does; only the key is checked, not that sig
// would pass Verify.
func RecoverPublicKey(hash []byte, sig []byte) (*secp256k1.PublicKey, error) {
	if len(sig) != 65 || sig[64] > 3 {
		return nil, ErrRecover
	}
	return recoverKey(hash, sig[:64], int(sig[64]))
}

// nBytes is the group order n, big-endian.
var nBytes = [32]byte{
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
	0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
}

func recoverKey(hash, rs []byte, recid int) (*secp256k1.PublicKey, error) {
	sig, err := ParseCompactSignature(rs)
	if err != nil || sig.r.IsZero() == 1 || sig.s.IsZero() == 1 {
		return nil, ErrRecover
	}
	// R's x is r, or r + n when recid & 2 (then it must still be < p,
	// which SetBytes checks).
	var enc [33]byte
	enc[0] = 2 | byte(recid&1)
	copy(enc[1:], rs[:32])
	if recid&2 != 0 {
		var carry uint16
		for i := 31; i >= 0; i-- {
			t := uint16(enc[1+i]) + uint16(nBytes[i]) + carry
			enc[1+i], carry = byte(t), t>>8
		}
		if carry != 0 {
			return nil, ErrRecover
		}
	}
	var R secp256k1.Point
	if _, err := R.SetBytes(enc[:]); err != nil {
		return nil, ErrRecover
	}
	var msg32 [32]byte
	hashToBytes(&msg32, hash)
	var e, rinv, u1, u2 secp256k1.Scalar
	e.SetReducedBytes(msg32[:])
	rinv.VarTimeInvert(&sig.r)
	u1.Multiply(&e, &rinv)
	u1.Negate(&u1)             // −e/r
	u2.Multiply(&sig.s, &rinv) // s/r
	var Q secp256k1.Point
	Q.VarTimeDoubleScalarBaseMult(&u2, &R, &u1)
	pub, err := secp256k1.NewPublicKey(&Q)
	if err != nil {
		return nil, ErrRecover
	}
	return pub, nil
}

// SignCompact returns the 65-byte Bitcoin "signmessage" signature of hash:
// a header byte 27 + v (+ 4 if compressed says the key is to be serialized
// compressed), then r ‖ s. hash is the message hash the caller computed
// (Bitcoin's is double SHA-256 of "\x18Bitcoin Signed Message:\n" ‖ varint
// length ‖ message). The errors are Sign's: secp256k1.ErrUninitialized for a
// nil or zero-value k.
func SignCompact(k *secp256k1.PrivateKey, hash []byte, compressed bool) ([]byte, error) {
	sig, err := SignRecoverable(k, hash)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 65)
	out[0] = 27 + sig[64]
	if compressed {
		out[0] += 4
	}
	copy(out[1:], sig[:64])
	return out, nil
}

// RecoverCompact recovers the key of a Bitcoin "signmessage" signature (see
// SignCompact), and reports whether its header asks for a compressed key.
func RecoverCompact(hash, sig []byte) (pub *secp256k1.PublicKey, compressed bool, err error) {
	if len(sig) != 65 || sig[0] < 27 || sig[0] > 34 {
		return nil, false, ErrRecover
	}
	h := int(sig[0]) - 27
	pub, err = recoverKey(hash, sig[1:], h&3)
	return pub, h&4 != 0, err
}

// SignEthereum returns the 65-byte signature r ‖ s ‖ v of hash with
// v ∈ {0, 1}, go-ethereum's crypto.Sign format (the hash is Keccak-256 of
// the message, computed by the caller; eth_sign's format is this with 27
// added to v). A signature whose R has x ≥ n (recovery id 2 or 3,
// probability about 2⁻¹²⁷) cannot be expressed in that format; SignEthereum
// then re-signs with the extra entropy of SignOptions.LowR's attempts, so the
// result is still deterministic. The errors are Sign's:
// secp256k1.ErrUninitialized for a nil or zero-value k.
func SignEthereum(k *secp256k1.PrivateKey, hash []byte) ([]byte, error) {
	return signRecoverable(k, hash, nil, lowV)
}

// RecoverEthereum recovers the public key from a 65-byte Ethereum signature
// r ‖ s ‖ v, for v in either of Ethereum's two conventions:
//
//   - v ∈ {0, 1}, the recovery id: go-ethereum's crypto.Sign returns it so
//     (as SignEthereum does), and its crypto.Ecrecover and crypto.SigToPub
//     take it so;
//   - v ∈ {27, 28}, the recovery id + 27: the legacy convention of the
//     eth_sign and personal_sign RPC results (go-ethereum's internal/ethapi
//     adds 27 to crypto.Sign's v) and of the ecrecover precompile.
//
// Every other v is rejected with ErrRecover, among them 2 and 3 (the
// recovery ids of an R with x ≥ n, which Ethereum's signatures exclude:
// go-ethereum's crypto.ValidateSignatureValues takes only 0 and 1), 29 and
// 30, and EIP-155's chainID·2 + 35 and chainID·2 + 36 (subtract
// chainID·2 + 35 first). go-ethereum's crypto.Ecrecover differs: it rejects
// 27 and 28, and its cgo build accepts 2 and 3.
func RecoverEthereum(hash, sig []byte) (*secp256k1.PublicKey, error) {
	if len(sig) != 65 {
		return nil, ErrRecover
	}
	v := int(sig[64])
	if v >= 27 {
		v -= 27
	}
	if v > 1 {
		return nil, ErrRecover
	}
	return recoverKey(hash, sig[:64], v)
}
