package silentpayments

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
)

// ErrNoOutpoints is returned when a transaction is given without outpoints.
var ErrNoOutpoints = errors.New("silentpayments: no outpoints")

// Outpoint is the output a transaction input spends (Bitcoin's COutPoint).
// TxID is in the byte order of the transaction serialization (the reverse of
// the hex that RPCs and block explorers display); use ParseOutpoint for the
// displayed form. The zero value is the null outpoint.
type Outpoint struct {
	TxID [32]byte
	Vout uint32
}

// ParseOutpoint returns the outpoint of output vout of the transaction whose
// id is the 64-digit displayed (big-endian) hex txid.
func ParseOutpoint(txid string, vout uint32) (Outpoint, error) {
	var o Outpoint
	b, err := hex.DecodeString(txid)
	if err != nil || len(b) != 32 {
		return Outpoint{}, errors.New("silentpayments: txid is not 64 hex digits")
	}
	for i := range b {
		o.TxID[i] = b[31-i]
	}
	o.Vout = vout
	return o, nil
}

// Bytes returns BIP-352's 36-byte outpoint serialization: the txid as
// serialized in a transaction, then vout as 4 little-endian bytes.
func (o Outpoint) Bytes() [36]byte {
	var b [36]byte
	copy(b[:32], o.TxID[:])
	binary.LittleEndian.PutUint32(b[32:], o.Vout)
	return b
}

// smallestOutpoint returns the serialization of outpoint_L, the
// lexicographically smallest serialized outpoint (so vout compares by its
// little-endian bytes, not as an integer), or false for no outpoints.
func smallestOutpoint(outpoints []Outpoint) ([36]byte, bool) {
	if len(outpoints) == 0 {
		return [36]byte{}, false
	}
	min := outpoints[0].Bytes()
	for _, o := range outpoints[1:] {
		if b := o.Bytes(); bytes.Compare(b[:], min[:]) < 0 {
			min = b
		}
	}
	return min, true
}
