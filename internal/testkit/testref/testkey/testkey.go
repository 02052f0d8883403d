// Package testkey holds the test helpers that need the root package's
// types, so that internal/testkit/testref, which the root package's own tests
// import, need not import it. It is for tests only.
package testkey

import (
	"math/rand"
	randv2 "math/rand/v2"
	"testing"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/internal/testkit/testref"
)

// Rand is either kind of seeded generator that internal/testkit/testref hands out:
// testref.Rand's math/rand or testref.PCG's math/rand/v2.
type Rand interface {
	*rand.Rand | *randv2.Rand
}

// Random returns a uniformly random private key drawn from r: 32 bytes at a
// time until they encode a scalar in [1, n−1]. With math/rand the bytes come
// from r.Read; with math/rand/v2, from four r.Uint64 calls, little-endian.
func Random[R Rand](t testing.TB, r R) *secp256k1.PrivateKey {
	t.Helper()
	for {
		var b [32]byte
		switch r := any(r).(type) {
		case *rand.Rand:
			r.Read(b[:])
		case *randv2.Rand:
			testref.FillRandom(r, b[:])
		}
		if k, err := secp256k1.NewPrivateKey(b[:]); err == nil {
			return k
		}
	}
}
