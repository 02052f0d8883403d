package ecmult

import (
	"math/bits"

	"github.com/kestrel-crypto/secp256k1/internal/field"
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
//     doubling and addition), and is redone with VarTimeDoubleScalarBaseMult,
//     as is a lane whose true result is the identity.

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

const lanes = field8.Lanes

// strauss8MinLanes is the fewest lanes worth the eight-lane computation:
// it costs about as much as 3.5 single ones (VerifyMany's lane path at
// 0.42–0.46× of Verify per signature, IFMA), whatever the number of lanes
// in use.
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

// UseLanes reports whether VarTimeDoubleScalarBaseMult8 is faster than
// eight VarTimeDoubleScalarBaseMult: when internal/field8 runs its AVX-512
// IFMA assembly. Its generic twins are many times slower than the MULX
// single path.
func UseLanes() bool { return field8.IFMA() }

// VarTimeDoubleScalarBaseMult8 sets out[j], ok[j] to the results of
// VarTimeDoubleScalarBaseMult(a[j], A[j], b[j]) (a[j]·A[j] + b[j]·G) for
// j < n ≤ 8, in variable time, on the eight lanes of internal/group8. The
// points are the same, not their coordinates. A lane whose computation
// meets an exceptional addition, or whose A[j] is not a curve point, is
// computed by VarTimeDoubleScalarBaseMult itself, and so are all of them
// when n is below strauss8MinLanes. Lanes from n up are left unchanged.
func VarTimeDoubleScalarBaseMult8(out *[lanes]group.Jacobian, ok *[lanes]bool, a *[lanes]scalar.Scalar, A *[lanes]group.Affine, b *[lanes]scalar.Scalar, n int) {
	if n <= 0 {
		return
	}
	if n > lanes {
		panic("ecmult: more than eight lanes")
	}
	if n < strauss8MinLanes {
		for j := range n {
			var aj group.Jacobian
			aj.SetAffine(&A[j])
			out[j], ok[j] = VarTimeDoubleScalarBaseMult(&a[j], &aj, &b[j])
		}
		return
	}
	// Unused lanes compute lane 0 again.
	var ka, kb [lanes]scalar.Scalar
	var p [lanes]group.Affine
	for j := range lanes {
		src := j
		if j >= n {
			src = 0
		}
		p[j], ka[j], kb[j] = A[src], a[src], b[src]
	}
	r, fail := strauss8Lanes(&ka, &p, &kb)
	if strauss8Hook != nil {
		r = strauss8Hook(r)
	}
	for j := range n {
		r.Get(j, &out[j])
		if fail[j] || out[j].Z.IsZero() == 1 {
			var aj group.Jacobian
			aj.SetAffine(&A[j])
			out[j], ok[j] = VarTimeDoubleScalarBaseMult(&a[j], &aj, &b[j])
			continue
		}
		ok[j] = true
	}
}

// strauss8Lanes returns a[j]·A[j] + b[j]·G in every lane j, except in the
// lanes marked in fail (A[j] is not a curve point) and in those whose Z
// is 0 (an exceptional addition, or the identity).
func strauss8Lanes(a *[lanes]scalar.Scalar, A *[lanes]group.Affine, b *[lanes]scalar.Scalar) (r group8.Jacobian8, fail [lanes]bool) {
	p := *A
	for j := range lanes {
		if fail[j] = p[j].IsOnCurve() == 0; fail[j] {
			p[j] = group.Generator // any curve point: the lane is redone
		}
	}

	var dA1, dA2 strauss8Digits
	var dG1, dG2 strauss8GDigits
	for j := range lanes {
		recodeGLV(&dA1, &dA2, j, &a[j])
		recodeBase(&dG1, &dG2, j, &b[j])
	}

	var tab, tabLam [strauss8Entries]group8.Affine8
	strauss8Tables(&tab, &tabLam, &p, &fail)

	g := loadGTables()
	g1, g2 := g[0][:strauss8GEntries], g[1][:strauss8GEntries]
	var e group8.Affine8
	e.VarTimeGather(tab[:], &dA1[strauss8Windows-1])
	r.X, r.Y = e.X, e.Y
	setOne(&r.Z)
	r.AddAffine(&r, e.VarTimeGather(tabLam[:], &dA2[strauss8Windows-1]))
	for pos := strauss8Window*(strauss8Windows-1) - 1; pos >= 0; pos-- {
		r.Double(&r)
		if pos%strauss8Window == 0 {
			i := pos / strauss8Window
			r.AddAffine(&r, e.VarTimeGather(tab[:], &dA1[i]))
			r.AddAffine(&r, e.VarTimeGather(tabLam[:], &dA2[i]))
		}
		if i := pos / strauss8GWindow; pos%strauss8GWindow == 0 && i < strauss8GWindows {
			r.AddAffine(&r, e.VarTimeGatherAffine(g1, &dG1[i]))
			r.AddAffine(&r, e.VarTimeGatherAffine(g2, &dG2[i]))
		}
	}
	return r, fail
}

// setOne sets every lane of v to 1.
func setOne(v *field8.Element8) {
	*v = field8.Element8{}
	for j := range lanes {
		v.L[0][j] = 1
	}
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
	var one field8.Element8
	setOne(&one)
	for j := range lanes {
		tab[0].Set(j, &p[j])
	}
	var acc, d group8.Jacobian8
	acc.X, acc.Y, acc.Z = tab[0].X, tab[0].Y, one
	d.Double(&acc)
	var c2, c3 field8.Element8
	c2.Square(&d.Z)
	c3.Mul(&c2, &d.Z)
	acc.X.Mul(&acc.X, &c2)
	acc.Y.Mul(&acc.Y, &c3)
	dAff := group8.Affine8{X: d.X, Y: d.Y}

	// z[i] is the Z of entry i on the isomorphic curve (z[0] = 1, unused)
	// until the prefix products replace it: q[i] = z[1]·…·z[i].
	var x, y, q [strauss8Entries]field8.Element8
	var z [strauss8Entries]field8.Element8
	for i := 1; i < strauss8Entries; i++ {
		acc.AddAffine(&acc, &dAff)
		x[i], y[i], z[i] = acc.X, acc.Y, acc.Z
		if i == 1 {
			q[1] = z[1]
		} else {
			q[i].Mul(&q[i-1], &z[i])
		}
	}
	// u = 1/(q₁₅·C), lane by lane.
	var u field8.Element8
	u.Mul(&q[strauss8Entries-1], &d.Z)
	invertLanes(&u, fail)
	for i := strauss8Entries - 1; i >= 1; i-- {
		// u = 1/(q_i·C), so 1/(z_i·C) = u·q_{i−1}.
		var zi, zi2 field8.Element8
		if i > 1 {
			zi.Mul(&u, &q[i-1])
			u.Mul(&u, &z[i])
		} else {
			zi = u
		}
		zi2.Square(&zi)
		tab[i].X.Mul(&x[i], &zi2)
		zi2.Mul(&zi2, &zi)
		tab[i].Y.Mul(&y[i], &zi2)
	}
	var beta field8.Element8
	for j := range lanes {
		beta.Set(j, &group.Beta)
	}
	for i := range tab {
		tabLam[i].X.Mul(&tab[i].X, &beta)
		tabLam[i].Y = tab[i].Y
	}
}

// invertLanes sets each lane of v to its inverse, with one inversion (and
// Montgomery's trick across the lanes). A lane that is zero is set to 1
// and marked in fail.
func invertLanes(v *field8.Element8, fail *[lanes]bool) {
	var den, inv, scratch [lanes]field.Element
	for j := range lanes {
		v.Get(j, &den[j])
		if den[j].IsZero() == 1 {
			fail[j] = true
			den[j].One()
		}
	}
	field.VarTimeBatchInvert(inv[:], den[:], scratch[:])
	for j := range lanes {
		v.Set(j, &inv[j])
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
