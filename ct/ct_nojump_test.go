//go:build amd64

package ct

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for the functions
// that handle secrets (internal/testkit/ctcheck; docs/constant-time.md,
// "Disassembly checks"): every branch is on a length, a loop count, or on
// whether there is an output at all (a blind ≥ n, a result at infinity, a
// seed whose hash is ≥ p), each listed with the reason. The engines
// (field, group, ecmult, sha256) are checked in their own packages.
func TestCompiledConstantTime(t *testing.T) {
	blindErr := "if err := setBlind(&r, blind); err != nil"
	// Building an error (inlined fmt.Errorf) happens only on the error
	// paths above, whose conditions are public.
	errorf := []string{"fmt.Errorf(", "if err = errorf(format, a...); err != nil {"}
	lengths := []string{"if len(seed) != 32", "if gen == nil || !gen.ok"}
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		{Name: "ct.svdw2", Public: []string{"for i := range 2"}},
		{Name: "ct.sqrtPair"},
		{Name: "ct.generate", Public: []string{
			"for i, prefix := range [2][]byte{generatePrefix1, generatePrefix2}",
			"if canonical == 0",             // a hash ≥ p: no output (probability 2⁻¹²⁸)
			"for i := 0; i < len(x); i++ {", // subtle.ConstantTimeCompare over 32 bytes
		}},
		{Name: "ct.GenerateGenerator", Public: append(lengths, "if err := generate(&acc, (*[32]byte)(seed)); err != nil")},
		{Name: "ct.GenerateBlindedGenerator", Public: append(lengths, blindErr,
			"if err := generate(&acc, (*[32]byte)(seed)); err != nil")},
		{Name: "ct.generatorFrom", Public: []string{"if _, ok := g.p.SetJacobian(acc); ok == 0"}},
		{Name: "ct.setBlind", Public: append([]string{
			"if len(b) != 32",
			"if _, err := r.SetCanonicalBytes((*[32]byte)(b)); err != nil", // rejected or not: public
		}, errorf...)},
		{Name: "ct.Commit", Public: append(lengths, blindErr,
			"if _, ok := c.p.SetJacobian(&acc); ok == 0")},
		{Name: "ct.BlindGeneratorBlindSum", Public: append([]string{
			"if len(generatorBlinds) != n",
			"ErrCount, n, len(generatorBlinds), len(blinds), nInputs)",
			"for i := range n",
			"if err := setBlind(&r, generatorBlinds[i]); err != nil",
			"if err := setBlind(&last, blinds[i]); err != nil",
			"s.CondNegate(boolInt(i < nInputs))",
		}, errorf...)},
		// The index's ring position and the nonce, by masks; the rest of
		// Generate handles public values (the bitmap, the generators) or
		// branches on errors of public arguments.
		{Name: "ct.(*SurjectionProof).Generate", Public: append([]string{
			"if p == nil || p.NUsedInputs() == 0",
			"for _, b := range p.used[:surjectionBitmapLen(p.n)]", // inlined NUsedInputs
			"if !validGenerators(inputTags, outputTag)",
			"if outputTag == nil || !outputTag.ok {", // inlined validGenerators
			"if g == nil || !g.ok {",
			"used := int(p.used[i/8] >> (i % 8) & 1)", // the shift's range check, on the loop index
			"s[i].PutBytes(&p.s[i])",                  // the loop over the used inputs
			"if err := setBlind(&rIn, inputBlind); err != nil",
			"if err := setBlind(&key, outputBlind); err != nil",
			"for _, g := range inputTags",
			"if g.p.Equal(&outputTag.p) == 1",
			"if len(inputTags) != p.n",
			"if inputIndex < 0 || inputIndex >= p.n || !p.isUsed(inputIndex)",
			"for i := range p.n",
			"if !surjectionKeys(keys, p, inputTags, outputTag)",
			"for i := range s",
			"if _, err := s[i].SetCanonicalBytes(&h); err != nil", // a hash ≥ n: probability 2⁻¹²⁸, no output
			"if ok == 0",
			"if !borromean.Sign(",
			"make(",
		}, errorf...)},
		{Name: "ct.BlindSum", Public: append([]string{
			"if nPositive < 0 || nPositive > len(blinds)",
			"for i, b := range blinds",
			"if err := setBlind(&x, b); err != nil",
			"if i >= nPositive", // the position, not the value
		}, errorf...)},
	})
}
