package ecmult

import (
	"sync"

	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Strauss–wNAF multi-scalar multiplication, Σ kᵢ·Pᵢ + g·G: libsecp256k1's
// secp256k1_ecmult_strauss_wnaf. docs/ecmult.md, "Strauss–wNAF (a·A + b·G)",
// derives the isomorphism trick and counts the operations.
//
//   - Each point's scalar is split by GLV into two halves below 2¹²⁸, made
//     non-negative (the sign goes into the digits), and recoded as width-5
//     wNAFs; the point gets a table of its odd multiples 1P, 3P, …, 15P and
//     the second half uses the same table with x multiplied by β (φ(P) = λ·P).
//   - The tables are "effective affine": computed on an isomorphic curve on
//     which 2P is affine and then brought, for all points together, to one
//     common Z without any inversion. The main loop treats them as affine
//     (mixed additions) and multiplies the result's Z by the common Z once.
//   - g is split as g₁ + g₂·2¹²⁸ (not GLV) and both halves are recoded as
//     width-15 wNAFs over the precomputed affine tables of G and 2¹²⁸·G
//     (gtables.go). Relative to the common-Z frame these points have Z = 1/Z,
//     which VarTimeAddZinv takes directly: no inversion either.
//   - All halves share one chain of at most 129 doublings.

// straussWindow is the wNAF width for the variable points.
const straussWindow = 5

// straussTableSize is the number of odd multiples per point, 1P … 15P.
const straussTableSize = 1 << (straussWindow - 2)

// straussStackPoints is how many points varTimeStrauss handles with scratch
// on the stack (about 1 KiB per point); more points take their scratch from
// straussScratchPool, so repeated calls do not allocate.
const straussStackPoints = 4

// straussScratch is varTimeStrauss's scratch for more than
// straussStackPoints points. The slices only grow.
type straussScratch struct {
	state []straussPoint
	pre   []group.Affine
	aux   []field.Element
}

var straussScratchPool = sync.Pool{New: func() any { return new(straussScratch) }}

// straussNAFLen is the wNAF length of a value below 2¹²⁸.
const straussNAFLen = 129

// straussPoint is the recoded scalar of one point: k ≡ k₁ + k₂·λ with
// k₁ = Σ naf1[i]·2ⁱ and k₂ = Σ naf2[i]·2ⁱ as signed integers, every nonzero
// digit odd with |d| < 2⁴ (width-5 wNAF, signs included).
type straussPoint struct {
	naf1, naf2 [straussNAFLen]int8
}

// varTimeStrauss returns Σ scalars[i]·points[i] + g·G and true, where g may
// be nil (no G term). Zero scalars and identity points are allowed. It is
// not constant time. The slices have equal lengths (VarTimeMultiScalarMult
// checks).
//
// It returns (invalidSum, false) when the common Z of the tables is 0, which
// no curve point gives (see straussFailed): an input with a nonzero scalar
// is not on the curve, as (0, 0) with Z = 1, the zero value of a public key,
// is not.
//
// Up to straussStackPoints points it does not allocate (beyond the one-time
// generator tables); above, it allocates about 1 KiB of scratch per point.
func varTimeStrauss(scalars []*scalar.Scalar, points []*group.Jacobian, g *scalar.Scalar) (group.Jacobian, bool) {
	return varTimeStraussTable(scalars, points, nil, nil, g)
}

// varTimeStraussTable is varTimeStrauss plus the term tk·P of a point with a
// prebuilt Table (none if tab is nil): its GLV halves are recoded as
// width-tableWindow wNAFs over the table's affine entries, added like G's
// with the common Z as their inverse Z.
func varTimeStraussTable(scalars []*scalar.Scalar, points []*group.Jacobian, tk *scalar.Scalar, tab *Table, g *scalar.Scalar) (group.Jacobian, bool) {
	var (
		stackState [straussStackPoints]straussPoint
		stackPre   [straussStackPoints * straussTableSize]group.Affine
		stackAux   [straussStackPoints * straussTableSize]field.Element
	)
	state, pre, aux := stackState[:], stackPre[:], stackAux[:]
	if len(points) > straussStackPoints {
		sc := straussScratchPool.Get().(*straussScratch)
		defer straussScratchPool.Put(sc)
		sc.state = grow(sc.state, len(points))
		sc.pre = grow(sc.pre, len(points)*straussTableSize)
		sc.aux = grow(sc.aux, len(points)*straussTableSize)
		state, pre, aux = sc.state, sc.pre, sc.aux
	}

	// Per point: recode, and build the odd-multiples table with its
	// z-ratios in aux. z is the Z of the last entry built so far, as a
	// Jacobian point of the real curve.
	var naf [257]int32
	var z field.Element
	z.One()
	length := 0 // number of digit positions, at most 129
	no := 0     // points used
	for i, p := range points {
		k := scalars[i]
		if k.IsZero() == 1 || p.IsIdentity() == 1 {
			continue
		}
		k1, k2, neg1, neg2 := scalar.VarTimeSplitGLVShort(k)
		st := &state[no]
		length = max(length, straussRecode(&st.naf1, &naf, &k1, neg1))
		length = max(length, straussRecode(&st.naf2, &naf, &k2, neg2))

		a := *p
		if no > 0 {
			// Express a with Z multiplied by the previous points' common Z, so
			// that its first entry's z-ratio to the previous entry is
			// C·Z_a (below).
			var z2 field.Element
			z2.Square(&z)
			a.X.Multiply(&a.X, &z2)
			z2.Multiply(&z2, &z)
			a.Y.Multiply(&a.Y, &z2)
			a.Z.Multiply(&a.Z, &z)
		}
		t := pre[no*straussTableSize : (no+1)*straussTableSize]
		zr := aux[no*straussTableSize : (no+1)*straussTableSize]
		straussOddMultiples((*[straussTableSize]group.Affine)(t), (*[straussTableSize]field.Element)(zr), &z, &a)
		if no > 0 {
			zr[0].Multiply(&zr[0], &p.Z)
		}
		no++
	}
	if straussFailed(&z) {
		return invalidSum, false
	}
	pre, aux = pre[:no*straussTableSize], aux[:no*straussTableSize]
	setGlobalZ(pre, aux)
	// The z-ratios are consumed; aux now holds β·x of each entry, the x
	// coordinates of φ(entry) = λ·entry.
	for i := range pre {
		aux[i].Multiply(&pre[i].X, &group.Beta)
	}

	var tnaf struct{ naf1, naf2 [straussNAFLen]int16 }
	if tab != nil && tk.IsZero() == 0 {
		k1, k2, neg1, neg2 := scalar.VarTimeSplitGLVShort(tk)
		length = max(length, recode(&tnaf.naf1, &naf, &k1, neg1, tableWindow))
		length = max(length, recode(&tnaf.naf2, &naf, &k2, neg2, tableWindow))
	} else {
		tab = nil
	}

	var gnaf1, gnaf2 [257]int32
	var tables *gTables
	if g != nil && g.IsZero() == 0 {
		tables = loadGTables()
		gl := g.Limbs()
		var g1, g2 scalar.Scalar
		g1.SetUint128(gl[0], gl[1])
		g2.SetUint128(gl[2], gl[3])
		length = max(length, scalar.VarTimeWNAF(&gnaf1, &g1, gTableWindow))
		length = max(length, scalar.VarTimeWNAF(&gnaf2, &g2, gTableWindow))
	}

	// The main loop runs in the frame of the common Z: the table entries are
	// affine there, and r's true Z is r.Z·z.
	var r group.Jacobian // identity
	var tmp group.Affine
	for i := length - 1; i >= 0; i-- {
		if i != length-1 {
			r.VarTimeDouble(&r)
		}
		for np := range no {
			st := &state[np]
			t := pre[np*straussTableSize : (np+1)*straussTableSize : (np+1)*straussTableSize]
			if d := st.naf1[i]; d != 0 {
				r.VarTimeAddAffine(&r, digitEntry(&tmp, t, nil, int(d)))
			}
			if d := st.naf2[i]; d != 0 {
				r.VarTimeAddAffine(&r, digitEntry(&tmp, t, aux[np*straussTableSize:], int(d)))
			}
		}
		if tab != nil {
			if d := tnaf.naf1[i]; d != 0 {
				r.VarTimeAddZinv(&r, digitEntry(&tmp, tab.pts[:], nil, int(d)), &z)
			}
			if d := tnaf.naf2[i]; d != 0 {
				r.VarTimeAddZinv(&r, digitEntry(&tmp, tab.pts[:], tab.bx[:], int(d)), &z)
			}
		}
		if tables == nil {
			continue
		}
		if d := gnaf1[i]; d != 0 {
			r.VarTimeAddZinv(&r, digitEntry(&tmp, tables[0][:], nil, int(d)), &z)
		}
		if d := gnaf2[i]; d != 0 {
			r.VarTimeAddZinv(&r, digitEntry(&tmp, tables[1][:], nil, int(d)), &z)
		}
	}
	// Leave the common-Z frame. The identity (Z = 0) stays the identity.
	r.Z.Multiply(&r.Z, &z)
	return r, true
}

// digitEntry returns the table entry for the odd wNAF digit d ≠ 0:
// pts[|d|/2], negated if d < 0, with its x replaced by xs[|d|/2] if xs is
// not nil (the x of the entry's image under φ, β·x). It returns the entry
// itself when it can, and otherwise writes the point into tmp.
func digitEntry(tmp *group.Affine, pts []group.Affine, xs []field.Element, d int) *group.Affine {
	j := d >> 1
	if d < 0 {
		j = (-d) >> 1
	}
	if d > 0 && xs == nil {
		return &pts[j]
	}
	tmp.X = pts[j].X
	if xs != nil {
		tmp.X = xs[j]
	}
	tmp.Y = pts[j].Y
	if d < 0 {
		tmp.Y.Negate(&tmp.Y)
	}
	return tmp
}

// straussFailed reports whether z, the common Z of varTimeStrauss's tables
// (1 without a table), is 0. It is the product of every table entry's Z, and
// no entry of a curve point's table has Z = 0: P ≠ O, 2P ≠ O (secp256k1 has
// no point of order 2) and (2i − 1)P ≠ ±2P for i < 8. A point that is not on
// the curve can give one: (x, 0) doubles to Z = 0 in every doubling formula,
// and a Z of 0 propagates through the products to z. Multiplying the result
// by that z, and the G terms added with it as their inverse Z, would then
// give the identity, which a verifier reads as "valid", whatever the other
// inputs. One test of the final z, instead of one per table step.
func straussFailed(z *field.Element) bool {
	return z.IsZero() == 1
}

// straussRecode sets out to the width-5 wNAF of k < 2¹²⁸, with every digit
// negated if neg == 1, using scratch for scalar.VarTimeWNAF. It returns the length.
func straussRecode(out *[straussNAFLen]int8, scratch *[257]int32, k *scalar.Scalar, neg int) int {
	return recode(out, scratch, k, neg, straussWindow)
}

// recode is straussRecode for the width w, into digits of type T
// (|digit| < 2^(w−1) must fit).
func recode[T int8 | int16](out *[straussNAFLen]T, scratch *[257]int32, k *scalar.Scalar, neg int, w uint) int {
	n := scalar.VarTimeWNAF(scratch, k, w)
	sign := int32(1 - 2*neg)
	for i := range out {
		out[i] = T(scratch[i] * sign)
	}
	return n
}

// straussOddMultiples sets pre[i], as x and y of a Jacobian point with an
// implied Z, to (2i + 1)·a, for a not the identity; zr[i] to the ratio of
// the implied Z of pre[i] to that of pre[i − 1] (zr[0] to C, defined below);
// and z to the implied Z of pre[7]. No inversion. libsecp256k1's
// secp256k1_ecmult_odd_multiples_table.
//
// With d = 2a = (X_d, Y_d, C), the map (x, y) ↦ (C²x, C³y) is an isomorphism
// onto the curve y² = x³ + 7C⁶, and it sends d to the affine point
// (X_d, Y_d). The group formulas do not involve the curve constant, so the
// additions (2i + 1)·a = (2i − 1)·a + d run there as mixed additions
// (8M + 3S). A point with Jacobian coordinates (X, Y, Z) on that curve is
// (X, Y, Z·C) on secp256k1, so z is the last Z times C.
func straussOddMultiples(pre *[straussTableSize]group.Affine, zr *[straussTableSize]field.Element, z *field.Element, a *group.Jacobian) {
	var d group.Jacobian
	d.VarTimeDouble(a)
	dAffine := group.Affine{X: d.X, Y: d.Y}

	// a on the isomorphic curve: (C²·X, C³·Y, Z).
	var c2, c3 field.Element
	c2.Square(&d.Z)
	c3.Multiply(&c2, &d.Z)
	var ai group.Jacobian
	ai.X.Multiply(&a.X, &c2)
	ai.Y.Multiply(&a.Y, &c3)
	ai.Z = a.Z
	pre[0] = group.Affine{X: ai.X, Y: ai.Y}
	zr[0] = d.Z
	for i := 1; i < straussTableSize; i++ {
		ai.VarTimeAddAffineZr(&ai, &dAffine, &zr[i])
		pre[i] = group.Affine{X: ai.X, Y: ai.Y}
	}
	z.Multiply(&ai.Z, &d.Z)
}

// VarTimeMult1G returns a·A + b·G and true, in variable time: the
// verification equation of ECDSA and Schnorr signatures. It returns
// (invalidSum, false), which the caller must treat as a failed
// verification, if A is not a curve point and its table's Z vanishes
// (varTimeStrauss). It does not allocate.
func VarTimeMult1G(a *scalar.Scalar, A *group.Jacobian, b *scalar.Scalar) (group.Jacobian, bool) {
	scalars := [1]*scalar.Scalar{a}
	points := [1]*group.Jacobian{A}
	return varTimeStrauss(scalars[:], points[:], b)
}

// VarTimeMult2GTable is VarTimeMult2G with B given by its prebuilt Table:
// for a point multiplied often enough to amortise the table (a signer's
// public share, checked in every session).
func VarTimeMult2GTable(a *scalar.Scalar, A *group.Jacobian, b *scalar.Scalar, B *Table, g *scalar.Scalar) (group.Jacobian, bool) {
	scalars := [1]*scalar.Scalar{a}
	points := [1]*group.Jacobian{A}
	return varTimeStraussTable(scalars[:], points[:], b, B, g)
}

// VarTimeMult2 returns a·A + b·B and true, in variable time: Strauss–wNAF
// over two variable points and no G term, as BIP-374 DLEQ verification
// needs for s·B − e·C. ok is as for VarTimeMultiScalarMult. It does not
// allocate.
func VarTimeMult2(a *scalar.Scalar, A *group.Jacobian, b *scalar.Scalar, B *group.Jacobian) (group.Jacobian, bool) {
	return VarTimeMult2G(a, A, b, B, nil)
}

// VarTimeMult2G returns a·A + b·B + g·G and true (g may be nil: no G term),
// in variable time, as the partial-signature checks of MuSig2 and FROST
// need. ok is as for VarTimeMultiScalarMult. It does not allocate.
func VarTimeMult2G(a *scalar.Scalar, A *group.Jacobian, b *scalar.Scalar, B *group.Jacobian, g *scalar.Scalar) (group.Jacobian, bool) {
	scalars := [2]*scalar.Scalar{a, b}
	points := [2]*group.Jacobian{A, B}
	return varTimeStrauss(scalars[:], points[:], g)
}
