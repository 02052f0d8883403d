package rangeproof

import (
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
	"github.com/kestrel-crypto/secp256k1/internal/sha256"
)

// prep is the 4096-byte image of the proof's s values that the nonce's
// random stream hides: 32 bytes per key, four keys per ring; signing puts
// the message and the value there, rewinding finds them.
type prep [maxPubs * 32]byte

// block returns the 32 bytes of key j of ring i (i·4 + j).
func (p *prep) block(k int) *[32]byte {
	return (*[32]byte)(p[k*32 : k*32+32])
}

// genrand is zkp's secp256k1_rangeproof_genrand: from the RFC 6979 stream
// seeded with nonce ‖ commit ‖ gen ‖ header it draws each ring's digit
// blinding factor sec[i] (the last one minus the sum of the others) and one
// 32-byte value per key, which it XORs into pr and writes back there, and
// whose scalar becomes s. It returns 0 if one of those scalars is not
// below the group order or is zero (signing must fail then, as zkp's
// does).
//
// Constant time in the nonce and in pr, but for the redrawing of a digit
// blinding factor out of range or zero (probability about 2⁻¹²⁸ a ring),
// which zkp does as well.
func genrand(sec, s []scalar.Scalar, pr *prep, sh *shape, nonce *[32]byte, commit, gen *group.Affine, hdr []byte) int {
	var seed [32 + 33 + 33 + 10]byte
	copy(seed[:], nonce[:])
	putQuad((*[33]byte)(seed[32:65]), commit)
	putQuad((*[33]byte)(seed[65:98]), gen)
	n := 98 + copy(seed[98:], hdr)
	var rng sha256.RFC6979
	rng.Init(seed[:n])
	var tmp [32]byte
	var acc scalar.Scalar
	ret := 1
	k := 0
	for i := range sh.rings {
		if i < sh.rings-1 {
			rng.Generate(&tmp)
			for {
				rng.Generate(&tmp)
				if _, err := sec[i].SetCanonicalBytes(&tmp); err == nil && sec[i].IsZero() == 0 {
					break
				}
			}
			acc.Add(&acc, &sec[i])
		} else {
			sec[i].Negate(&acc)
		}
		for j := range sh.sizes[i] {
			rng.Generate(&tmp)
			b := pr.block(i*4 + j)
			for t := range b {
				b[t] ^= tmp[t]
			}
			ret &= canonicalNonzero(&s[k], b)
			k++
		}
	}
	rng.Clear()
	clear(tmp[:])
	clear(seed[:])
	acc = scalar.Scalar{}
	return ret
}

// canonicalNonzero sets s = b mod n and returns 1 if b is below n and not
// zero, 0 otherwise, in constant time (zkp's secp256k1_scalar_set_b32 with
// its overflow flag).
func canonicalNonzero(s *scalar.Scalar, b *[32]byte) int {
	s.SetReducedBytes(b)
	var t [32]byte
	s.PutBytes(&t)
	eq := 1
	var diff byte
	for i := range t {
		diff |= t[i] ^ b[i]
	}
	eq = int((uint32(diff) - 1) >> 31)
	return eq & (s.IsZero() ^ 1)
}
