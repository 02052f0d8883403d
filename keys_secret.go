package secp256k1

import (
	"errors"
	"fmt"
)

// Secret hygiene of PrivateKey: it can be wiped, fmt never prints its value,
// and encoding/json refuses it rather than writing an empty object.

// ErrSecretMarshal is returned by PrivateKey.MarshalJSON: a private key is
// not written to JSON by accident. Use Bytes for an explicit encoding.
var ErrSecretMarshal = errors.New("secp256k1: a private key is not marshalled to JSON")

// Zero overwrites k with the zero value, which is no longer a key: later
// uses return ErrUninitialized or panic. It does not reach copies of k made
// before (such as the results of Bytes or Scalar).
func (k *PrivateKey) Zero() {
	k.s = Scalar{}
}

// String returns a fixed text that holds no secret material.
func (k PrivateKey) String() string { return "secp256k1.PrivateKey(REDACTED)" }

// GoString returns a fixed text that holds no secret material, for %#v.
func (k PrivateKey) GoString() string { return "secp256k1.PrivateKey{REDACTED}" }

// Format makes every fmt verb (%v, %+v, %s, %x, %d, …) print String's fixed
// text, for a PrivateKey, a pointer to one, or one in an exported field,
// slice or map. fmt does not call the methods of values in unexported
// struct fields: a type that keeps a PrivateKey in one implements Format
// itself.
func (k PrivateKey) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, k.GoString())
		return
	}
	fmt.Fprint(f, k.String())
}

// MarshalJSON returns ErrSecretMarshal.
func (k PrivateKey) MarshalJSON() ([]byte, error) {
	return nil, ErrSecretMarshal
}
