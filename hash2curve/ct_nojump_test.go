//go:build amd64

package hash2curve

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for this package's
// functions (internal/testkit/ctcheck; docs/constant-time.md, "Disassembly
// checks"): every branch is on a length, a count or an address, or on an
// error that depends only on the DST's length (docs/design.md, rule 5),
// each listed with the reason. The map is checked in internal/group
// (MapToCurve, sswu, isoMap), the square root ratio in internal/field
// (SqrtRatio), SHA-256 in internal/sha256.
func TestCompiledConstantTime(t *testing.T) {
	// An empty DST, the only error.
	dstErr := "if err := d.setDST(dst); err != nil"
	fieldErr := "if err := hashToField(u[:], msg, dst); err != nil"
	// copy compares the addresses of its source and destination (and the
	// lengths), never the bytes.
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		{Name: "hash2curve.HashToCurve", Public: []string{fieldErr}},
		{Name: "hash2curve.EncodeToCurve", Public: []string{fieldErr}},
		{Name: "hash2curve.mapSum"},
		// The decoder's error is impossible (a point of the curve); the
		// encoding's length, 65 or 1, is computed without a branch.
		{Name: "hash2curve.newPoint", Public: []string{"if err != nil"}},
		{Name: "hash2curve.hashToField", Public: []string{
			dstErr,
			"for i := range u", // one or two elements
			"setWideBytes(&u[i], (*[elementBytes]byte)(b[i*elementBytes:]))", // the conversion's length check
		}},
		{Name: "hash2curve.setWideBytes", Public: []string{"copy(hi[16:], b[:16])"}},
		{Name: "hash2curve.HashToScalar", Public: []string{dstErr}},
		{Name: "hash2curve.scalarFromWide", Public: []string{"copy(wide[16:], b[:])", "if err != nil"}},
		{Name: "hash2curve.expand", Public: []string{
			"for i, off := 1, 0; off < n", // the output length's number of blocks
			"for j := range bi",           // 32 bytes
			"copy(out[off:], bi[:])",
		}},
	})
}
