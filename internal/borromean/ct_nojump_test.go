//go:build amd64

package borromean

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for Sign's walks
// (internal/testkit/ctcheck; docs/ct.md, "Constant time in rangeproofs"):
// every conditional jump is on a ring's size or a position (public), a
// lane count, a slice index by a public loop variable (the secret indices
// are compared with subtle.ConstantTimeEq and ctLess, never used as an
// index), the zeroing of a local array, or a challenge hash ≥ n that ends
// signing (probability 2⁻¹²⁸).
func TestCompiledConstantTime(t *testing.T) {
	// Loops over public counts and the zeroing of local arrays.
	loops := []string{
		"for i, sz := range sizes {", "for i := range sizes {", "for l := range n {", "for j := range sz {",
		"for i := range kGs {", "for p := 1; p < maxSize; p++ {", "for p := 0; p+1 < maxSize; p++ {",
		"if p >= sz {", "if p+1 >= sz {",
		"[chunk]group.Affine", "[chunk]scalar.Scalar", "clear(",
	}
	// Indexing by public loop variables (bounds checks the tool does not
	// recognise as such).
	indexing := []string{
		"subtle.ConstantTimeEq(int32(index[i])", "ctLess(p, index[ring[l]])", "ctLess(p, index[i])", "cur[i] = Rl[l]", "batchJ[l] = cur[ring[l]]",
		"curA[ring[l]] = batchA[l]", "start[i] = off", "out[j].Add(&sG[j], &eP[j])",
		"ecmult.ScalarMult(&eP[j], &e[j], &pj)", "final.Write(last[i-c][:])",
	}
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		{Name: "borromean.signForward", Public: append(loops, indexing...)},
		{Name: "borromean.signBackward", Public: append(append(loops, indexing...),
			"ok := challenge(&e[i], &h)", // e₀'s challenges: public
		)},
		{Name: "borromean.mulAdd", Public: append(indexing,
			"if n == 0 {", "if ecmult.UseLanes() && n >= 4 {", "for j := range ecmult.Lanes2 {", "if j < n {",
			"if n <= ecmult.Lanes {", "for j := range n {", "clear(")},
		{Name: "borromean.ctLess"},
		{Name: "borromean.Sign", Public: append(indexing,
			"if len(s) != len(pubs) || !Shape(sizes, len(pubs))", "if len(sizes) == 0 {",
			"for _, sz := range sizes {", "if sz < 1 || sz > n-total {", "if len(s) > len(sGBuf) {",
			"for c := 0; c < nr; c += chunk {", "for i := c; i < end; i++ {", "clear(sG)")},
	})
}
