//go:build kestrel_debug

package field

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug/debugtest"
)

// The kestrel_debug checks fire: each case breaks an invariant on purpose
// and expects the panic.

func TestDebugChecks(t *testing.T) {
	var a, b, v Element
	a.SetUint64(3)
	b.SetUint64(5)
	debugtest.ExpectPanic(t, "kestrel_debug: field: Select condition is not 0 or 1", func() {
		v.Select(&a, &b, 2)
	})
	debugtest.ExpectPanic(t, "kestrel_debug: field: Swap condition is not 0 or 1", func() {
		a.Swap(&b, -1)
	})
	debugtest.ExpectPanic(t, "kestrel_debug: field: OrMask mask is not 0 or all ones", func() {
		v.OrMask(&a, 1)
	})
	debugtest.ExpectPanic(t, "kestrel_debug: field: MultiplySmall: k ≥ 2³²", func() {
		feMulSmallGeneric(&v, &a, 1<<32)
	})
	den := []Element{a, b}
	debugtest.ExpectPanic(t, "kestrel_debug: field: BatchInvert: inv aliases den", func() {
		BatchInvert(den, den, make([]Element, 2))
	})
}
