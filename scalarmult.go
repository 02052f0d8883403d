package secp256k1

import (
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/internal/group"
)

// Constant-time variable-base scalar multiplication k·P: the GLV split
// k ≡ k1 + k2·λ into two halves below 2¹²⁸, each recoded into signed 5-bit
// windows (digits in [−16, 16]), over tables of 1·P … 16·P and their images
// under φ(x, y) = (β·x, y). 26 windows: 125 doublings and 52 constant-time
// mixed additions, each after a lookup that scans all 16 entries.
// docs/ecmult.md, "Constant-time k·P", has the details.

const (
	ctWindow  = 5
	ctEntries = 1 << (ctWindow - 1)             // 16: multiples 1..16
	ctDigits  = (129 + ctWindow - 1) / ctWindow // 26 windows cover 130 bits > 2¹²⁸ + 1 spare
)

// scalarMultGLV sets v = k·p in constant time (in k and p).
func scalarMultGLV(v *group.Jacobian, k *Scalar, p *group.Jacobian) {
	// The affine form of p; for the identity, compute with G instead and
	// select the identity at the end, so that nothing branches on it.
	var a group.Affine
	_, ok := a.SetJacobian(p)
	a.Select(&a, &group.Generator, ok)

	// table[i] = (i+1)·a, by constant-time additions (AddAffine handles
	// every case), then one constant-time batch inversion.
	var jac [ctEntries]group.Jacobian
	jac[0].SetAffine(&a)
	for i := 1; i < ctEntries; i++ {
		jac[i].AddAffine(&jac[i-1], &a)
	}
	var table, tableLam [ctEntries]group.Affine
	var scratch [ctEntries]field.Element
	group.BatchSetJacobian(table[:], jac[:], scratch[:])
	for i := range table {
		tableLam[i].X.Multiply(&table[i].X, &glvBetaElement)
		tableLam[i].Y = table[i].Y
	}

	k1, k2, neg1, neg2 := splitGLVSigned(k)
	var d1, d2 [ctDigits]int8
	signedDigits(d1[:], &k1, ctWindow)
	signedDigits(d2[:], &k2, ctWindow)

	var acc group.Jacobian // the identity
	for i := ctDigits - 1; i >= 0; i-- {
		if i != ctDigits-1 {
			for range ctWindow {
				acc.Double(&acc)
			}
		}
		addSignedDigit(&acc, &table, d1[i], neg1)
		addSignedDigit(&acc, &tableLam, d2[i], neg2)
	}
	var id group.Jacobian
	v.Select(&acc, &id, ok)
}

// addSignedDigit sets acc = acc + (−1)^neg·d·P, where table[i] = (i+1)·P and
// |d| ≤ len(table), in constant time: it scans the whole table, and for d = 0
// it computes an addition anyway and keeps acc.
func addSignedDigit(acc *group.Jacobian, table *[ctEntries]group.Affine, d int8, neg int) {
	sign := int(uint8(d) >> 7) // 1 if d < 0
	m := int8(-sign)           // all ones if d < 0
	abs := int((d ^ m) - m)    // |d|
	// For d = 0 any entry will do (the sum is discarded): look up entry 0.
	var entry group.Affine
	entry.Lookup(table[:], (abs-1)&^(-eqInt(abs, 0)))
	entry.CondNegate(&entry, sign^neg)
	var sum group.Jacobian
	sum.AddAffine(acc, &entry)
	acc.Select(acc, &sum, eqInt(abs, 0))
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
	scalarMultGLV(&r, x, &p.p)
	return v.setJacobian(&r)
}

// ScalarBaseMult sets v = x·G and returns v, in constant time: a signed-digit
// comb over precomputed multiples of G, with scalar and projective blinding
// that is refreshed from crypto/rand.
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	var r group.Jacobian
	combMult(&r, x, loadCombState())
	return v.setJacobian(&r)
}
