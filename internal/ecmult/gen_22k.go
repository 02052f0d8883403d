//go:build kestrel_comb22k && !kestrel_comb2k

package ecmult

// The 22 KB comb: 11 blocks × 32 entries × 64 bytes, spacing 4: 44
// constant-time mixed additions and 3 doublings per k·G (libsecp256k1's
// ECMULT_GEN_KB=22 configuration).
const (
	combBlocks = 11
	combTeeth  = 6
)
