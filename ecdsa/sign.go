package ecdsa

import (
	"errors"

	"github.com/kestrel-crypto/secp256k1"
)

// SignOptions changes how Sign derives its nonce. The zero value is
// libsecp256k1's default.
type SignOptions struct {
	// ExtraEntropy, if not nil, is 32 bytes of additional data mixed into the
	// RFC 6979 nonce derivation (§3.6; libsecp256k1's ndata argument).
	ExtraEntropy []byte
	// LowR grinds for a signature whose r is below 2²⁵⁵, so that its DER
	// encoding is at most 70 bytes, as Bitcoin Core signs and as
	// rust-secp256k1's sign_ecdsa_low_r: attempt i ≥ 1 uses the extra entropy
	// LE32(i) ‖ 0²⁸. It cannot be combined with ExtraEntropy. About two
	// signing attempts on average.
	LowR bool
}

// ErrExtraEntropy is returned for extra entropy that is not 32 bytes, or
// given together with LowR.
var ErrExtraEntropy = errors.New("ecdsa: extra entropy must be 32 bytes and cannot be combined with LowR")

// Sign returns a low-S signature of hash with the RFC 6979 nonce of
// libsecp256k1's secp256k1_ecdsa_sign with its default nonce function: the
// same key and hash give the same signature, byte for byte. It is constant
// time in the key and the nonce. The error is never non-nil for a valid key;
// it is there for the options of SignWithOptions.
func Sign(k *secp256k1.PrivateKey, hash []byte) (*Signature, error) {
	sig := new(Signature)
	sign(sig, k, hash, nil)
	return sig, nil
}

// SignWithOptions is Sign with the nonce options of opts (nil means none).
func SignWithOptions(k *secp256k1.PrivateKey, hash []byte, opts *SignOptions) (*Signature, error) {
	sig := new(Signature)
	if opts == nil {
		sign(sig, k, hash, nil)
		return sig, nil
	}
	if opts.ExtraEntropy != nil && (len(opts.ExtraEntropy) != 32 || opts.LowR) {
		return nil, ErrExtraEntropy
	}
	if !opts.LowR {
		sign(sig, k, hash, opts.ExtraEntropy)
		return sig, nil
	}
	var extra [32]byte
	for counter := uint32(0); ; counter++ {
		ndata := extra[:]
		if counter == 0 {
			ndata = nil
		}
		extra[0], extra[1], extra[2], extra[3] = byte(counter), byte(counter>>8), byte(counter>>16), byte(counter>>24)
		sign(sig, k, hash, ndata)
		var rb [32]byte
		copy(rb[:], sig.r.Bytes())
		if rb[0] < 0x80 {
			return sig, nil
		}
	}
}

// SignRecoverable returns the 65-byte signature r ‖ s ‖ v of hash, where
// v ∈ {0, 1, 2, 3} is the recovery id (bit 0: the parity of R's y; bit 1:
// R's x was at least n) that RecoverPublicKey needs. r ‖ s is the signature
// Sign returns.
func SignRecoverable(k *secp256k1.PrivateKey, hash []byte) ([]byte, error) {
	var sig Signature
	v := sign(&sig, k, hash, nil)
	out := make([]byte, 65)
	sig.compact((*[64]byte)(out[:64]))
	out[64] = byte(v)
	return out, nil
}

// hashToBytes returns the 32-byte big-endian integer of hash's leftmost 256
// bits (left-padded with zeros when hash is shorter).
func hashToBytes(out *[32]byte, hash []byte) {
	if len(hash) >= 32 {
		copy(out[:], hash[:32])
		return
	}
	*out = [32]byte{}
	copy(out[32-len(hash):], hash)
}

// sign computes the signature of hash into sig with extra entropy ndata (nil
// or 32 bytes) and returns the recovery id. It follows libsecp256k1's
// secp256k1_ecdsa_sign_inner: RFC 6979 nonce candidates in order, skipping
// those that are 0 or ≥ n and those that give r = 0 or s = 0.
func sign(sig *Signature, k *secp256k1.PrivateKey, hash []byte, ndata []byte) int {
	var msg32, nonce32 [32]byte
	hashToBytes(&msg32, hash)
	var e secp256k1.Scalar
	e.SetReducedBytes(msg32[:])

	sec := k.Scalar()
	// RFC 6979 seed: key ‖ (hash mod n) [‖ ndata], libsecp256k1's
	// nonce_function_rfc6979 ("bits2octets").
	var seed [96]byte
	copy(seed[:32], k.Bytes())
	copy(seed[32:64], e.Bytes())
	seedLen := 64 + copy(seed[64:], ndata)
	var g rfc6979
	g.init(seed[:seedLen])
	clear(seed[:])
	defer g.clear()

	var nonce, kinv secp256k1.Scalar
	var R secp256k1.Point
	for {
		g.generate(&nonce32)
		if _, err := nonce.SetCanonicalBytes(nonce32[:]); err != nil || nonce.IsZero() == 1 {
			continue // probability < 2⁻¹²⁷; the candidate is discarded, not its secret
		}
		R.ScalarBaseMult(&nonce)
		var rc [33]byte
		copy(rc[:], R.BytesCompressed())
		// r = x mod n; recid bit 1 records x ≥ n, bit 0 the parity of y.
		var xr secp256k1.Scalar
		_, overflow := xr.SetCanonicalBytes(rc[1:])
		sig.r.SetReducedBytes(rc[1:])
		recid := int(rc[0] & 1)
		if overflow != nil {
			recid |= 2
		}
		// s = k⁻¹·(e + r·d)
		kinv.Invert(&nonce)
		sig.s.Multiply(&sig.r, sec)
		sig.s.Add(&sig.s, &e)
		sig.s.Multiply(&sig.s, &kinv)
		high := sig.s.IsHigh()
		var neg secp256k1.Scalar
		neg.Negate(&sig.s)
		sig.s.Select(&neg, &sig.s, high)
		recid ^= high
		if sig.r.IsZero()|sig.s.IsZero() == 0 {
			*sec = secp256k1.Scalar{}
			nonce, kinv = secp256k1.Scalar{}, secp256k1.Scalar{}
			clear(nonce32[:])
			return recid
		}
	}
}
