package bip322

import "strconv"

// Format is the format of a signature. The zero value is no format.
type Format int

// The formats of BIP-322 that this package reads and writes.
const (
	// Legacy is Bitcoin Core's signmessage format: the base64 of a 65-byte
	// compact recoverable ECDSA signature of LegacyMessageHash.
	Legacy Format = iota + 1
	// Simple is BIP-322's "smp" format: the witness stack that spends
	// to_spend.
	Simple
	// Full is BIP-322's "ful" format: the signed to_sign transaction.
	Full
)

// String returns "legacy", "simple" or "full", or "Format(n)" for another
// value.
func (f Format) String() string {
	switch f {
	case Legacy:
		return "legacy"
	case Simple:
		return "simple"
	case Full:
		return "full"
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// Result is what Verify learned from a valid signature: its format, and
// BIP-322's "valid at time T and age S", the lock time and sequence of
// to_sign, which only a full signature can set. The signature proves
// control of the address only from time T and age S on (BIP-68, BIP-113
// semantics); whether they have come is for the caller to judge. Both are
// 0 for simple and legacy signatures.
type Result struct {
	Format   Format
	LockTime uint32 // T: to_sign's nLockTime
	Sequence uint32 // S: the nSequence of to_sign's input
}
