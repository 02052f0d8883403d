package frost

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/mpsig"
)

// Secret hygiene of SecNonce, as the root package's for PrivateKey: fmt
// never prints its k₁ and k₂, and encoding/json refuses it. Erase wipes it.
// The methods have pointer receivers, as every use of a SecNonce is through
// a pointer (go vet reports copies of the value).

// errSecNonceMarshal is SecNonce.MarshalJSON's error.
var errSecNonceMarshal = fmt.Errorf("frost: a SecNonce is not marshalled to JSON: %w", secp256k1.ErrSecretMarshal)

// String returns a fixed text that holds no secret material.
func (n *SecNonce) String() string { return "frost.SecNonce(REDACTED)" }

// GoString returns a fixed text that holds no secret material, for %#v.
func (n *SecNonce) GoString() string { return "frost.SecNonce{REDACTED}" }

// Format makes every fmt verb (%v, %+v, %s, %x, %d, …) print String's fixed
// text for a *SecNonce, also in a struct field, slice or map. A SecNonce
// value, which can only be a copy that go vet reports or the zero value,
// prints the address of its state and nothing of k₁ and k₂.
func (n *SecNonce) Format(f fmt.State, verb rune) { mpsig.Format(f, verb, n) }

// MarshalJSON returns an error wrapping secp256k1.ErrSecretMarshal: a
// secret nonce is never serialized (see docs/frost.md).
func (n *SecNonce) MarshalJSON() ([]byte, error) {
	return nil, errSecNonceMarshal
}
