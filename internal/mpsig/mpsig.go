// Package mpsig is what the two multi-party Schnorr protocols, MuSig2
// (BIP-327, package musig2) and FROST (BIP-445, package frost), compute
// the same way, written once on the engine's values; the protocols keep
// their public types, errors and blame, and what differs between them: key
// aggregation and its coefficients a_i in MuSig2, the Signers Context and
// Lagrange coefficients λ_i in FROST, and their tags.
//
//   - nonce.go: NonceGen and the deterministic nonce under a protocol's
//     Tags, the single-use secret nonce (SecNonce: consumed once by Take,
//     whatever the number of copies), and the nonce encodings and NonceAgg.
//
//   - tweak.go: the tweak accumulator (Key: Q, gacc, tacc), ApplyTweak and
//     BIP-341's taproot tweak.
//
//   - session.go: the session values (b, R, e with BIP-340's challenge),
//     Sign's arithmetic and PartialSigAgg.
//
//   - this file: the check of a partial signature s against the signer's
//     nonce (R₁, R₂) and key P,
//
//     s·G = σ·(R₁ + b·R₂) + c·P,
//
//     where b is the nonce coefficient, σ = −1 if the final nonce R has an
//     odd y and 1 otherwise, and c the protocol's key coefficient (e·a·g' in
//     MuSig2, e·λ·g' in FROST).
//
//   - errors.go: the zero-value error and the blame message.
//
// Like every package under internal/, it does not import the module's root
// package: the protocols convert their public values through internal/door.
package mpsig

import (
	"sync/atomic"

	"github.com/kestrel-crypto/secp256k1/internal/ecmult"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// PartialSigValue sets s to the value of the 32-byte partial signature p
// and reports whether p is one: not nil, and its value below n. The
// protocols' PartialSig types convert to *[32]byte, nil included.
func PartialSigValue(s *scalar.Scalar, p *[32]byte) bool {
	if p == nil {
		return false
	}
	_, err := s.SetCanonicalBytes(p)
	return err == nil
}

// Check is a partial-signature check of one signer in a session: the
// session's nonce coefficient B and the parity of its final nonce ROdd,
// and the signer's key coefficient C and point P.
type Check struct {
	B    *scalar.Scalar
	C    scalar.Scalar
	ROdd bool
	P    *group.Jacobian
	T    *ecmult.Table // P's table, or nil to build one per check
}

// LazyTable is the Strauss table of one signer's point, kept in a context
// (FROST's Signers Context, MuSig2's key aggregation) whose partial
// signatures may be checked session after session. Get builds it when the
// signer is checked in a second session: the table costs about three
// checks (ecmult.Table) and saves a sixth of each later one, so a context
// used for one session (every check a signer's own Sign makes, and a
// coordinator's, in one process) pays nothing for it, and a coordinator
// that keeps the context gets the precomputed window from its second
// session on. Safe for concurrent use; the zero value is empty. It must not
// be copied.
type LazyTable struct {
	first atomic.Uint64 // the session that first asked, 0 if none has
	t     atomic.Pointer[ecmult.Table]
}

// sessionIDs numbers the sessions for LazyTable: NewSessionID.
var sessionIDs atomic.Uint64

// NewSessionID returns a number that no other session of the process has,
// never 0.
func NewSessionID() uint64 { return sessionIDs.Add(1) }

// Built reports whether the table has been built.
func (l *LazyTable) Built() bool { return l.t.Load() != nil }

// Get returns P's table for a check in the session numbered session, or nil
// while every check has been in one session (and always for session 0, and
// if P has no table: the identity, a point off the curve). Concurrent
// first uses by two sessions may each build a table; one of them is kept.
func (l *LazyTable) Get(P *group.Jacobian, session uint64) *ecmult.Table {
	if t := l.t.Load(); t != nil {
		return t
	}
	if session == 0 {
		return nil
	}
	if first := l.first.Load(); first == 0 {
		if l.first.CompareAndSwap(0, session) || l.first.Load() == session {
			return nil
		}
	} else if first == session {
		return nil
	}
	t := new(ecmult.Table)
	if !t.Set(P) {
		return nil
	}
	l.t.CompareAndSwap(nil, t)
	return l.t.Load()
}

// Result is the outcome of VarTimeVerifyEncoded.
type Result int

const (
	Valid        Result = iota // the partial signature verifies
	InvalidNonce               // the public nonce is not two points: blame the nonce
	Invalid                    // the partial signature does not verify
)

// sum returns T = s·G − σ·B·R2 − C·P, and false if the engine detected an
// invalid point: s is a valid partial signature exactly when T = σ·R1. One
// Strauss multiplication of two points and G (with G's precomputed
// tables); it does not allocate.
func (c *Check) sum(s *scalar.Scalar, R2 *group.Jacobian) (group.Jacobian, bool) {
	var nsb, nc scalar.Scalar
	// −σ·b: −b if R has an even y, b if odd.
	nsb.Set(c.B)
	if !c.ROdd {
		nsb.Negate(&nsb)
	}
	nc.Negate(&c.C)
	if c.T != nil {
		return ecmult.VarTimeMult2GTable(&nsb, R2, &nc, c.T, s)
	}
	return ecmult.VarTimeMult2G(&nsb, R2, &nc, c.P, s)
}

// VarTimeVerifyPoints reports whether s is a valid partial signature for
// the nonce points (R1, R2): Sign's self-verification, and a session that
// has the nonces decoded. T is compared with σ·R1 as points, without an
// inversion. Variable time: every input is public.
func (c *Check) VarTimeVerifyPoints(s *scalar.Scalar, R1, R2 *group.Jacobian) bool {
	T, ok := c.sum(s, R2)
	if !ok {
		return false
	}
	var want group.Jacobian
	want.Set(R1)
	if c.ROdd {
		want.Negate(&want)
	}
	return T.Equal(&want) == 1
}

// VarTimeVerifyEncoded checks s against the 66-byte public nonce pubnonce:
// it decodes R2 only, and compares T with σ·R1 by R1's encoding (σ = −1
// flips the parity byte; one inversion instead of a square root). Only a
// failure decodes R1, so that an invalid public nonce is blamed before a
// wrong partial signature, as the BIPs do. Variable time.
func (c *Check) VarTimeVerifyEncoded(s *scalar.Scalar, pubnonce *[66]byte) Result {
	var R2 group.Jacobian
	if !R2.SetCompressed((*[33]byte)(pubnonce[33:])) {
		return InvalidNonce
	}
	T, ok := c.sum(s, &R2)
	want := [33]byte(pubnonce[:33])
	if c.ROdd && (want[0] == 2 || want[0] == 3) {
		want[0] ^= 1
	}
	if ok && T.VarTimeEqualCompressed(&want) {
		return Valid
	}
	var R1 group.Jacobian
	if !R1.SetCompressed(&want) {
		return InvalidNonce
	}
	return Invalid
}
