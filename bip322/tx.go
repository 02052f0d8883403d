package bip322

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1/internal/compactsize"
)

// A Bitcoin transaction in its network serialization (BIP-144 with
// witnesses), as much of one as BIP-322's virtual transactions need: any
// number of inputs and outputs, so that the parser reads what a signer
// sends and the sighashes are those of real transactions, but no
// consensus checks beyond the encoding.

// tx is a transaction.
type tx struct {
	version  uint32 // nVersion (int32 in Bitcoin Core; only its bytes matter here)
	inputs   []txIn
	outputs  []txOut
	lockTime uint32
}

// txIn is a transaction input.
type txIn struct {
	prevTxid  [32]byte // the previous transaction's hash, in internal (serialized) byte order
	prevIndex uint32
	scriptSig []byte
	sequence  uint32
	witness   [][]byte
}

// txOut is a transaction output.
type txOut struct {
	value        uint64 // satoshis (int64 in Bitcoin Core)
	scriptPubKey []byte
}

// errEncoding is the parser's error; callers wrap it in ErrMalformed.
var errEncoding = errors.New("not a transaction")

// maxSize is Bitcoin Core's MAX_SIZE, the largest CompactSize it reads.
const maxSize = 0x02000000

// hasWitness reports whether an input has a non-empty witness, which
// selects BIP-144's serialization.
func (t *tx) hasWitness() bool {
	for i := range t.inputs {
		if len(t.inputs[i].witness) > 0 {
			return true
		}
	}
	return false
}

// serialize returns t's network serialization: with BIP-144's marker, flag
// and witnesses if witness is set and an input has a witness, else the
// legacy serialization that the txid hashes.
func (t *tx) serialize(witness bool) []byte {
	witness = witness && t.hasWitness()
	b := binary.LittleEndian.AppendUint32(nil, t.version)
	if witness {
		b = append(b, 0x00, 0x01)
	}
	b = compactsize.Append(b, uint64(len(t.inputs)))
	for _, in := range t.inputs {
		b = append(b, in.prevTxid[:]...)
		b = binary.LittleEndian.AppendUint32(b, in.prevIndex)
		b = appendBytes(b, in.scriptSig)
		b = binary.LittleEndian.AppendUint32(b, in.sequence)
	}
	b = compactsize.Append(b, uint64(len(t.outputs)))
	for _, out := range t.outputs {
		b = out.append(b)
	}
	if witness {
		for _, in := range t.inputs {
			b = appendWitness(b, in.witness)
		}
	}
	return binary.LittleEndian.AppendUint32(b, t.lockTime)
}

// append appends the serialization of out: its value and script.
func (out *txOut) append(b []byte) []byte {
	b = binary.LittleEndian.AppendUint64(b, out.value)
	return appendBytes(b, out.scriptPubKey)
}

// txid returns SHA-256d of t's legacy serialization, in internal byte
// order (the hex that block explorers show is reversed).
func (t *tx) txid() [32]byte {
	return sha256d(t.serialize(false))
}

// sha256d returns SHA-256(SHA-256(b)).
func sha256d(b []byte) [32]byte {
	h := sha256.Sum256(b)
	return sha256.Sum256(h[:])
}

// appendBytes appends v with its CompactSize length.
func appendBytes(b, v []byte) []byte {
	return append(compactsize.Append(b, uint64(len(v))), v...)
}

// appendWitness appends a witness stack: the number of items, then each
// with its length.
func appendWitness(b []byte, stack [][]byte) []byte {
	b = compactsize.Append(b, uint64(len(stack)))
	for _, item := range stack {
		b = appendBytes(b, item)
	}
	return b
}

// reader reads a serialization; the first error sticks and every later
// read returns zero values.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(format string, a ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: "+format, append([]any{errEncoding}, a...)...)
	}
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n > len(r.b) {
		r.fail("%d bytes wanted, %d left", n, len(r.b))
		return nil
	}
	v := r.b[:n:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) byte() byte {
	if v := r.bytes(1); v != nil {
		return v[0]
	}
	return 0
}

func (r *reader) uint32() uint32 {
	if v := r.bytes(4); v != nil {
		return binary.LittleEndian.Uint32(v)
	}
	return 0
}

func (r *reader) uint64() uint64 {
	if v := r.bytes(8); v != nil {
		return binary.LittleEndian.Uint64(v)
	}
	return 0
}

// compactSize reads a CompactSize, which must be in its shortest form and
// at most maxSize (Bitcoin Core's ReadCompactSize).
func (r *reader) compactSize() uint64 {
	var n, min uint64
	switch p := r.byte(); p {
	case 0xfd:
		if v := r.bytes(2); v != nil {
			n, min = uint64(binary.LittleEndian.Uint16(v)), 0xfd
		}
	case 0xfe:
		n, min = uint64(r.uint32()), 0x10000
	case 0xff:
		n, min = r.uint64(), 0x100000000
	default:
		n = uint64(p)
	}
	switch {
	case r.err != nil:
		return 0
	case n < min:
		r.fail("non-canonical CompactSize")
		return 0
	case n > maxSize:
		r.fail("CompactSize %d larger than %d", n, maxSize)
		return 0
	}
	return n
}

// count reads the CompactSize number of items of at least minSize bytes
// each, and fails if the rest of the input cannot hold them (which bounds
// the allocations of a hostile input by its length).
func (r *reader) count(minSize int) int {
	n := r.compactSize()
	if r.err == nil && n > uint64(len(r.b)/minSize) {
		r.fail("%d items cannot fit in %d bytes", n, len(r.b))
		return 0
	}
	return int(n)
}

// varBytes reads a CompactSize length and that many bytes.
func (r *reader) varBytes() []byte {
	return r.bytes(r.count(1))
}

// witness reads a witness stack.
func (r *reader) witness() [][]byte {
	n := r.count(1) // an item is at least its length byte
	if r.err != nil {
		return nil
	}
	stack := make([][]byte, n)
	for i := range stack {
		stack[i] = r.varBytes()
	}
	if r.err != nil {
		return nil
	}
	return stack
}

// parseTx decodes a transaction as Bitcoin Core's UnserializeTransaction
// does with witnesses allowed: BIP-144's marker 0x00 and flag 0x01, a
// witness record only if some witness is non-empty, no unknown flags, and
// no bytes after the lock time.
func parseTx(b []byte) (*tx, error) {
	r := &reader{b: b}
	t := &tx{version: r.uint32()}
	t.inputs = r.inputs()
	var flags byte
	if r.err == nil && len(t.inputs) == 0 {
		// An empty input list, or BIP-144's marker.
		flags = r.byte()
		if flags != 0 {
			t.inputs = r.inputs()
			t.outputs = r.outputs()
		}
	} else {
		t.outputs = r.outputs()
	}
	if flags&1 != 0 {
		flags ^= 1
		for i := range t.inputs {
			t.inputs[i].witness = r.witness()
		}
		if r.err == nil && !t.hasWitness() {
			r.fail("superfluous witness record")
		}
	}
	if flags != 0 {
		r.fail("unknown optional data (flag 0x%02x)", flags)
	}
	t.lockTime = r.uint32()
	if r.err == nil && len(r.b) != 0 {
		r.fail("%d bytes after the transaction", len(r.b))
	}
	if r.err != nil {
		return nil, r.err
	}
	return t, nil
}

func (r *reader) inputs() []txIn {
	n := r.count(41) // outpoint, empty scriptSig, sequence
	if r.err != nil {
		return nil
	}
	ins := make([]txIn, n)
	for i := range ins {
		copy(ins[i].prevTxid[:], r.bytes(32))
		ins[i].prevIndex = r.uint32()
		ins[i].scriptSig = r.varBytes()
		ins[i].sequence = r.uint32()
	}
	return ins
}

func (r *reader) outputs() []txOut {
	n := r.count(9) // value, empty script
	if r.err != nil {
		return nil
	}
	outs := make([]txOut, n)
	for i := range outs {
		outs[i].value = r.uint64()
		outs[i].scriptPubKey = r.varBytes()
	}
	return outs
}

// parseWitness decodes a serialized witness stack (a simple signature),
// with no bytes after it.
func parseWitness(b []byte) ([][]byte, error) {
	r := &reader{b: b}
	stack := r.witness()
	if r.err == nil && len(r.b) != 0 {
		r.fail("%d bytes after the witness stack", len(r.b))
	}
	if r.err != nil {
		return nil, r.err
	}
	return stack, nil
}
