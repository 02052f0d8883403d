package group

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/kestrel-crypto/secp256k1/internal/field"
)

// fuzzScalar returns the big-endian value of (at most the first 32 bytes
// of) b, mod n.
func fuzzScalar(b []byte) *big.Int {
	if len(b) > 32 {
		b = b[:32]
	}
	k := new(big.Int).SetBytes(b)
	return k.Mod(k, bigN)
}

// fuzzElement returns a representation of x ∈ [0, p): x + p if nonCanonical
// is set and x + p < 2²⁵⁶, else x.
func fuzzElement(x *big.Int, nonCanonical bool) field.Element {
	if nonCanonical && x.Cmp(bigSmall) < 0 {
		l := limbsOf(new(big.Int).Add(x, bigP))
		var e field.Element
		e.SetLimbs(&l)
		return e
	}
	return fromBig(x)
}

// fuzzJacobian returns p with Z taken from zb (mod p; 1 if that is 0). The
// identity gets Z = 0 (or p if nonCanonical) and X = Y = Z's value.
func fuzzJacobian(p refPoint, zb []byte, nonCanonical bool) Jacobian {
	z := modP(fuzzInt(zb))
	if p.inf {
		j := Jacobian{X: fromBig(z), Y: fromBig(z)}
		if nonCanonical {
			l := field.Modulus()
			j.Z.SetLimbs(&l)
		}
		return j
	}
	if z.Sign() == 0 {
		z.SetInt64(1)
	}
	j := jacobianWithZ(p, z)
	return Jacobian{
		X: fuzzElement(toBig(&j.X), nonCanonical),
		Y: fuzzElement(toBig(&j.Y), nonCanonical),
		Z: fuzzElement(z, nonCanonical),
	}
}

// fuzzInt returns the big-endian value of at most 32 bytes of b.
func fuzzInt(b []byte) *big.Int {
	if len(b) > 32 {
		b = b[:32]
	}
	return new(big.Int).SetBytes(b)
}

// FuzzGroupLaw derives two points P = k₁·G and Q (k₂·G, ±P, ±λP, ±λ²P, O
// or G, by mode) with Z coordinates from the fuzz input, and checks the
// additions and doublings against the reference.
func FuzzGroupLaw(f *testing.F) {
	f.Add([]byte{1}, []byte{2}, []byte{1}, []byte{1}, uint8(0))
	f.Add([]byte{3}, []byte{3}, []byte{2}, []byte{5}, uint8(1))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, []byte{}, []byte{7}, []byte{}, uint8(2|16))
	f.Add([]byte{9, 9}, []byte{}, []byte{0xfe}, []byte{0x12, 0x34}, uint8(3|32))
	f.Add([]byte{9, 9}, []byte{}, []byte{0xfe}, []byte{0x12, 0x34}, uint8(4|8|16|32))
	f.Add(bigLambda.Bytes(), []byte{}, []byte{1}, []byte{1}, uint8(5|64))
	f.Add([]byte{0}, []byte{0}, []byte{0}, []byte{0}, uint8(6))
	f.Add(new(big.Int).Sub(bigN, bigOne).Bytes(), []byte{}, bigP.Bytes(), []byte{1}, uint8(7))
	f.Fuzz(func(t *testing.T, k1, k2, z1, z2 []byte, mode uint8) {
		p := refBaseMult(fuzzScalar(k1))
		var q refPoint
		switch mode % 8 {
		case 0:
			q = refBaseMult(fuzzScalar(k2))
		case 1:
			q = p
		case 2:
			q = refNeg(p)
		case 3:
			q = refEndo(p, 1)
		case 4:
			q = refNeg(refEndo(p, 1))
		case 5:
			q = refEndo(p, 2)
			if mode&64 != 0 {
				q = refNeg(q)
			}
		case 6:
			q = refInf
		case 7:
			q = refG
		}
		if mode&8 != 0 {
			p, q = q, p
		}
		pj := fuzzJacobian(p, z1, mode&16 != 0)
		qj := fuzzJacobian(q, z2, mode&32 != 0)
		in := stringer(func() string {
			return fmt.Sprintf("P = %v as %s, Q = %v as %s", p, fmtJac(&pj), q, fmtJac(&qj))
		})

		var v Jacobian
		checkResult(t, "Double(P)", v.Double(&pj), refDouble(p), in)
		checkResult(t, "Double(Q)", v.Double(&qj), refDouble(q), in)
		checkResult(t, "VarTimeDouble(P)", v.VarTimeDouble(&pj), refDouble(p), in)
		sum := refAdd(p, q)
		for _, op := range binaryOps {
			checkResult(t, op.name, op.f(&v, &pj, &qj), sum, in)
			checkResult(t, op.name+" (swapped)", op.f(&v, &qj, &pj), sum, in)
		}
		if q.inf {
			return
		}
		qa := Affine{X: fuzzElement(q.x, mode&32 != 0), Y: fuzzElement(q.y, mode&32 != 0)}
		for _, op := range affineOps {
			checkResult(t, op.name, op.f(&v, &pj, &qa), sum, in)
		}
		// Q as (X, Y, 1/zinv) with zinv from z2.
		zinv := modP(fuzzInt(z2))
		if zinv.Sign() == 0 {
			zinv.SetInt64(1)
		}
		j := jacobianWithZ(q, invP(zinv))
		za := Affine{X: fuzzElement(toBig(&j.X), mode&32 != 0), Y: fuzzElement(toBig(&j.Y), mode&32 != 0)}
		ze := fuzzElement(zinv, mode&16 != 0)
		checkResult(t, "VarTimeAddZinv", v.VarTimeAddZinv(&pj, &za, &ze), sum, in)
	})
}
