// Package ecdsasign is ECDSA signing written once, in the engine's types,
// for the protocols that sign ECDSA: ecdsa (plain, recoverable, low-R and
// Ethereum signatures) and s2c (sign-to-contract, whose nonce is tweaked
// by a commitment before it signs: secp256k1-zkp's ecdsa_s2c module).
//
// Sign follows libsecp256k1's secp256k1_ecdsa_sign_inner, and
// secp256k1-zkp's version of it when a Commit is given, so that the same
// inputs give the same signature byte for byte. It is constant time in the
// secret key and the nonce.
package ecdsasign

import (
	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	ksha256 "github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// MaxNonceAttempts bounds the RFC 6979 candidates that one signature tries.
// A candidate is skipped if it is 0 or ≥ n or gives r = 0 or s = 0: for a
// valid key, with probability below 2⁻¹²⁷ each.
const MaxNonceAttempts = 64

// Commit is a sign-to-contract commitment of the nonce (secp256k1-zkp's
// secp256k1_ec_commit_seckey with its s2c hash): Sign replaces the RFC 6979
// nonce k, whose point R₀ = k·G is the opening, with
// k + hash_Tag(cbytes(R₀) ‖ Data), so that the signature's nonce point is
// R₀ + hash_Tag(cbytes(R₀) ‖ Data)·G. The zero Commit is not valid.
type Commit struct {
	Tag  *ksha256.Tag // the commitment's tag ("s2c/ecdsa/point" for zkp)
	Data *[32]byte    // the data committed to

	// Opening is set by Sign to the original nonce point R₀, the opening
	// that verifies the commitment.
	Opening group.Affine
}

// Tweak returns hash_Tag(cbytes(R0) ‖ data) as a scalar and true, or false
// if it is not less than n (probability about 2⁻¹²⁸), as zkp's
// secp256k1_ec_commit_tweak followed by its tweak check. Constant time in
// R0.
func Tweak(tag *ksha256.Tag, R0 *group.Affine, data *[32]byte) (scalar.Scalar, bool) {
	var rc [33]byte
	R0.PutCompressed(&rc)
	h := tag.Sum(rc[:], data[:])
	var t scalar.Scalar
	_, err := t.SetCanonicalBytes(&h)
	return t, err == nil
}

// Sign computes the signature (r, s) of the 32-byte message msg32 with the
// secret sec (in [1, n−1]) and the extra entropy ndata (nil or 32 bytes),
// and returns the recovery id and true. It tries RFC 6979 nonce candidates
// (libsecp256k1's nonce_function_rfc6979, bits2octets of msg32 included) in
// order, skipping those that are 0 or ≥ n and those that give r = 0 or
// s = 0, but at most MaxNonceAttempts of them; s is low (n − s if s is
// high, with the recovery id's parity flipped).
//
// With a non-nil c the nonce is committed as Commit says, and c.Opening is
// set. As in zkp, a commitment tweak that is not less than n, or that makes
// the nonce 0, ends signing.
//
// It returns false, with r and s zero, if no candidate gave a signature
// (with sec = 0 and msg32 ≡ 0 mod n every candidate gives s = 0; the callers
// keep that key out) or the commitment failed: probability below 2⁻¹²⁷ for
// a valid key.
func Sign(r, s *scalar.Scalar, sec *scalar.Scalar, msg32 *[32]byte, ndata []byte, c *Commit) (recid int, ok bool) {
	var e scalar.Scalar
	e.SetReducedBytes(msg32)
	var g ksha256.RFC6979
	initNonces(&g, sec, &e, ndata)
	defer g.Clear()

	var nonce32 [32]byte
	var k, kinv scalar.Scalar
	var Rj group.Jacobian
	var R group.Affine
	defer func() {
		clear(nonce32[:])
		k, kinv, Rj, R = scalar.Scalar{}, scalar.Scalar{}, group.Jacobian{}, group.Affine{}
	}()
	for range MaxNonceAttempts {
		if !nextNonce(&k, &g, &nonce32) {
			continue // probability < 2⁻¹²⁷; the candidate is discarded, not its secret
		}
		ecmult.ScalarBaseMult(&Rj, &k)
		R.SetJacobian(&Rj) // k ≠ 0: not the identity
		if c != nil {
			c.Opening = R
			t, tok := Tweak(c.Tag, &R, c.Data)
			k.Add(&k, &t)
			if !tok || k.IsZero() == 1 {
				break // zkp gives up too; probability about 2⁻¹²⁸
			}
			ecmult.ScalarBaseMult(&Rj, &k)
			R.SetJacobian(&Rj)
		}
		// r = x mod n; recid bit 1 records x ≥ n, bit 0 the parity of y.
		var xb [32]byte
		R.X.PutBytes(&xb)
		var xr scalar.Scalar
		_, overflow := xr.SetCanonicalBytes(&xb) // x ≥ n, in the other field: not a round trip
		r.SetReducedBytes(&xb)
		recid = R.Y.IsOdd()
		if overflow != nil {
			recid |= 2
		}
		// s = k⁻¹·(e + r·d)
		kinv.Invert(&k)
		s.Multiply(r, sec)
		s.Add(s, &e)
		s.Multiply(s, &kinv)
		high := s.IsHigh()
		var neg scalar.Scalar
		neg.Negate(s)
		s.Select(&neg, s, high)
		recid ^= high
		if r.IsZero()|s.IsZero() == 0 {
			return recid, true
		}
	}
	*r, *s = scalar.Scalar{}, scalar.Scalar{}
	return 0, false
}

// initNonces seeds g with libsecp256k1's nonce_function_rfc6979 input:
// key ‖ (msg mod n) [‖ ndata] ("bits2octets"), e being msg mod n.
func initNonces(g *ksha256.RFC6979, sec, e *scalar.Scalar, ndata []byte) {
	var seed [96]byte
	sec.PutBytes((*[32]byte)(seed[:32]))
	e.PutBytes((*[32]byte)(seed[32:64]))
	seedLen := 64 + copy(seed[64:], ndata)
	g.Init(seed[:seedLen])
	clear(seed[:])
}

// nextNonce sets k to g's next candidate, through buf, and reports whether
// it is a nonce, in [1, n−1] (libsecp256k1's secp256k1_scalar_set_b32_seckey).
func nextNonce(k *scalar.Scalar, g *ksha256.RFC6979, buf *[32]byte) bool {
	g.Generate(buf)
	_, err := k.SetCanonicalBytes(buf)
	return err == nil && k.IsZero() == 0
}

// NoncePoint sets R to the point k·G of the first RFC 6979 nonce that Sign
// would try for the same sec, msg32 and ndata, and returns true, or returns
// false if none of MaxNonceAttempts candidates is in [1, n−1] (probability
// below 2⁻⁸⁰⁰⁰). It is secp256k1-zkp's secp256k1_ecdsa_anti_exfil_signer_commit,
// and Sign's Commit.Opening when the first candidate signs. Constant time
// in sec and the nonce.
func NoncePoint(R *group.Affine, sec *scalar.Scalar, msg32 *[32]byte, ndata []byte) bool {
	var e, k scalar.Scalar
	e.SetReducedBytes(msg32)
	var g ksha256.RFC6979
	initNonces(&g, sec, &e, ndata)
	defer g.Clear()
	var nonce32 [32]byte
	defer func() { clear(nonce32[:]); k = scalar.Scalar{} }()
	for range MaxNonceAttempts {
		if nextNonce(&k, &g, &nonce32) {
			var Rj group.Jacobian
			ecmult.ScalarBaseMult(&Rj, &k)
			R.SetJacobian(&Rj)
			return true
		}
	}
	return false
}
