//go:build kestrel_debug && !purego

package field

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/debug/debugtest"
)

// TestDebugAsmMismatch forces the assembly result to differ from the
// generic one and expects the cross-check to panic.
func TestDebugAsmMismatch(t *testing.T) {
	if !useADX {
		t.Skip("the assembly backend is not in use")
	}
	var a, b, v Element
	a.SetUint64(3)
	b.SetUint64(5)
	v.Multiply(&a, &b) // no fault: no panic
	testAsmFault = true
	defer func() { testAsmFault = false }()
	debugtest.ExpectPanic(t, "kestrel_debug: field: feMul: assembly and generic results differ", func() {
		v.Multiply(&a, &b)
	})
	debugtest.ExpectPanic(t, "kestrel_debug: field: feSquare: assembly and generic results differ", func() {
		v.Square(&a)
	})
	debugtest.ExpectPanic(t, "kestrel_debug: field: feSquareN: assembly and generic results differ", func() {
		v.RepeatedSquare(&a, 3)
	})
}
