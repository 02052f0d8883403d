package bip322

import (
	"encoding/binary"
	"fmt"

	"github.com/kestrel-crypto/secp256k1/internal/ripemd160"
)

// The little of Bitcoin Script that the templates need: reading the pushes
// of a scriptSig, and writing them.

// maxElementSize is consensus's MAX_SCRIPT_ELEMENT_SIZE: no push may be
// larger.
const maxElementSize = 520

// pushes returns the items that the scriptSig script pushes. pushOnly is
// false if script holds an opcode other than a push (OP_0, a direct push,
// OP_PUSHDATA1/2/4, OP_1NEGATE, OP_1–OP_16): the caller cannot evaluate it
// without an interpreter. err wraps ErrInvalid for a script that fails
// whatever it holds: a push that runs past the end or is larger than 520
// bytes, or one that is not minimal (BIP-322 requires MINIMALDATA), at the
// first such push.
func pushes(script []byte) (items [][]byte, pushOnly bool, err error) {
	for pc := 0; pc < len(script); {
		op := script[pc]
		pc++
		var n int
		switch {
		case op == 0x00: // OP_0
			items = append(items, []byte{})
			continue
		case op <= 0x4b:
			n = int(op)
		case op <= 0x4e: // OP_PUSHDATA1, 2, 4
			size := 1 << (op - 0x4c)
			if len(script)-pc < size {
				return nil, true, fmt.Errorf("%w: the scriptSig ends inside a push length", ErrInvalid)
			}
			var v uint64
			switch size {
			case 1:
				v = uint64(script[pc])
			case 2:
				v = uint64(binary.LittleEndian.Uint16(script[pc:]))
			case 4:
				v = uint64(binary.LittleEndian.Uint32(script[pc:]))
			}
			pc += size
			if v > maxElementSize {
				return nil, true, fmt.Errorf("%w: a scriptSig push of %d bytes (at most %d)", ErrInvalid, v, maxElementSize)
			}
			n = int(v)
		case op == 0x4f: // OP_1NEGATE
			items = append(items, []byte{0x81})
			continue
		case 0x51 <= op && op <= 0x60: // OP_1 … OP_16
			items = append(items, []byte{op - 0x50})
			continue
		default:
			return nil, false, nil
		}
		if len(script)-pc < n {
			return nil, true, fmt.Errorf("%w: the scriptSig ends inside a push", ErrInvalid)
		}
		item := script[pc : pc+n : pc+n]
		pc += n
		if !isMinimalPush(op, item) {
			return nil, true, fmt.Errorf("%w: a scriptSig push is not minimal (MINIMALDATA)", ErrInvalid)
		}
		items = append(items, item)
	}
	return items, true, nil
}

// isMinimalPush reports whether op is the shortest push of item (Bitcoin
// Core's CheckMinimalPush), for the direct pushes and OP_PUSHDATA1/2/4.
func isMinimalPush(op byte, item []byte) bool {
	switch n := len(item); {
	case n == 0:
		return false // OP_0
	case n == 1 && (1 <= item[0] && item[0] <= 16 || item[0] == 0x81):
		return false // OP_1 … OP_16, OP_1NEGATE
	case n <= 0x4b:
		return int(op) == n
	case n <= 0xff:
		return op == 0x4c
	case n <= 0xffff:
		return op == 0x4d
	}
	return false // 520 bytes is at most OP_PUSHDATA2
}

// appendPush appends the minimal push of item, which is at most 520 bytes
// and not a small number.
func appendPush(b, item []byte) []byte {
	switch n := len(item); {
	case n <= 0x4b:
		b = append(b, byte(n))
	case n <= 0xff:
		b = append(b, 0x4c, byte(n))
	default:
		b = append(b, 0x4d, byte(n), byte(n>>8))
	}
	return append(b, item...)
}

// p2pkhScript returns the P2PKH script of a 20-byte key hash: the
// scriptPubKey of a P2PKH address, and the scriptCode of a P2WPKH spend
// (BIP-143).
func p2pkhScript(hash []byte) []byte {
	return append(append([]byte{0x76, 0xa9, 20}, hash...), 0x88, 0xac)
}

// hash160 returns RIPEMD-160(SHA-256(b)) as a slice.
func hash160(b []byte) []byte {
	h := ripemd160.Hash160(b)
	return h[:]
}
