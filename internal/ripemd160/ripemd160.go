// Package ripemd160 implements the RIPEMD-160 hash function (Dobbertin,
// Bosselaers and Preneel, 1996; ISO/IEC 10118-3), which Bitcoin uses inside
// HASH160 = RIPEMD-160(SHA-256(x)) for P2PKH and P2WPKH key hashes.
//
// It exists because the standard library has no RIPEMD-160 and the module
// takes no dependency outside it: package silentpayments needs HASH160 to
// find the public key in a P2PKH scriptSig (BIP-352), and BIP-32
// fingerprints and P2PKH and P2WPKH addresses are HASH160s. Only public data
// is hashed here; the code is nonetheless free of data-dependent branches.
package ripemd160

import (
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
)

// Size is the size of a RIPEMD-160 digest in bytes.
const Size = 20

// Sum returns the RIPEMD-160 digest of data.
func Sum(data []byte) [Size]byte {
	h := [5]uint32{0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0}
	n := len(data)
	for len(data) >= 64 {
		block(&h, (*[64]byte)(data))
		data = data[64:]
	}
	// Padding: 0x80, zeros to 56 mod 64, then the bit length, little-endian.
	var tail [128]byte
	copy(tail[:], data)
	tail[len(data)] = 0x80
	end := 64
	if len(data) >= 56 {
		end = 128
	}
	binary.LittleEndian.PutUint64(tail[end-8:end], uint64(n)<<3)
	block(&h, (*[64]byte)(tail[:64]))
	if end == 128 {
		block(&h, (*[64]byte)(tail[64:]))
	}
	var out [Size]byte
	for i, v := range h {
		binary.LittleEndian.PutUint32(out[4*i:], v)
	}
	return out
}

// Hash160 returns RIPEMD-160(SHA-256(data)), Bitcoin's HASH160.
func Hash160(data []byte) [Size]byte {
	s := sha256.Sum256(data)
	return Sum(s[:])
}

// Message word order (r, r′) and rotation amounts (s, s′) of the left and
// right lines, from the specification's tables.
var (
	rl = [80]uint8{
		0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
		7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8,
		3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12,
		1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2,
		4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
	}
	rr = [80]uint8{
		5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12,
		6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2,
		15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13,
		8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14,
		12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
	}
	sl = [80]uint8{
		11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
		7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
		11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
		11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
		9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
	}
	sr = [80]uint8{
		8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6,
		9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11,
		9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5,
		15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8,
		8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
	}
	kl = [5]uint32{0x00000000, 0x5A827999, 0x6ED9EBA1, 0x8F1BBCDC, 0xA953FD4E}
	kr = [5]uint32{0x50A28BE6, 0x5C4DD124, 0x6D703EF3, 0x7A6D76E9, 0x00000000}
)

// f is the round function of round j/16 (0–4): x⊕y⊕z, (x∧y)∨(¬x∧z),
// (x∨¬y)⊕z, (x∧z)∨(y∧¬z), x⊕(y∨¬z). The right line uses them in reverse.
func f(round int, x, y, z uint32) uint32 {
	switch round {
	case 0:
		return x ^ y ^ z
	case 1:
		return (x & y) | (^x & z)
	case 2:
		return (x | ^y) ^ z
	case 3:
		return (x & z) | (y &^ z)
	default:
		return x ^ (y | ^z)
	}
}

// block processes one 64-byte block: two parallel lines of 80 steps each,
// combined into the chaining value.
func block(h *[5]uint32, p *[64]byte) {
	var x [16]uint32
	for i := range x {
		x[i] = binary.LittleEndian.Uint32(p[4*i:])
	}
	al, bl, cl, dl, el := h[0], h[1], h[2], h[3], h[4]
	ar, br, cr, dr, er := al, bl, cl, dl, el
	for j := 0; j < 80; j++ {
		round := j / 16
		t := bits.RotateLeft32(al+f(round, bl, cl, dl)+x[rl[j]]+kl[round], int(sl[j])) + el
		al, el, dl, cl, bl = el, dl, bits.RotateLeft32(cl, 10), bl, t
		t = bits.RotateLeft32(ar+f(4-round, br, cr, dr)+x[rr[j]]+kr[round], int(sr[j])) + er
		ar, er, dr, cr, br = er, dr, bits.RotateLeft32(cr, 10), br, t
	}
	t := h[1] + cl + dr
	h[1] = h[2] + dl + er
	h[2] = h[3] + el + ar
	h[3] = h[4] + al + br
	h[4] = h[0] + bl + cr
	h[0] = t
}
