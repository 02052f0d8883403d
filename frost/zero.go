package frost

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
)

// The zero-value rule of the root package (secp256k1.ErrUninitialized),
// applied to this package: the zero value (or a nil pointer) of a
// SignersContext, a TweakContext, a SessionContext, a SecretShare or a
// SecNonce is not one. Every function with an error result returns an
// error that wraps secp256k1.ErrUninitialized for them; every other one
// panics with a message naming the type. The checks come before any
// computation, and Sign makes them before it consumes the secret nonce.

var (
	errSignersContext  error = uninitialized("SignersContext")
	errTweakContext    error = uninitialized("TweakContext")
	errSessionContext  error = uninitialized("SessionContext")
	errZeroSecretShare       = fmt.Errorf("%w (the zero SecretShare): %w", ErrSecretShare, secp256k1.ErrUninitialized)
	// errZeroSecNonce is also ErrSecNonce.
	errZeroSecNonce = fmt.Errorf("%w (the zero SecNonce): %w", ErrSecNonce, secp256k1.ErrUninitialized)
)

// uninitialized returns the error for a zero value of the type it names.
// It wraps secp256k1.ErrUninitialized.
func uninitialized(typ string) error {
	return &mpsig.Uninitialized{Msg: "frost: use of an uninitialized " + typ, Err: secp256k1.ErrUninitialized}
}

// Validate returns an error wrapping secp256k1.ErrUninitialized if c is
// nil or the zero SignersContext, and nil otherwise: every other
// SignersContext comes from NewSignersContext, which validated it.
func (c *SignersContext) Validate() error { return c.check() }

// check returns errSignersContext if c is nil or the zero SignersContext.
func (c *SignersContext) check() error {
	if c == nil || c.tweak == nil {
		return errSignersContext
	}
	return nil
}

// check returns errTweakContext if c is nil or the zero TweakContext.
func (c *TweakContext) check() error {
	if c == nil || c.pub == nil {
		return errTweakContext
	}
	return nil
}

// check returns errSessionContext if s is nil or the zero SessionContext.
func (s *SessionContext) check() error {
	if s == nil || s.signers == nil {
		return errSessionContext
	}
	return nil
}

// check returns errZeroSecretShare if s is nil or the zero SecretShare.
// Constant time in the share.
func (s *SecretShare) check() error {
	if s == nil || s.d.IsZero() == 1 {
		return errZeroSecretShare
	}
	return nil
}

// check returns errZeroSecNonce if n is nil or the zero SecNonce, and
// ErrSecNonceUsed if n has been consumed. It does not consume n.
func (n *SecNonce) check() error {
	if n == nil {
		return errZeroSecNonce
	}
	return n.st.Check(errZeroSecNonce, ErrSecNonceUsed)
}
