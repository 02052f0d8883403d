package field

import "github.com/kestrel-crypto/secp256k1/internal/debug"

// BatchInvert sets inv[i] = 1/den[i] for every i with Montgomery's trick:
// 3(n − 1) multiplications and one constant-time inversion. scratch holds the
// prefix products and must be at least len(den) long; inv may be scratch
// itself (each inverse is written after the prefix it replaces was read), but
// not den. A zero den[i] makes every output zero. The running time does not
// depend on the values.
func BatchInvert(inv, den, scratch []Element) {
	batchInvert(inv, den, scratch, false)
}

// VarTimeBatchInvert is BatchInvert with a variable-time inversion, for
// public values.
func VarTimeBatchInvert(inv, den, scratch []Element) {
	batchInvert(inv, den, scratch, true)
}

// batchInvert is the body of both; varTime is a public choice (a flag, not
// a function value, which would make acc escape to the heap).
func batchInvert(inv, den, scratch []Element, varTime bool) {
	n := len(den)
	if n == 0 {
		return
	}
	_, _ = inv[n-1], scratch[n-1]
	if debug.Enabled {
		debug.Assert(&inv[0] != &den[0], "field: BatchInvert: inv aliases den")
	}
	scratch[0] = den[0]
	for i := 1; i < n; i++ {
		scratch[i].Multiply(&scratch[i-1], &den[i])
	}
	var acc Element
	if varTime {
		acc.VarTimeInvert(&scratch[n-1]) // (d₀…dₙ₋₁)⁻¹
	} else {
		acc.Invert(&scratch[n-1])
	}
	for i := n - 1; i > 0; i-- {
		inv[i].Multiply(&acc, &scratch[i-1]) // 1/dᵢ
		acc.Multiply(&acc, &den[i])          // (d₀…dᵢ₋₁)⁻¹
	}
	inv[0] = acc
	if debug.Enabled {
		checkBatchInverse(inv[:n], den, "field: BatchInvert")
	}
}
