//go:build kestrel_comb2k

package ecmult

// The 2 KB comb: 2 blocks × 16 entries × 64 bytes, spacing 26: 52
// constant-time mixed additions and 25 doublings per k·G (libsecp256k1's
// ECMULT_GEN_KB=2 configuration).
const (
	combBlocks = 2
	combTeeth  = 5
)
