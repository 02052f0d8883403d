package ecmult

import (
	"github.com/kestrel-crypto/secp256k1/internal/field8"
	"github.com/kestrel-crypto/secp256k1/internal/group"
	"github.com/kestrel-crypto/secp256k1/internal/group8"
	"github.com/kestrel-crypto/secp256k1/internal/scalar"
)

// Sixteen a·A + b·G at once: strauss8.go's loop (strauss8Run) on two
// groups of eight lanes, whose formulas interleave and whose tables share
// one inversion (docs/ecmult.md, "Strauss on eight lanes").

// VarTimeMult1G16 is VarTimeMult1G8 for n ≤ 16: above eight, the two groups
// of eight lanes share one loop whose point formulas (group8.Double2,
// AddAffine2) interleave the two groups' field operations, at about 0.7 of
// the cost of running them one after the other.
func VarTimeMult1G16(out *[Lanes2]group.Jacobian, ok *[Lanes2]bool, a *[Lanes2]scalar.Scalar, A *[Lanes2]group.Affine, b *[Lanes2]scalar.Scalar, n int) {
	if n <= lanes {
		VarTimeMult1G8((*[lanes]group.Jacobian)(out[:lanes]), (*[lanes]bool)(ok[:lanes]),
			(*[lanes]scalar.Scalar)(a[:lanes]), (*[lanes]group.Affine)(A[:lanes]), (*[lanes]scalar.Scalar)(b[:lanes]), n)
		return
	}
	if n > Lanes2 {
		panic("ecmult: more than sixteen lanes")
	}
	var st, st2 strauss8Set
	prepare16(&st, &st2, a, A, b, n)
	strauss8Run(&st, &st2)
	st.results(out[:lanes], ok[:lanes], a[:lanes], A[:lanes], b[:lanes])
	st2.results(out[lanes:n], ok[lanes:n], a[lanes:], A[lanes:], b[lanes:])
}

// prepare16 prepares st and st2 for the 8 < n ≤ 16 entries of a, A and b,
// the lanes from n up computing lane 8 again: each is recoded as prepare
// does, and their tables are built together (strauss8Tables16).
func prepare16(st, st2 *strauss8Set, a *[Lanes2]scalar.Scalar, A *[Lanes2]group.Affine, b *[Lanes2]scalar.Scalar, n int) {
	ka, p, kb := lanesFrom(a[:lanes], A[:lanes], b[:lanes], lanes)
	ka2, p2, kb2 := lanesFrom(a[lanes:], A[lanes:], b[lanes:], n-lanes)
	p, p2 = st.recode(&ka, &p, &kb), st2.recode(&ka2, &p2, &kb2)
	strauss8Tables16(st, st2, &p, &p2)
}

// strauss8Tables16 is strauss8Tables for the two groups of VarTimeMult1G16,
// their doublings and additions paired (group8.Double2, group8.AddAffine2)
// and their sixteen lanes inverted together.
func strauss8Tables16(st, st2 *strauss8Set, p, p2 *[lanes]group.Affine) {
	var b, b2 oddMultiples8
	b.start(&st.tab, p)
	b2.start(&st2.tab, p2)
	group8.Double2(&b.d, &b.m[0], &b2.d, &b2.m[0])
	b.lift()
	b2.lift()
	for i := 1; i < strauss8Entries; i++ {
		group8.AddAffine2(&b.m[i], &b.m[i-1], &b.dAff, &b2.m[i], &b2.m[i-1], &b2.dAff)
	}
	u := [2]field8.Element8{b.denominator(), b2.denominator()}
	var fail [Lanes2]bool
	invertLanes(u[:], fail[:])
	for j := range lanes {
		st.fail[j] = st.fail[j] || fail[j]
		st2.fail[j] = st2.fail[j] || fail[lanes+j]
	}
	b.finish(&st.tab, &st.tabLam, &u[0])
	b2.finish(&st2.tab, &st2.tabLam, &u[1])
}
