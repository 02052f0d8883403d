//go:build kestrel_debug

package secp256k1

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug/debugtest"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The kestrel_debug checks fire: each case breaks an invariant on purpose
// and expects the panic. internal/scalar tests the checks of the scalar
// arithmetic, the GLV split and the recodings.

func TestDebugChecks(t *testing.T) {
	// A Point that is not on secp256k1, at the API boundary.
	var bad Point
	bad.p.X.SetUint64(1)
	bad.p.Y.SetUint64(1)
	bad.p.Z.SetUint64(1)
	debugtest.ExpectPanic(t, "kestrel_debug: Point.input: point not on secp256k1", func() {
		new(Point).Double(&bad)
	})
	var j group.Jacobian
	j.X.SetUint64(1)
	j.Y.SetUint64(1)
	j.Z.SetUint64(1)
	debugtest.ExpectPanic(t, "kestrel_debug: Point.result: point not on secp256k1", func() {
		new(Point).setJacobian(&j)
	})
}
