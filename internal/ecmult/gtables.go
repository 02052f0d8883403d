package ecmult

import (
	"sync"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// The generator tables of the Strauss–wNAF double multiplication a·A + b·G
// (strauss.go; docs/ecmult.md, "Strauss–wNAF"): the odd multiples of G and of
// 2¹²⁸·G up to the width-15 wNAF digit bound, in affine coordinates with
// canonical limbs. This is libsecp256k1's secp256k1_pre_g and
// secp256k1_pre_g_128 (ECMULT_WINDOW_SIZE = 15).
//
// They are computed lazily, once, on the first call that needs them, instead
// of being embedded: the computation takes about 6.5 ms here (8–9.5 ms with
// -tags purego; docs/ecmult.md, "The generator tables"), so a 1 MiB generated
// blob in the repository would buy nothing that matters, and programs that
// never verify do not pay for the memory.

// gTableWindow is the wNAF width used with the generator tables.
const gTableWindow = 15

// gTableSize is the number of odd multiples per table: the width-w wNAF digits
// are odd with |d| < 2^(w−1), so they need 1·P, 3·P, …, (2^(w−1) − 1)·P.
const gTableSize = 1 << (gTableWindow - 2) // 8192

// gTables holds gTables[0][i] = (2i + 1)·G and gTables[1][i] = (2i + 1)·2¹²⁸·G,
// 2 × 8192 entries × 64 bytes = 1 MiB.
type gTables [2][gTableSize]group.Affine

var (
	gTablesValue *gTables
	gTablesOnce  sync.Once
)

// loadGTables returns the generator tables, computing them on first use.
func loadGTables() *gTables {
	gTablesOnce.Do(func() { gTablesValue = computeGTables() })
	return gTablesValue
}

// gTableChunk is how many table entries are converted to affine per batch
// inversion: 1024 Jacobian points (96 KiB) keep the scratch in L2, and the
// 16 inversions in all cost ~30 µs.
const gTableChunk = 1024

// computeGTables computes the generator tables. For each base P (G, then
// 2¹²⁸·G, 128 doublings away) it runs (2i + 1)·P = (2i − 1)·P + 2P with 2P
// made affine, so every step is a mixed addition (8M + 3S), and converts the
// Jacobian results to affine with one batch inversion per gTableChunk entries
// (Montgomery's trick, about 7M + 1S per entry).
func computeGTables() *gTables {
	t := new(gTables)
	jac := make([]group.Jacobian, gTableChunk)
	scratch := make([]field.Element, gTableChunk)

	var base group.Jacobian
	base.SetAffine(&group.Generator)
	for k := range t {
		if k == 1 {
			for range 128 {
				base.Double(&base)
			}
		}
		var twice group.Jacobian
		var twiceAffine group.Affine
		twice.Double(&base)
		twiceAffine.VarTimeSetJacobian(&twice)

		acc := base // (2i + 1)·P for the i about to be stored
		for start := 0; start < gTableSize; start += gTableChunk {
			for j := range jac {
				jac[j] = acc
				// The sum is never exceptional: (2i + 1)·P = ±2P would need
				// 2i − 1 or 2i + 3 to be a multiple of n.
				acc.VarTimeAddAffine(&acc, &twiceAffine)
			}
			if !group.VarTimeBatchSetJacobian(t[k][start:start+gTableChunk], jac, scratch) {
				panic("ecmult: identity in the generator table")
			}
			// Canonical coordinates: the 8-lane Strauss reads their limbs
			// (group8.Affine8.VarTimeGatherAffine).
			for i := start; i < start+gTableChunk; i++ {
				e := &t[k][i]
				e.X.Normalize(&e.X)
				e.Y.Normalize(&e.Y)
			}
		}
	}
	return t
}
