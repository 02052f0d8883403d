package ecmult

import (
	"crypto/rand"
	"sync"
	"sync/atomic"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Eight k·P at once: ScalarMult's GLV split and signed 5-bit windows on the
// lanes of internal/group8 (docs/design.md, "Lanes"; docs/ecmult.md,
// "Eight k·P at a time"). Each lane has its own point, so its own tables
// of 1·P … 16·P and λ·P … 16·λ·P, which Affine8.LookupLanes reads (every
// entry, the lane's kept by mask, y negated by mask); the 125 doublings and
// 52 mixed additions run on the lanes. Where a lane's digit is 0 its
// addition is computed anyway and dropped by a lane select, as in
// addSignedDigit.
//
// group8's mixed addition is incomplete, and ScalarMult's accumulator
// starts at the identity, which the lanes cannot add to. So the lanes start
// at R = ρ·G for a secret random ρ and end at 2¹²⁵·R + k·P, and the single
// path's complete addition of C = −2¹²⁵·R gives k·P (constMult8 has the
// argument).

// const8State is the blinding of ScalarMult8: R = ρ·G and C = −2¹²⁵·ρ·G for
// a random ρ, drawn afresh every const8RefreshInterval multiplications.
type const8State struct {
	r, c group.Jacobian
}

var (
	const8Current atomic.Pointer[const8State]
	const8Calls   atomic.Uint64
	const8Mu      sync.Mutex // serialises refreshes
)

// const8RefreshInterval is how many groups of eight multiplications
// (a ScalarMult8 call, half a ScalarMult16 call) share one state (a refresh
// costs two k·G).
const const8RefreshInterval = 128

// const8Doublings is the number of doublings of ScalarMult's loop, 125.
const const8Doublings = ctWindow * (ctDigits - 1)

// loadConst8State returns the current blinding state for n groups of
// eight multiplications, creating the first one or refreshing it every
// const8RefreshInterval groups.
func loadConst8State(n uint64) *const8State {
	st := const8Current.Load()
	if c := const8Calls.Add(n); st == nil || c/const8RefreshInterval != (c-n)/const8RefreshInterval {
		st = refreshConst8State(st)
	}
	return st
}

// refreshConst8State draws a new ρ from crypto/rand (which cannot fail
// since Go 1.24) and installs R = ρ·G and C = −2¹²⁵·ρ·G, both by the
// blinded comb.
func refreshConst8State(prev *const8State) *const8State {
	const8Mu.Lock()
	defer const8Mu.Unlock()
	if cur := const8Current.Load(); cur != prev && cur != nil {
		return cur // another goroutine refreshed meanwhile
	}
	var buf [64]byte
	rand.Read(buf[:])
	var rho, c scalar.Scalar
	rho.SetUniformBytes(&buf)
	clear(buf[:])
	st := new(const8State)
	ScalarBaseMult(&st.r, &rho)
	c.Negate(&rho)
	for range const8Doublings {
		c.Add(&c, &c)
	}
	ScalarBaseMult(&st.c, &c)
	rho, c = scalar.Scalar{}, scalar.Scalar{}
	const8Current.Store(st)
	return st
}

// ScalarMult8 sets v[j] = k[j]·p[j] for j < 8, in constant time in every
// k[j] (but see constMult8 on lanes that need a second computation); the
// points are public: their tables are built in variable time. It pays on
// CPUs where internal/field8 runs its IFMA assembly (field8.IFMA); elsewhere
// eight ScalarMult calls are faster. v may alias p.
func ScalarMult8(v *[field8.Lanes]group.Jacobian, k *[field8.Lanes]scalar.Scalar, p *[field8.Lanes]group.Jacobian) {
	constMult8(v, k, p, loadConst8State(1))
}

// constMult8 sets v[j] = k[j]·p[j] for j < 8 using the blinding state st.
//
// group8's mixed addition is incomplete: a lane whose accumulator is ± the
// entry added gets Z = 0 from then on. Lane j's accumulator before an
// addition is 2ᵉ·R + a·P + b·λ·P for e ≤ 125 and a, b fixed by k's digits,
// and the entry is ±d·P or ±d·λ·P, so they meet only if 2ᵉ·ρ·G is one of
// about 4·16·52 points fixed by k and P: for k ≠ 0 (and any P, even one
// whose discrete logarithm its maker knows) the probability over ρ, which
// is secret and drawn afresh every const8RefreshInterval calls, is below
// 2⁻²⁴⁰. (Additions of a zero digit are dropped, exceptional or not.) The
// lanes with Z = 0 at the end are recomputed with the complete single
// ScalarMult, and so are the lanes where p is the identity (public), whose
// tables hold multiples of G instead (constRedo). The branch on "some lane
// has Z = 0" is taken otherwise only on an event that no one can provoke
// or predict without ρ, and whose occurrence (if it were ever observed)
// would say only that an unknown ρ satisfies one of a few thousand linear
// relations with k. k = 0 needs no recomputation: its lane ends at
// 2¹²⁵·R, and the complete addition of C gives the identity.
func constMult8(v *[field8.Lanes]group.Jacobian, k *[field8.Lanes]scalar.Scalar, p *[field8.Lanes]group.Jacobian, st *const8State) {
	var out [field8.Lanes]group.Jacobian
	inf := constLanes8(&out, k, p, st)
	constRedo(out[:], k[:], p[:], inf, st)
	*v = out
	clear(out[:])
}

// constRedo turns the raw lanes out[j] = 2¹²⁵·R + k[j]·p[j] of
// constLanes8 or constLanes16 into k[j]·p[j]: it adds C to each, and
// recomputes with the single ScalarMult the lanes with Z = 0 and those
// whose bit is set in inf (p[j] the identity). See constMult8.
func constRedo(out []group.Jacobian, k []scalar.Scalar, p []group.Jacobian, inf int, st *const8State) {
	redo := inf // bit j set where lane j is recomputed
	for j := range out {
		redo |= out[j].Z.IsZero() << j
		out[j].Add(&out[j], &st.c)
	}
	if redo != 0 { // p[j] = 𝒪 (public), or probability below 2⁻²⁴⁰: see constMult8
		for j := range out {
			if redo>>j&1 == 1 {
				ScalarMult(&out[j], &k[j], &p[j])
			}
		}
	}
}

// multiplesTable8 sets lane j of table[i] to (i+1)·P_j in affine
// coordinates, where P_j = p[j] or G where p[j] is the identity, on the
// curve E_j: y² = x³ + 7·Z_j⁶ isomorphic to secp256k1 by
// (x, y) ↦ (Z_j²·x, Z_j³·y) for Z_j = p[j]'s Z, which sends P_j to the
// affine point (X_j, Y_j) (ScalarMult's "effective affine" tables, which
// save the inversion of the Z_j). It returns z, Z_j in every lane, and the
// bits j where p[j] is the identity. Variable time: the points are public.
// The multiples come from the lanes' doubling and mixed addition (i·P ≠ ±P
// for 2 ≤ i ≤ 15, as P has prime order n), and their affine forms from
// Montgomery's trick lane by lane, whose eight products share one inversion.
func multiplesTable8(table *[ctEntries]group8.Affine8, z *field8.Element8, p *[field8.Lanes]group.Jacobian) (inf int) {
	var w multiples8
	inf = w.first(table, z, p)
	w.m[1].Double(&w.m[0])
	for i := 2; i < ctEntries; i++ {
		w.m[i].AddAffine(&w.m[i-1], &table[0])
	}
	w.affine(table)
	return inf
}

// multiples8 is multiplesTable8's scratch for one group of eight lanes:
// m[i] = (i+1)·P in Jacobian coordinates on E_j for i ≥ 1 (m[0] is P, with
// Z = 1 on E_j), and prefix[i] = Z(m[1])·…·Z(m[i]).
type multiples8 struct {
	m      [ctEntries]group8.Jacobian8
	prefix [ctEntries]field8.Element8
}

// first sets table[0] and m[0] to P_j, affine on E_j, and z to the Z_j; it
// returns the bits j where p[j] is the identity (P_j = G, Z_j = 1).
func (w *multiples8) first(table *[ctEntries]group8.Affine8, z *field8.Element8, p *[field8.Lanes]group.Jacobian) (inf int) {
	var one field.Element
	one.One()
	for j := range p {
		if p[j].IsIdentity() == 1 {
			inf |= 1 << j
			setAffineLane(&table[0], j, &group.Generator)
			setLane(z, j, &one)
		} else {
			setAffineLane(&table[0], j, &group.Affine{X: p[j].X, Y: p[j].Y})
			setLane(z, j, &p[j].Z)
		}
	}
	w.m[0].X, w.m[0].Y = table[0].X, table[0].Y
	for j := range field8.Lanes {
		w.m[0].Z.L[0][j] = 1 // table[0] is affine
	}
	return inf
}

// affine sets table[i] for i ≥ 1 to m[i] in affine coordinates (on E_j),
// with one inversion for the eight lanes.
func (w *multiples8) affine(table *[ctEntries]group8.Affine8) {
	prefixZ(w.prefix[:], w.m[:])
	inv := [1]field8.Element8{w.prefix[ctEntries-1]}
	var fail [field8.Lanes]bool // not reached: no Z is 0 for a point of prime order
	invertLanes(inv[:], fail[:])
	affineFromPrefix(table[:], w.m[:], w.prefix[:], &inv[0])
}

// constGroup is one group of eight lanes of the k·P loop: each lane's
// tables of (i+1)·P_j and (i+1)·λ·P_j on E_j (multiplesTable8), the lanes'
// Z_j, the signed digits of the GLV halves of k[j] with their signs, and
// the accumulator, on E_j.
type constGroup struct {
	table, tableLam [ctEntries]group8.Affine8
	z               field8.Element8
	d1, d2          [field8.Lanes][ctDigits]int8
	neg1, neg2      [field8.Lanes]int
	acc             group8.Jacobian8
}

// init sets up g for k[j]·p[j] with the blinding state st: the tables, the
// digits, and the accumulator at R on each E_j, (Z_j²·X_R, Z_j³·Y_R, Z_R).
// It returns the bits j where p[j] is the identity, whose lanes compute
// with G instead. Constant time in k; the tables are built in variable
// time from the public points.
func (g *constGroup) init(k *[field8.Lanes]scalar.Scalar, p *[field8.Lanes]group.Jacobian, st *const8State) (inf int) {
	inf = multiplesTable8(&g.table, &g.z, p)
	g.setup(k, st)
	return inf
}

// setup is init after the table: λ's table, the digits, and the
// accumulator.
func (g *constGroup) setup(k *[field8.Lanes]scalar.Scalar, st *const8State) {
	for i := range g.table {
		g.tableLam[i].X.Mul(&g.table[i].X, &beta8)
		g.tableLam[i].Y = g.table[i].Y
	}
	for j := range k {
		k1, k2, n1, n2 := scalar.SplitGLVSigned(&k[j])
		scalar.SignedDigits(g.d1[j][:], &k1, ctWindow)
		scalar.SignedDigits(g.d2[j][:], &k2, ctWindow)
		g.neg1[j], g.neg2[j] = n1, n2
		k1, k2 = scalar.Scalar{}, scalar.Scalar{}
	}
	var z2 field8.Element8
	for j := range field8.Lanes {
		setJacobianLane(&g.acc, j, &st.r)
	}
	z2.Square(&g.z)
	g.acc.X.Mul(&g.acc.X, &z2)
	z2.Mul(&z2, &g.z)
	g.acc.Y.Mul(&g.acc.Y, &z2)
}

// finish writes the lanes of the accumulator, brought back to secp256k1 as
// (X, Y, Z·Z_j), into out, and clears g's secrets.
func (g *constGroup) finish(out *[field8.Lanes]group.Jacobian) {
	g.acc.Z.Mul(&g.acc.Z, &g.z)
	for j := range field8.Lanes {
		getJacobianLane(&g.acc, j, &out[j])
	}
	g.d1, g.d2 = [field8.Lanes][ctDigits]int8{}, [field8.Lanes][ctDigits]int8{}
	g.neg1, g.neg2 = [field8.Lanes]int{}, [field8.Lanes]int{}
	g.acc = group8.Jacobian8{}
}

// constLanes8 sets out[j] to 2¹²⁵·R + k[j]·p[j], with lanes that meet an
// exceptional addition at Z = 0 (see constMult8), and returns the bits j
// where p[j] is the identity, whose lanes compute with G instead. Constant
// time in k.
func constLanes8(out *[field8.Lanes]group.Jacobian, k *[field8.Lanes]scalar.Scalar, p *[field8.Lanes]group.Jacobian, st *const8State) (inf int) {
	var g constGroup
	inf = g.init(k, p, st)
	var ld laneDigit
	for i := ctDigits - 1; i >= 0; i-- {
		if i != ctDigits-1 {
			for range ctWindow {
				g.acc.Double(&g.acc)
			}
		}
		for _, lam := range [2]bool{false, true} {
			g.lookup(&ld, lam, i)
			ld.sum.AddAffine(&g.acc, &ld.entry)
			g.acc.Select(&g.acc, &ld.sum, &ld.zero)
		}
	}
	g.finish(out)
	ld = laneDigit{}
	return inf
}

// laneDigit is the scratch of one addition of the k·P loop on lanes: the
// lanes' entries and their sums with the accumulator, and the table
// indices, negations and zero-digit flags of signedDigitLanes.
type laneDigit struct {
	entry           group8.Affine8
	sum             group8.Jacobian8
	idx, flip, zero [field8.Lanes]uint64
}

// lookup sets ld.entry to each lane's entry for its digit of window i, of
// k₂'s table (the λ-table) if lam, else of k₁'s; ld.zero flags the lanes
// whose digit is 0, whose addition is to be dropped. lam and i are public.
func (g *constGroup) lookup(ld *laneDigit, lam bool, i int) {
	t, d, neg := &g.table, &g.d1, &g.neg1
	if lam {
		t, d, neg = &g.tableLam, &g.d2, &g.neg2
	}
	signedDigitLanes(&ld.idx, &ld.flip, &ld.zero, d, i, neg)
	ld.entry.LookupLanes(t[:], &ld.idx, &ld.flip)
}

// signedDigitLanes sets, for each lane j, idx[j] to the table index of
// |d[j][i]| (entry |d| − 1, entry 0 for a zero digit), flip[j] to 1 where
// the entry is to be negated (the digit's sign, flipped where neg[j] = 1)
// and zero[j] to 1 where the digit is 0, whose addition the lane drops (as
// addSignedDigit does). Constant time in the digits.
func signedDigitLanes(idx, flip, zero *[field8.Lanes]uint64, d *[field8.Lanes][ctDigits]int8, i int, neg *[field8.Lanes]int) {
	for j := range d {
		x := d[j][i]
		sign := int(uint8(x) >> 7) // 1 if x < 0
		m := int8(-sign)           // all ones if x < 0
		abs := int((x ^ m) - m)    // |x|
		z := eqInt(abs, 0)
		idx[j] = uint64((abs - 1) &^ -z)
		flip[j] = uint64(sign ^ neg[j])
		zero[j] = uint64(z)
	}
}
