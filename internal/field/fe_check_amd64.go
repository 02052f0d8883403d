//go:build !purego

package field

import "github.com/kestrel-crypto/secp256k1/internal/debug"

// The kestrel_debug cross-check of the assembly (internal/debug): every
// assembly result is compared with the generic Go result for the same
// inputs, and a difference in value mod p panics. feMul, feSquare and
// feSquareN call these only under `if debug.Enabled`.

// testAsmFault, if a test of the kestrel_debug build sets it, flips a bit
// of each assembly result before the comparison, to show that the
// comparison fires. (A flag, not a function: a call through a function value
// would make the results escape to the heap.)
var testAsmFault bool

func feMulChecked(v, a, b *Element) {
	var want Element
	feMulGeneric(&want, a, b) // before the assembly: v may alias a or b
	feMulADX(v, a, b, useADX)
	checkAsm(v, &want, "field: feMul")
}

func feSquareChecked(v, a *Element) {
	var want Element
	feSquareGeneric(&want, a)
	feSquareADX(v, a, useADX)
	checkAsm(v, &want, "field: feSquare")
}

func feSquareNChecked(v, a *Element, n int) {
	var want Element
	feSquareNGeneric(&want, a, n)
	feSquareNADX(v, a, n, useADX)
	checkAsm(v, &want, "field: feSquareN")
}

func feSquareN2Checked(v, a, w, b *Element, n int) {
	var wantV, wantW Element
	feSquareN2Generic(&wantV, a, &wantW, b, n)
	feSquareN2ADX(v, a, w, b, n, useADX)
	checkAsm(v, &wantV, "field: feSquareN2")
	checkAsm(w, &wantW, "field: feSquareN2")
}

// checkAsm panics if the assembly result got and the generic result want
// differ mod p. Without ADX the "assembly" is the generic code itself, and
// the comparison is skipped.
func checkAsm(got, want *Element, op string) {
	if !useADX {
		return
	}
	if testAsmFault {
		got.l[0] ^= 1
	}
	var d Element
	feSubGeneric(&d, got, want) // 0 or p exactly when got ≡ want
	if d.IsZero() == 0 {
		debug.Fail(op + ": assembly and generic results differ")
	}
}
