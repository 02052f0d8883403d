package sha256

import "encoding/binary"

// Tag is a tag of BIP-340's tagged hashes
// hash_tag(msg) = SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ msg), held as its
// midstate: the SHA-256 state after the 64-byte prefix
// SHA-256(tag) ‖ SHA-256(tag), so that no hash compresses that block again.
// Build each tag once with NewTag, in a package variable; its methods do not
// change it and do not allocate. The zero Tag is not valid.
type Tag struct {
	mid Digest // 64 bytes hashed, on a block boundary (mid.nx = 0)
}

// NewTag returns the Tag for tag, hashing its 64-byte prefix.
func NewTag(tag string) Tag {
	d := New()
	d.WriteString(tag)
	var th [Size]byte
	d.finish(&th)
	t := Tag{mid: New()}
	t.mid.Write(th[:])
	t.mid.Write(th[:])
	return t
}

// BIP340Challenge is BIP-340's "BIP0340/challenge", the tag of
// hash_challenge(R ‖ P ‖ m): schnorr signs and verifies with it, and musig2
// (BIP-327) computes the same challenge.
var BIP340Challenge = NewTag("BIP0340/challenge")

// New returns a Digest in t's midstate, for a message written in pieces:
// its Sum is hash_tag of what is written to it.
func (t *Tag) New() Digest {
	return t.mid
}

// Sum returns hash_tag(msg[0] ‖ msg[1] ‖ …), for a message of a few fixed
// parts. It clears its copy of the state, which held the message, before
// returning.
func (t *Tag) Sum(msg ...[]byte) [Size]byte {
	d := t.mid
	for _, m := range msg {
		d.Write(m)
	}
	var out [Size]byte
	d.finish(&out)
	d = Digest{}
	return out
}

// Sum32x2 returns hash_tag(a ‖ b ‖ msg), such as BIP-340's challenge
// hash_challenge(R ‖ P ‖ m): two compressions for a message shorter than 56
// bytes.
func (t *Tag) Sum32x2(a, b *[32]byte, msg []byte) [Size]byte {
	var out [Size]byte
	if len(msg) < BlockSize-8 {
		// A short message: a ‖ b is one block and msg with its padding the
		// next, hashed in one call.
		var buf [2 * BlockSize]byte
		copy(buf[:32], a[:])
		copy(buf[32:64], b[:])
		copy(buf[64:], msg)
		buf[64+len(msg)] = 0x80
		binary.BigEndian.PutUint64(buf[2*BlockSize-8:], (t.mid.len+64+uint64(len(msg)))<<3)
		h := t.mid.h
		block(&h, buf[:])
		for i, v := range h {
			binary.BigEndian.PutUint32(out[4*i:], v)
		}
		return out
	}
	d := t.mid
	d.Write(a[:])
	d.Write(b[:])
	d.Write(msg)
	d.finish(&out)
	return out
}
