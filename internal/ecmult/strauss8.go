package ecmult

import (
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Eight double multiplications a·A + b·G at once, one per lane of
// internal/group8: the engine of ecdsa.VerifyMany and schnorr.VerifyMany.
// docs/ecmult.md, "Strauss on eight lanes", derives it.
//
//   - wNAF digits are sparse and fall at positions that differ from lane to
//     lane; here every window of every scalar has a nonzero odd digit, so
//     all lanes add at every window and the schedule is the same for all.
//     A scalar k is written k ≡ 2v − K (mod n) with v = (k + K)/2 and an odd
//     K chosen so that each half of v's split gives an odd integer
//     c = 2·vᵢ − 1; an odd c has a regular recoding in odd digits
//     (recodeOdd).
//   - a·A: GLV, a ≡ c₁ + c₂·λ with K = 1 + λ, |cᵢ| < 2¹²⁹, in 26 windows of
//     5 bits over per-lane tables of A, 3A, …, 31A, made affine for all
//     lanes with one inversion, and their images (β·x, y) under φ.
//   - b·G: b ≡ c₁ + c₂·2¹²⁸ with K = 1 + 2¹²⁸, in 10 windows of 13 bits over
//     the affine tables of gtables.go (their first 4096 entries), gathered
//     from the 4×64-bit tables by each lane.
//   - One chain of 125 doublings, the 71 mixed additions at their bit
//     positions. The additions are incomplete: a lane that meets an
//     exceptional sum ends with Z = 0 (Z = 0 stays 0 through every later
//     doubling and addition), and is redone with VarTimeMult1G, as is a
//     lane whose true result is the identity.

const (
	// strauss8Window is the width of the windows of a·A's halves, and
	// strauss8Windows their number: |c| < 2¹²⁹ leaves a top digit
	// (|c| >> 125) | 1 ≤ 15.
	strauss8Window  = 5
	strauss8Windows = 26
	// strauss8Entries is the number of odd multiples per table: 1A … 31A.
	strauss8Entries = 1 << (strauss8Window - 1)

	// strauss8GWindow and strauss8GWindows are those of b·G's halves: the
	// top digit is at most (2¹²⁹ >> 117) | 1 = 4097, and every digit below
	// 2¹³, whose entries are the first strauss8GEntries of each generator
	// table.
	strauss8GWindow  = 13
	strauss8GWindows = 10
	strauss8GEntries = 1 << (strauss8GWindow - 1)
)

// strauss8MinLanes is the fewest lanes worth the eight-lane computation:
// it costs about as much as 4 single ones (0.49× of Verify per signature for
// eight lanes on a Zen 5), whatever the number of lanes in use.
const strauss8MinLanes = 4

// strauss8Digits is the recoding of one lane vector of scalars: windows[i][j]
// is digit i of lane j, signs included.
type (
	strauss8Digits  [strauss8Windows][lanes]int32
	strauss8GDigits [strauss8GWindows][lanes]int32
)

var (
	// strauss8KA = 1 + λ and strauss8KG = 1 + 2¹²⁸, the offsets K of the
	// two recodings, and half = 1/2 mod n.
	strauss8KA, strauss8KG, half scalar.Scalar
)

func init() {
	var one scalar.Scalar
	one.SetUint64(1)
	strauss8KA.Add(&one, &scalar.Lambda)
	var kg [32]byte // big endian
	kg[15], kg[31] = 1, 1
	strauss8KG.SetCanonicalBytes(&kg)
	half.SetUint64(2)
	half.VarTimeInvert(&half)
}

// strauss8Hook, when not nil, replaces the accumulator of the lanes before
// their results are read: tests set a lane's Z to 0 to take the fallback.
// (By value: a pointer would move the accumulator to the heap.)
var strauss8Hook func(r group8.Jacobian8) group8.Jacobian8

// VarTimeMult1G8 sets out[j], ok[j] to the results of
// VarTimeMult1G(a[j], A[j], b[j]) (a[j]·A[j] + b[j]·G) for j < n ≤ 8, in
// variable time, on the eight lanes of internal/group8. The points are the
// same, not their coordinates. A lane whose computation meets an
// exceptional addition, or whose A[j] is not a curve point, is computed by
// VarTimeMult1G itself, and so are all of them when n is below
// strauss8MinLanes. Lanes from n up are left unchanged.
func VarTimeMult1G8(out *[lanes]group.Jacobian, ok *[lanes]bool, a *[lanes]scalar.Scalar, A *[lanes]group.Affine, b *[lanes]scalar.Scalar, n int) {
	if n <= 0 {
		return
	}
	if n > lanes {
		panic("ecmult: more than eight lanes")
	}
	if n < strauss8MinLanes {
		for j := range n {
			strauss8Single(&out[j], &ok[j], &a[j], &A[j], &b[j])
		}
		return
	}
	var st strauss8Set
	st.prepareFrom(a[:], A[:], b[:], n)
	strauss8Run(&st, nil)
	st.results(out[:n], ok[:n], a[:], A[:], b[:])
}

// strauss8Single is one lane's result by the single path.
func strauss8Single(out *group.Jacobian, ok *bool, a *scalar.Scalar, A *group.Affine, b *scalar.Scalar) {
	var aj group.Jacobian
	aj.SetAffine(A)
	*out, *ok = VarTimeMult1G(a, &aj, b)
}

// prepareFrom is prepare on the first n ≤ 8 entries of a, A and b (all of
// length 8), the lanes from n up computing lane 0 again.
func (st *strauss8Set) prepareFrom(a []scalar.Scalar, A []group.Affine, b []scalar.Scalar, n int) {
	ka, p, kb := lanesFrom(a, A, b, n)
	st.prepare(&ka, &p, &kb)
}

// lanesFrom returns the first n ≤ 8 entries of a, A and b (all of length
// 8) as lanes, the lanes from n up repeating lane 0.
func lanesFrom(a []scalar.Scalar, A []group.Affine, b []scalar.Scalar, n int) (ka [lanes]scalar.Scalar, p [lanes]group.Affine, kb [lanes]scalar.Scalar) {
	for j := range lanes {
		src := j
		if j >= n {
			src = 0
		}
		p[j], ka[j], kb[j] = A[src], a[src], b[src]
	}
	return ka, p, kb
}

// results reads the lanes of st's accumulator into out and ok (as long as
// out), redoing by the single path the lanes that failed or whose Z is 0.
func (st *strauss8Set) results(out []group.Jacobian, ok []bool, a []scalar.Scalar, A []group.Affine, b []scalar.Scalar) {
	r := st.r
	if strauss8Hook != nil {
		r = strauss8Hook(r)
	}
	for j := range out {
		getJacobianLane(&r, j, &out[j])
		if st.fail[j] || out[j].Z.IsZero() == 1 {
			strauss8Single(&out[j], &ok[j], &a[j], &A[j], &b[j])
			continue
		}
		ok[j] = true
	}
}

// strauss8Set is one group of eight lanes of the lane Strauss: the
// recoded scalars, the tables of A and of λ·A, the lanes that must be redone,
// and the accumulator.
type strauss8Set struct {
	dA1, dA2    strauss8Digits
	dG1, dG2    strauss8GDigits
	tab, tabLam [strauss8Entries]group8.Affine8
	fail        [lanes]bool
	r           group8.Jacobian8
}

// prepare recodes a and b and builds the tables of A, marking in fail the
// lanes whose A[j] is not a curve point.
func (st *strauss8Set) prepare(a *[lanes]scalar.Scalar, A *[lanes]group.Affine, b *[lanes]scalar.Scalar) {
	p := st.recode(a, A, b)
	strauss8Tables(&st.tab, &st.tabLam, &p, &st.fail)
}

// recode recodes a and b, marks in fail the lanes whose A[j] is not a
// curve point, and returns A with G in those lanes (any curve point: the
// lane is redone), the points of the tables.
func (st *strauss8Set) recode(a *[lanes]scalar.Scalar, A *[lanes]group.Affine, b *[lanes]scalar.Scalar) [lanes]group.Affine {
	p := *A
	for j := range lanes {
		if st.fail[j] = p[j].IsOnCurve() == 0; st.fail[j] {
			p[j] = group.Generator
		}
	}
	for j := range lanes {
		recodeGLV(&st.dA1, &st.dA2, j, &a[j])
		recodeBase(&st.dG1, &st.dG2, j, &b[j])
	}
	return p
}

// strauss8Run runs the chain of doublings and additions of st, and of st2
// if it is not nil, into their accumulators. Two sets share the loop: their
// formulas go through group8's Double2 and AddAffine2, which interleave
// them.
func strauss8Run(st, st2 *strauss8Set) {
	g := loadGTables64()
	g1, g2 := g[0][:strauss8GEntries], g[1][:strauss8GEntries]
	var e, e2 group8.Affine8
	top := strauss8Windows - 1
	st.start(&e, top)
	st2.start(&e2, top)
	r, r2 := &st.r, st2.acc()
	strauss8Add(r, r2, st.gatherA(&e, true, top), st2.gatherA(&e2, true, top))
	for pos := strauss8Window*top - 1; pos >= 0; pos-- {
		if r2 == nil {
			r.Double(r)
		} else {
			group8.Double2(r, r, r2, r2)
		}
		if pos%strauss8Window == 0 {
			i := pos / strauss8Window
			strauss8Add(r, r2, st.gatherA(&e, false, i), st2.gatherA(&e2, false, i))
			strauss8Add(r, r2, st.gatherA(&e, true, i), st2.gatherA(&e2, true, i))
		}
		if i := pos / strauss8GWindow; pos%strauss8GWindow == 0 && i < strauss8GWindows {
			strauss8Add(r, r2, st.gatherG(&e, g1, false, i), st2.gatherG(&e2, g1, false, i))
			strauss8Add(r, r2, st.gatherG(&e, g2, true, i), st2.gatherG(&e2, g2, true, i))
		}
	}
}

// strauss8Add adds q to r, and q2 to r2 if r2 is not nil, interleaved.
func strauss8Add(r, r2 *group8.Jacobian8, q, q2 *group8.Affine8) {
	if r2 == nil {
		r.AddAffine(r, q)
		return
	}
	group8.AddAffine2(r, r, q, r2, r2, q2)
}

// The methods below do nothing on a nil set (no second group) and return
// nil, which strauss8Add then ignores.

// acc returns st's accumulator.
func (st *strauss8Set) acc() *group8.Jacobian8 {
	if st == nil {
		return nil
	}
	return &st.r
}

// start sets st's accumulator to the entry of A's table for window top,
// with Z = 1, gathered through e.
func (st *strauss8Set) start(e *group8.Affine8, top int) {
	if st == nil {
		return
	}
	e.VarTimeGather(st.tab[:], &st.dA1[top])
	st.r.X, st.r.Y = e.X, e.Y
	setOne(&st.r.Z)
}

// gatherA gathers into e the entries of window i of A's table, or of λ·A's
// if lam.
func (st *strauss8Set) gatherA(e *group8.Affine8, lam bool, i int) *group8.Affine8 {
	if st == nil {
		return nil
	}
	if lam {
		return e.VarTimeGather(st.tabLam[:], &st.dA2[i])
	}
	return e.VarTimeGather(st.tab[:], &st.dA1[i])
}

// gatherG gathers into e the entries of window i of b's first half from the
// generator table t, or of its second half if high.
func (st *strauss8Set) gatherG(e *group8.Affine8, t []group8.Affine64, high bool, i int) *group8.Affine8 {
	if st == nil {
		return nil
	}
	if high {
		return e.VarTimeGatherAffine(t, &st.dG2[i])
	}
	return e.VarTimeGatherAffine(t, &st.dG1[i])
}

// strauss8Tables sets tab[i] to (2i + 1)·p and tabLam[i] to its image
// (β·x, y) = λ·(2i + 1)·p, lane by lane, in affine coordinates, with one
// inversion for all lanes. Lanes whose table meets a zero Z (p not on the
// curve: fail[j] is already set) get meaningless entries.
//
// As in straussOddMultiples, the additions run on the isomorphic curve on
// which d = 2p = (X_d, Y_d, C) is affine: p is (C²x, C³y) there, each
// (2i + 1)·p = (2i − 1)·p + d is a mixed addition, and a result
// (X, Y, Z) there is (X, Y, Z·C) on secp256k1. The inverses of all Zᵢ·C
// come from one inversion (Montgomery's trick within each lane, then
// across the lanes).
func strauss8Tables(tab, tabLam *[strauss8Entries]group8.Affine8, p *[lanes]group.Affine, fail *[lanes]bool) {
	var b oddMultiples8
	b.start(tab, p)
	b.d.Double(&b.m[0])
	b.lift()
	for i := 1; i < strauss8Entries; i++ {
		b.m[i].AddAffine(&b.m[i-1], &b.dAff)
	}
	u := [1]field8.Element8{b.denominator()}
	invertLanes(u[:], fail[:])
	b.finish(tab, tabLam, &u[0])
}

// oddMultiples8 is strauss8Tables' scratch for one group of lanes: the
// entries (2i + 1)·p in Jacobian coordinates, m[0] = p, and d = 2p, on the
// isomorphic curve once lifted (d affine there as dAff), and the prefix
// products of the entries' Z.
type oddMultiples8 struct {
	m    [strauss8Entries]group8.Jacobian8
	d    group8.Jacobian8
	dAff group8.Affine8
	q    [strauss8Entries]field8.Element8
}

// start sets tab[0] and m[0] to p, affine.
func (b *oddMultiples8) start(tab *[strauss8Entries]group8.Affine8, p *[lanes]group.Affine) {
	for j := range lanes {
		setAffineLane(&tab[0], j, &p[j])
	}
	b.m[0].X, b.m[0].Y = tab[0].X, tab[0].Y
	setOne(&b.m[0].Z)
}

// lift moves m[0], p, onto the curve on which d = 2p (already computed) is
// affine: (C²x, C³y) for C = d's Z.
func (b *oddMultiples8) lift() {
	var c2, c3 field8.Element8
	c2.Square(&b.d.Z)
	c3.Mul(&c2, &b.d.Z)
	b.m[0].X.Mul(&b.m[0].X, &c2)
	b.m[0].Y.Mul(&b.m[0].Y, &c3)
	b.dAff = group8.Affine8{X: b.d.X, Y: b.d.Y}
}

// denominator sets the prefix products of the entries' Z and returns
// q₇·C, whose inverse finish needs: the entries' Z on secp256k1 are their
// Z there times C.
func (b *oddMultiples8) denominator() field8.Element8 {
	prefixZ(b.q[:], b.m[:])
	var u field8.Element8
	u.Mul(&b.q[strauss8Entries-1], &b.d.Z)
	return u
}

// finish sets tab[i] for i ≥ 1 and tabLam from the entries, given
// u = 1/(q₇·C) in each lane.
func (b *oddMultiples8) finish(tab, tabLam *[strauss8Entries]group8.Affine8, u *field8.Element8) {
	affineFromPrefix(tab[:], b.m[:], b.q[:], u)
	for i := range tab {
		tabLam[i].X.Mul(&tab[i].X, &beta8)
		tabLam[i].Y = tab[i].Y
	}
}

// recodeGLV sets lane j of d1 and d2 to the odd digits of a's halves:
// a ≡ Σᵢ d1[i][j]·2⁵ⁱ + λ·Σᵢ d2[i][j]·2⁵ⁱ (mod n).
func recodeGLV(d1, d2 *strauss8Digits, j int, a *scalar.Scalar) {
	var v scalar.Scalar
	v.Add(a, &strauss8KA)
	v.Multiply(&v, &half)
	v1, v2, neg1, neg2 := scalar.SplitGLVSigned(&v)
	l1, l2 := v1.Limbs(), v2.Limbs()
	recodeOdd(d1[:], j, l1[0], l1[1], neg1 == 1, strauss8Window)
	recodeOdd(d2[:], j, l2[0], l2[1], neg2 == 1, strauss8Window)
}

// recodeBase sets lane j of d1 and d2 to the odd digits of b's halves:
// b ≡ Σᵢ d1[i][j]·2¹³ⁱ + 2¹²⁸·Σᵢ d2[i][j]·2¹³ⁱ (mod n).
func recodeBase(d1, d2 *strauss8GDigits, j int, b *scalar.Scalar) {
	var v scalar.Scalar
	v.Add(b, &strauss8KG)
	v.Multiply(&v, &half)
	l := v.Limbs()
	recodeOdd(d1[:], j, l[0], l[1], false, strauss8GWindow)
	recodeOdd(d2[:], j, l[2], l[3], false, strauss8GWindow)
}

// recodeOdd sets lane j of d to the odd digits of c = 2·(±m) − 1, where
// m = hi·2⁶⁴ + lo and the sign is − if neg: c = Σᵢ d[i][j]·2^(w·i), every
// digit odd with |d[i][j]| < 2^w. Needs |c| < 2^(w·len(d)) (the top digit
// is the rest).
//
// The regular recoding of an odd M > 0: with u the w + 1 bits of M from bit
// w·i, the digit is (u | 1) − 2^w, and M − d·2^(w·i) has its bits from
// w·(i + 1) up equal to M's, except the lowest, which is 1 (so the next
// window is odd too). For c < 0, the digits of |c| negated.
func recodeOdd(d [][lanes]int32, j int, lo, hi uint64, neg bool, w uint) {
	// M = |c| as three words, and the sign of c.
	var m [3]uint64
	negC := true
	switch {
	case neg: // c = −(2m + 1)
		m = [3]uint64{lo<<1 | 1, hi<<1 | lo>>63, hi >> 63}
	case lo|hi == 0: // c = −1
		m = [3]uint64{1, 0, 0}
	default: // c = 2m − 1 > 0
		negC = false
		var b uint64
		m[0], b = bits.Sub64(lo<<1, 1, 0)
		m[1], b = bits.Sub64(hi<<1|lo>>63, 0, b)
		m[2] = hi>>63 - b
	}
	sign := int32(1)
	if negC {
		sign = -1
	}
	last := len(d) - 1
	for i := range last {
		u := bitsAt(&m, uint(i)*w) & (1<<(w+1) - 1)
		d[i][j] = sign * (int32(u|1) - 1<<w)
	}
	d[last][j] = sign * int32(bitsAt(&m, uint(last)*w)|1)
}

// bitsAt returns the bits of m from position pos < 192 on (64 of them, fewer
// at the top).
func bitsAt(m *[3]uint64, pos uint) uint64 {
	i, s := pos/64, pos%64
	x := m[i] >> s
	if i < 2 && s != 0 {
		x |= m[i+1] << (64 - s)
	}
	return x
}
