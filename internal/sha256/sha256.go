// Package sha256 is a small SHA-256 (FIPS 180-4) for the BIP-340 tagged
// hashes: a value-type Digest whose midstate can be precomputed once per tag
// (Tag) and copied for each hash without allocating, and a block
// function that uses the SHA-NI instructions on amd64 CPUs that have them.
//
// It is not a hash.Hash: crypto/sha256 remains the general-purpose SHA-256.
// This package exists because crypto/sha256 cannot start from a precomputed
// midstate without allocating (hash.Cloner), and the BIP-340 challenge
// hash, two blocks after the tag midstate, is on every sign and verify.
package sha256

import "encoding/binary"

// Size is the size of a SHA-256 digest in bytes.
const Size = 32

// BlockSize is the SHA-256 block size in bytes.
const BlockSize = 64

// The initial hash value H⁽⁰⁾ (FIPS 180-4, 5.3.3).
var iv = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// Digest is a SHA-256 state. It is a plain value: copying it (b := a)
// forks the hash, without allocation, which is how a precomputed midstate
// is reused. The zero Digest is not valid; start from New or Tag.New.
type Digest struct {
	h   [8]uint32
	x   [BlockSize]byte // pending input, x[:nx]
	nx  int
	len uint64 // bytes written in all
}

// New returns the initial SHA-256 state.
func New() Digest {
	return Digest{h: iv}
}

// Reset sets d to the initial SHA-256 state.
func (d *Digest) Reset() {
	*d = Digest{h: iv}
}

// Write adds p to the hashed input.
func (d *Digest) Write(p []byte) {
	d.len += uint64(len(p))
	if d.nx > 0 {
		n := copy(d.x[d.nx:], p)
		d.nx += n
		if d.nx < BlockSize {
			return
		}
		block(&d.h, d.x[:])
		d.nx = 0
		p = p[n:]
	}
	if len(p) >= BlockSize {
		n := len(p) &^ (BlockSize - 1)
		block(&d.h, p[:n])
		p = p[n:]
	}
	d.nx = copy(d.x[:], p)
}

// WriteString adds s to the hashed input.
func (d *Digest) WriteString(s string) {
	for len(s) > 0 {
		var buf [BlockSize]byte
		n := copy(buf[:], s)
		d.Write(buf[:n])
		s = s[n:]
	}
}

// Sum sets out to the SHA-256 of the input written so far. It does not
// change d, which can be written to further.
func (d *Digest) Sum(out *[Size]byte) {
	e := *d
	e.finish(out)
}

// finish pads and hashes the last block(s) of d, modifying d, and writes the
// digest to out.
func (d *Digest) finish(out *[Size]byte) {
	// Padding: 0x80, zeros, then the length in bits as a 64-bit big-endian
	// integer, ending on a block boundary (FIPS 180-4, 5.1.1).
	bits := d.len << 3
	nx := d.nx
	d.x[nx] = 0x80
	nx++
	if nx > BlockSize-8 {
		clear(d.x[nx:])
		block(&d.h, d.x[:])
		nx = 0
	}
	clear(d.x[nx : BlockSize-8])
	binary.BigEndian.PutUint64(d.x[BlockSize-8:], bits)
	block(&d.h, d.x[:])
	for i, v := range d.h {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
}
