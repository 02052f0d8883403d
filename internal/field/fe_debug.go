package field

import "github.com/kestrel-crypto/secp256k1/internal/debug"

// Helpers of the kestrel_debug checks (internal/debug). They are called
// only under `if debug.Enabled`, so a normal build drops them.

// noCarry reports whether x + y fits 64 bits.
func noCarry(x, y uint64) bool { return x+y >= x }

// checkInverse asserts that inv is the canonical inverse of a (0 for 0).
func checkInverse(inv, a *Element, op string) {
	if inv.isCanonical() == 0 {
		debug.Fail(op + " returned a value ≥ p")
	}
	var one, prod Element
	one.One()
	prod.Multiply(inv, a)
	if prod.Equal(&one) == 0 && (a.IsZero() == 0 || inv.IsZero() == 0) {
		debug.Fail(op + " returned a value that is not the inverse")
	}
}

// checkBatchInverse asserts that inv[i] = 1/den[i] for every i, or that every
// inv[i] is 0 if some den[i] is 0 (BatchInvert's contract).
func checkBatchInverse(inv, den []Element, op string) {
	anyZero := 0
	for i := range den {
		anyZero |= den[i].IsZero()
	}
	var one, prod Element
	one.One()
	for i := range den {
		prod.Multiply(&inv[i], &den[i])
		if anyZero == 0 && prod.Equal(&one) == 0 || anyZero == 1 && inv[i].IsZero() == 0 {
			debug.Fail(op + " returned a wrong inverse")
		}
	}
}
