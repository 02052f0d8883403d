package bip32

import (
	"encoding/json"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// Secret hygiene and the encodings of the standard library's interfaces. A
// private extended key can be wiped, fmt never prints its key or chain code,
// and encoding/json and the text encoders refuse it; Base58 is the explicit
// export. A public extended key is its xpub string for fmt, encoding/json
// and the text encoders. The methods have value receivers, so that they are
// found for a value that is not addressable too (a struct field passed by
// value). fmt does not call the methods of a value in an unexported field:
// it prints its fields, and an ExtendedKey's only field is the pointer to
// its state, whose secrets are behind another pointer (see secrets).

// errPrivateText is the error of the text encoders for a private extended
// key.
var errPrivateText = fmt.Errorf("bip32: a private extended key is not marshalled or unmarshalled as text; use Base58 and ParseExtendedKey: %w", secp256k1.ErrSecretMarshal)

// Zero wipes k's private key and chain code, and every other field, and
// sets k to the zero value: k and the copies of the value *k, which share
// its state, are no longer keys, and later uses return
// secp256k1.ErrUninitialized or panic. It does not reach the keys derived
// from k, nor the results of PrivateKey, ChainCode or Base58, nor a key
// being used by another goroutine (do not call Zero concurrently with other
// methods). Zero of the zero value does nothing.
func (k *ExtendedKey) Zero() {
	if k.s != nil {
		if k.s.sec != nil {
			*k.s.sec = secrets{}
		}
		*k.s = keyState{}
	}
	k.s = nil
}

// String returns the Base58 serialization of a public extended key (its
// xpub), a fixed text that holds no secret material for a private one, and
// "<uninitialized>" for the zero value.
func (k ExtendedKey) String() string {
	switch {
	case k.Validate() != nil:
		return "<uninitialized>"
	case k.s.private:
		return "bip32.ExtendedKey(private, REDACTED)"
	}
	return k.Base58()
}

// GoString returns String's text in Go syntax, for %#v: for a private
// extended key, a fixed text that holds no secret material.
func (k ExtendedKey) GoString() string {
	switch {
	case k.Validate() != nil:
		return "bip32.ExtendedKey{}"
	case k.s.private:
		return "bip32.ExtendedKey{private, REDACTED}"
	}
	return "bip32.ExtendedKey{" + k.Base58() + "}"
}

// Format makes every fmt verb (%v, %+v, %s, %x, %d, …) print String's text,
// and %#v GoString's, for an ExtendedKey, a pointer to one, or one in an
// exported field, slice or map: never the private key or chain code of a
// private extended key. In an unexported field, where fmt cannot call it,
// an ExtendedKey prints as the address of its state.
func (k ExtendedKey) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, k.GoString())
		return
	}
	fmt.Fprint(f, k.String())
}

// MarshalJSON returns the xpub string of a public extended key as a JSON
// string; secp256k1.ErrSecretMarshal for a private extended key, which is
// not written to JSON by accident; and secp256k1.ErrUninitialized for the
// zero value.
func (k ExtendedKey) MarshalJSON() ([]byte, error) {
	if k.Validate() == nil && k.s.private {
		return nil, secp256k1.ErrSecretMarshal
	}
	text, err := k.MarshalText()
	if err != nil {
		return nil, err
	}
	return json.Marshal(string(text))
}

// MarshalText returns the xpub string of a public extended key; an error
// that wraps secp256k1.ErrSecretMarshal for a private one, and
// secp256k1.ErrUninitialized for the zero value.
func (k ExtendedKey) MarshalText() ([]byte, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	if k.s.private {
		return nil, errPrivateText
	}
	return []byte(k.Base58()), nil
}

// UnmarshalText sets k to the public extended key serialized in text, of
// Mainnet or Testnet, with ParseExtendedKey's errors. A private extended key
// is an error that wraps secp256k1.ErrSecretMarshal: it is not read into a
// field by accident (use ParseExtendedKey). It leaves k unchanged on error.
func (k *ExtendedKey) UnmarshalText(text []byte) error {
	x, err := ParseExtendedKey(string(text))
	if err != nil {
		return err
	}
	if x.s.private {
		x.Zero()
		return errPrivateText
	}
	k.s = x.s
	return nil
}
