package field8

// Term is one term c·x of Lin: a small constant c (|c| ≤ 8) times x.
type Term struct {
	C int
	X *Element8
}

// Lin sets v = k·32p + Σ cᵢ·xᵢ lane by lane, and returns v: limb by limb,
// k·p32ₗ + Σ cᵢ·xᵢ,ₗ without carries (mod 2⁶⁴), then one reduce5. It
// replaces a chain of additions and subtractions, each with its own
// reduce5, by one: the point formulas of internal/group8 (and their
// assembly, which emits the same limbs with field8ops's Lin) use it where
// a sum feeds only further sums.
//
// The caller guarantees that every limb of the exact sum lies in
// [0, 2⁶²), reduce5's bound: with terms of limbs below 2⁵², k·p32 must
// cover the negative terms limb by limb (p32's smallest limb, the top one,
// is 2⁵³ − 32: k ≥ 2 for a negative weight up to 3, k = 8 for 8), and
// k·p32₀ + the positive terms stays below 2⁶² for k ≤ 8.
//
// Lin has no assembly: the IFMA code emits it inside whole formulas, and
// this loop is the generic twin's. v may alias any term.
func (v *Element8) Lin(k uint64, terms ...Term) *Element8 {
	for j := range Lanes {
		var t [5]uint64
		for i := range t {
			t[i] = k * p32[i]
			for _, x := range terms {
				t[i] += uint64(int64(x.C)) * x.X.L[i][j]
			}
		}
		reduce5(&t)
		for i := range t {
			v.L[i][j] = t[i]
		}
	}
	return v
}
