//go:build amd64

package ecmult

import (
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/testkit/ctcheck"
)

// TestCompiledConstantTime checks the compiler's output for the
// constant-time scalar multiplications of this package (internal/testkit/ctcheck;
// docs/constant-time.md, "Disassembly checks"). Each public condition is
// listed with the reason it is public.
func TestCompiledConstantTime(t *testing.T) {
	ctcheck.CheckCompiled(t, ".", []ctcheck.Func{
		// k·P.
		{Name: "ecmult.ScalarMult"},
		{Name: "ecmult.scalarMultIso", Public: []string{
			"for i := 2; i < ctEntries; i++",
			"for i := range table",
			"for i := ctDigits - 1; i >= 0; i--",
			"if i != ctDigits-1",
			"for range ctWindow",
		}},
		{Name: "ecmult.setGlobalZ", Public: []string{
			"n < 2", // the table length
			"for i := n - 2; i >= 0; i--",
			"if i != n-2",
		}},
		{Name: "ecmult.XOnlyScalarMult"},
		{Name: "ecmult.XOnlyScalarMultFrac"},
		{Name: "ecmult.addSignedDigit"},
		{Name: "ecmult.eqInt"},
		// k·G.
		{Name: "ecmult.combMult", Public: combPublic},
		{Name: "ecmult.loadCombState", Public: []string{
			// A call counter.
			"if c := combCalls.Add(n); st == nil || c/combRefreshInterval != (c-n)/combRefreshInterval {",
		}},
		{Name: "ecmult.ScalarBaseMult"},
		// Eight and sixteen k·G on lanes.
		{Name: "ecmult.combLanes8", Public: append([]string{
			"for j := range el",
			"for j := range field8.Lanes",
			"for j := range v",
			// Zeroing loops of fixed length.
			"el, idx, neg = [field8.Lanes][4]uint64{}, [field8.Lanes]uint64{}, [field8.Lanes]uint64{}",
			"acc, entry = group8.Jacobian8{}, group8.Affine8{}",
		}, combPublic...)},
		{Name: "ecmult.combLanes16", Public: append([]string{
			"for j := range el",
			"for j := range lanes",
			// Zeroing loops of fixed length.
			"el, idx, neg = [lanes][4]uint64{}, [lanes]uint64{}, [lanes]uint64{}",
			"el2, idx2, neg2 = [lanes][4]uint64{}, [lanes]uint64{}, [lanes]uint64{}",
			"acc, entry, acc2, entry2 = group8.Jacobian8{}, group8.Affine8{}, group8.Jacobian8{}, group8.Affine8{}",
		}, combPublic...)},
		{Name: "ecmult.combMult8"},
		{Name: "ecmult.combRedo", Public: []string{
			"for j := range v {",
			// A lane with Z = 0: k = 0 (a public error for every caller)
			// or an event of probability below 2⁻²⁴⁷ over the secret
			// blinding (gen8.go, combMult8).
			"if redo != 0 { // see combMult8: k = 0, or probability below 2⁻²⁴⁷",
			"if redo>>j&1 == 1 {",
		}},
		{Name: "ecmult.ScalarBaseMult16"},
		{Name: "ecmult.ScalarBaseMult8"},
		// Eight k·P on lanes (multiplesTable8, on the public points, is
		// variable time and not listed).
		{Name: "ecmult.ScalarMult8"},
		{Name: "ecmult.ScalarMult16", Public: []string{
			// Copying and zeroing of fixed length.
			"*v = out",
			"clear(out[:])",
		}},
		{Name: "ecmult.constMult8", Public: []string{
			"*v = out",
			"clear(out[:])",
		}},
		{Name: "ecmult.constRedo", Public: []string{
			"for j := range out {",
			// A lane where p is the identity (public) or with Z = 0, an
			// event of probability below 2⁻²⁴⁰ over the secret blinding
			// (const8.go, constMult8).
			"if redo != 0 { // p[j] = 𝒪 (public), or probability below 2⁻²⁴⁰: see constMult8",
			"if redo>>j&1 == 1 {",
		}},
		{Name: "ecmult.(*constGroup).init"},
		{Name: "ecmult.(*constGroup).setup", Public: []string{
			"for i := range g.table {",
			"g.tableLam[i].Y = g.table[i].Y",
			"for j := range k {",
			"for j := range field8.Lanes {",
		}},
		{Name: "ecmult.(*constGroup).finish", Public: []string{
			"for j := range field8.Lanes {",
			// Zeroing of fixed length.
			"g.d1, g.d2 = [field8.Lanes][ctDigits]int8{}, [field8.Lanes][ctDigits]int8{}",
			"g.acc = group8.Jacobian8{}",
		}},
		{Name: "ecmult.constLanes8", Public: constLanesPublic},
		{Name: "ecmult.constLanes16", Public: constLanesPublic},
		{Name: "ecmult.(*constGroup).lookup", Public: []string{
			"if lam {", // which half of k, public
		}},
		{Name: "ecmult.signedDigitLanes", Public: []string{
			"for j := range d {",
			"x := d[j][i]", // the window i, public
		}},
		{Name: "ecmult.ScalarBaseMultMany", Public: []string{
			"if field8.IFMA() {", // the CPU and backend
			"for ; i+Lanes2 <= len(k); i += Lanes2 {",
			"for ; i+field8.Lanes <= len(k); i += field8.Lanes {",
			"for ; i < len(k); i++ {",
			// Length checks of the slice-to-array conversions.
			"ScalarBaseMult16((*[Lanes2]group.Jacobian)(v[i:]), (*[Lanes2]scalar.Scalar)(k[i:]))",
			"ScalarBaseMult8((*[field8.Lanes]group.Jacobian)(v[i:]), (*[field8.Lanes]scalar.Scalar)(k[i:]))",
			"ScalarBaseMult(&v[i], &k[i])",
		}},
	})
}

// constLanesPublic are the public conditions of the k·P loop on lanes
// (constLanes8, constLanes16): the loops over the windows, and zeroing of
// fixed length.
var constLanesPublic = []string{
	"for i := ctDigits - 1; i >= 0; i-- {",
	"if i != ctDigits-1 {",
	"for range ctWindow {",
	"for _, lam := range [2]bool{false, true} {", // the two halves of k
}

// combPublic are the public conditions of the comb's loop (combMult,
// combLanes8 and combLanes16, with combDigit inlined): the loops over the comb's public
// shape, and the teeth's positions, which depend on b, t and s only.
var combPublic = []string{
	"for s := combSpacing - 1; s >= 0; s--",
	"if s != combSpacing-1",
	"for b := range combBlocks",
	"for t := range combTeeth",
	"if pos < 256",
	"if pos&63 > 64-combTeeth && pos>>6 < 3 {",
}
