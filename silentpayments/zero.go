package silentpayments

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// The zero-value rule of the root package (secp256k1.ErrUninitialized),
// applied to this package: a nil or zero secp256k1.PrivateKey or PublicKey
// is not a key, and the zero value (or a nil pointer) of a Receiver, a
// PrevoutsSummary, an Address (whose keys are nil) or a FoundOutput (whose
// tweak is 0) is not one of those either. Every function with an error
// result returns an error that wraps secp256k1.ErrUninitialized for them,
// naming the argument; every other one panics with a message naming the
// type. The checks come before any computation.

// uninitialized returns the error for what, a nil or zero key or value.
func uninitialized(what string) error {
	return fmt.Errorf("silentpayments: uninitialized %s: %w", what, secp256k1.ErrUninitialized)
}

// validPrivateKey reports whether k is neither nil nor the zero PrivateKey.
func validPrivateKey(k *secp256k1.PrivateKey) bool { return k != nil && k.Validate() == nil }

// validPublicKey reports whether p is neither nil nor the zero PublicKey.
func validPublicKey(p *secp256k1.PublicKey) bool { return p != nil && p.Validate() == nil }

// copyKey returns a copy of p, so that what a caller does with it cannot
// reach the original.
func copyKey(p *secp256k1.PublicKey) *secp256k1.PublicKey {
	c := *p
	return &c
}

// check returns an error wrapping secp256k1.ErrUninitialized if r is nil,
// the zero Receiver or one wiped by Zero.
func (r *Receiver) check() error {
	if r == nil || r.scanKey.Validate() != nil {
		return uninitialized("Receiver")
	}
	return nil
}

// mustValid is check for the methods without an error result: it panics.
func (r *Receiver) mustValid() {
	mustInit(r.check(), "Receiver")
}

// check returns an error wrapping secp256k1.ErrUninitialized if s is nil or
// the zero PrevoutsSummary.
func (s *PrevoutsSummary) check() error {
	if s == nil || s.sum == nil {
		return uninitialized("PrevoutsSummary")
	}
	return nil
}

// mustValid is check for the methods without an error result: it panics.
func (s *PrevoutsSummary) mustValid() {
	mustInit(s.check(), "PrevoutsSummary")
}

// mustInit panics with a message naming typ if err is not nil.
func mustInit(err error, typ string) {
	if err != nil {
		panic("silentpayments: use of an uninitialized " + typ)
	}
}

// valid reports whether a is not nil and both its keys are neither nil nor
// zero.
func (a *Address) valid() bool {
	return a != nil && validPublicKey(a.Scan) && validPublicKey(a.Spend)
}
