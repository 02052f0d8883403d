//go:build amd64

package rangeproof

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for the signing
// and rewinding functions (internal/testkit/ctcheck; docs/ct.md,
// "Constant time in rangeproofs"): every conditional jump is on a loop
// count or a length (the proof's shape, public), on a parameter the
// caller gives and the header states, on a failure whose outcome is the
// output (refused parameters, a zero blinding factor, a nonce that does
// not rewind), on a slice index by a public loop variable, or on genrand's
// redrawing of an out-of-range digit blind (probability 2⁻¹²⁸).
func TestCompiledConstantTime(t *testing.T) {
	loops := []string{
		"for i := range sh.rings {", "for j := range sh.sizes[i] {", "for t := range b {", "for i := range rings {",
		"for i := range npub {", "for c := range 2 {", "for d := 1; d < 4; d++ {", "for r := 1; r < 4; r++ {",
		"for i := range sh.rings - 1 {", "for j := range last {", "for o := range 2 {", "for t := range blk {",
		"for j := range 2 {", "for q := range last {", "for t := range blocks[j] {", "for t := range vb {",
		"for i := range t {", "for i := 0; i < len(x); i++ {", // subtle.ConstantTimeCompare of 8 bytes
		"for i := range s.rings {", "for r := range pp.sh.rings {", "for range exp {",
		"clear(", "copy(", "[maxRings]scalar.Scalar", "*pp = params{scale",
	}
	indexing := []string{
		"ret &= canonicalNonzero(&s[k], b)", "so.Select(&sOrig[k], &so, at)", "k[i].Select(&s[off+j], &k[i], at)",
		"s[i].PutBytes((*[32]byte)(proof[pos", "pp.digit[r] = int(v >> (2 * r) & 3)",
	}
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		{Name: "rangeproof.genrand", Public: append(append(loops, indexing...),
			"if i < sh.rings-1 {", "n := 98 + copy(seed[98:], hdr)",
			"if _, err := sec[i].SetCanonicalBytes(&tmp); err == nil && sec[i].IsZero() == 0 {", // redraw, 2⁻¹²⁸
		)},
		{Name: "rangeproof.canonicalNonzero", Public: loops},
		{Name: "rangeproof.recoverX"},
		{Name: "rangeproof.extractMessage", Public: append(loops, "if last == 4 {")},
		{Name: "rangeproof.rewindPoints", Public: append(append(loops, indexing...),
			"if !p.parse(proof, commit, gen, extra) {", "if !p.verify(ev[:]) {", // the public proof
			"if npub == 1 {", // the proof's shape
			"if fail != 0 {", // the outcome
		)},
		{Name: "rangeproof.signPoints", Public: append(append(loops, indexing...),
			"if minValue > value || minBits < 0 || minBits > 64 || exp < -1 || exp > 18 {", // refused: the outcome
			"if !pp.proveParams(value, minValue, exp, minBits) {",
			"if len(message) > 128*(rings-1) {",
			"if pp.sh.sizes[0] > 1 {", "if pp.minValue != 0 {", "if last := sh.sizes[rings-1]; last > 1 {", // the header
			"if _, err := bl.SetCanonicalBytes(blind); err != nil {",
			"if sec[rings-1].IsZero() == 1 {", // ErrBlind: the outcome
			"if cs[i].IsIdentity() == 1 {",    // ErrSignFailed
			"if i < rings-1 {",
			"if !group.VarTimeBatchSetJacobian(pubsA[:npub], pubs[:npub], scratch[:npub]) {", // public keys
			"if ok == 0 {",
		)},
		{Name: "rangeproof.(*params).proveParams", Public: append(append(loops, indexing...),
			"if minValue == math.MaxUint64 {", "if exp < 0 {", "if minValue != 0 {", "if minBits > 61 {", "if minBits > 0 {",
			"minBits = min(minBits, maxBits)",
			"if (minValue != 0 && value > math.MaxInt64) || (minValue >= math.MaxInt64 && value != 0) {", // refused
			"for ; i < exp && v2 <= math.MaxUint64/10; i++ {",
			"if i == s.rings-1 && mantissa&1 == 1 {",
			"pp.mantissa = max(bits.Len64(v|1), minBits)", // the mantissa: in the header
		)},
	})
}
