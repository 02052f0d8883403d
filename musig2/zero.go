package musig2

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
)

// The zero-value rule of the root package (secp256k1.ErrUninitialized),
// applied to this package: a nil or zero secp256k1.PrivateKey is not a key,
// and the zero value (or a nil pointer) of a KeyAggContext, a SessionContext
// or a SecNonce is not one either. Every function with an error result
// returns an error that wraps secp256k1.ErrUninitialized for them; every
// other one panics with a message naming the type. The checks come before
// any computation, and Sign makes them before it consumes the secret nonce.

var (
	errSecretKey      error = uninitialized("secret key (nil or the zero PrivateKey)")
	errKeyAggContext  error = uninitialized("KeyAggContext")
	errSessionContext error = uninitialized("SessionContext")
	// errZeroSecNonce is also ErrSecNonce, which Sign has always returned
	// for the zero SecNonce.
	errZeroSecNonce = fmt.Errorf("%w (the zero SecNonce): %w", ErrSecNonce, secp256k1.ErrUninitialized)
)

// uninitialized returns the error for a zero value of the type it names.
// It wraps secp256k1.ErrUninitialized.
func uninitialized(typ string) error {
	return &mpsig.Uninitialized{Msg: "musig2: use of an uninitialized " + typ, Err: secp256k1.ErrUninitialized}
}

// checkSecretKey returns errSecretKey if sk is nil or the zero PrivateKey.
func checkSecretKey(sk *secp256k1.PrivateKey) error {
	if sk == nil || sk.Validate() != nil {
		return errSecretKey
	}
	return nil
}

// Validate returns an error wrapping secp256k1.ErrUninitialized if c is
// nil or the zero KeyAggContext, and nil otherwise: every other
// KeyAggContext comes from KeyAgg or a tweak of one.
func (c *KeyAggContext) Validate() error { return c.check() }

// check returns errKeyAggContext if c is nil or the zero KeyAggContext.
func (c *KeyAggContext) check() error {
	if c == nil || c.keys == nil {
		return errKeyAggContext
	}
	return nil
}

// check returns errSessionContext if s is nil or the zero SessionContext.
func (s *SessionContext) check() error {
	if s == nil || s.keyAgg == nil {
		return errSessionContext
	}
	return nil
}

// check returns errZeroSecNonce if n is nil or the zero SecNonce, and
// ErrSecNonceUsed if n has been consumed. It does not consume n.
func (n *SecNonce) check() error {
	if n == nil || n.st == nil {
		return errZeroSecNonce
	}
	return n.st.Check(errZeroSecNonce, ErrSecNonceUsed)
}
