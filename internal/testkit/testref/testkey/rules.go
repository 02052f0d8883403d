package testkey

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
)

// Checks of the root package's rules for keys that need its error values,
// for the protocol packages' tests: the zero-value rule
// (secp256k1.ErrUninitialized) and encoding/json refusing secrets
// (secp256k1.ErrSecretMarshal). testref has the checks that need no key
// type.

// CheckUninitialized checks that every error in errs, by the name of the
// call that returned it, wraps secp256k1.ErrUninitialized.
func CheckUninitialized(t testing.TB, errs map[string]error) {
	t.Helper()
	for name, err := range errs {
		if !errors.Is(err, secp256k1.ErrUninitialized) {
			t.Errorf("%s: %v, want secp256k1.ErrUninitialized", name, err)
		}
	}
}

// CheckJSONRefused checks that encoding/json refuses each of args with an
// error wrapping secp256k1.ErrSecretMarshal.
func CheckJSONRefused(t testing.TB, args ...any) {
	t.Helper()
	for _, arg := range args {
		if out, err := json.Marshal(arg); !errors.Is(err, secp256k1.ErrSecretMarshal) {
			t.Errorf("json.Marshal(%T) = %s, %v; want secp256k1.ErrSecretMarshal", arg, out, err)
		}
	}
}
