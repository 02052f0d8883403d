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

// const8RefreshInterval is how many ScalarMult8 calls share one state (a
// refresh costs two k·G).
const const8RefreshInterval = 128

// const8Doublings is the number of doublings of ScalarMult's loop, 125.
const const8Doublings = ctWindow * (ctDigits - 1)

// beta8 is group.Beta in every lane: x·β is the x of λ·P.
var beta8 = func() (b field8.Element8) {
	for j := range field8.Lanes {
		b.Set(j, &group.Beta)
	}
	return b
}()

// loadConst8State returns the current blinding state, creating the first
// one or refreshing it every const8RefreshInterval calls.
func loadConst8State() *const8State {
	st := const8Current.Load()
	if c := const8Calls.Add(1); st == nil || c%const8RefreshInterval == 0 {
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
	constMult8(v, k, p, loadConst8State())
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
// tables hold multiples of G instead. The branch on "some lane has Z = 0"
// is taken otherwise only on an event that no one can provoke or predict
// without ρ, and whose occurrence (if it were ever observed) would say only
// that an unknown ρ satisfies one of a few thousand linear relations with k.
// k = 0 needs no recomputation: its lane ends at 2¹²⁵·R, and the complete
// addition of C gives the identity.
func constMult8(v *[field8.Lanes]group.Jacobian, k *[field8.Lanes]scalar.Scalar, p *[field8.Lanes]group.Jacobian, st *const8State) {
	var acc group8.Jacobian8
	inf := constLanes8(&acc, k, p, st)

	var out [field8.Lanes]group.Jacobian
	redo := inf // bit j set where lane j is recomputed
	for j := range out {
		acc.Get(j, &out[j])
		redo |= out[j].Z.IsZero() << j
		out[j].Add(&out[j], &st.c)
	}
	if redo != 0 { // p[j] = 𝒪 (public), or probability below 2⁻²⁴⁰: see above
		for j := range out {
			if redo>>j&1 == 1 {
				ScalarMult(&out[j], &k[j], &p[j])
			}
		}
	}
	*v = out
	acc = group8.Jacobian8{}
	clear(out[:])
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
	var one field.Element
	one.One()
	for j := range p {
		if p[j].IsIdentity() == 1 {
			inf |= 1 << j
			table[0].Set(j, &group.Generator)
			z.Set(j, &one)
		} else {
			table[0].Set(j, &group.Affine{X: p[j].X, Y: p[j].Y})
			z.Set(j, &p[j].Z)
		}
	}
	// m[i] = (i+1)·P in Jacobian coordinates for i ≥ 1 (m[0] is unused),
	// prefix[i] = Z(m[1])·…·Z(m[i]).
	var m [ctEntries]group8.Jacobian8
	var prefix [ctEntries]field8.Element8
	m[0].X, m[0].Y = table[0].X, table[0].Y
	for j := range field8.Lanes {
		m[0].Z.L[0][j] = 1 // table[0] is affine
	}
	m[1].Double(&m[0])
	prefix[1] = m[1].Z
	for i := 2; i < ctEntries; i++ {
		m[i].AddAffine(&m[i-1], &table[0])
		prefix[i].Mul(&prefix[i-1], &m[i].Z)
	}
	var prods, invs, scratch [field8.Lanes]field.Element
	for j := range field8.Lanes {
		prefix[ctEntries-1].Get(j, &prods[j])
	}
	field.VarTimeBatchInvert(invs[:], prods[:], scratch[:])
	var inv, zi, zi2 field8.Element8
	for j := range field8.Lanes {
		inv.Set(j, &invs[j])
	}
	for i := ctEntries - 1; i >= 1; i-- {
		if i > 1 {
			zi.Mul(&inv, &prefix[i-1])
			inv.Mul(&inv, &m[i].Z)
		} else {
			zi = inv
		}
		zi2.Square(&zi)
		table[i].X.Mul(&m[i].X, &zi2)
		zi2.Mul(&zi2, &zi)
		table[i].Y.Mul(&m[i].Y, &zi2)
	}
	return inf
}

// constLanes8 sets lane j of acc to 2¹²⁵·R + k[j]·p[j], with lanes that
// meet an exceptional addition at Z = 0 (see constMult8), and returns the
// bits j where p[j] is the identity, whose lanes compute with G instead.
// Constant time in k.
func constLanes8(acc *group8.Jacobian8, k *[field8.Lanes]scalar.Scalar, p *[field8.Lanes]group.Jacobian, st *const8State) (inf int) {
	// Lane j of table[i] and tableLam[i] is (i+1)·P_j and (i+1)·λ·P_j on
	// E_j, and z's lane j is Z_j (see multiplesTable8).
	var table, tableLam [ctEntries]group8.Affine8
	var z field8.Element8
	inf = multiplesTable8(&table, &z, p)
	for i := range table {
		tableLam[i].X.Mul(&table[i].X, &beta8)
		tableLam[i].Y = table[i].Y
	}
	var d1, d2 [field8.Lanes][ctDigits]int8
	var neg1, neg2 [field8.Lanes]int
	for j := range k {
		k1, k2, n1, n2 := scalar.SplitGLVSigned(&k[j])
		scalar.SignedDigits(d1[j][:], &k1, ctWindow)
		scalar.SignedDigits(d2[j][:], &k2, ctWindow)
		neg1[j], neg2[j] = n1, n2
		k1, k2 = scalar.Scalar{}, scalar.Scalar{}
	}
	// R on E_j: (Z_j²·X_R, Z_j³·Y_R, Z_R).
	var z2 field8.Element8
	for j := range field8.Lanes {
		acc.Set(j, &st.r)
	}
	z2.Square(&z)
	acc.X.Mul(&acc.X, &z2)
	z2.Mul(&z2, &z)
	acc.Y.Mul(&acc.Y, &z2)
	for i := ctDigits - 1; i >= 0; i-- {
		if i != ctDigits-1 {
			for range ctWindow {
				acc.Double(acc)
			}
		}
		addSignedDigit8(acc, &table, &d1, i, &neg1)
		addSignedDigit8(acc, &tableLam, &d2, i, &neg2)
	}
	// Back to secp256k1: (X, Y, Z·Z_j).
	acc.Z.Mul(&acc.Z, &z)
	d1, d2 = [field8.Lanes][ctDigits]int8{}, [field8.Lanes][ctDigits]int8{}
	neg1, neg2 = [field8.Lanes]int{}, [field8.Lanes]int{}
	return inf
}

// addSignedDigit8 is addSignedDigit on the lanes: lane j of acc gets
// (−1)^neg[j]·d[j][i]·P_j added, in constant time. For a zero digit the
// lane adds entry 0 anyway and keeps its accumulator.
func addSignedDigit8(acc *group8.Jacobian8, table *[ctEntries]group8.Affine8, d *[field8.Lanes][ctDigits]int8, i int, neg *[field8.Lanes]int) {
	var idx, flip, zero [field8.Lanes]uint64
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
	var entry group8.Affine8
	var sum group8.Jacobian8
	entry.LookupLanes(table[:], &idx, &flip)
	sum.AddAffine(acc, &entry)
	acc.Select(acc, &sum, &zero)
	idx, flip, zero = [field8.Lanes]uint64{}, [field8.Lanes]uint64{}, [field8.Lanes]uint64{}
}
