//go:build !kestrel_comb2k && !kestrel_comb22k

package ecmult

// The default comb: 43 blocks × 32 entries × 64 bytes = 86 KB of table, 43
// constant-time mixed additions and no doublings per k·G (libsecp256k1's
// ECMULT_GEN_KB=86 configuration). Build with -tags kestrel_comb22k or
// kestrel_comb2k for the smaller tables.
const (
	combBlocks = 43
	combTeeth  = 6
)
