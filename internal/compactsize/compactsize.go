// Package compactsize writes Bitcoin's CompactSize integers (Bitcoin Core's
// WriteCompactSize in serialize.h), the length and count prefix of
// transactions, witnesses, signed messages and BIP-341's tapleaf hash.
package compactsize

import "encoding/binary"

// MaxLen is the length of the longest encoding, that of an n ≥ 2³².
const MaxLen = 9

// Append appends the CompactSize encoding of n to b and returns the
// extended slice: n itself below 0xfd, else a 0xfd, 0xfe or 0xff marker
// and n in 2, 4 or 8 little-endian bytes, the shortest form that holds n.
// It allocates only if b has fewer than MaxLen bytes of spare capacity.
func Append(b []byte, n uint64) []byte {
	switch {
	case n < 0xfd:
		return append(b, byte(n))
	case n <= 0xffff:
		return binary.LittleEndian.AppendUint16(append(b, 0xfd), uint16(n))
	case n <= 0xffffffff:
		return binary.LittleEndian.AppendUint32(append(b, 0xfe), uint32(n))
	}
	return binary.LittleEndian.AppendUint64(append(b, 0xff), n)
}
