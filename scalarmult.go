package secp256k1

import "github.com/kestrel-crypto/secp256k1/internal/group"

// This file holds simple, correct scalar multiplication: fixed 4-bit windows
// over a constant-time table. The fast engines (signed-digit comb for G, GLV
// with wNAF for verification, Pippenger for many points) replace these
// bodies; the API and the constant-time contract stay.

// generator is G in Jacobian form.
var generator = func() group.Jacobian {
	var g group.Jacobian
	g.SetAffine(&group.Generator)
	return g
}()

// scalarMultWindow4 sets v = k·p in constant time: 64 windows of 4 bits from
// the top, each 4 doublings and one complete addition of a table entry chosen
// by scanning the whole table.
func scalarMultWindow4(v *group.Jacobian, k *Scalar, p *group.Jacobian) {
	var table [16]group.Jacobian // table[i] = i·p
	table[1] = *p
	for i := 2; i < 16; i += 2 {
		table[i].Double(&table[i/2])
		table[i+1].Add(&table[i], p)
	}
	var acc, entry group.Jacobian
	for i := 63; i >= 0; i-- {
		acc.Double(&acc)
		acc.Double(&acc)
		acc.Double(&acc)
		acc.Double(&acc)
		nibble := int(k.l[i/16]>>(4*(i%16))) & 15
		entry = group.Jacobian{}
		for j := 1; j < 16; j++ {
			entry.Select(&table[j], &entry, eqInt(j, nibble))
		}
		acc.Add(&acc, &entry)
	}
	*v = acc
}

// eqInt returns 1 if a == b and 0 otherwise, for 0 ≤ a, b < 2³¹, without
// branching.
func eqInt(a, b int) int {
	x := uint32(a ^ b)
	return int((uint64(x) - 1) >> 63)
}

// ScalarMult sets v = x·p and returns v, in constant time.
func (v *Point) ScalarMult(x *Scalar, p *Point) *Point {
	checkInitialized(p)
	var r group.Jacobian
	scalarMultWindow4(&r, x, &p.p)
	return v.setJacobian(&r)
}

// ScalarBaseMult sets v = x·G and returns v, in constant time.
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	var r group.Jacobian
	scalarMultWindow4(&r, x, &generator)
	return v.setJacobian(&r)
}
