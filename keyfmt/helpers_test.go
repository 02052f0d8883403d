package keyfmt

import (
	"errors"
	"strings"
	"testing"
)

// checkErr checks that err matches every one of wants with errors.Is, and
// that its message starts with "keyfmt: " or "secp256k1: ".
func checkErr(t testing.TB, name string, err error, wants ...error) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %v", name, wants)
		return
	}
	for _, want := range wants {
		if !errors.Is(err, want) {
			t.Errorf("%s: error %q does not match %q", name, err, want)
		}
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "keyfmt: ") && !strings.HasPrefix(msg, "secp256k1: ") {
		t.Errorf("%s: error message %q has no package prefix", name, msg)
	}
}

// sentinels are every error of the package, for checks that an error is a
// named one.
var sentinels = []error{
	ErrASN1, ErrTrailingData, ErrVersion, ErrAlgorithm, ErrCurve, ErrPrivateKey,
	ErrPublicKey, ErrKeyMismatch, ErrEncrypted, ErrPEM, ErrJWK,
}

// isNamed reports whether err matches one of the package's errors.
func isNamed(err error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}
