//go:build amd64

package ecdsasign

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for the signing
// functions (internal/testkit/ctcheck; docs/constant-time.md, "Disassembly
// checks"). Each public condition is listed with the reason it is public.
func TestCompiledConstantTime(t *testing.T) {
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		{Name: "ecdsasign.Sign", Public: []string{
			"for range MaxNonceAttempts",
			// Whether a candidate is a nonce, declassified as in
			// libsecp256k1 (a failure has probability below 2⁻¹²⁷).
			"if !nextNonce(&k, &g, &nonce32)",
			"if c != nil", // the caller's choice of commitment
			// The tweak fails with probability 2⁻¹²⁸ (zkp declassifies it).
			"if !tok || k.IsZero() == 1",
			// x ≥ n: R is the signature's public nonce point.
			"if overflow != nil",
			// r = 0 or s = 0: the signature is public, so is its validity.
			"if r.IsZero()|s.IsZero() == 0",
		}},
		{Name: "ecdsasign.NoncePoint", Public: []string{
			"for range MaxNonceAttempts",
			"if nextNonce(&k, &g, &nonce32)",
		}},
		{Name: "ecdsasign.nextNonce", Public: []string{
			"return err == nil && k.IsZero() == 0",
		}},
		{Name: "ecdsasign.initNonces", Public: []string{
			"seedLen := 64 + copy(seed[64:], ndata)", // ndata's length
		}},
		// The tweak hashes the opening, which is public anyway.
		{Name: "ecdsasign.Tweak"},
	})
}
